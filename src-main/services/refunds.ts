/**
 * Refunds and voids of paid card orders (POST /cancellation/credit-card/refund), their status by their
 * own Request-Id, and refunds made elsewhere registered by their request id.
 *
 * The rules of charges hold: the refund, its attempt (Request-Id and exact body) and a timeline entry
 * are written before the request leaves; a refund without a usable answer is an *unknown outcome* that
 * blocks any further refund on the order until a status check (due 60 s later) settles it. The
 * gateway decides the type (VOID before the day's settlement, FULL_REFUND or PARTIAL_REFUND after);
 * staff choose the amount.
 */
import type { RefundRequest, RefundResult } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import { refundBody, type GatewayResult, type RefundInput, type RefundOutcome, type StatusOutcome } from '../gateway/client'
import { toWireJson } from '../gateway/money'
import { formatRm } from '../../src-common/money-text'
import { statusLabel } from '../../src-common/status-words'
import { refundKindWords, refundWordOf } from '../../src-common/refund-words'
import { englishOf } from '../../src-common/said/english'
import type { Said } from '../../src-preload/contract'
import type { CheckClaim, History } from '../store/history'
import type { OrderRow, RefundRow } from '../store/history-types'
import type { RefundUpdate } from '../store/refunds'
import { assertDue } from './check-timing'
import type { ServiceContext } from './context'
import { beginAttempt, finishAttempt, recordRead } from './gateway-attempts'
import { askedKinds, isOpen, isOpenStatus, isRefundable, refundBlocked, refundCheckDueAt, refundMoney, refundStatusPath, refundView } from './refund-summary'
import { CheckFailedError, checkInProgress, orderDetail } from './status-checks'

const REFUND_PATH = '/cancellation/credit-card/refund'
const REFUND_TYPES: ReadonlySet<string> = new Set(['VOID', 'FULL_REFUND', 'PARTIAL_REFUND'])

/** What the gateway said about a refund, reduced to what the refund needs. */
export interface RefundAnswer {
  status: RefundRow['status']
  raw: string
  type: RefundRow['type'] | undefined
  amountSen: number | null
  message: string | null
}

export const refundTypeOf = (raw: string | null): RefundRow['type'] | undefined => (raw !== null && REFUND_TYPES.has(raw) ? (raw as RefundRow['type']) : undefined)

/** The gateway's words for a refund: SUCCESS (or a REFUNDED / VOIDED payment) is done, FAILED is refused, anything else is still waiting. */
export function refundStatusOf(normalised: string): RefundRow['status'] {
  if (normalised === 'SUCCESS' || normalised === 'REFUNDED' || normalised === 'VOIDED') return 'SUCCESS'
  if (normalised === 'FAILED') return 'FAILED'
  return 'PENDING'
}

/** What a refund call answers for a refund in this state. */
function outcomeOfStatus(status: RefundRow['status']): RefundResult['outcome'] {
  return status === 'SUCCESS' ? 'approved' : status === 'FAILED' ? 'declined' : status === 'OUTCOME_UNKNOWN' ? 'unknown' : 'pending'
}

function answerOfRefund(outcome: RefundOutcome): RefundAnswer {
  return { status: refundStatusOf(outcome.status.status), raw: outcome.status.raw, type: refundTypeOf(outcome.type), amountSen: outcome.amountSen, message: outcome.message }
}

/** Payment types of a status answer (gateway-facts §4): a request id answered as one of these is a payment's, not a refund's. */
const PAYMENT_TYPES: ReadonlySet<string> = new Set(['SALE', 'MOTO', 'AUTHORIZE', 'CAPTURE', 'RECURRING'])

/**
 * Why a status answer for a registered refund's request id is not a refund of its order, or null:
 * the gateway answered for a payment (its type), or for another order (its invoice number; invoice
 * numbers are one in capitals and small letters). A field that is absent proves nothing.
 */
function notARefundOf(history: History, refund: RefundRow, outcome: StatusOutcome): Said | null {
  if (outcome.transactionType !== null && PAYMENT_TYPES.has(outcome.transactionType.toUpperCase())) return say('said.refunds.answeredAsPayment')
  const order = history.orders.get(refund.orderId)
  if (order && outcome.invoiceNumber && outcome.invoiceNumber.toUpperCase() !== order.invoiceNumber.toUpperCase()) return say('said.refunds.ofAnotherPayment')
  return null
}

function answerOfStatus(outcome: StatusOutcome): RefundAnswer {
  return { status: refundStatusOf(outcome.status.status), raw: outcome.status.raw, type: refundTypeOf(outcome.transactionType), amountSen: outcome.amountSen, message: null }
}

/** A refund as the timeline names it ("Partial refund of RM 25.00 (rf-…)"), as an id with its values. */
function refundSaid(history: History, refund: RefundRow): Said {
  const order = history.orders.get(refund.orderId)
  const paidSen = order ? (order.gatewayAmountSen ?? order.amountSen) : refund.amountSen
  const asked = askedKinds(history, refund.orderId).get(refund.id) ?? null
  const kind = refundKindWords({ asked, type: refund.type, status: refund.status, amountSen: refund.amountSen, paidSen })
  const word = refundWordOf(kind)
  return say('said.timeline.refundOf', { kind: word ? say(`said.timeline.refundKind.${word}`) : kind, amount: formatRm(refund.amountSen), requestId: refund.requestId })
}

/**
 * Applies an answer to a refund and its order in one transaction: the refund's status, type, amount
 * and message; the order becomes VOIDED after a successful void and REFUNDED once refunds cover what
 * was paid. Used by the refund call, its status check and notifications. The refund is read again
 * inside the transaction: a notification may have settled it while a call's or a check's answer was
 * on its way, and a later "still pending" from the gateway's slower view does not undo that (it is
 * noted on the timeline as said).
 */
export function applyRefundAnswer(ctx: ServiceContext, refund: RefundRow, answer: RefundAnswer, attemptId: number | null, via: 'refund' | 'check' | 'notification'): RefundRow {
  const history = ctx.history()
  const at = ctx.now().toISOString()
  return history.transaction(() => {
    const current = history.refunds.get(refund.id) ?? refund
    // Settled by the gateway's own word (a 404's "declined" is this app's inference: a later word may correct it).
    const stale = !isOpen(current) && current.rawStatus !== null && isOpenStatus(answer.status)
    const patch: RefundUpdate = stale
      ? {}
      : {
          status: answer.status,
          rawStatus: answer.raw,
          ...(answer.type ? { type: answer.type } : {}),
          // A registered refund learns its amount from the gateway; one sent from here keeps the amount sent.
          ...(answer.amountSen !== null && (current.external || current.amountSen === 0) ? { amountSen: answer.amountSen } : {}),
          ...(answer.message ? { message: answer.message } : {}),
        }
    const updated = stale ? current : history.refunds.update(refund.id, patch, at)
    const outcome = stale || (updated.status === current.status && via !== 'refund') ? 'still' : updated.status === 'SUCCESS' ? 'done' : updated.status === 'FAILED' ? 'refused' : 'waiting'
    const line = say(`said.timeline.refundAnswer.${outcome}`, {
      source: say(`said.timeline.refundSource.${via}`),
      refund: refundSaid(history, updated),
      status: say(`said.timeline.refundStatus.${updated.status}`),
      gatewayStatus: answer.message ? `${answer.raw}: ${answer.message}` : answer.raw,
    })
    history.events.append({
      orderId: refund.orderId,
      type: via === 'notification' ? 'notification' : via === 'check' ? 'status_check' : 'attempt',
      summary: englishOf(line),
      details: { refundId: refund.id, requestId: refund.requestId, gatewayStatus: answer.raw, type: updated.type, say: line },
      attemptId,
      actor: null,
      at,
    })
    settleOrderAfterRefunds(ctx, refund.orderId, at)
    return updated
  })
}

function settleOrderAfterRefunds(ctx: ServiceContext, orderId: number, at: string): void {
  const history = ctx.history()
  const order = history.orders.get(orderId)
  if (!order || order.status !== 'PAID') return
  const refunds = history.refunds.forOrder(orderId)
  const voided = refunds.some((refund) => refund.status === 'SUCCESS' && refund.type === 'VOID')
  const money = refundMoney(order, refunds)
  const status = voided ? 'VOIDED' : money.refundedSen >= money.paidSen ? 'REFUNDED' : null
  if (!status) return
  history.orders.update(orderId, { status }, at)
  history.events.append({
    orderId,
    type: 'status_changed',
    summary: `${statusLabel('PAID')} → ${statusLabel(status)}: ${status === 'VOIDED' ? 'the payment was voided' : `${formatRm(money.refundedSen)} refunded in all`}`,
    details: {
      previous: 'PAID',
      refundedSen: money.refundedSen,
      say: status === 'VOIDED' ? say('said.timeline.voided', { from: 'PAID', to: status }) : say('said.timeline.refundedInAll', { from: 'PAID', to: status, amount: formatRm(money.refundedSen) }),
    },
    attemptId: null,
    actor: null,
    at,
  })
}

export class Refunds {
  constructor(private readonly ctx: ServiceContext) {}

  private order(ctx: ServiceContext, orderId: number): OrderRow {
    const order = ctx.history().orders.get(orderId)
    if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id: orderId }))
    if (!isRefundable(order)) throw new AppError('NOT_REFUNDABLE', say('said.refunds.notRefundable'))
    return order
  }

  private refund(ctx: ServiceContext, refundId: number): RefundRow {
    const refund = ctx.history().refunds.get(refundId)
    if (!refund) throw new AppError('NOT_FOUND', say('said.records.refund', { id: refundId }))
    return refund
  }

  private result(ctx: ServiceContext, outcome: RefundResult['outcome'], refund: RefundRow): RefundResult {
    const history = ctx.history()
    const now = ctx.now()
    return { outcome, refund: refundView(history, refund, now), detail: orderDetail(history, refund.orderId, now, ctx.settings().gateway.settlementCutOff) }
  }

  /** The amount the request asks for, checked against what is left (read inside the write-ahead transaction). */
  private amountFor(ctx: ServiceContext, read: OrderRow, request: RefundRequest): number {
    const history = ctx.history()
    // Read again: another desk of a team may have refunded or voided it since.
    const order = history.orders.get(read.id) ?? read
    const refunds = history.refunds.forOrder(order.id)
    const money = refundMoney(order, refunds)
    const blocked = refundBlocked(order, money)
    if (blocked) throw new AppError('REFUND_NOT_POSSIBLE', blocked)
    // A refund sent from here and not yet answered (a double click, a second window): one at a time.
    const inFlight = history.attempts.forOrder(order.id).find((attempt) => attempt.operation === 'refund' && attempt.outcome === 'pending')
    if (inFlight) {
      throw new AppError('REFUND_IN_PROGRESS', say('said.refunds.inProgress', { requestId: inFlight.requestId }))
    }
    if (request.kind === 'PARTIAL') {
      if (request.amountSen > money.remainingSen) {
        throw new AppError('INVALID_INPUT', say('said.refunds.atMost', { amount: formatRm(money.remainingSen) }), 'amountSen')
      }
      return request.amountSen
    }
    if (request.kind === 'VOID' && (money.refundedSen > 0 || money.pendingSen > 0)) {
      throw new AppError('REFUND_NOT_POSSIBLE', say('said.refunds.voidAfterRefund'))
    }
    // Full refund and void send what is left; staff confirmed an amount, which must still be it.
    if (request.amountSen !== money.remainingSen) {
      throw new AppError('AMOUNT_CHANGED', say('said.refunds.amountChanged', { amount: formatRm(money.remainingSen) }), 'amountSen')
    }
    return money.remainingSen
  }

  async request(request: RefundRequest): Promise<RefundResult> {
    // The environment the refund is written ahead in is the one its answer is recorded in (context.ts).
    const ctx = this.ctx.bound()
    const history = ctx.history()
    const order = this.order(ctx, request.orderId)
    if (!order.requestId) throw new AppError('NOT_REFUNDABLE', say('said.refunds.noRequestId'))
    const originalRequestId = order.requestId
    const client = await ctx.gateway()
    const now = ctx.now()
    const at = now.toISOString()
    const requestId = client.newRequestId()

    const { refund, attempt, input } = history.moneyTransaction(() => {
      const amountSen = this.amountFor(ctx, order, request)
      const input: RefundInput = { requestId, invoiceNumber: order.invoiceNumber, originalRequestId, amountSen }
      const refund = history.refunds.insert({
        orderId: order.id,
        requestId,
        amountSen,
        type: null,
        status: 'PENDING',
        external: false,
        createdBy: ctx.actor(),
        createdAt: at,
      })
      const attempt = beginAttempt(history, { orderId: order.id, operation: 'refund', requestId, path: REFUND_PATH, body: toWireJson(refundBody(input)) }, now)
      // A full refund after a part was refunded is the refund of the rest (found by QA: "Full refund of RM 35.00" of a RM 45.00 payment).
      const paidSen = order.gatewayAmountSen ?? order.amountSen
      const askedKind = request.kind === 'FULL' && amountSen < paidSen ? 'REST' : request.kind
      const asked = { VOID: 'Void', FULL: 'Full refund', REST: 'Refund of the rest', PARTIAL: 'Partial refund' }[askedKind]
      history.events.append({
        orderId: order.id,
        type: 'staff_action',
        summary: `${asked} of ${formatRm(amountSen)} asked for (${requestId})`,
        details: { refundId: refund.id, requestId, amountSen, kind: request.kind, say: say(`said.timeline.refundAsked.${askedKind}`, { amount: formatRm(amountSen), requestId }) },
        attemptId: attempt.id,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({
        actor: ctx.actor(),
        approvedBy: ctx.approvedBy(),
        action: 'refund.request',
        orderId: order.id,
        details: { refundId: refund.id, requestId, amountSen, kind: request.kind },
        at,
      })
      return { refund, attempt, input }
    })
    ctx.events.emit('orders.changed', { id: order.id })

    const result = await client.refund(input)
    const updated = this.record(ctx, refund, attempt, result)
    ctx.events.emit('orders.changed', { id: order.id })
    const outcome = outcomeOfStatus(updated.status)
    return this.result(ctx, outcome, updated)
  }

  private record(ctx: ServiceContext, refund: RefundRow, attempt: Parameters<typeof finishAttempt>[1], result: GatewayResult<RefundOutcome>): RefundRow {
    const history = ctx.history()
    const done = ctx.now()
    const at = done.toISOString()
    return history.transaction(() => {
      finishAttempt(history, attempt, result, done)
      if (result.ok) return applyRefundAnswer(ctx, refund, answerOfRefund(result.value), attempt.id, 'refund')
      const unknown = result.error.outcomeUnknown
      const updated = history.refunds.update(refund.id, { status: unknown ? 'OUTCOME_UNKNOWN' : 'FAILED', message: result.error.gatewayMessage ?? result.error.message }, at)
      history.events.append({
        orderId: refund.orderId,
        type: 'attempt',
        summary: unknown ? `Refund outcome unknown: ${result.error.message} No further refund until a status check settles it.` : `Refund refused, nothing refunded: ${result.error.message}`,
        details: { refundId: refund.id, code: result.error.code, say: say(unknown ? 'said.timeline.refundUnknown' : 'said.timeline.refundRefused', { problem: result.error.say }) },
        attemptId: attempt.id,
        actor: null,
        at,
      })
      return updated
    })
  }

  /** Asks the gateway about a refund by its Request-Id; refused before its check is due (one desk of a team at a time). */
  async checkStatus(refundId: number): Promise<RefundResult> {
    // The answer is recorded in the history the refund was read from (context.ts).
    const ctx = this.ctx.bound()
    const claim = ctx.history().claimCheck('refund', refundId)
    if (!claim) throw checkInProgress()
    try {
      return await this.checkClaimedRefund(ctx, claim, refundId)
    } finally {
      claim.release()
    }
  }

  private async checkClaimedRefund(ctx: ServiceContext, claim: CheckClaim, refundId: number): Promise<RefundResult> {
    const history = ctx.history()
    const refund = this.refund(ctx, refundId)
    const due = refundCheckDueAt(history, refund)
    if (!due) throw new AppError('NOT_CHECKABLE', say(refund.status === 'SUCCESS' ? 'said.refunds.refundDone' : 'said.refunds.refundRefused'))
    assertDue(due, ctx.now())
    const client = await ctx.gateway()
    claim.sending(refund.orderId, refundStatusPath(refund), ctx.now().toISOString())
    const result = await client.checkStatus(refund.requestId)
    const attemptId = recordRead(history, refund.orderId, result, ctx.now())
    let updated: RefundRow
    const notThisRefund = result.ok && refund.external ? notARefundOf(history, refund, result.value) : null
    if (notThisRefund) {
      updated = this.notARefund(ctx, refund, attemptId, notThisRefund)
    } else if (result.ok) {
      updated = applyRefundAnswer(ctx, refund, answerOfStatus(result.value), attemptId, 'check')
    } else if (result.error.code === 'NOT_FOUND') {
      updated = this.notFound(ctx, refund, attemptId)
    } else {
      history.events.append({
        orderId: refund.orderId,
        type: 'status_check',
        summary: `Refund status check failed: ${result.error.message}`,
        details: { refundId: refund.id, code: result.error.code, say: say('said.timeline.refundCheckFailed', { problem: result.error.say }) },
        attemptId,
        actor: null,
        at: ctx.now().toISOString(),
      })
      ctx.events.emit('orders.changed', { id: refund.orderId })
      throw new CheckFailedError(say('said.checks.refundUnchanged', { problem: result.error.say }), result.error.code)
    }
    ctx.events.emit('orders.changed', { id: refund.orderId })
    return this.result(ctx, outcomeOfStatus(updated.status), updated)
  }

  /** A registered request id the gateway answers for, but not as a refund of this payment: never counted as refunded money. */
  private notARefund(ctx: ServiceContext, refund: RefundRow, attemptId: number, reason: Said): RefundRow {
    return this.settleUnconfirmed(ctx, refund, attemptId, englishOf(reason), say('said.timeline.refundNotThis', { requestId: refund.requestId, problem: reason }))
  }

  /** The gateway does not know the Request-Id: a refund whose sending went unanswered never arrived; a registered one was mistyped. */
  private notFound(ctx: ServiceContext, refund: RefundRow, attemptId: number): RefundRow {
    const message = refund.external ? 'The gateway knows no refund with this request id.' : 'The gateway has no such refund: nothing was refunded.'
    return this.settleUnconfirmed(ctx, refund, attemptId, message, say(refund.external ? 'said.timeline.refundUnknownId' : 'said.timeline.refundNoSuch', { requestId: refund.requestId }))
  }

  /** A refund the gateway's answer to its check does not confirm: declined with `message`, and the check's line in the timeline. */
  private settleUnconfirmed(ctx: ServiceContext, refund: RefundRow, attemptId: number, message: string, line: Said): RefundRow {
    const history = ctx.history()
    const at = ctx.now().toISOString()
    return history.transaction(() => {
      // A notification that settled it while the check was on its way is the gateway's word on this very refund.
      const current = history.refunds.get(refund.id) ?? refund
      if (!isOpen(current) && current.status !== refund.status) return current
      const updated = history.refunds.update(refund.id, { status: 'FAILED', message }, at)
      history.events.append({
        orderId: refund.orderId,
        type: 'status_check',
        summary: `Refund status check: ${message} (${refund.requestId})`,
        details: { refundId: refund.id, say: line },
        attemptId,
        actor: null,
        at,
      })
      return updated
    })
  }

  /** Follows a refund made elsewhere by its request id; its first status check is due 60 s from now. */
  register(orderId: number, requestId: string): RefundResult {
    const { ctx } = this
    const history = ctx.history()
    const order = this.order(ctx, orderId)
    const id = requestId.trim()
    if (order.status !== 'PAID' && order.status !== 'REFUNDED' && order.status !== 'VOIDED') {
      throw new AppError('NOT_REFUNDABLE', say('said.refunds.onlyPaid'))
    }
    // In any case: the gateway may look ids up without it (found by QA: an in-app refund's id in capitals was taken as a new one).
    const same = (other: string | null): boolean => other !== null && other.toUpperCase() === id.toUpperCase()
    if (same(order.requestId)) throw new AppError('INVALID_INPUT', say('said.refunds.ownRequestId'), 'requestId')
    // The gateway's status lookup also answers for a payment's invoice number or Request-Id: its
    // SUCCESS would read as a refund of the payment's whole amount.
    const payment = history.orders.holdingInvoice(id)[0] ?? history.orders.byRequestId(id)
    if (payment) throw new AppError('INVALID_INPUT', say('said.refunds.paymentsId', { invoice: payment.invoiceNumber }), 'requestId')
    // Refunds followed here that the gateway confirmed already make up the whole payment (its void,
    // its full refund): no other can have been made elsewhere. A payment voided or refunded at the
    // gateway's back office is still registered here, to follow the refund that closed it.
    const refunds = history.refunds.forOrder(order.id)
    const money = refundMoney(order, refunds)
    if (money.refundedSen >= money.paidSen) {
      throw new AppError('NOT_REFUNDABLE', say(order.status === 'VOIDED' ? 'said.refunds.voided' : 'said.refunds.refunded'), 'requestId')
    }
    const existing = history.refunds.byRequestId(id) ?? refunds.find((refund) => same(refund.requestId)) ?? null
    if (existing) {
      const known =
        existing.orderId === order.id ? say('said.refunds.knownHere') : say('said.refunds.knownOn', { invoice: history.orders.get(existing.orderId)?.invoiceNumber ?? String(existing.orderId) })
      throw new AppError('ALREADY_KNOWN', known, 'requestId')
    }
    const at = ctx.now().toISOString()
    // A refund made elsewhere that a notification told of first (no request id in the published
    // bodies: kept as `notification-N`): when it is the order's only one, it is the refund being
    // registered, which takes its request id; recorded again beside it, it counted twice (found by review).
    const told = refunds.filter((refund) => refund.external && refund.createdBy === 'gateway' && refund.requestId.startsWith('notification-'))
    const toldOf = told.length === 1 ? (told[0] ?? null) : null
    const line = say(toldOf ? 'said.timeline.refundRegisteredTold' : 'said.timeline.refundRegistered', { requestId: id })
    const refund = history.transaction(() => {
      const refund = toldOf
        ? history.refunds.update(toldOf.id, { requestId: id }, at)
        : history.refunds.insert({ orderId, requestId: id, amountSen: 0, type: null, status: 'PENDING', external: true, createdBy: ctx.actor(), createdAt: at })
      history.events.append({
        orderId,
        type: 'staff_action',
        summary: englishOf(line),
        details: { refundId: refund.id, requestId: id, say: line },
        attemptId: null,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({ actor: ctx.actor(), approvedBy: ctx.approvedBy(), action: 'refund.register', orderId, details: { refundId: refund.id, requestId: id }, at })
      return refund
    })
    ctx.events.emit('orders.changed', { id: orderId })
    return this.result(ctx, outcomeOfStatus(refund.status), refund)
  }
}
