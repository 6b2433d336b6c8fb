/**
 * What a paid card order's refunds add up to, and when each open refund's status check is due. Kept
 * apart from the refund service so that the order detail can show it without depending on it.
 */
import type { RefundSummary, RefundView } from '../../src-preload/contract'
import { settlementAfter, type RefundAsked } from '../../src-common/refund-words'
import type { History } from '../store/history'
import type { OrderRow, RefundRow } from '../store/history-types'
import { checkView, dueAfter, lastHeardOf } from './check-timing'
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

/** Card payments are refunded through the card scheme; generic channels have no refund call here. */
export const isRefundable = (order: OrderRow): boolean => order.kind === 'card_link' || order.kind === 'phone_order'

const OPEN: ReadonlySet<RefundRow['status']> = new Set(['PENDING', 'OUTCOME_UNKNOWN'])
/** Not settled yet (waiting at the gateway, or its answer lost); SUCCESS and FAILED are settled. */
export const isOpenStatus = (status: RefundRow['status']): boolean => OPEN.has(status)
export const isOpen = (refund: RefundRow): boolean => isOpenStatus(refund.status)

/** The path of a refund's status check: its own Request-Id (gateway-interface.md 4.3). */
export const refundStatusPath = (refund: RefundRow): string => `/orders/v1/status/${encodeURIComponent(refund.requestId)}`

/** 60 s after the later of the refund's creation here and the last answer about it (to the refund itself or a check of it; lastHeardOf). */
export function refundCheckDueAt(history: History, refund: RefundRow): Date | null {
  if (!isOpen(refund)) return null
  const statusPath = refundStatusPath(refund)
  const times = [Date.parse(refund.createdAt)]
  for (const attempt of history.attempts.forOrder(refund.orderId)) {
    if (attempt.requestId === refund.requestId || attempt.path === statusPath) times.push(lastHeardOf(attempt))
  }
  return dueAfter(times)
}

const ASKED: ReadonlySet<unknown> = new Set(['FULL', 'PARTIAL', 'VOID'])

/** What staff asked for, by refund id: the kind the refund's "asked for" timeline entry names (a registered refund has none). */
export function askedKinds(history: History, orderId: number): Map<number, RefundAsked> {
  const kinds = new Map<number, RefundAsked>()
  for (const event of history.events.forOrder(orderId)) {
    const refundId = event.details?.['refundId']
    const kind = event.details?.['kind']
    if (event.type === 'staff_action' && typeof refundId === 'number' && ASKED.has(kind)) kinds.set(refundId, kind as RefundAsked)
  }
  return kinds
}

export function refundView(history: History, refund: RefundRow, now: Date, asked: RefundAsked | null = askedKinds(history, refund.orderId).get(refund.id) ?? null): RefundView {
  return {
    id: refund.id,
    requestId: refund.requestId,
    amountSen: refund.amountSen,
    type: refund.type,
    asked,
    status: refund.status,
    rawStatus: refund.rawStatus,
    message: refund.message,
    external: refund.external,
    createdBy: refund.createdBy,
    createdAt: refund.createdAt,
    updatedAt: refund.updatedAt,
    statusCheck: checkView(refundCheckDueAt(history, refund), now),
  }
}

export interface RefundMoney {
  paidSen: number
  refundedSen: number
  pendingSen: number
  remainingSen: number
  /** A refund whose outcome is unknown: nothing more may be refunded until it is settled. */
  unknown: RefundRow | null
  /** A refund registered from elsewhere whose amount the gateway has not told yet: what is left is not known. */
  amountUnknown: RefundRow | null
}

export function refundMoney(order: OrderRow, refunds: readonly RefundRow[]): RefundMoney {
  const refundedSen = refunds.filter((refund) => refund.status === 'SUCCESS').reduce((sum, refund) => sum + refund.amountSen, 0)
  const pendingSen = refunds.filter(isOpen).reduce((sum, refund) => sum + refund.amountSen, 0)
  // The gateway's word wins: a payment it calls refunded or voided has nothing left, whatever was recorded here.
  const closed = order.status === 'REFUNDED' || order.status === 'VOIDED'
  // What was paid: the gateway's amount when it differs (a discount, or more accepted by staff).
  const paidSen = order.gatewayAmountSen ?? order.amountSen
  return {
    paidSen,
    refundedSen,
    pendingSen,
    remainingSen: closed ? 0 : Math.max(0, paidSen - refundedSen - pendingSen),
    unknown: refunds.find((refund) => refund.status === 'OUTCOME_UNKNOWN') ?? null,
    amountUnknown: refunds.find((refund) => refund.external && refund.amountSen === 0 && isOpen(refund)) ?? null,
  }
}

/** Why a new refund may not be asked for now, or null. */
export function refundBlocked(order: OrderRow, money: RefundMoney): Said | null {
  if (order.status === 'VOIDED') return say('said.refunds.voided')
  if (order.status === 'REFUNDED') return say('said.refunds.refunded')
  if (order.status !== 'PAID') return say('said.refunds.notPaid')
  if (money.unknown) {
    return say('said.refunds.unknownOutcome', { requestId: money.unknown.requestId })
  }
  // Only the gateway's cap would stop a refund of more than is left.
  if (money.amountUnknown) return say('said.refunds.registeredAmountUnknown', { requestId: money.amountUnknown.requestId })
  if (money.remainingSen === 0) return say('said.refunds.nothingLeft')
  return null
}

/** The training gateway's settlement time (midnight Malaysia time), and Settings' default. */
export const DEFAULT_SETTLEMENT_CUT_OFF = '00:00'

/**
 * Whether the gateway has settled the payment, as the app reckons it. The interface has no field that
 * says so; the gateway voids the whole payment before its daily settlement and refunds after it. So:
 * settled once a refund (not a void) went through; else once the settlement cut-off of Settings
 * (Malaysia time) has passed since the payment completed, or since the gateway last answered a refund
 * as a void (it was not settled then: a refusal that says so outweighs a cut-off set too early).
 * See docs/status-refunds-notifications.md, "Settlement".
 */
export function settlement(order: OrderRow, refunds: readonly RefundRow[], now: Date, cutOff: string): { settled: boolean; settlesAt: string | null } {
  const refunded = refunds.some((refund) => refund.status === 'SUCCESS' && (refund.type === 'FULL_REFUND' || refund.type === 'PARTIAL_REFUND'))
  if (refunded) return { settled: true, settlesAt: null }
  const notSettledAt = [order.completedAt ?? order.updatedAt, ...refunds.filter((refund) => refund.type === 'VOID').map((refund) => refund.updatedAt)].map(Date.parse)
  const settlesAt = settlementAfter(new Date(Math.max(...notSettledAt)), cutOff)
  return { settled: now.getTime() >= settlesAt.getTime(), settlesAt: settlesAt.toISOString() }
}

export function refundSummary(history: History, order: OrderRow, now: Date, cutOff: string): RefundSummary | null {
  if (!isRefundable(order)) return null
  const refunds = history.refunds.forOrder(order.id)
  if (refunds.length === 0 && order.status !== 'PAID' && order.status !== 'REFUNDED' && order.status !== 'VOIDED') return null
  const money = refundMoney(order, refunds)
  const asked = askedKinds(history, order.id)
  const { settled, settlesAt } = settlement(order, refunds, now, cutOff)
  const blocked = refundBlocked(order, money)
  return {
    paidSen: money.paidSen,
    refundedSen: money.refundedSen,
    pendingSen: money.pendingSen,
    remainingSen: money.remainingSen,
    blockedReason: blocked ? englishOf(blocked) : null,
    blockedSay: blocked,
    canVoid: order.status === 'PAID' && money.refundedSen === 0 && money.pendingSen === 0 && !settled,
    settled,
    settlesAt,
    refunds: refunds.map((refund) => refundView(history, refund, now, asked.get(refund.id) ?? null)),
  }
}
