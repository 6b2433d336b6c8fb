/**
 * POST /v3/payments and GET /v3/payments/{id}: payments on non-card channels. A new payment waits
 * for the customer (PENDING / INITIATE with an auth_redirection) on a simulator page until it is
 * approved, declined or its `expired_at` passes on the simulator clock.
 */
import { z } from 'zod'
import { formatTimestamp, parseTimestamp } from '../../gateway/signing'
import type { Operation, SimContext } from '../context'
import { genericError } from '../errors'
import { json } from '../http'
import { newReference } from '../ids'
import { senToAmount } from '../money'
import type { GenericPayment } from '../state'
import { expireGenericPayment } from '../v3-outcomes'
import { amount, currency, email, genericProblemText, httpUrl, invoiceNumber, phone, text, validate } from '../validation'
import { FPX_AMOUNT_RANGE, GENERIC_CHANNELS } from '../../../src-common/channels'
import { FPX_BANKS } from './banks'

/** When the request gives no `expired_at`. */
const DEFAULT_LIFETIME_MS = 60 * 60_000

const timestamp = z.string().refine((value) => parseTimestamp(value) !== null, { error: 'Must Be YYYY-MM-DDTHH:mm:ssZ' })

const createPaymentRequest = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._-]+$/, { error: 'Must Contain Only Letters, Digits, "-", "_" Or "."' }),
  order: z.object({
    amount,
    currency,
    invoice_number: invoiceNumber,
    expired_at: timestamp.optional(),
    line_items: z
      .array(z.object({ id: text(64), name: text(255), quantity: z.number().int().min(1), price: z.number().min(0) }))
      .max(100)
      .optional(),
  }),
  payment: z.object({
    channel: z.enum(GENERIC_CHANNELS, { error: `Must Be One Of ${GENERIC_CHANNELS.join(', ')}` }),
    bank_code: z.string().trim().min(1).optional(),
    callback_url: httpUrl.optional(),
    // The published examples always send B2C; accepted, not yet required (docs/simulator.md).
    business_model: z.enum(['B2C', 'B2B'], { error: 'Must Be B2C Or B2B' }).optional(),
  }),
  customer: z.object({
    id: text(64).optional(),
    name: text(128),
    email,
    phone,
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .optional(),
    address: text(255).optional(),
  }),
  metadata: z.record(z.string(), z.string()).optional(),
  // The published examples send the customer's device; accepted, not yet required (docs/simulator.md).
  device_info: z.object({ platform: z.string().max(255).optional(), browser: z.string().max(255).optional(), os: z.string().max(255).optional() }).optional(),
  // The channel page's language; the customer page of the training gateway speaks it.
  checkout_experience: z.object({ language: z.enum(['EN', 'MS'], { error: 'Must Be EN Or MS' }).optional() }).optional(),
})

export function genericPaymentView(ctx: SimContext, payment: GenericPayment): unknown {
  const amountNumber = senToAmount(payment.amountSen)
  const waiting = payment.status === 'PENDING'
  return {
    id: payment.id,
    reference_id: payment.referenceId,
    order: {
      amount: amountNumber,
      invoice_number: payment.invoiceNumber,
      currency: payment.currency,
      line_items: payment.lineItems,
      expired_at: formatTimestamp(new Date(payment.expiredAt)),
    },
    payment: {
      channel: payment.channel,
      ...(payment.bankCode ? { bank_code: payment.bankCode } : {}),
      type: 'SALE',
      initiation_type: 'customer_initiate',
      amount: amountNumber,
      currency: payment.currency,
      ...(payment.businessModel ? { business_model: payment.businessModel } : {}),
      status: payment.status,
      state: payment.state,
      gateway_reference_id: payment.referenceId,
      // As its notification says it (v3-outcomes.ts).
      ...(payment.completedAt !== null ? { completed_at: formatTimestamp(new Date(payment.completedAt)) } : {}),
      next_action: {
        required: waiting,
        type: 'auth_redirection',
        url: ctx.pageLinks.genericPage(ctx.baseUrl(), payment.id, { invoiceNumber: payment.invoiceNumber, clientId: ctx.credentials.clientId }),
      },
      ...(payment.callbackUrl ? { callback_url: payment.callbackUrl } : {}),
    },
    metadata: payment.metadata,
    customer: payment.customer,
    ...(payment.pageLanguage ? { checkout_experience: { language: payment.pageLanguage } } : {}),
  }
}

export const createGenericPayment: Operation = ({ ctx, body, now }) => {
  const parsed = validate(createPaymentRequest, body)
  if (!parsed.ok) return { response: genericError(400, 'invalid_request', genericProblemText(parsed.problem)), applied: false }
  const { id, order, payment, customer, metadata, device_info: deviceInfo, checkout_experience: checkout } = parsed.value
  if (ctx.state.genericPayments.has(id)) return { response: genericError(400, 'invalid_request', 'id is already used'), applied: false }
  for (const other of ctx.state.genericPayments.values()) {
    if (other.invoiceNumber === order.invoice_number && (other.status === 'PENDING' || other.status === 'SUCCESS')) {
      return { response: genericError(400, 'invalid_request', 'order.invoice_number is already used'), applied: false }
    }
  }
  let bankCode: string | null = null
  if (payment.channel === 'INTERNET_BANKING_FPX') {
    if (!payment.bank_code) return { response: genericError(400, 'invalid_request', 'payment.bank_code is required for INTERNET_BANKING_FPX'), applied: false }
    const bank = FPX_BANKS.find((candidate) => candidate.bank_code === payment.bank_code)
    if (!bank) return { response: genericError(400, 'invalid_request', 'payment.bank_code is not in the bank list'), applied: false }
    if (bank.status !== 'ACTIVE') return { response: genericError(400, 'invalid_request', 'payment.bank_code is not active'), applied: false }
    // The scheme's own range (what the app checks before sending, src-common/channels.ts).
    if (order.amount < FPX_AMOUNT_RANGE.minSen || order.amount > FPX_AMOUNT_RANGE.maxSen) {
      return { response: genericError(400, 'invalid_request', 'order.amount is invalid: INTERNET_BANKING_FPX takes 1.00 to 30000.00'), applied: false }
    }
    bankCode = bank.bank_code
  }
  const expiredAt = order.expired_at ? (parseTimestamp(order.expired_at)?.getTime() ?? now) : now + DEFAULT_LIFETIME_MS
  if (expiredAt <= now) return { response: genericError(400, 'invalid_request', 'order.expired_at is invalid: must be in the future'), applied: false }
  const record: GenericPayment = {
    id,
    invoiceNumber: order.invoice_number,
    amountSen: order.amount,
    currency: 'MYR',
    expiredAt,
    channel: payment.channel,
    bankCode,
    businessModel: payment.business_model ?? null,
    deviceInfo: deviceInfo ? { platform: deviceInfo.platform ?? null, browser: deviceInfo.browser ?? null, os: deviceInfo.os ?? null } : null,
    pageLanguage: checkout?.language ?? null,
    customer: {
      id: customer.id ?? newReference('CUST-'),
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      country: customer.country ?? null,
      address: customer.address ?? null,
    },
    callbackUrl: payment.callback_url ?? null,
    metadata: metadata ?? {},
    lineItems: order.line_items ?? [],
    status: 'PENDING',
    state: 'INITIATE',
    referenceId: newReference('DKR-'),
    createdAt: now,
    completedAt: null,
  }
  ctx.state.genericPayments.set(id, record)
  return { response: json(200, genericPaymentView(ctx, record)), applied: true }
}

export const getGenericPayment: Operation = ({ ctx, param, now }) => {
  const payment = ctx.state.genericPayments.get(param)
  if (!payment) return { response: genericError(404, 'not_found', 'payment not found'), applied: false }
  expireGenericPayment(ctx, payment, now)
  return { response: json(200, genericPaymentView(ctx, payment)), applied: false }
}
