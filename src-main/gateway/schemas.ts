/**
 * What the gateway's answers must hold. Each schema accepts fields it does not name (the gateway may
 * add some) and rejects an answer that lacks what the app relies on. Amounts are read to integer sen.
 */
import { z } from 'zod'
import { parseAmountSen } from './money'

const text = z.string()
const optionalText = z.string().nullish()

/** An amount as the gateway sends it, read as integer sen. */
export const amountSen = z.unknown().transform((value, context) => {
  const sen = parseAmountSen(value)
  if (sen === null) {
    context.addIssue({ code: 'custom', message: 'not an amount with at most two decimals' })
    return z.NEVER
  }
  return sen
})

const customer = z.looseObject({
  id: optionalText,
  name: optionalText,
  email: optionalText,
  phone: optionalText,
  address: optionalText,
  city: optionalText,
  state: optionalText,
  zip_code: optionalText,
  country: optionalText,
})

export const PaymentPageResponse = z.looseObject({
  order: z.looseObject({ invoice_number: text, currency: optionalText }),
  credit_card_payment_page: z.looseObject({ url: z.url() }),
})

export const ChargeResponse = z.looseObject({
  order: z.looseObject({ invoice_number: optionalText, amount: amountSen.optional(), descriptor: optionalText, currency: optionalText }).optional(),
  customer: customer.optional(),
  payment: z.looseObject({
    type: optionalText,
    request_id: optionalText,
    response_code: optionalText,
    response_message: optionalText,
    status: text,
    approval_code: optionalText,
  }),
  card: z.looseObject({ token: optionalText, masked: optionalText, type: optionalText, issuer: optionalText, brand: optionalText }).optional(),
})

export const StatusResponse = z.looseObject({
  order: z.looseObject({ invoice_number: optionalText, amount: amountSen.optional(), currency: optionalText }).optional(),
  transaction: z.looseObject({
    status: text,
    type: optionalText,
    date: optionalText,
    original_request_id: optionalText,
    // The published status answers carry the amount here, as a string ("5").
    amount: amountSen.optional(),
    currency: optionalText,
  }),
  refund: z.looseObject({ amount: amountSen.optional(), type: optionalText, status: optionalText }).nullish(),
  service: z.looseObject({ id: optionalText }).optional(),
  acquirer: z.looseObject({ id: optionalText, name: optionalText }).optional(),
  channel: z.looseObject({ id: optionalText }).optional(),
  card_payment: z
    .looseObject({
      card_masked: optionalText,
      request_id: optionalText,
      card_type: optionalText,
      issuer: optionalText,
      transaction_status: optionalText,
      brand: optionalText,
      date: optionalText,
      approval_code: optionalText,
      response_code: optionalText,
      response_message: optionalText,
      token_id: optionalText,
    })
    .optional(),
})

const lineItem = z.looseObject({ id: optionalText, name: text, quantity: z.number().int(), price: amountSen })

/** The generic ("v3") payment, as created and as retrieved. */
export const GenericPaymentResponse = z.looseObject({
  id: optionalText,
  reference_id: optionalText,
  order: z.looseObject({ amount: amountSen.optional(), invoice_number: optionalText, currency: optionalText, expired_at: optionalText, line_items: z.array(lineItem).nullish() }).optional(),
  payment: z.looseObject({
    channel: optionalText,
    type: optionalText,
    initiation_type: optionalText,
    amount: amountSen.optional(),
    currency: optionalText,
    status: text,
    state: optionalText,
    gateway_reference_id: optionalText,
    doku_reference_id: optionalText,
    /** When the customer paid, where the answer says (the training gateway's does, as its notification). */
    completed_at: optionalText,
    next_action: z.looseObject({ required: z.boolean().nullish(), type: optionalText, url: z.url().nullish() }).nullish(),
    callback_url: optionalText,
  }),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  customer: customer.nullish(),
})

export const BankListResponse = z.looseObject({
  banks: z.array(z.looseObject({ bank_code: text, bank_name: text, status: optionalText })),
})

export const RefundResponse = z.looseObject({
  refund: z.looseObject({
    amount: amountSen.optional(),
    type: optionalText,
    status: text,
    message: optionalText,
    approval_code: optionalText,
  }),
})

export const UnbindTokenResponse = z.looseObject({
  token: z.looseObject({ id: text, status: text }),
})

/**
 * A card notification (gateway-interface.md 2.8) as the listener accepts it: an invoice number and a
 * transaction status at least. A refund's notification also carries a `refund` object.
 */
export const NotificationBody = z.looseObject({
  order: z.looseObject({ invoice_number: z.string().min(1).max(128), amount: amountSen.optional(), currency: optionalText }),
  transaction: z.looseObject({ status: z.string().min(1).max(64), type: optionalText, date: optionalText, original_request_id: optionalText }),
  card_payment: z.looseObject({ masked_card_number: optionalText, approval_code: optionalText, issuer: optionalText, brand: optionalText, token_id: optionalText }).nullish(),
  card: z.looseObject({ token: optionalText }).nullish(),
  refund: z.looseObject({ request_id: optionalText, amount: amountSen.optional(), type: optionalText, status: optionalText, message: optionalText }).nullish(),
})
export type NotificationBody = z.output<typeof NotificationBody>
