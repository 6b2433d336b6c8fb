/**
 * Card notifications from the gateway: stored durably (`store`, before the gateway gets its 200), then
 * acted on (`handle`): a payment's status and card details go to its order through the same code as a
 * status check; a refund's to its refund. The body's shape is gateway-interface.md 2.8.
 *
 * The body is stored redacted and its card token encrypted (see store/notifications.ts). Each stored
 * notification is acted on alone: one whose handling throws is marked failed and shown, never tried
 * again at every start.
 */
import type { ReceivedNotification } from '../../src-preload/contract'
import { NotificationBody } from '../gateway/schemas'
import { redactBody } from '../gateway/redact'
import { normaliseStatus } from '../gateway/status'
import { gatewayTime } from '../gateway/time'
import type { History } from '../store/history'
import type { OrderRow, OrderStatus } from '../store/history-types'
import type { NotificationRow } from '../store/notifications'
import type { ServiceContext } from './context'
import { applyRefundAnswer, refundStatusOf, refundTypeOf, type RefundAnswer } from './refunds'
import { applyAnswer, cardPatch, type Answer } from './status-checks'

/** The headers kept with a notification: the gateway's signed ones, nothing else the sender chose to add. */
const KEPT_HEADERS = ['client-id', 'request-id', 'request-timestamp', 'signature', 'content-type'] as const

const REFUND_TYPES: ReadonlySet<string> = new Set(['REFUND', 'VOID', 'FULL_REFUND', 'PARTIAL_REFUND'])

/** A payment notification changes an order still waiting, or one given up as failed or expired (the payment came in after all). */
const MOVABLE: ReadonlySet<OrderStatus> = new Set(['PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN', 'CANCELLED', 'FAILED', 'EXPIRED'])

export type Stored = { verdict: 'accepted' | 'repeated'; id: number } | { verdict: 'bad_body'; reason: string }

function parse(rawBody: string): { ok: true; body: NotificationBody } | { ok: false; reason: string } {
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const parsed = NotificationBody.safeParse(json)
  if (!parsed.success) return { ok: false, reason: parsed.error.issues.map((issue) => issue.path.join('.') || 'body').join(', ') }
  return { ok: true, body: parsed.data }
}

/** Checks the body and writes it (one SQLite commit, synchronous = FULL); a repeated Request-Id is recognised and changes nothing. */
export function storeNotification(history: History, received: { headers: Readonly<Record<string, string | undefined>>; rawBody: string }, at: Date): Stored {
  const parsed = parse(received.rawBody)
  if (!parsed.ok) return { verdict: 'bad_body', reason: parsed.reason }
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = received.headers[name]
    if (value !== undefined) headers[name] = value
  }
  const order = history.orders.byInvoice(parsed.body.order.invoice_number)
  const stored = history.notifications.insert({
    requestId: received.headers['request-id'] ?? null,
    rawBody: redactBody(received.rawBody),
    token: tokenOf(parsed.body),
    headers,
    verified: true,
    orderId: order?.id ?? null,
    receivedAt: at.toISOString(),
  })
  return { verdict: stored.duplicate ? 'repeated' : 'accepted', id: stored.id }
}

function tokenOf(body: NotificationBody): string | null {
  return body.card?.token ?? body.card_payment?.token_id ?? null
}

function paymentAnswer(body: NotificationBody, token: string | null): Answer {
  const card = body.card_payment ?? null
  const status = normaliseStatus(body.transaction.status)
  return {
    status: status.status,
    raw: status.raw,
    completedAt: gatewayTime(body.transaction.date),
    patch: cardPatch(card?.masked_card_number ?? null, card?.brand ?? null),
    token,
    issuer: card?.issuer ?? null,
    approvalCode: card?.approval_code ?? null,
  }
}

function isRefundNotification(body: NotificationBody): boolean {
  return Boolean(body.refund) || REFUND_TYPES.has((body.transaction.type ?? '').toUpperCase())
}

function refundAnswer(body: NotificationBody): RefundAnswer {
  const raw = body.refund?.status ?? body.transaction.status
  return {
    status: refundStatusOf(normaliseStatus(raw).status),
    raw,
    type: refundTypeOf(body.refund?.type ?? body.transaction.type ?? null),
    amountSen: body.refund?.amount ?? body.order.amount ?? null,
    message: body.refund?.message ?? null,
  }
}

function handleRefund(ctx: ServiceContext, order: OrderRow, body: NotificationBody): string {
  const history = ctx.history()
  const requestId = body.refund?.request_id ?? null
  const answer = refundAnswer(body)
  if (!requestId) {
    history.events.append({
      orderId: order.id,
      type: 'notification',
      summary: `Notification: a refund the gateway names without a request id (${answer.raw})`,
      details: { gatewayStatus: answer.raw },
      attemptId: null,
      actor: null,
      at: ctx.now().toISOString(),
    })
    return `Refund on ${order.invoiceNumber} without a request id: noted`
  }
  // A refund made elsewhere is followed from its first notification on, like one registered by hand.
  const refund =
    history.refunds.byRequestId(requestId) ??
    history.refunds.insert({ orderId: order.id, requestId, amountSen: 0, type: null, status: 'PENDING', external: true, createdBy: 'gateway', createdAt: ctx.now().toISOString() })
  const updated = applyRefundAnswer(ctx, refund, answer, null, 'notification')
  return `Refund ${requestId} on ${order.invoiceNumber}: ${updated.status.toLowerCase()}`
}

function handlePayment(ctx: ServiceContext, order: OrderRow, body: NotificationBody, token: string | null): string {
  const answer = paymentAnswer(body, token)
  if (MOVABLE.has(order.status)) {
    const updated = applyAnswer(ctx, order, answer, null, 'notification')
    return updated.status === order.status ? `${order.invoiceNumber}: still ${order.status}` : `${order.invoiceNumber}: ${order.status} → ${updated.status}`
  }
  // A late or repeated word about a payment already settled here (e.g. paid, then refunded) must not undo it.
  ctx.history().events.append({
    orderId: order.id,
    type: 'notification',
    summary: `Notification: gateway says ${answer.raw}; the order stays ${order.status}`,
    details: { gatewayStatus: answer.raw, previous: order.status },
    attemptId: null,
    actor: null,
    at: ctx.now().toISOString(),
  })
  return `${order.invoiceNumber}: stays ${order.status}`
}

/**
 * Acts on a stored notification once; returns the order it touched, if any. Never throws: a failure
 * is written on the notification (shown in the listener panel) and logged.
 */
export function handleNotification(ctx: ServiceContext, id: number): number | null {
  const history = ctx.history()
  const row = history.notifications.get(id)
  if (!row || row.handledAt !== null) return null
  const at = ctx.now().toISOString()
  try {
    const parsed = parse(row.rawBody)
    if (!parsed.ok) {
      history.notifications.markHandled(id, 'Unreadable body', null, at)
      return null
    }
    const order = history.orders.byInvoice(parsed.body.order.invoice_number)
    if (!order) {
      history.notifications.markHandled(id, `No order ${parsed.body.order.invoice_number} in this environment`, null, at)
      return null
    }
    return history.transaction(() => {
      const result = isRefundNotification(parsed.body)
        ? handleRefund(ctx, order, parsed.body)
        : handlePayment(ctx, order, parsed.body, history.notifications.token(id))
      history.notifications.markHandled(id, result, order.id, at)
      return order.id
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    ctx.log.error('notification.handle_failed', { id, error: message })
    history.notifications.markFailed(id, `Could not be acted on (${message.slice(0, 200)}); the status tracker follows the order`, at)
    return null
  }
}

export function notificationView(row: NotificationRow): ReceivedNotification {
  const parsed = parse(row.rawBody)
  const body = parsed.ok ? parsed.body : null
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    requestId: row.requestId,
    invoiceNumber: body?.order.invoice_number ?? null,
    transactionType: body?.transaction.type ?? null,
    transactionStatus: body?.refund?.status ?? body?.transaction.status ?? null,
    orderId: row.orderId,
    result: row.result ?? 'Received, being acted on',
    failed: row.failed,
  }
}
