/**
 * What a paid card order's refunds add up to, and when each open refund's status check is due. Kept
 * apart from the refund service so that the order detail can show it without depending on it.
 */
import type { RefundSummary, RefundView } from '../../src-preload/contract'
import type { History } from '../store/history'
import type { OrderRow, RefundRow } from '../store/history-types'
import { checkView, dueAfter } from './check-timing'

/** Card payments are refunded through the card scheme; generic channels have no refund call here. */
export const isRefundable = (order: OrderRow): boolean => order.kind === 'card_link' || order.kind === 'phone_order'

const OPEN: ReadonlySet<RefundRow['status']> = new Set(['PENDING', 'OUTCOME_UNKNOWN'])
export const isOpen = (refund: RefundRow): boolean => OPEN.has(refund.status)

/** The path of a refund's status check: its own Request-Id (gateway-interface.md 4.3). */
export const refundStatusPath = (refund: RefundRow): string => `/orders/v1/status/${encodeURIComponent(refund.requestId)}`

/** 60 s after the later of the refund's creation here and the last request about it (the refund itself or a check of it). */
export function refundCheckDueAt(history: History, refund: RefundRow): Date | null {
  if (!isOpen(refund)) return null
  const statusPath = refundStatusPath(refund)
  const times = [Date.parse(refund.createdAt)]
  for (const attempt of history.attempts.forOrder(refund.orderId)) {
    if (attempt.requestId === refund.requestId || attempt.path === statusPath) times.push(Date.parse(attempt.startedAt))
  }
  return dueAfter(times)
}

export function refundView(history: History, refund: RefundRow, now: Date): RefundView {
  return {
    id: refund.id,
    requestId: refund.requestId,
    amountSen: refund.amountSen,
    type: refund.type,
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
  }
}

/** Why a new refund may not be asked for now, or null. */
export function refundBlockedReason(order: OrderRow, money: RefundMoney): string | null {
  if (order.status === 'VOIDED') return 'This payment was voided: nothing is left to refund.'
  if (order.status === 'REFUNDED') return 'This payment was refunded in full.'
  if (order.status !== 'PAID') return 'Only a paid order can be refunded.'
  if (money.unknown) {
    return `The outcome of refund ${money.unknown.requestId} is unknown: nothing more can be refunded on this order until its status check settles it.`
  }
  if (money.remainingSen === 0) return 'Nothing is left to refund: the rest is in refunds still waiting for the gateway.'
  return null
}

export function refundSummary(history: History, order: OrderRow, now: Date): RefundSummary | null {
  if (!isRefundable(order)) return null
  const refunds = history.refunds.forOrder(order.id)
  if (refunds.length === 0 && order.status !== 'PAID' && order.status !== 'REFUNDED' && order.status !== 'VOIDED') return null
  const money = refundMoney(order, refunds)
  return {
    paidSen: money.paidSen,
    refundedSen: money.refundedSen,
    pendingSen: money.pendingSen,
    remainingSen: money.remainingSen,
    blockedReason: refundBlockedReason(order, money),
    canVoid: order.status === 'PAID' && money.refundedSen === 0 && money.pendingSen === 0,
    refunds: refunds.map((refund) => refundView(history, refund, now)),
  }
}
