/**
 * "Needs review": the gateway said paid, but in another currency or for more than the order, so the
 * order was not turned paid and a person decides. The words the list and the order's panel show, and
 * the rule for the reason the decision needs (main checks it too). Pure.
 */
import type { OrderReview, OrderView } from '../../../src-preload/contract'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { formatRm } from '../../../src-common/money-text'
import { gatewayMoneyText } from '../../format/money'

export const REVIEW_REASON_MIN = 10
export const REVIEW_REASON_MAX = FIELD_LIMITS.reviewReason

export type ReviewDecision = 'paid' | 'not_paid'

/** What is wrong with a decision's reason, or null. */
export function reviewReasonProblem(reason: string): string | null {
  const text = reason.trim()
  if (text.length < REVIEW_REASON_MIN) return `Write at least ${String(REVIEW_REASON_MIN)} characters: what you checked, and where`
  if (text.length > REVIEW_REASON_MAX) return `Use at most ${String(REVIEW_REASON_MAX)} characters`
  return null
}

const SOURCES: Record<OrderReview['source'], string> = {
  check: 'a status check',
  notification: 'a notification',
  charge: "the charge's answer",
}

export interface ReviewFacts {
  /** What the gateway said was paid: "USD 999.99". */
  gatewaySays: string
  /** The order's own amount: "RM 4.50". */
  orderAmount: string
  /** One sentence: why a person must decide. */
  why: string
  /** Where the app heard it: "a notification". */
  source: string
}

export function reviewFacts(order: Pick<OrderView, 'amountSen' | 'currency'>, review: OrderReview): ReviewFacts {
  const gatewaySays = gatewayMoneyText(review.gatewayAmountSen, review.gatewayCurrency, order.currency)
  const orderAmount = formatRm(order.amountSen)
  const why =
    review.reason === 'currency'
      ? `The gateway says ${review.gatewayStatus} for ${gatewaySays}, in another currency than this order's ${orderAmount}.`
      : `The gateway says ${review.gatewayStatus} for ${gatewaySays}, more than this order's ${orderAmount}.`
  return { gatewaySays, orderAmount, why, source: SOURCES[review.source] }
}

/** The chip's tooltip in the list: the gist of the panel, in one line. */
export function reviewTitle(order: Pick<OrderView, 'amountSen' | 'currency'>, review: OrderReview): string {
  return `${reviewFacts(order, review).why} Not marked paid: open the order to decide.`
}
