/**
 * GET /orders/v1/status/<invoice_number | request_id>: the 2.7 answer for a payment, a charge or a
 * refund (by the refund's Request-Id). A call earlier than 60 s after the transaction completed is
 * answered as usual and also recorded, so that tests can prove the app never makes one.
 */
import { orderStatusView, refundStatusView } from '../card-views'
import type { Operation, SimContext } from '../context'
import { cardNotFound } from '../errors'
import { json } from '../http'
import { newToken } from '../ids'
import { expireIfDue, type CardOrder } from '../state'

export const EARLIEST_STATUS_CHECK_MS = 60_000

function recordIfEarly(ctx: SimContext, identifier: string, requestId: string, completedAt: number | null, now: number): void {
  if (completedAt === null || now - completedAt >= EARLIEST_STATUS_CHECK_MS) return
  ctx.state.earlyStatusChecks.push({
    identifier,
    requestId,
    at: now,
    completedAt,
    secondsAfterCompletion: (now - completedAt) / 1000,
  })
}

/**
 * The token of the card saved with this order, to hand out. One saved before a restart and not yet
 * handed out is not known any more (the books keep only its fingerprint): the card gets a new token
 * (same customer, card and status), which the order hands out instead. The old one still works,
 * should a notification have carried it before the restart.
 */
function tokenToHandOut(ctx: SimContext, order: CardOrder, now: number): string | null {
  if (order.tokenId !== null) return order.tokenId
  const saved = order.tokenFingerprint === null ? undefined : ctx.state.tokensByFingerprint.get(order.tokenFingerprint)
  if (!saved) return null
  const id = newToken()
  const token = ctx.state.addToken({ id, customerId: saved.customerId, card: saved.card, status: saved.status, createdAt: now })
  order.tokenId = id
  order.tokenFingerprint = token.fingerprint
  return id
}

export const checkStatus: Operation = ({ ctx, param, requestId, now }) => {
  const identifier = param
  const refund = ctx.state.refunds.get(identifier)
  if (refund) {
    const order = ctx.state.orders.get(refund.originalRequestId)
    if (order) {
      recordIfEarly(ctx, identifier, requestId ?? '', refund.at, now)
      return { response: json(200, refundStatusView(refund, order)), applied: false }
    }
  }
  const order = ctx.state.orders.get(identifier) ?? ctx.state.orderByInvoice(identifier)
  if (!order) return { response: cardNotFound('Transaction Not Found'), applied: false }
  expireIfDue(order, now)
  recordIfEarly(ctx, identifier, requestId ?? '', order.completedAt, now)
  const includeToken = order.status === 'SUCCESS' && !order.tokenReported && tokenToHandOut(ctx, order, now) !== null
  if (includeToken) order.tokenReported = true
  return { response: json(200, orderStatusView(order, includeToken)), applied: false }
}
