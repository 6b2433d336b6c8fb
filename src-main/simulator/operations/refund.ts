/**
 * POST /cancellation/credit-card/refund. Before settlement only a VOID of the full amount is possible;
 * after it, refunds may repeat up to the amount paid. A refused refund is answered 200 with status
 * FAILED and a message, and is kept so that its Request-Id can be looked up like any refund.
 */
import { z } from 'zod'
import { refundNotification } from '../card-views'
import type { Operation } from '../context'
import { cardInvalidParameter, cardNotFound } from '../errors'
import { json } from '../http'
import { newApprovalCode } from '../ids'
import { senToAmount } from '../money'
import { isSettled, type CardOrder, type RefundRecord, type RefundType } from '../state'
import { amount, cardProblemText, invoiceNumber, text, validate } from '../validation'

const refundRequest = z.object({
  order: z.object({ invoice_number: invoiceNumber }),
  payment: z.object({ original_request_id: text(128) }),
  refund: z.object({ amount }),
})

type Decision = { ok: true; type: RefundType } | { ok: false; type: RefundType; message: string }

function decide(order: CardOrder, amountSen: number, now: number): Decision {
  const remaining = order.amountSen - order.refundedSen
  const settled = isSettled(order, now)
  const wouldBe: RefundType = !settled ? 'VOID' : amountSen === order.amountSen ? 'FULL_REFUND' : 'PARTIAL_REFUND'
  if (order.status === 'VOIDED') return { ok: false, type: wouldBe, message: 'Payment Is Already Voided' }
  if (order.status === 'REFUNDED') return { ok: false, type: wouldBe, message: 'Payment Is Already Fully Refunded' }
  if (order.status !== 'SUCCESS') return { ok: false, type: wouldBe, message: 'Only A Successful Payment Can Be Refunded' }
  if (!settled) {
    return amountSen === order.amountSen ? { ok: true, type: 'VOID' } : { ok: false, type: 'VOID', message: 'Before Settlement Only A Void Of The Full Amount Is Possible' }
  }
  if (amountSen > remaining) return { ok: false, type: wouldBe, message: 'Refund Amount Exceeds The Amount Left To Refund' }
  return { ok: true, type: wouldBe }
}

export const requestRefund: Operation = ({ ctx, body, requestId, now }) => {
  const parsed = validate(refundRequest, body)
  if (!parsed.ok) return { response: cardInvalidParameter(parsed.problem.field, cardProblemText(parsed.problem)), applied: false }
  const { order: orderRef, payment, refund } = parsed.value
  const order = ctx.state.orders.get(payment.original_request_id)
  if (!order) return { response: cardNotFound('payment.original_request_id Not Found'), applied: false }
  if (order.invoiceNumber !== orderRef.invoice_number) {
    return { response: cardInvalidParameter('order.invoice_number', 'Does Not Match The Original Payment'), applied: false }
  }
  const decision = decide(order, refund.amount, now)
  const record: RefundRecord = {
    requestId: requestId ?? '',
    invoiceNumber: order.invoiceNumber,
    originalRequestId: order.requestId,
    amountSen: refund.amount,
    type: decision.type,
    status: decision.ok ? 'SUCCESS' : 'FAILED',
    message: decision.ok ? 'Success' : decision.message,
    approvalCode: decision.ok ? newApprovalCode() : '',
    at: now,
  }
  ctx.state.refunds.set(record.requestId, record)
  if (decision.ok) {
    order.refundedSen += refund.amount
    if (decision.type === 'VOID') order.status = 'VOIDED'
    else if (order.refundedSen === order.amountSen) order.status = 'REFUNDED'
    ctx.notifier.notify('REFUND', order.invoiceNumber, refundNotification(record, order))
  }
  return {
    response: json(200, {
      order: { invoice_number: order.invoiceNumber },
      payment: { original_request_id: order.requestId },
      // No `refund.request_id`: no published example carries one (the caller knows its own Request-Id).
      refund: {
        amount: senToAmount(record.amountSen),
        type: record.type,
        status: record.status,
        message: record.message,
        approval_code: record.approvalCode,
      },
    }),
    applied: true,
  }
}
