/** POST /credit-card/charge: charges a stored card token host-to-host (MOTO or SALE). */
import { z } from 'zod'
import { DECLINES } from '../cards'
import { chargeView, paymentNotification } from '../card-views'
import type { Operation } from '../context'
import { cardInvalidParameter } from '../errors'
import { json } from '../http'
import { newApprovalCode, newReference } from '../ids'
import { invoiceInUse, type CardOrder, type Customer } from '../state'
import { amount, cardProblemText, currency, httpUrl, invoiceNumber, text, validate } from '../validation'

const chargeRequest = z.object({
  order: z.object({
    amount,
    invoice_number: invoiceNumber.optional(),
    currency: currency.optional(),
    descriptor: text(64).optional(),
  }),
  payment: z.object({ type: z.enum(['SALE', 'MOTO'], { error: 'Must Be SALE Or MOTO' }) }),
  card: z.object({ token: text(128) }),
  // The published MOTO example sends the customer beside the token; accepted, not required.
  customer: z.object({ id: text(64).optional() }).optional(),
  three_dsecure: z.object({ callback_url_success: httpUrl.optional(), callback_url_failed: httpUrl.optional() }).optional(),
})

const UNKNOWN_CUSTOMER: Customer = { id: '', name: '', email: '' }

export const chargeToken: Operation = ({ ctx, body, requestId, now }) => {
  const parsed = validate(chargeRequest, body)
  if (!parsed.ok) return { response: cardInvalidParameter(parsed.problem.field, cardProblemText(parsed.problem)), applied: false }
  const { order, payment, card, customer: customerRef } = parsed.value
  const invoice = order.invoice_number ?? newReference('INV-H2H-')
  if (invoiceInUse(ctx.state, invoice)) return { response: cardInvalidParameter('order.invoice_number', 'Is Already Used'), applied: false }

  const token = ctx.state.findToken(card.token)
  const decline =
    token === undefined
      ? DECLINES.unknownToken
      : token.status === 'INACTIVE'
        ? DECLINES.inactiveToken
        : !token.card.approved
          ? { responseCode: token.card.responseCode, responseMessage: token.card.responseMessage }
          : null
  // The token's customer; the one the request names only when the token is unknown (nothing to compare it with).
  const customer = token ? (ctx.state.customers.get(token.customerId) ?? { ...UNKNOWN_CUSTOMER, id: token.customerId }) : { ...UNKNOWN_CUSTOMER, id: customerRef?.id ?? '' }

  const record: CardOrder = {
    kind: 'CHARGE',
    invoiceNumber: invoice,
    requestId: requestId ?? '',
    amountSen: order.amount,
    currency: 'MYR',
    descriptor: order.descriptor ?? null,
    callbackUrl: null,
    failedUrl: null,
    autoRedirect: false,
    customer,
    transactionType: payment.type,
    status: decline ? 'FAILED' : 'SUCCESS',
    createdAt: now,
    completedAt: now,
    expiresAt: null,
    card: token?.card ?? null,
    responseCode: decline ? decline.responseCode : '00',
    responseMessage: decline ? decline.responseMessage : 'Approved',
    approvalCode: decline ? '' : newApprovalCode(),
    authenticationId: null,
    threeDsStatus: 'NA',
    tokenId: token ? card.token : null,
    tokenFingerprint: token?.fingerprint ?? null,
    // A charge's token is the merchant's already; the status check need not hand it out again.
    tokenReported: true,
    refundedSen: 0,
    forcedSettled: false,
    challenge: null,
    pageId: null,
  }
  ctx.state.addOrder(record)
  ctx.notifier.notify(decline ? 'PAYMENT_FAILED' : 'PAYMENT_SUCCESS', invoice, paymentNotification(record, now))
  return { response: json(200, chargeView(record, token, card.token)), applied: true }
}
