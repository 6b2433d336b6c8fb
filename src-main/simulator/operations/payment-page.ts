/** POST /credit-card/v1/payment-page: validates order and customer and opens a hosted page for it. */
import { z } from 'zod'
import type { Operation } from '../context'
import { cardInvalidParameter } from '../errors'
import { json } from '../http'
import { newPageId, newReference } from '../ids'
import { invoiceInUse, PAYMENT_PAGE_LIFETIME_MS, type CardOrder } from '../state'
import { amount, cardProblemText, currency, customerFields, httpUrl, invoiceNumber, text, validate } from '../validation'

const paymentPageRequest = z.object({
  order: z.object({
    amount,
    invoice_number: invoiceNumber,
    currency,
    callback_url: httpUrl.optional(),
    failed_url: httpUrl.optional(),
    auto_redirect: z.boolean().optional(),
    descriptor: text(64).optional(),
  }),
  customer: z.object({ id: text(64).optional(), ...customerFields }),
  payment: z.object({ type: z.literal('SALE', { error: 'Must Be SALE' }) }).optional(),
})

export const createPaymentPage: Operation = ({ ctx, body, requestId, now }) => {
  const parsed = validate(paymentPageRequest, body)
  if (!parsed.ok) return { response: cardInvalidParameter(parsed.problem.field, cardProblemText(parsed.problem)), applied: false }
  const { order, customer } = parsed.value
  if (invoiceInUse(ctx.state, order.invoice_number)) {
    return { response: cardInvalidParameter('order.invoice_number', 'Is Already Used'), applied: false }
  }
  const pageId = newPageId()
  const record: CardOrder = {
    kind: 'PAYMENT_PAGE',
    invoiceNumber: order.invoice_number,
    requestId: requestId ?? '',
    amountSen: order.amount,
    currency: 'MYR',
    descriptor: order.descriptor ?? null,
    callbackUrl: order.callback_url ?? null,
    failedUrl: order.failed_url ?? null,
    autoRedirect: order.auto_redirect ?? false,
    customer: { ...customer, id: customer.id ?? newReference('CUST-') },
    transactionType: 'SALE',
    status: 'PENDING',
    createdAt: now,
    completedAt: null,
    expiresAt: now + PAYMENT_PAGE_LIFETIME_MS,
    card: null,
    responseCode: null,
    responseMessage: null,
    approvalCode: null,
    authenticationId: null,
    threeDsStatus: 'NA',
    tokenId: null,
    tokenFingerprint: null,
    tokenReported: false,
    refundedSen: 0,
    forcedSettled: false,
    challenge: null,
    pageId,
  }
  ctx.state.addOrder(record)
  const url = ctx.pageLinks.cardPage(ctx.baseUrl(), pageId, {
    requestId: record.requestId,
    invoiceNumber: record.invoiceNumber,
    clientId: ctx.credentials.clientId,
  })
  return {
    response: json(200, {
      order: { invoice_number: record.invoiceNumber, currency: record.currency },
      credit_card_payment_page: { url },
    }),
    applied: true,
  }
}
