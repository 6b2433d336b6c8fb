/**
 * The staff decision on an order that needs review (the gateway said paid, but in another currency or
 * for more than the order): the only way its flag is cleared. Either way it is written on the timeline
 * and in the audit log with who decided and why.
 *
 * - paid: the money arrived as the gateway says (staff checked it in the gateway's back office); the
 *   order becomes Paid, the gateway's amount kept beside the order's.
 * - not paid: the gateway's payment is not this order's; the order is Failed (a new payment is needed),
 *   which also unlocks a phone order's card.
 */
import type { OrderDetail } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { ServiceContext } from './context'
import { markOrderCardUsed } from './customers'
import { gatewayMoneyText, orderDetail } from './status-checks'

export type ReviewDecision = 'paid' | 'not_paid'

export function resolveReview(ctx: ServiceContext, orderId: number, decision: ReviewDecision, reason: string): OrderDetail {
  const history = ctx.history()
  const order = history.orders.get(orderId)
  if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id: orderId }))
  const review = order.review
  if (!review) throw new AppError('NOT_IN_REVIEW', say('said.review.notInReview'))
  const why = reason.trim()
  if (why.length < 10) throw new AppError('INVALID_INPUT', say('said.input.reason'), 'reason')
  const at = ctx.now().toISOString()
  const said = gatewayMoneyText(review.gatewayAmountSen, review.gatewayCurrency, order)
  history.transaction(() => {
    history.orders.update(
      orderId,
      decision === 'paid'
        ? { review: null, status: 'PAID', completedAt: order.completedAt ?? at, ...(review.reason === 'amount' ? { gatewayAmountSen: review.gatewayAmountSen } : {}) }
        : { review: null, status: 'FAILED', completedAt: order.completedAt ?? at },
      at,
    )
    history.events.append({
      orderId,
      type: 'staff_action',
      summary: decision === 'paid' ? `Review decided: paid as the gateway says (${said}) — ${why}` : `Review decided: not paid; the gateway's ${said} is not this order's payment — ${why}`,
      details: { decision, reason: why, review: { ...review } },
      attemptId: null,
      actor: ctx.actor(),
      at,
    })
    // Decided paid: an approval like any other, so a phone order's card was used.
    if (decision === 'paid') markOrderCardUsed(history, order, order.completedAt ?? at)
    history.audit.append({
      actor: ctx.actor(),
      approvedBy: ctx.approvedBy(),
      action: decision === 'paid' ? 'order.review_paid' : 'order.review_not_paid',
      orderId,
      details: { reason: why, gateway: said },
      at,
    })
  })
  ctx.events.emit('orders.changed', { id: orderId })
  return orderDetail(history, orderId, ctx.now(), ctx.settings().gateway.settlementCutOff)
}
