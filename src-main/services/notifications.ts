/**
 * Notifications from the gateway: stored durably (`store`, before the gateway gets its 200), then
 * acted on (`handle`).
 *
 * - A card-scheme notification in the card form (gateway-interface.md 2.8) is applied: a payment's
 *   status and card details go to its order through the same code as a status check (with the same
 *   money checks: another currency or a higher amount needs a person); a refund's go to its refund.
 * - Any other validly signed notification (the gateway's non-card channels use another, unpublished
 *   form, signed with the generic scheme) is kept as received and used as a trigger: the order it
 *   names is asked about (a v3 payment at once, a card order when the 60-second rule allows), and the
 *   status comes from that answer, never from the body.
 * - One that names no order here is kept and shown; when its order appears (made at another desk, or
 *   after the notification) it is linked to it, and the order's own checks tell its status.
 *
 * The body is stored redacted and its card token encrypted (see store/notifications.ts). Each stored
 * notification is acted on alone: one whose handling throws is marked failed and shown, never tried
 * again at every start.
 */
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'
import type { ReceivedNotification } from '../../src-preload/contract'
import type { NotificationScheme } from '../gateway/client'
import { statusWord } from '../../src-common/status-words'
import { NotificationBody } from '../gateway/schemas'
import { redactBody, redactJson } from '../gateway/redact'
import { normaliseStatus } from '../gateway/status'
import { gatewayTime } from '../gateway/time'
import type { History } from '../store/history'
import type { OrderRow, OrderStatus, RefundRow } from '../store/history-types'
import type { NotificationRow } from '../store/notifications'
import type { ServiceContext } from './context'
import { readResult, storedResult } from './notification-result'
import { isOpen } from './refund-summary'
import { applyRefundAnswer, refundStatusOf, refundTypeOf, type RefundAnswer } from './refunds'
import { applyAnswer, cardPatch, statusCheckDueAt, type Answer } from './status-checks'

/** The headers kept with a notification: the gateway's signed ones, nothing else the sender chose to add. */
const KEPT_HEADERS = ['client-id', 'request-id', 'request-timestamp', 'signature', 'content-type'] as const

const REFUND_TYPES: ReadonlySet<string> = new Set(['REFUND', 'VOID', 'FULL_REFUND', 'PARTIAL_REFUND'])

/** A payment notification changes an order still waiting, or one given up as failed or expired (the payment came in after all). */
const MOVABLE: ReadonlySet<OrderStatus> = new Set(['PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN', 'CANCELLED', 'FAILED', 'EXPIRED'])

/** What the body is: the card form, another JSON form (what it names), or not JSON at all. */
export type Read = { form: 'card'; body: NotificationBody } | { form: 'other'; invoiceNumber: string | null; paymentId: string | null; status: string | null } | { form: 'unreadable' }

/** A notification written: its row, and its stored (redacted) body as read then, handed on to acting on it so that the body is parsed once. */
export type Stored = { verdict: 'accepted' | 'repeated'; id: number; read: Read }

/** A stored notification to act on; `read` when the listener has it at hand, else the stored body is read again. */
export interface ToActOn {
  id: number
  read?: Read
}

const textAt = (value: unknown, ...path: string[]): string | null => {
  let at: unknown = value
  for (const key of path) at = at !== null && typeof at === 'object' && Object.hasOwn(at, key) ? (at as Record<string, unknown>)[key] : undefined
  return typeof at === 'string' && at.trim() !== '' && at.length <= 128 ? at : null
}

/** The body as JSON, or null when it is not JSON. */
function parseJson(rawBody: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(rawBody) as unknown }
  } catch {
    return null
  }
}

function read(rawBody: string): Read {
  const parsed = parseJson(rawBody)
  return parsed ? readJson(parsed.json) : { form: 'unreadable' }
}

function readJson(json: unknown): Read {
  const card = NotificationBody.safeParse(json)
  if (card.success) return { form: 'card', body: card.data }
  if (json === null || typeof json !== 'object') return { form: 'unreadable' }
  return {
    form: 'other',
    invoiceNumber: textAt(json, 'order', 'invoice_number'),
    paymentId: textAt(json, 'id') ?? textAt(json, 'payment', 'id'),
    status: textAt(json, 'payment', 'status') ?? textAt(json, 'transaction', 'status'),
  }
}

function orderNamed(history: History, named: Read): OrderRow | null {
  if (named.form === 'card') return history.orders.byInvoice(named.body.order.invoice_number)
  if (named.form === 'unreadable') return null
  return (named.invoiceNumber ? history.orders.byInvoice(named.invoiceNumber) : null) ?? (named.paymentId ? history.orders.byPaymentId(named.paymentId) : null)
}

const invoiceNamed = (named: Read): string | null => (named.form === 'card' ? named.body.order.invoice_number : named.form === 'other' ? named.invoiceNumber : null)

/**
 * Writes a validly signed notification, whatever its body (one SQLite commit, synchronous = FULL); a
 * repeated Request-Id is recognised and changes nothing.
 */
export function storeNotification(history: History, received: { headers: Readonly<Record<string, string | undefined>>; rawBody: string; scheme: NotificationScheme }, at: Date): Stored {
  // Parsed once. The stored body is the redacted one, and what acting on the notification reads is
  // that body (as if read back from the row); only the card token is taken from the body as received.
  const parsed = parseJson(received.rawBody)
  const redacted = parsed ? redactJson(parsed.json) : null
  const named: Read = parsed ? readJson(redacted) : { form: 'unreadable' }
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = received.headers[name]
    if (value !== undefined) headers[name] = value
  }
  const stored = history.notifications.insert({
    requestId: received.headers['request-id'] ?? null,
    rawBody: parsed ? JSON.stringify(redacted) : redactBody(received.rawBody),
    token: named.form === 'card' && parsed ? receivedToken(parsed.json) : null,
    invoiceNumber: invoiceNamed(named),
    scheme: received.scheme,
    headers,
    verified: true,
    orderId: orderNamed(history, named)?.id ?? null,
    receivedAt: at.toISOString(),
  })
  return { verdict: stored.duplicate ? 'repeated' : 'accepted', id: stored.id, read: named }
}

/**
 * The card token of a body in the card form, as received (the stored body has it masked). Masking
 * changes no field's type, so the received body has the card form's shape too.
 */
function receivedToken(json: unknown): string | null {
  const body = json as Pick<NotificationBody, 'card' | 'card_payment'>
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
    amountSen: body.order.amount ?? null,
    currency: body.order.currency ?? null,
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

/**
 * The refund a notification speaks of. No published example carries `refund.request_id`, so: the
 * refund whose Request-Id it names, where it names one of this order's; else the oldest still open
 * for the same amount; else one already settled for that amount with the same word (a late
 * confirmation); else any settled for that amount (a late word that contradicts it, which is never
 * applied: see handleRefund); else none (a refund made elsewhere, e.g. in the gateway's back office).
 */
function refundNamed(history: History, order: OrderRow, body: NotificationBody, answer: RefundAnswer): { refund: RefundRow; byId: boolean } | null {
  const refunds = history.refunds.forOrder(order.id)
  const ids = [body.refund?.request_id, body.transaction.original_request_id].filter((id): id is string => Boolean(id))
  const byId = refunds.find((refund) => ids.includes(refund.requestId))
  if (byId) return { refund: byId, byId: true }
  // A refund registered from elsewhere whose amount is not known yet: the one this notification
  // tells of (else it would be recorded again beside it and counted twice; found by review).
  const amountUnknown = refunds.find((refund) => refund.external && refund.amountSen === 0 && isOpen(refund))
  if (amountUnknown) return { refund: amountUnknown, byId: false }
  if (answer.amountSen === null) return null
  const sameAmount = refunds.filter((refund) => refund.amountSen === answer.amountSen)
  const found = sameAmount.find(isOpen) ?? sameAmount.find((refund) => refund.status === answer.status) ?? sameAmount.at(-1) ?? null
  return found ? { refund: found, byId: false } : null
}

function handleRefund(ctx: ServiceContext, order: OrderRow, body: NotificationBody, notificationId: number): Said {
  const history = ctx.history()
  const answer = refundAnswer(body)
  const named = refundNamed(history, order, body, answer)
  const known = named?.refund ?? null
  // A refund the gateway settled stays as it settled when a notification matched only by its amount
  // says otherwise (a late retry of another refund's word): noted for a person, not applied. One that
  // names the refund by its request id is the gateway's word on it, and is applied (a refund a 404
  // marked declined may yet be approved).
  if (known && !named?.byId && !isOpen(known) && known.status !== answer.status) {
    const line = say('said.timeline.refundNotApplied', { requestId: known.requestId, status: say(`said.timeline.refundStatus.${known.status}`), gatewayStatus: answer.raw })
    history.events.append({
      orderId: order.id,
      type: 'notification',
      summary: englishOf(line),
      details: { refundId: known.id, gatewayStatus: answer.raw, say: line },
      attemptId: null,
      actor: null,
      at: ctx.now().toISOString(),
    })
    return say('said.notifications.refundNotApplied', { requestId: known.requestId, invoice: order.invoiceNumber })
  }
  if (known) {
    const updated = applyRefundAnswer(ctx, known, answer, null, 'notification')
    return say('said.notifications.refund', { requestId: known.requestId, invoice: order.invoiceNumber, status: say(`said.timeline.refundStatus.${updated.status}`) })
  }
  // Made elsewhere: recorded from the notification for staff to see (and confirm in the gateway's back office).
  const requestId = body.refund?.request_id ?? `notification-${String(notificationId)}`
  const refund = history.refunds.insert({
    orderId: order.id,
    requestId,
    amountSen: answer.amountSen ?? 0,
    type: null,
    status: 'PENDING',
    external: true,
    createdBy: 'gateway',
    createdAt: ctx.now().toISOString(),
  })
  const updated = applyRefundAnswer(ctx, refund, answer, null, 'notification')
  history.events.append({
    orderId: order.id,
    type: 'note',
    summary: 'A refund this app did not send (made elsewhere, e.g. in the gateway’s back office): confirm it there',
    details: { refundId: refund.id, say: say('said.timeline.refundElsewhere') },
    attemptId: null,
    actor: null,
    at: ctx.now().toISOString(),
  })
  return say('said.notifications.refundElsewhere', { invoice: order.invoiceNumber, status: say(`said.timeline.refundStatus.${updated.status}`) })
}

function handlePayment(ctx: ServiceContext, order: OrderRow, body: NotificationBody, token: string | null): Said {
  const answer = paymentAnswer(body, token)
  if (MOVABLE.has(order.status)) {
    const updated = applyAnswer(ctx, order, answer, null, 'notification')
    const invoice = order.invoiceNumber
    if (updated.review && !order.review) {
      return say('said.notifications.needsReview', { invoice, reason: say(updated.review.reason === 'currency' ? 'said.notifications.reviewCurrency' : 'said.notifications.reviewAmount') })
    }
    return updated.status === order.status ? say('said.notifications.still', { invoice, status: order.status }) : say('said.notifications.moved', { invoice, from: order.status, to: updated.status })
  }
  // A late or repeated word about a payment already settled here (e.g. paid, then refunded) must not undo it.
  ctx.history().events.append({
    orderId: order.id,
    type: 'notification',
    summary: `Notification: gateway says ${answer.raw}; the order stays ${statusWord(order.status)}`,
    details: { gatewayStatus: answer.raw, previous: order.status, say: say('said.timeline.notifiedStays', { gatewayStatus: answer.raw, status: order.status }) },
    attemptId: null,
    actor: null,
    at: ctx.now().toISOString(),
  })
  return say('said.notifications.stays', { invoice: order.invoiceNumber, status: order.status })
}

/** What acting on a notification leaves to the tracker: the order it touched, and whether to ask the gateway about it. */
export interface Handled {
  orderId: number | null
  /** now: a v3 payment named by a notification is retrieved at once; when_due: a card order, as the 60-second rule allows. */
  ask: 'now' | 'when_due' | null
}

const NOTHING: Handled = { orderId: null, ask: null }

/** A trigger: the order is linked and asked about; the body itself is not taken as its status. */
function handleTrigger(ctx: ServiceContext, order: OrderRow, id: number, at: string): Handled {
  const history = ctx.history()
  const waiting = statusCheckDueAt(history, order) !== null
  const ask = !waiting ? null : order.kind === 'generic_link' ? 'now' : 'when_due'
  history.events.append({
    orderId: order.id,
    type: 'notification',
    summary:
      ask === 'now'
        ? 'Notification received: asking the gateway for the status'
        : ask === 'when_due'
          ? 'Notification received: asking the gateway for the status when the 60-second rule allows'
          : `Notification received; the order is ${statusWord(order.status)} here, so nothing is asked`,
    details: {
      notificationId: id,
      say: ask === 'now' ? say('said.timeline.notifiedAskNow') : ask === 'when_due' ? say('said.timeline.notifiedAskWhenDue') : say('said.timeline.notifiedNothingAsked', { status: order.status }),
    },
    attemptId: null,
    actor: null,
    at,
  })
  const result = ask ? say('said.notifications.asked', { invoice: order.invoiceNumber }) : say('said.notifications.noted', { invoice: order.invoiceNumber, status: order.status })
  history.notifications.markHandled(id, storedResult(result), order.id, at)
  return { orderId: order.id, ask }
}

/**
 * Acts on a stored notification once. Never throws: a failure is written on the notification (shown
 * in the listener panel) and logged.
 */
export function handleNotification(ctx: ServiceContext, { id, read: given }: ToActOn): Handled {
  const history = ctx.history()
  const row = history.notifications.get(id)
  if (!row || row.handledAt !== null) return NOTHING
  const at = ctx.now().toISOString()
  try {
    const named = given ?? read(row.rawBody)
    const order = row.orderId !== null ? history.orders.get(row.orderId) : orderNamed(history, named)
    if (!order) {
      const invoice = invoiceNamed(named)
      const reason = named.form === 'unreadable' ? say('said.notifications.keptUnreadable') : invoice ? say('said.notifications.keptNoOrder', { invoice }) : say('said.notifications.keptNoInvoice')
      history.notifications.markHandled(id, storedResult(reason), null, at)
      return NOTHING
    }
    // Only a card-scheme notification in the card form is taken as it stands; anything else is a trigger to ask.
    if (named.form !== 'card' || row.scheme === 'generic') return history.transaction(() => handleTrigger(ctx, order, id, at))
    const body = named.body
    return history.transaction(() => {
      const result = isRefundNotification(body) ? handleRefund(ctx, order, body, id) : handlePayment(ctx, order, body, history.notifications.token(id))
      history.notifications.markHandled(id, storedResult(result), order.id, at)
      return { orderId: order.id, ask: null }
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    ctx.log.error('notification.handle_failed', { id, error: message })
    history.notifications.markFailed(id, storedResult(say('said.notifications.failed', { reason: message.slice(0, 200) })), at)
    return NOTHING
  }
}

/** Links the notifications kept for an invoice number to the order that now has it. */
export function claimWaitingNotifications(history: History, order: OrderRow): number {
  const waiting = history.notifications.waitingFor(order.invoiceNumber)
  for (const id of waiting) history.notifications.claim(id, order.id, storedResult(say('said.notifications.appearedLater', { invoice: order.invoiceNumber })))
  return waiting.length
}

/** The result in main's English, with its id for the desk's language (none for a row written as text). */
function resultWords(stored: string | null): Pick<ReceivedNotification, 'result' | 'resultSay'> {
  const result = stored === null ? say('said.notifications.beingActedOn') : readResult(stored)
  return typeof result === 'string' ? { result, resultSay: null } : { result: englishOf(result), resultSay: result }
}

export function notificationView(row: NotificationRow): ReceivedNotification {
  const named = read(row.rawBody)
  const card = named.form === 'card' ? named.body : null
  return {
    id: row.id,
    receivedAt: row.receivedAt,
    requestId: row.requestId,
    invoiceNumber: card?.order.invoice_number ?? row.invoiceNumber,
    transactionType: card?.transaction.type ?? (named.form === 'card' ? null : named.form === 'other' ? 'non-card' : 'unreadable'),
    transactionStatus: card ? (card.refund?.status ?? card.transaction.status) : named.form === 'other' ? named.status : null,
    orderId: row.orderId,
    ...resultWords(row.result),
    failed: row.failed,
  }
}
