/** Every path the simulator answers, and how a request finds its route (404 for no path, 405 for a wrong method). */
import type { SimContext } from './context'
import { CONTROL_ROUTES } from './control-api'
import type { OperationName } from './faults'
import { showCardPage, showChallengePage, submitCardPage, submitChallengePage } from './hosted/card-pages'
import { showReturnPage } from './hosted/return-pages'
import { showGenericPage, submitGenericPage } from './hosted/v3-pages'
import type { SimRequest } from './http'
import { listBanks } from './operations/banks'
import { chargeToken } from './operations/charge'
import { deleteToken } from './operations/delete-token'
import { createPaymentPage } from './operations/payment-page'
import { requestRefund } from './operations/refund'
import { checkStatus } from './operations/status'
import { createGenericPayment, getGenericPayment } from './operations/v3-payments'
import type { Operation } from './context'
import type { Handled } from './pipeline'
import type { ControlHandler } from './control-api'

export type Route =
  | { kind: 'api'; method: string; path: RegExp; scheme: 'card' | 'generic'; operationName: OperationName; operation: Operation }
  | { kind: 'page'; method: string; path: RegExp; handle: (ctx: SimContext, req: SimRequest, param: string) => Handled }
  | { kind: 'control'; method: string; path: RegExp; handle: ControlHandler }

const api = (method: string, path: RegExp, scheme: 'card' | 'generic', operationName: OperationName, operation: Operation): Route => ({
  kind: 'api',
  method,
  path,
  scheme,
  operationName,
  operation,
})

export const ROUTES: readonly Route[] = [
  api('POST', /^\/credit-card\/v1\/payment-page$/, 'card', 'payment_page', createPaymentPage),
  api('POST', /^\/credit-card\/charge$/, 'card', 'charge', chargeToken),
  api('GET', /^\/orders\/v1\/status\/([^/]+)$/, 'card', 'status', checkStatus),
  api('POST', /^\/cancellation\/credit-card\/refund$/, 'card', 'refund', requestRefund),
  api('POST', /^\/tokenization\/v2\/delete-token$/, 'card', 'delete_token', deleteToken),
  api('POST', /^\/v3\/payments\/internet-banking\/banks$/, 'generic', 'v3_bank_list', listBanks),
  api('POST', /^\/v3\/payments$/, 'generic', 'v3_create_payment', createGenericPayment),
  api('GET', /^\/v3\/payments\/([^/]+)$/, 'generic', 'v3_get_payment', getGenericPayment),
  { kind: 'page', method: 'GET', path: /^\/checkout\/card\/([\w-]+)$/, handle: showCardPage },
  { kind: 'page', method: 'POST', path: /^\/checkout\/card\/([\w-]+)$/, handle: submitCardPage },
  { kind: 'page', method: 'GET', path: /^\/checkout\/card\/([\w-]+)\/challenge$/, handle: showChallengePage },
  { kind: 'page', method: 'POST', path: /^\/checkout\/card\/([\w-]+)\/challenge$/, handle: submitChallengePage },
  { kind: 'page', method: 'GET', path: /^\/checkout\/v3\/([^/]+)$/, handle: showGenericPage },
  { kind: 'page', method: 'POST', path: /^\/checkout\/v3\/([^/]+)$/, handle: submitGenericPage },
  { kind: 'page', method: 'GET', path: /^\/return\/(paid|failed)$/, handle: showReturnPage },
  ...CONTROL_ROUTES.map((route): Route => ({ kind: 'control', ...route })),
]

export type RouteMatch = { kind: 'found'; route: Route; param: string } | { kind: 'no_path' } | { kind: 'wrong_method'; allowed: string[] }

/** Path parameters are percent-decoded; a malformed escape makes the path unknown rather than crashing. */
function decodeParam(value: string | undefined): string | null {
  try {
    return decodeURIComponent(value ?? '')
  } catch {
    return null
  }
}

export function matchRoute(method: string, path: string, routes: readonly Route[] = ROUTES): RouteMatch {
  const allowed: string[] = []
  for (const route of routes) {
    const match = route.path.exec(path)
    if (!match) continue
    if (route.method !== method) {
      allowed.push(route.method)
      continue
    }
    const param = decodeParam(match[1])
    if (param === null) return { kind: 'no_path' }
    return { kind: 'found', route, param }
  }
  return allowed.length > 0 ? { kind: 'wrong_method', allowed: [...new Set(allowed)] } : { kind: 'no_path' }
}
