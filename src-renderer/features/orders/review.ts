/**
 * "Needs review": the gateway said paid, but in another currency or for more than the order, so the
 * order was not turned paid and a person decides. The words the list and the order's panel show, and
 * the rule for the reason the decision needs (main checks it too). Pure.
 */
import type { OrderReview, OrderView } from '../../../src-preload/contract'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { formatRm, gatewayMoneyText } from '../../format/money'
import { t } from '../../i18n/i18n'

export const REVIEW_REASON_MIN = 10
export const REVIEW_REASON_MAX = FIELD_LIMITS.reviewReason

export type ReviewDecision = 'paid' | 'not_paid'

/** What is wrong with a decision's reason, or null. */
export function reviewReasonProblem(reason: string): string | null {
  const text = reason.trim()
  if (text.length < REVIEW_REASON_MIN) return t('orders.review.reasonShort', { min: REVIEW_REASON_MIN })
  if (text.length > REVIEW_REASON_MAX) return t('orders.review.reasonLong', { max: REVIEW_REASON_MAX })
  return null
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
  const words = { status: review.gatewayStatus, gatewaySays, orderAmount }
  const why = review.reason === 'currency' ? t('orders.review.whyCurrency', words) : t('orders.review.whyMore', words)
  return { gatewaySays, orderAmount, why, source: t(`orders.review.source.${review.source}`) }
}

/** The chip's tooltip in the list: the gist of the panel, in one line. */
export function reviewTitle(order: Pick<OrderView, 'amountSen' | 'currency'>, review: OrderReview): string {
  return t('orders.review.title', { why: reviewFacts(order, review).why })
}
