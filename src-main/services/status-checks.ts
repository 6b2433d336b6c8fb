/**
 * Asking the gateway where an order stands, and what the answer does to the order.
 *
 * The 60-second rule (gateway-interface.md 4.3 and 8): a check is due no earlier than 60 s after the
 * later of the order's completion and its last request to the gateway (its creation, a charge, or the
 * previous check). The app cannot know when a customer finishes paying on the gateway's page, so
 * spacing the checks of one order 60 s apart is the nearest it can come; a notification (the
 * listener) tells it sooner.
 */
import type { OrderDetail } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'
import type { GatewayResult, StatusOutcome, GenericPayment } from '../gateway/client'
import type { GatewayErrorCode } from '../gateway/errors'
import type { NormalisedStatus } from '../gateway/status'
import type { CheckClaim, History } from '../store/history'
import type { OrderReview, OrderRow, OrderStatus, OrderUpdate } from '../store/history-types'
import type { ServiceContext } from './context'
import { cardText } from '../../src-common/card-text'
import { cardSaid } from '../../src-common/said/card-said'
import { formatRm } from '../../src-common/money-text'
import { statusLabel, statusWord } from '../../src-common/status-words'
import { assertDue, checkView, dueAfter } from './check-timing'
import { markCardUsed, markOrderCardUsed } from './customers'
import { recordRead } from './gateway-attempts'
import { orderView, timelineEntry } from './orders'
import { commitSoon } from './group-commit'
import { DEFAULT_SETTLEMENT_CUT_OFF, refundSummary } from './refund-summary'

/** Statuses a check can still change. A FAILED link is over (a new payment is needed). */
export const CHECKABLE_STATUSES: readonly OrderStatus[] = ['PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN', 'CANCELLED']
const CHECKABLE: ReadonlySet<OrderStatus> = new Set(CHECKABLE_STATUSES)

const ORDER_STATUS_OF: Record<NormalisedStatus, OrderStatus> = {
  SUCCESS: 'PAID',
  FAILED: 'FAILED',
  EXPIRED: 'EXPIRED',
  REFUNDED: 'REFUNDED',
  VOIDED: 'VOIDED',
  PENDING: 'PENDING',
  REDIRECT: 'PENDING',
  TIMEOUT: 'PENDING',
  UNKNOWN: 'UNKNOWN',
}

const FINISHED: ReadonlySet<OrderStatus> = new Set(['PAID', 'FAILED', 'EXPIRED', 'REFUNDED', 'VOIDED'])

/** When the next check may be made, or null when no check is useful (or a person must decide first). */
export function statusCheckDueAt(history: History, order: OrderRow): Date | null {
  const read = { status: order.status, inReview: order.review !== null, createdAt: order.createdAt, completedAt: order.completedAt }
  // The same instants as attempts.forOrder(…).map(lastHeardOf), read without the attempts' bodies.
  return checkDueFrom(read, () => history.attempts.lastHeardFor(order.id))
}

/**
 * `statusCheckDueAt` from what it reads of the order, and the instants the order's requests were
 * last heard of (asked only of an order a check could change).
 */
export function checkDueFrom(order: { status: OrderStatus; inReview: boolean; createdAt: string; completedAt: string | null }, heardAt: () => readonly string[]): Date | null {
  if (!CHECKABLE.has(order.status) || order.inReview) return null
  const times = [Date.parse(order.createdAt), ...heardAt().map((at) => Date.parse(at))]
  if (order.completedAt) times.push(Date.parse(order.completedAt))
  return dueAfter(times)
}

const isLink = (order: OrderRow): boolean => order.kind === 'card_link' || order.kind === 'generic_link'

/**
 * A link the gateway never created: it refused the request, or a status check found it does not
 * know the payment (applyNotFound). Failed with no address and no word of the gateway's on it, as
 * opposed to a link the customer failed to pay (the gateway's FAILED is its raw status). Nothing of
 * it exists at the gateway, so its invoice number may be asked for again (payment-links.ts), and
 * the screens say "No link was created" rather than "Payment failed".
 */
export function linkNeverCreated(order: OrderRow): boolean {
  return isLink(order) && order.status === 'FAILED' && order.linkUrl === null && order.rawStatus === null
}

/**
 * The order as the screens show it. `settlementCutOff` is Settings' (gateway.settlementCutOff): the
 * refunds offered follow it (before settlement a void, after it refunds); pass the environment's.
 */
export function orderDetail(history: History, id: number, now: Date, settlementCutOff = DEFAULT_SETTLEMENT_CUT_OFF): OrderDetail {
  const order = history.orders.get(id)
  if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id }))
  return {
    order: orderView(order),
    timeline: history.events.forOrder(id).map(timelineEntry),
    statusCheck: checkView(statusCheckDueAt(history, order), now),
    canCancel: isLink(order) && order.status === 'PENDING' && !order.review,
    neverCreated: linkNeverCreated(order),
    refunds: refundSummary(history, order, now, settlementCutOff),
    customerLanguage: order.customerId === null ? null : (history.customers.get(order.customerId)?.language ?? null),
  }
}

/** A status check the gateway did not answer usably; `gatewayCode` tells the tracker whether it is offline. */
export class CheckFailedError extends AppError {
  constructor(
    said: Said,
    readonly gatewayCode: GatewayErrorCode,
  ) {
    super('GATEWAY_UNAVAILABLE', said)
  }
}

/** What the gateway said, reduced to what the order needs. */
export interface Answer {
  status: NormalisedStatus
  raw: string
  completedAt: string | null
  patch: OrderUpdate
  token: string | null
  issuer: string | null
  approvalCode: string | null
  /** The amount and currency the gateway says were paid, when it says them. */
  amountSen: number | null
  currency: string | null
}

/** How the gateway may write an order's currency: the capture answer has been seen to say MY for MYR. */
const CURRENCY_WORDS: Readonly<Record<string, readonly string[]>> = { MYR: ['MYR', 'MY'] }

/**
 * Whether what the gateway says was paid can be taken for this order: another currency, or more than
 * the order's amount, needs a person (the order is not turned paid); less is a discount or promotion
 * ("amounts after discount"), taken and shown beside the order's amount.
 */
export function checkPaidMoney(order: OrderRow, amountSen: number | null, currency: string | null): { ok: true; gatewayAmountSen: number | null } | { ok: false; reason: OrderReview['reason'] } {
  const said = currency?.trim().toUpperCase()
  if (said && !(CURRENCY_WORDS[order.currency] ?? [order.currency]).includes(said)) return { ok: false, reason: 'currency' }
  if (amountSen !== null && amountSen > order.amountSen) return { ok: false, reason: 'amount' }
  return { ok: true, gatewayAmountSen: amountSen !== null && amountSen !== order.amountSen ? amountSen : null }
}

/** An amount in the gateway's own currency, for the timeline: "USD 999.99", or RM for ours. */
export function gatewayMoneyText(amountSen: number | null, currency: string | null, order: OrderRow): string {
  if (amountSen === null) return currency ? `an amount in ${currency}` : 'no amount'
  const said = currency?.trim().toUpperCase() ?? order.currency
  return (CURRENCY_WORDS[order.currency] ?? [order.currency]).includes(said) ? formatRm(amountSen) : `${said} ${(amountSen / 100).toFixed(2)}`
}

/** Flags an order whose gateway answer says paid with money that is not the order's; writes why. Returns the order. */
export function flagForReview(ctx: ServiceContext, order: OrderRow, review: Omit<OrderReview, 'at'>, patch: OrderUpdate, attemptId: number | null): OrderRow {
  const history = ctx.history()
  const at = ctx.now().toISOString()
  const said = gatewayMoneyText(review.gatewayAmountSen, review.gatewayCurrency, order)
  const why = review.reason === 'currency' ? 'in another currency' : 'for more than the order'
  return history.transaction(() => {
    const updated = history.orders.update(order.id, { ...patch, review: { ...review, at } }, at)
    history.events.append({
      orderId: order.id,
      type: 'status_changed',
      summary: `Needs review: the gateway says ${review.gatewayStatus} for ${said}, ${why} (the order is ${formatRm(order.amountSen)}). Not marked paid: a person must decide.`,
      details: { reason: review.reason, gatewayStatus: review.gatewayStatus, gatewayAmountSen: review.gatewayAmountSen, gatewayCurrency: review.gatewayCurrency, orderAmountSen: order.amountSen },
      attemptId,
      actor: null,
      at,
    })
    return updated
  })
}

/** The last four digits of a masked card number, when it shows four. */
export function last4Of(masked: string | null): string | null {
  const digits = masked?.replace(/\D/g, '').slice(-4) ?? ''
  return digits.length === 4 ? digits : null
}

/** The card fields of an order that an answer (status check, notification) tells, leaving out what it does not. */
export function cardPatch(masked: string | null, brand: string | null): OrderUpdate {
  const last4 = last4Of(masked)
  return {
    ...(masked ? { cardMasked: masked } : {}),
    ...(last4 ? { cardLast4: last4 } : {}),
    ...(brand ? { cardBrand: brand } : {}),
  }
}

function cardAnswer(outcome: StatusOutcome): Answer {
  return {
    status: outcome.status.status,
    raw: outcome.status.raw,
    completedAt: outcome.transactionDate,
    patch: cardPatch(outcome.card?.masked ?? null, outcome.card?.brand ?? null),
    token: outcome.card?.tokenId ?? null,
    issuer: outcome.card?.issuer ?? null,
    approvalCode: outcome.card?.approvalCode ?? null,
    amountSen: outcome.amountSen,
    currency: outcome.currency,
  }
}

function genericAnswer(payment: GenericPayment): Answer {
  return {
    status: payment.status.status,
    raw: payment.status.raw,
    // The time the gateway gives, else (the interface names none) the check's: a payment of a day's
    // last minute would otherwise count on the next day (docs/home-and-report.md).
    completedAt: payment.completedAt,
    patch: {
      ...(payment.referenceId ? { gatewayReferenceId: payment.referenceId } : {}),
      // A payment created while its answer was lost: its address comes back with it.
      ...(payment.status.status === 'PENDING' && payment.nextActionUrl ? { linkUrl: payment.nextActionUrl } : {}),
      ...(payment.expiresAt ? { linkExpiresAt: new Date(payment.expiresAt).toISOString() } : {}),
    },
    token: null,
    issuer: null,
    approvalCode: null,
    amountSen: payment.amountSen,
    currency: payment.currency,
  }
}

/**
 * The fields of `patch` whose values differ from the order's. An update that names a column rewrites
 * its entries in every index holding it, and fires the triggers on it (search, takings), even when
 * the value is the same: a "still pending" check named the status, which is in three of the orders'
 * indexes (three more pages for its commit to write), and a v3 payment's answer names its reference,
 * which is searched.
 */
function changedFields(order: OrderRow, patch: OrderUpdate): OrderUpdate {
  return Object.fromEntries(Object.entries(patch).filter(([field, value]) => value !== order[field as keyof OrderUpdate]))
}

/**
 * Applies an answer to the order: the new status (a link cancelled here stays cancelled while the
 * gateway still waits, but a payment that came in anyway is shown as paid), card details, the token
 * of a saved card, and a timeline entry.
 */
export function applyAnswer(ctx: ServiceContext, order: OrderRow, answer: Answer, attemptId: number | null, via: 'check' | 'notification'): OrderRow {
  const source = via === 'check' ? 'Status check' : 'Notification'
  const history = ctx.history()
  const at = ctx.now().toISOString()
  const mapped = ORDER_STATUS_OF[answer.status]
  const money = mapped === 'PAID' ? checkPaidMoney(order, answer.amountSen, answer.currency) : null
  if (money && !money.ok) {
    const review = { reason: money.reason, gatewayStatus: answer.raw, gatewayAmountSen: answer.amountSen, gatewayCurrency: answer.currency, source: via }
    // The answer is not trusted: nothing of it but its word goes on the order.
    return flagForReview(ctx, order, review, { rawStatus: answer.raw }, attemptId)
  }
  const discount = money?.ok && money.gatewayAmountSen !== null ? money.gatewayAmountSen : null
  const keepCancelled = order.status === 'CANCELLED' && mapped === 'PENDING'
  // A phone order's charge is settled only by a final word: "pending", or a word the app does not
  // know, leaves its outcome unknown, and so its card locked and its override offered (a word such as
  // AUTHORIZED must never free the card for a second charge of the same call).
  const chargeStillUnknown = order.kind === 'phone_order' && !FINISHED.has(mapped)
  const status = keepCancelled ? order.status : chargeStillUnknown ? 'OUTCOME_UNKNOWN' : mapped
  const completedAt = FINISHED.has(status) && !order.completedAt ? (answer.completedAt ?? at) : undefined
  const patch = changedFields(order, { ...answer.patch, status, rawStatus: answer.raw, ...(completedAt ? { completedAt } : {}), ...(discount !== null ? { gatewayAmountSen: discount } : {}) })
  return history.transaction(() => {
    // An answer that says nothing new leaves the row as it is (its updated_at is when it last changed;
    // the timeline's entry below records the check): most of the tracker's checks of a waiting link.
    const updated = Object.keys(patch).length > 0 ? history.orders.update(order.id, patch, at) : order
    const changed = status !== order.status
    const paidLess = discount !== null ? `; ${formatRm(discount)} paid of ${formatRm(order.amountSen)} (a discount at the gateway)` : ''
    // Staff words for our statuses; the gateway's own word stays as it wrote it (evidence).
    history.events.append({
      orderId: order.id,
      type: via === 'notification' ? 'notification' : changed ? 'status_changed' : 'status_check',
      summary: changed
        ? `${source}: ${statusLabel(order.status)} → ${statusLabel(status)} (gateway says ${answer.raw})${paidLess}`
        : `${source}: still ${statusWord(status)} (gateway says ${answer.raw})`,
      details: {
        gatewayStatus: answer.raw,
        previous: order.status,
        ...(answer.approvalCode ? { approvalCode: answer.approvalCode } : {}),
        say: changed
          ? discount !== null
            ? say(via === 'check' ? 'said.timeline.checkChangedLess' : 'said.timeline.notifiedChangedLess', {
                from: order.status,
                to: status,
                gatewayStatus: answer.raw,
                paid: formatRm(discount),
                amount: formatRm(order.amountSen),
              })
            : say(via === 'check' ? 'said.timeline.checkChanged' : 'said.timeline.notifiedChanged', { from: order.status, to: status, gatewayStatus: answer.raw })
          : say(via === 'check' ? 'said.timeline.checkStill' : 'said.timeline.notifiedStill', { status, gatewayStatus: answer.raw }),
      },
      attemptId,
      actor: null,
      at,
    })
    // An approval learned from a check or a notification marks its card used, as the charge's own answer does.
    const approvedAt = updated.completedAt ?? at
    if (status === 'PAID' && order.status !== 'PAID') markOrderCardUsed(history, updated, approvedAt)
    if (answer.status === 'SUCCESS' && answer.token && order.customerId !== null && order.kind === 'card_link') {
      const card = history.cards.add({
        customerId: order.customerId,
        token: answer.token,
        masked: updated.cardMasked,
        brand: updated.cardBrand,
        issuer: answer.issuer,
        source: 'hosted_page',
        addedAt: at,
      })
      // The card paid this order: a card saved before (the same token) was used again now.
      if (status === 'PAID') markCardUsed(history, card.id, approvedAt)
      history.events.append({
        orderId: order.id,
        type: 'note',
        summary: `${cardText(card) ?? 'Card'} saved for ${order.customerName}`,
        details: { say: say('said.timeline.cardSaved', { card: cardSaid(card, say('said.timeline.aCard')), customer: order.customerName }) },
        attemptId: null,
        actor: null,
        at,
      })
    }
    return updated
  })
}

/**
 * The gateway does not know the order. For an order whose creation went unanswered, that settles it:
 * it was never created. Not for one the gateway has spoken of already (its word is on the order: a
 * charge it called PENDING, say, kept unknown): a 404 then is the gateway's own trouble, noted only,
 * or a charge it acknowledged would be recorded as not made and its card freed (found by review).
 */
function applyNotFound(ctx: ServiceContext, order: OrderRow, attemptId: number): void {
  const history = ctx.history()
  const at = ctx.now().toISOString()
  history.transaction(() => {
    if (order.status === 'OUTCOME_UNKNOWN' && order.rawStatus === null) {
      history.orders.update(order.id, { status: 'FAILED', completedAt: at }, at)
      history.events.append({
        orderId: order.id,
        type: 'status_changed',
        summary:
          order.kind === 'phone_order'
            ? 'Status check: the gateway has no such charge, so the customer was not charged.'
            : 'Status check: the gateway has no such payment, so it was never created. The invoice number may be used again.',
        details: { say: say(order.kind === 'phone_order' ? 'said.timeline.noSuchCharge' : 'said.timeline.noSuchPayment') },
        attemptId,
        actor: null,
        at,
      })
    } else {
      history.events.append({
        orderId: order.id,
        type: 'status_check',
        summary: 'Status check: the gateway does not know this order',
        details: { say: say('said.timeline.unknownAtGateway') },
        attemptId,
        actor: null,
        at,
      })
    }
  })
}

type Lookup = { kind: 'card'; result: GatewayResult<StatusOutcome> } | { kind: 'generic'; result: GatewayResult<GenericPayment> }

async function lookUp(ctx: ServiceContext, order: OrderRow): Promise<Lookup> {
  const client = await ctx.gateway()
  if (order.kind === 'generic_link') {
    if (!order.paymentId) throw new AppError('NOT_CHECKABLE', say('said.checks.noPaymentId'))
    return { kind: 'generic', result: await client.retrievePayment(order.paymentId) }
  }
  // A charge is asked about by its Request-Id, which the gateway knows whatever became of the invoice number.
  const identifier = order.kind === 'phone_order' && order.requestId ? order.requestId : order.invoiceNumber
  return { kind: 'card', result: await client.checkStatus(identifier) }
}

export interface CheckOptions {
  /**
   * The gateway's own notification named this order. A v3 payment is then retrieved at once: the
   * 60-second rule is the card status check's, and the notification says the payment is done.
   */
  afterNotification?: boolean
  /**
   * Runs inside the commit that records the answer (the status tracker writes the order's next
   * check there, so that a check costs one commit): with null when the gateway answered (or does
   * not know the order), with the error the check will throw when it answered with a failure; and
   * with the order as the answer left it when there is one (read back by the update: no need to
   * read it again).
   */
  inCommit?: (failure: CheckFailedError | null, updated?: OrderRow) => void
  /**
   * The gateway answered with a status, or that it does not know the order: the request is no longer
   * in flight (the status tracker's bound counts requests at the gateway), though the answer is not
   * recorded yet.
   */
  answered?: () => void
  /**
   * Tells the check's own change event (after the commit) through `emit`. `changedAgain` says the order
   * changed after the commit (a replayed link request got the link's address back: a request to the
   * gateway, which moves the next check's due time); otherwise the order is as the commit, and
   * `inCommit`, left it, and the status tracker need not read it again to follow it.
   */
  announce?: (emit: () => void, changedAgain: boolean) => void
  /**
   * How long the answer's commit may wait for other answers to share it (group-commit.ts `waitMs`):
   * the status tracker's own checks, which nobody waits for; a check staff asked for commits at the
   * end of its turn.
   */
  commitWithinMs?: number
}

/** Another desk of the team is asking about this order or refund right now. */
export function checkInProgress(): AppError {
  return new AppError('CHECK_IN_PROGRESS', say('said.checks.inProgress'))
}

/**
 * "Check status": refused before the order's check is due; otherwise asks, records and applies. In a
 * team, one desk at a time: the due time is read after the claim, so it counts the last desk's check.
 * The screens' order detail is the caller's to build (orderDetail): the status tracker's own checks
 * have no screen waiting, and building it cost them more than any other step of a check's own.
 */
export async function checkOrderStatus(ctx: ServiceContext, id: number, afterCheck?: (order: OrderRow) => Promise<boolean>, options: CheckOptions = {}): Promise<void> {
  // The answer is recorded in the history the order was read from (context.ts).
  const bound = ctx.bound()
  const claim = bound.history().claimCheck('order', id)
  if (!claim) throw checkInProgress()
  try {
    return await checkClaimedOrder(bound, claim, id, afterCheck, options)
  } finally {
    claim.release()
  }
}

/** Where a check of this order goes (what the claim records before it leaves). */
function lookUpPath(order: OrderRow): string {
  if (order.kind === 'generic_link') return `/v3/payments/${encodeURIComponent(order.paymentId ?? '')}`
  return `/orders/v1/status/${encodeURIComponent(order.kind === 'phone_order' && order.requestId ? order.requestId : order.invoiceNumber)}`
}

async function checkClaimedOrder(ctx: ServiceContext, claim: CheckClaim, id: number, afterCheck: ((order: OrderRow) => Promise<boolean>) | undefined, options: CheckOptions): Promise<void> {
  const history = ctx.history()
  const order = history.orders.get(id)
  if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id }))
  if (order.review) throw new AppError('NEEDS_REVIEW', say('said.checks.needsReview'))
  const due = statusCheckDueAt(history, order)
  if (!due) throw new AppError('NOT_CHECKABLE', say('said.checks.final', { status: order.status }))
  if (!(options.afterNotification && order.kind === 'generic_link')) assertDue(due, ctx.now())
  claim.sending(order.id, lookUpPath(order), ctx.now().toISOString())
  const lookup = await lookUp(ctx, order)
  // An answer, a status or "no such payment", frees the request's place at the gateway; a failure
  // keeps it until its commit has told the tracker (its pause while the gateway cannot be reached).
  if (lookup.result.ok || lookup.result.error.code === 'NOT_FOUND') options.answered?.()
  // The read and what it does to the order in one commit, shared with the other answers of this turn.
  const applied = await commitSoon(
    history,
    (): { updated: OrderRow | null; failed: CheckFailedError | null } => {
      const attemptId = recordRead(history, order.id, lookup.result, ctx.now())
      /** The check failed: its line in the timeline, the order unchanged. */
      const fail = (problem: Said, code: string, gatewayCode: GatewayErrorCode): { updated: null; failed: CheckFailedError } => {
        history.events.append({
          orderId: order.id,
          type: 'status_check',
          summary: `Status check failed: ${englishOf(problem)}`,
          details: { code, say: say('said.timeline.checkFailed', { problem }) },
          attemptId,
          actor: null,
          at: ctx.now().toISOString(),
        })
        const failed = new CheckFailedError(say('said.checks.orderUnchanged', { problem }), gatewayCode)
        options.inCommit?.(failed)
        return { updated: null, failed }
      }
      // An answer about another invoice is not this order's, whatever it says (found by review: a
      // signed SUCCESS naming another invoice made a link paid). Kept as read, not applied.
      const otherInvoice = lookup.result.ok && lookup.kind === 'card' ? lookup.result.value.invoiceNumber : null
      if (otherInvoice && otherInvoice.toUpperCase() !== order.invoiceNumber.toUpperCase()) {
        return fail(say('said.checks.otherInvoice', { invoice: otherInvoice }), 'OTHER_INVOICE', 'BAD_RESPONSE')
      }
      if (lookup.result.ok) {
        const answer = lookup.kind === 'card' ? cardAnswer(lookup.result.value) : genericAnswer(lookup.result.value)
        const updated = applyAnswer(ctx, order, answer, attemptId, 'check')
        options.inCommit?.(null, updated)
        return { updated, failed: null }
      }
      if (lookup.result.error.code === 'NOT_FOUND') {
        applyNotFound(ctx, order, attemptId)
        options.inCommit?.(null)
        return { updated: null, failed: null }
      }
      return fail(lookup.result.error.say, lookup.result.error.code, lookup.result.error.code)
    },
    { waitMs: options.commitWithinMs ?? 0 },
  )
  const emit = (): void => ctx.events.emit('orders.changed', { id: order.id })
  const announce = options.announce ?? ((tell: () => void) => tell())
  if (applied.failed) {
    announce(emit, false)
    throw applied.failed
  }
  const changedAgain = applied.updated && afterCheck ? await afterCheck(applied.updated) : false
  announce(emit, changedAgain)
}
