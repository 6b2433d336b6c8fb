/**
 * How a v3 (non-card) payment ends — the customer approves or declines it, or its `expired_at`
 * passes — and the notification that follows. The real gateway's "global" notification body is not
 * published, so the training gateway sends its own documented form (docs/simulator.md), close to the
 * retrieve answer and signed with the generic scheme.
 */
import { formatTimestamp } from '../gateway/signing'
import type { SimContext } from './context'
import { senToAmountText } from './money'
import type { GenericNotificationEvent } from './notifier'
import { expireGenericIfDue, type GenericPayment } from './state'

const EVENTS: Record<'SUCCESS' | 'FAILED' | 'EXPIRED', GenericNotificationEvent> = {
  SUCCESS: 'V3_PAYMENT_SUCCESS',
  FAILED: 'V3_PAYMENT_FAILED',
  EXPIRED: 'V3_PAYMENT_EXPIRED',
}

/** The training gateway's v3 notification body. Amounts are numeric strings. */
export function genericNotification(payment: GenericPayment): unknown {
  const amount = senToAmountText(payment.amountSen)
  return {
    id: payment.id,
    reference_id: payment.referenceId,
    order: { invoice_number: payment.invoiceNumber, amount, currency: payment.currency },
    payment: {
      channel: payment.channel,
      ...(payment.bankCode ? { bank_code: payment.bankCode } : {}),
      amount,
      currency: payment.currency,
      status: payment.status,
      state: payment.state,
      gateway_reference_id: payment.referenceId,
      ...(payment.completedAt !== null ? { completed_at: formatTimestamp(new Date(payment.completedAt)) } : {}),
    },
  }
}

function notifyFinal(ctx: SimContext, payment: GenericPayment): void {
  if (payment.status === 'PENDING') return
  ctx.notifier.notify(EVENTS[payment.status], payment.invoiceNumber, genericNotification(payment))
}

/** Expires the payment if its time has run out, and notifies when it did. */
export function expireGenericPayment(ctx: SimContext, payment: GenericPayment, now: number): void {
  if (expireGenericIfDue(payment, now)) notifyFinal(ctx, payment)
}

/** Approves or declines a waiting payment and notifies; false when it is no longer waiting. */
export function decideGenericPayment(ctx: SimContext, payment: GenericPayment, approve: boolean): boolean {
  const now = ctx.clock.now()
  expireGenericPayment(ctx, payment, now)
  if (payment.status !== 'PENDING') return false
  payment.status = approve ? 'SUCCESS' : 'FAILED'
  payment.state = approve ? 'COMPLETED' : 'FAILED'
  payment.completedAt = now
  notifyFinal(ctx, payment)
  return true
}

/**
 * Expires every waiting payment whose time has run out, so that its notification goes out when the
 * time passes rather than when somebody next looks. Returns how many it expired.
 */
export function expireDueGenericPayments(ctx: SimContext): number {
  const now = ctx.clock.now()
  let expired = 0
  for (const payment of ctx.state.genericPayments.values()) {
    if (payment.status !== 'PENDING' || now < payment.expiredAt) continue
    expireGenericPayment(ctx, payment, now)
    expired += 1
  }
  return expired
}
