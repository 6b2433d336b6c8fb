/**
 * The control API under /__sim/: tests move the clock, read state, seed customers and tokens, arm
 * faults, and complete customer pages without a browser. It is for loopback callers only.
 */
import { z } from 'zod'
import { orderStatusView } from './card-views'
import { cardUsed, findTestCard, TEST_OTP } from './cards'
import type { SimContext } from './context'
import { faultInput } from './faults'
import { answerChallenge, submitCard } from './hosted/card-payment'
import { genericError } from './errors'
import { json, parseJson, type SimRequest, type SimResponse } from './http'
import { newToken } from './ids'
import { genericPaymentView } from './operations/v3-payments'
import type { Customer } from './state'
import { customerFields, genericProblemText, text, validate } from './validation'
import { decideGenericPayment, expireDueGenericPayments } from './v3-outcomes'

export type ControlHandler = (ctx: SimContext, req: SimRequest, param: string) => SimResponse | Promise<SimResponse>

export interface ControlRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: RegExp
  handle: ControlHandler
}

function body<S extends z.ZodType>(req: SimRequest, schema: S): { ok: true; value: z.infer<S> } | { ok: false; response: SimResponse } {
  const parsed = parseJson(req.body.length === 0 ? Buffer.from('{}') : req.body)
  if (!parsed.ok) return { ok: false, response: genericError(400, 'invalid_request', 'request body must be valid JSON') }
  const result = validate(schema, parsed.value)
  return result.ok ? result : { ok: false, response: genericError(400, 'invalid_request', genericProblemText(result.problem)) }
}

const clockView = (ctx: SimContext) => ({ now: new Date(ctx.clock.now()).toISOString(), now_ms: ctx.clock.now(), offset_ms: ctx.clock.offsetMs() })

const advanceInput = z
  .object({
    ms: z.number().min(0).optional(),
    seconds: z.number().min(0).optional(),
    minutes: z.number().min(0).optional(),
    hours: z.number().min(0).optional(),
  })
  .refine((input) => [input.ms, input.seconds, input.minutes, input.hours].some((value) => value !== undefined), {
    error: 'Must Give ms, seconds, minutes or hours',
  })

const customerInput = z.object({ id: text(64), ...customerFields })

const tokenInput = z.object({
  customer_id: text(64),
  card_number: z.string().refine((value) => findTestCard(value) !== undefined, { error: 'Must Be A Sandbox Test Card' }),
  id: text(128).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE']).default('ACTIVE'),
})

const payInput = z.object({
  invoice_number: text(64),
  card_number: z.string(),
  expiry: z.string().default('12/39'),
  cvv: z.string().default('100'),
  save_card: z.boolean().default(false),
  /** For challenge cards: the one-time password, or null to cancel the challenge. */
  otp: z.string().nullable().default('123456'),
})

const decideInput = z.object({ id: text(64), action: z.enum(['approve', 'decline']) })

const notifyUrlInput = z.object({ url: z.url().nullable() })

const settleInput = z.object({ invoice_number: text(64).optional() })

function stateView(ctx: SimContext): unknown {
  const { state } = ctx
  return {
    clock: clockView(ctx),
    orders: [...state.orders.values()].map(({ challenge, ...order }) => ({ ...order, awaitingChallenge: challenge !== null })),
    tokens: [...state.tokensByFingerprint.values()],
    customers: [...state.customers.values()],
    refunds: [...state.refunds.values()],
    payments: [...state.genericPayments.values()],
    early_status_checks: state.earlyStatusChecks,
    notifications: ctx.notifier.deliveries(),
    faults: ctx.faults.list(),
  }
}

export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { method: 'GET', path: /^\/__sim\/health$/, handle: (ctx) => json(200, { ok: true, base_url: ctx.baseUrl() }) },
  { method: 'GET', path: /^\/__sim\/clock$/, handle: (ctx) => json(200, clockView(ctx)) },
  {
    method: 'POST',
    path: /^\/__sim\/clock\/advance$/,
    handle: async (ctx, req) => {
      const input = body(req, advanceInput)
      if (!input.ok) return input.response
      const { ms = 0, seconds = 0, minutes = 0, hours = 0 } = input.value
      ctx.clock.advance(ms + seconds * 1_000 + minutes * 60_000 + hours * 3_600_000)
      // v3 payments whose time ran out expire (and notify) now; retries that fell due are sent now,
      // and the answer waits for their outcomes.
      expireDueGenericPayments(ctx)
      await ctx.notifier.runDue()
      return json(200, clockView(ctx))
    },
  },
  { method: 'GET', path: /^\/__sim\/state$/, handle: (ctx) => json(200, stateView(ctx)) },
  {
    method: 'GET',
    path: /^\/__sim\/orders\/([^/]+)$/,
    handle: (ctx, _req, id) => {
      const order = ctx.state.orders.get(id) ?? ctx.state.orderByInvoice(id)
      // The control view never hands out the token (includeToken false): it is not a status check.
      return order ? json(200, orderStatusView(order, false)) : genericError(404, 'not_found', 'no such order')
    },
  },
  { method: 'GET', path: /^\/__sim\/early-status-checks$/, handle: (ctx) => json(200, { early_status_checks: ctx.state.earlyStatusChecks }) },
  { method: 'GET', path: /^\/__sim\/calls$/, handle: (ctx) => json(200, { calls: ctx.state.calls }) },
  { method: 'GET', path: /^\/__sim\/notifications$/, handle: (ctx) => json(200, { notifications: ctx.notifier.deliveries() }) },
  {
    method: 'PUT',
    path: /^\/__sim\/notify-url$/,
    handle: (ctx, req) => {
      const input = body(req, notifyUrlInput)
      if (!input.ok) return input.response
      ctx.notifier.setUrl(input.value.url)
      return json(200, { url: ctx.notifier.url() })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/customers$/,
    handle: (ctx, req) => {
      const input = body(req, customerInput)
      if (!input.ok) return input.response
      const customer: Customer = input.value
      ctx.state.customers.set(customer.id, customer)
      return json(201, { customer })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/tokens$/,
    handle: (ctx, req) => {
      const input = body(req, tokenInput)
      if (!input.ok) return input.response
      const card = findTestCard(input.value.card_number)
      if (!card) return genericError(400, 'invalid_request', 'card_number is invalid')
      const id = input.value.id ?? newToken()
      const token = ctx.state.addToken({
        id,
        customerId: input.value.customer_id,
        card: cardUsed(card),
        status: input.value.status,
        createdAt: ctx.clock.now(),
      })
      return json(201, { token })
    },
  },
  { method: 'GET', path: /^\/__sim\/faults$/, handle: (ctx) => json(200, { faults: ctx.faults.list(), held: ctx.faults.heldCount() }) },
  {
    method: 'POST',
    path: /^\/__sim\/faults$/,
    handle: (ctx, req) => {
      const input = body(req, faultInput)
      if (!input.ok) return input.response
      return json(201, { fault: ctx.faults.add(input.value) })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/faults\/release$/,
    handle: (ctx) => json(200, { released: ctx.faults.release() }),
  },
  {
    method: 'DELETE',
    path: /^\/__sim\/faults$/,
    handle: (ctx) => {
      ctx.faults.clear()
      return json(200, { faults: [] })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/settle$/,
    handle: (ctx, req) => {
      const input = body(req, settleInput)
      if (!input.ok) return input.response
      let settled = 0
      for (const order of ctx.state.orders.values()) {
        if (order.completedAt === null) continue
        if (input.value.invoice_number !== undefined && order.invoiceNumber !== input.value.invoice_number) continue
        order.forcedSettled = true
        settled += 1
      }
      return json(200, { settled })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/pay$/,
    handle: (ctx, req) => {
      const input = body(req, payInput)
      if (!input.ok) return input.response
      const order = ctx.state.orderByInvoice(input.value.invoice_number)
      if (order?.kind !== 'PAYMENT_PAGE') return genericError(404, 'not_found', 'no hosted payment page for this invoice_number')
      const entry = { cardNumber: input.value.card_number, expiry: input.value.expiry, cvv: input.value.cvv, saveCard: input.value.save_card }
      let result = submitCard(ctx, order, entry, ctx.clock.now())
      if (result.kind === 'challenge') {
        const otp = input.value.otp
        result = answerChallenge(ctx, order, otp === TEST_OTP, ctx.clock.now())
      }
      if (result.kind === 'invalid') return genericError(400, 'invalid_request', `${result.field}: ${result.message}`)
      if (result.kind === 'closed') return genericError(409, 'invalid_request', `the payment is ${order.status}, not open`)
      return json(200, { order: orderStatusView(order, false), token_id: order.tokenId })
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/v3\/decide$/,
    handle: (ctx, req) => {
      const input = body(req, decideInput)
      if (!input.ok) return input.response
      const payment = ctx.state.genericPayments.get(input.value.id)
      if (!payment) return genericError(404, 'not_found', 'no such payment')
      if (!decideGenericPayment(ctx, payment, input.value.action === 'approve')) {
        return genericError(409, 'invalid_request', `the payment is ${payment.status}, not waiting`)
      }
      return json(200, genericPaymentView(ctx, payment))
    },
  },
  {
    method: 'POST',
    path: /^\/__sim\/reset$/,
    handle: (ctx) => {
      ctx.state.clear()
      ctx.idempotency.clear()
      ctx.faults.clear()
      ctx.notifier.clear()
      return json(200, { ok: true })
    },
  },
]
