/**
 * What the result of a charge shows. The outcome main answered is where it starts; the order's status
 * as main describes it now decides once a status check (or a notification) has settled it. Pure.
 */
import type { CallError, ChargeResult, OrderDetail, Receipt } from '../../../src-preload/contract'

/** The charge's result as the screen keeps it. */
export interface ChargeOutcome {
  /** What `phoneOrders.charge` answered, or `refused` when the gateway turned the request down (GATEWAY_REJECTED). */
  answered: ChargeResult['outcome'] | 'refused'
  /** The order as main last described it; null when the gateway refused the request. */
  detail: OrderDetail | null
  responseCode: string | null
  responseMessage: string | null
  receipt: Receipt | null
  receiptError: CallError | null
  /** GATEWAY_REJECTED: why. */
  refusal: CallError | null
  refreshError: CallError | null
}

export type ResultView =
  /** The card was charged: the receipt. */
  | 'approved'
  /** The bank said no; the card is not locked. */
  | 'declined'
  /** Nobody knows yet whether the customer was charged; the card is locked. */
  | 'unknown'
  /** It was unknown, and a status check found that the customer was not charged. */
  | 'settled_not_charged'
  /** The gateway refused the request: nothing was charged. */
  | 'refused'
  /** Anything else the order became afterwards (refunded, voided…): its status says it. */
  | 'other'
  /** Approved, but for money that is not the order's (another currency, more): a person decides under Orders. */
  | 'review'

export function resultView(outcome: Pick<ChargeOutcome, 'answered' | 'detail'>): ResultView {
  if (outcome.answered === 'refused' || !outcome.detail) return 'refused'
  if (outcome.detail.order.review) return 'review'
  const status = outcome.detail.order.status
  if (status === 'PAID') return 'approved'
  if (status === 'FAILED') return outcome.answered === 'unknown' ? 'settled_not_charged' : 'declined'
  if (status === 'OUTCOME_UNKNOWN' || status === 'PENDING' || status === 'UNKNOWN') {
    // An answered decline or approval whose order main still shows as waiting: trust the answer.
    if (outcome.answered === 'declined') return 'declined'
    if (outcome.answered === 'approved') return 'approved'
    return 'unknown'
  }
  return 'other'
}

/** "05 · Do Not Honour" from the acquirer's answer; null when it gave neither. */
export function responseText(code: string | null, message: string | null): string | null {
  const parts = [code?.trim(), message?.trim()].filter((part): part is string => Boolean(part))
  return parts.length > 0 ? parts.join(' · ') : null
}

/** A fresh outcome from main's answer to the charge. */
export function outcomeOf(result: ChargeResult): ChargeOutcome {
  return {
    answered: result.outcome,
    detail: result.detail,
    responseCode: result.responseCode,
    responseMessage: result.responseMessage,
    receipt: result.receipt,
    receiptError: null,
    refusal: null,
    refreshError: null,
  }
}

export function refusedOutcome(error: CallError): ChargeOutcome {
  return { answered: 'refused', detail: null, responseCode: null, responseMessage: null, receipt: null, receiptError: null, refusal: error, refreshError: null }
}
