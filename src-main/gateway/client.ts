/**
 * The gateway client: one function per operation, for the real gateway and the training gateway alike.
 *
 * Every call is signed over the exact bytes sent, answered with data (never a throw), and described
 * by an Exchange fit to store and log (bodies redacted, no headers). Money-moving calls take their
 * Request-Id from the caller, who writes it ahead of the call, and are never retried here; a
 * deliberate retry passes the same Request-Id again and gets the gateway's 409 replay, which is read
 * as the original answer. Reads get a fresh Request-Id per attempt and retry with backoff.
 */
import { performance } from 'node:perf_hooks'
import type { z } from 'zod'
import type { Logger } from '../log'
import { badResponse, httpError, transportError, type GatewayError } from './errors'
import type { GenericChannel } from '../../src-common/channels'
import { GatewayHttp, type HttpResponse, type HttpSettings } from './http'
import { amount, toWireJson } from './money'
import { redactBody, redactJson } from './redact'
import { BankListResponse, ChargeResponse, GenericPaymentResponse, PaymentPageResponse, RefundResponse, StatusResponse, UnbindTokenResponse } from './schemas'
import {
  cardRequestHeaders,
  cardRequestStringToSign,
  cardResponseStringToSign,
  digest,
  formatTimestamp,
  genericRequestHeaders,
  genericResponseStringToSign,
  genericStringToSign,
  verifySignature,
} from './signing'
import { normaliseStatus, type GatewayStatus } from './status'
import { gatewayTime } from './time'

export interface GatewayCredentials {
  clientId: string
  /** Card-scheme and generic-scheme signing key. */
  secretKey: string
  /** Generic scheme's Basic credentials. */
  apiKey: string
}

export interface GatewaySettings extends HttpSettings {
  /** Extra attempts of a read (status check, retrieve, bank list) after a network error, timeout or 5xx. */
  readRetries: number
  /** Waits before each extra attempt of a read. */
  readBackoffMs: readonly number[]
  /** Treat a missing or wrong response signature as a bad response instead of recording it. */
  blockOnBadSignature: boolean
  /**
   * Treat a missing or wrong signature on the answer to a money-moving call (charge, link, refund) as
   * a bad response, whatever blockOnBadSignature says: the outcome is then unknown, settled by a
   * status check, and a forged "approved" can never make an order Paid. On in Production, for the card
   * scheme (whose answer signature is published).
   */
  blockUnsignedMoneyAnswers: boolean
  /** Whether the API key is followed by `:` before Basic encoding (sources disagree). */
  apiKeyTrailingColon: boolean
}

export const DEFAULT_GATEWAY_SETTINGS: GatewaySettings = {
  connectTimeoutMs: 5_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  maxConcurrency: 6,
  readRetries: 2,
  readBackoffMs: [500, 2_000],
  blockOnBadSignature: false,
  blockUnsignedMoneyAnswers: false,
  apiKeyTrailingColon: false,
}

export type OperationName = 'payment_page' | 'charge' | 'status' | 'create_payment' | 'retrieve_payment' | 'bank_list' | 'refund' | 'unbind_token'

/** Which signing scheme a notification verified under. */
export type NotificationScheme = 'card' | 'generic'

/** valid/invalid/missing for an answer's signature; not_signed where nothing was checked (no answer). */
export type SignatureCheck = 'valid' | 'invalid' | 'missing' | 'not_signed'

/** One exchange with the gateway, as it may be stored and logged. */
export interface Exchange {
  operation: OperationName
  requestId: string
  method: 'GET' | 'POST'
  path: string
  sentAt: Date
  httpStatus: number | null
  durationMs: number
  attempts: number
  signature: SignatureCheck
  /** The gateway answered 409 with the original response: this request had been received before. */
  replayed: boolean
  requestBody: string | null
  responseBody: string | null
}

export type GatewayResult<T> = { ok: true; value: T; exchange: Exchange } | { ok: false; error: GatewayError; exchange: Exchange }

export interface CustomerInput {
  id?: string | undefined
  name: string
  email?: string | undefined
  phone?: string | undefined
  address?: string | undefined
  city?: string | undefined
  state?: string | undefined
  zipCode?: string | undefined
  country?: string | undefined
}

export interface PaymentPageInput {
  requestId: string
  invoiceNumber: string
  amountSen: number
  callbackUrl: string
  failedUrl?: string | undefined
  autoRedirect: boolean
  descriptor?: string | undefined
  customer: CustomerInput
}

export interface ChargeInput {
  requestId: string
  amountSen: number
  token: string
  paymentType: 'MOTO' | 'SALE'
  invoiceNumber?: string | undefined
  descriptor?: string | undefined
  /** The merchant's id of the customer (`customer.id`). */
  customerId?: string | undefined
  callbackUrlSuccess?: string | undefined
  callbackUrlFailed?: string | undefined
}

export interface LineItemInput {
  id?: string | undefined
  name: string
  quantity: number
  priceSen: number
}

export interface CreatePaymentInput {
  /** Also sent as the Idempotency-Id, so a deliberate retry cannot create a second payment. */
  requestId: string
  /** The merchant's identifier of the payment (`id`). */
  paymentId: string
  invoiceNumber: string
  amountSen: number
  expiresAt: Date
  channel: GenericChannel
  bankCode?: string | undefined
  lineItems?: readonly LineItemInput[] | undefined
  callbackUrl?: string | undefined
  customer: { id: string; name: string; email?: string | undefined; phone?: string | undefined; country: string }
  /** The language of the gateway's channel page (`checkout_experience.language`); absent: the gateway's own choice. */
  pageLanguage?: 'EN' | 'MS' | undefined
}

/**
 * `device_info` of a v3 creation. The published examples always send it and some channels are said to
 * require it; the payment is made here, at the desk, in a Chromium window (Electron, or the browser).
 */
export const DESK_DEVICE_INFO = {
  platform: 'WEB',
  browser: 'CHROME',
  os: process.platform === 'win32' ? 'WINDOWS' : process.platform === 'darwin' ? 'MACOS' : 'LINUX',
} as const

export interface RefundInput {
  requestId: string
  invoiceNumber: string
  /** Request-Id of the payment being refunded. */
  originalRequestId: string
  amountSen: number
}

export interface CardDetails {
  token: string | null
  masked: string | null
  type: string | null
  issuer: string | null
  brand: string | null
}

export interface PaymentPage {
  invoiceNumber: string
  url: string
}

export interface ChargeOutcome {
  status: GatewayStatus
  requestId: string | null
  responseCode: string | null
  responseMessage: string | null
  approvalCode: string | null
  invoiceNumber: string | null
  amountSen: number | null
  currency: string | null
  card: CardDetails | null
}

export interface StatusOutcome {
  status: GatewayStatus
  transactionType: string | null
  transactionDate: string | null
  originalRequestId: string | null
  invoiceNumber: string | null
  /** What the gateway says was paid (or refunded, for a refund's own status): after any discount. */
  amountSen: number | null
  currency: string | null
  acquirer: string | null
  card: {
    masked: string | null
    brand: string | null
    issuer: string | null
    approvalCode: string | null
    tokenId: string | null
    /** Kept apart from the transaction status (gateway-facts.md 4). */
    transactionStatus: string | null
  } | null
}

export interface GenericPayment {
  id: string | null
  status: GatewayStatus
  state: string | null
  /** From gateway_reference_id, doku_reference_id or the top-level reference_id, whichever is there. */
  referenceId: string | null
  nextActionUrl: string | null
  expiresAt: string | null
  /** When the customer paid (`payment.completed_at`), where the answer says; an ISO time. */
  completedAt: string | null
  amountSen: number | null
  currency: string | null
  channel: string | null
}

export interface Bank {
  code: string
  name: string
  active: boolean
}

export interface RefundOutcome {
  status: GatewayStatus
  type: string | null
  amountSen: number | null
  message: string | null
  approvalCode: string | null
}

export interface UnbindOutcome {
  tokenId: string
  status: string
}

export interface GatewayClientOptions {
  baseUrl: string
  credentials: GatewayCredentials
  settings?: Partial<GatewaySettings>
  /** The injected clock: Request-Timestamp and sentAt read it. */
  now?: () => Date
  /** Request-Ids of reads; money-moving calls take theirs from the caller. */
  newRequestId?: () => string
  log: Logger
  /** How a read waits before retrying; tests pass one that resolves at once. */
  wait?: (ms: number) => Promise<void>
}

export interface GatewayClient {
  newRequestId(): string
  createPaymentPage(input: PaymentPageInput): Promise<GatewayResult<PaymentPage>>
  charge(input: ChargeInput): Promise<GatewayResult<ChargeOutcome>>
  /** By invoice number or by request id (a charge's or a refund's). */
  checkStatus(identifier: string): Promise<GatewayResult<StatusOutcome>>
  createPayment(input: CreatePaymentInput): Promise<GatewayResult<GenericPayment>>
  retrievePayment(paymentId: string): Promise<GatewayResult<GenericPayment>>
  bankList(): Promise<GatewayResult<Bank[]>>
  refund(input: RefundInput): Promise<GatewayResult<RefundOutcome>>
  unbindToken(tokenId: string, requestId?: string): Promise<GatewayResult<UnbindOutcome>>
  /**
   * Whether a notification POSTed to the merchant was signed with this merchant's Client-Id and Secret
   * Key (card scheme, gateway-facts.md 1): `target` is the path of the notification URL, `body` the
   * exact bytes received.
   */
  verifyNotification(notification: { headers: Readonly<Record<string, string | undefined>>; body: Uint8Array; target: string }): NotificationScheme | null
  close(): Promise<void>
}

interface Call<S extends z.ZodType, T> {
  operation: OperationName
  scheme: 'card' | 'generic'
  method: 'GET' | 'POST'
  path: string
  body?: unknown
  requestId: string
  moneyMoving: boolean
  schema: S
  read: (parsed: z.output<S>) => T
}

/** The body of Request Payment (gateway-interface.md 4.1). Services write it ahead of the call, redacted. */
export function paymentPageBody(input: PaymentPageInput): object {
  return {
    order: {
      amount: amount(input.amountSen),
      invoice_number: input.invoiceNumber,
      callback_url: input.callbackUrl,
      failed_url: input.failedUrl,
      auto_redirect: input.autoRedirect,
      descriptor: input.descriptor,
      currency: 'MYR',
    },
    customer: {
      id: input.customer.id,
      name: input.customer.name,
      email: input.customer.email,
      phone: input.customer.phone,
      address: input.customer.address,
      city: input.customer.city,
      state: input.customer.state,
      zip_code: input.customer.zipCode,
      country: input.customer.country,
    },
    payment: { type: 'SALE' },
  }
}

/**
 * The body of Charge Payment: 4.2's amount, payment type, token and 3-D Secure addresses, with the
 * invoice number and descriptor that the charge response (2.5) echoes, so a status check by invoice works,
 * and, as the published example sends them, the currency and the customer's id.
 */
export function chargeBody(input: ChargeInput): object {
  return {
    order: { amount: amount(input.amountSen), invoice_number: input.invoiceNumber, descriptor: input.descriptor, currency: 'MYR' },
    customer: input.customerId ? { id: input.customerId } : undefined,
    payment: { type: input.paymentType },
    card: { token: input.token },
    three_dsecure: input.callbackUrlSuccess || input.callbackUrlFailed ? { callback_url_success: input.callbackUrlSuccess, callback_url_failed: input.callbackUrlFailed } : undefined,
  }
}

/** The body of Create Payment (gateway-interface.md 2.6 and 4.4). */
/** The body of Request Refund (gateway-facts.md 3). */
export function refundBody(input: RefundInput): object {
  return {
    order: { invoice_number: input.invoiceNumber },
    payment: { original_request_id: input.originalRequestId },
    refund: { amount: amount(input.amountSen) },
  }
}

export function createPaymentBody(input: CreatePaymentInput): object {
  return {
    id: input.paymentId,
    order: {
      amount: amount(input.amountSen),
      currency: 'MYR',
      invoice_number: input.invoiceNumber,
      expired_at: formatTimestamp(input.expiresAt),
      // Each line item carries an id (gateway-interface.md 2.1); numbered from 1 when the caller has none.
      line_items: input.lineItems?.map((item, index) => ({ id: item.id ?? String(index + 1), name: item.name, quantity: item.quantity, price: amount(item.priceSen) })),
    },
    payment: { channel: input.channel, business_model: 'B2C', bank_code: input.bankCode, callback_url: input.callbackUrl },
    customer: { id: input.customer.id, name: input.customer.name, email: input.customer.email, phone: input.customer.phone, country: input.customer.country },
    device_info: DESK_DEVICE_INFO,
    ...(input.pageLanguage ? { checkout_experience: { language: input.pageLanguage } } : {}),
  }
}

const nullable = (value: string | null | undefined): string | null => value ?? null

function card(
  details:
    { token?: string | null | undefined; masked?: string | null | undefined; type?: string | null | undefined; issuer?: string | null | undefined; brand?: string | null | undefined } | undefined,
): CardDetails | null {
  if (!details) return null
  return { token: nullable(details.token), masked: nullable(details.masked), type: nullable(details.type), issuer: nullable(details.issuer), brand: nullable(details.brand) }
}

function genericPayment(parsed: z.output<typeof GenericPaymentResponse>): GenericPayment {
  const { payment } = parsed
  return {
    id: nullable(parsed.id),
    status: normaliseStatus(payment.status),
    state: nullable(payment.state),
    referenceId: payment.gateway_reference_id ?? payment.doku_reference_id ?? parsed.reference_id ?? null,
    nextActionUrl: nullable(payment.next_action?.url),
    expiresAt: gatewayTime(parsed.order?.expired_at),
    completedAt: gatewayTime(payment.completed_at),
    amountSen: parsed.order?.amount ?? payment.amount ?? null,
    currency: nullable(parsed.order?.currency ?? payment.currency),
    channel: nullable(payment.channel),
  }
}

const isSuspect = (signature: SignatureCheck): boolean => signature === 'invalid' || signature === 'missing'

/** The body as JSON, or null when it is not JSON. */
function parseJson(body: string): { json: unknown } | null {
  try {
    return { json: JSON.parse(body) as unknown }
  } catch {
    return null
  }
}

/** The body (parsed as JSON, or null when it is not) passed through the operation's schema, or what is wrong with it. */
function parseAnswer<S extends z.ZodType>(body: { json: unknown } | null, schema: S): { ok: true; value: z.output<S> } | { ok: false; problem: string } {
  if (!body) return { ok: false, problem: 'not JSON' }
  const parsed = schema.safeParse(body.json)
  if (parsed.success) return { ok: true, value: parsed.data }
  const where = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ')
  return { ok: false, problem: `unexpected ${where || 'shape'}` }
}

function waitMs(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const settings: GatewaySettings = { ...DEFAULT_GATEWAY_SETTINGS, ...options.settings }
  const http = new GatewayHttp(settings)
  const now = options.now ?? (() => new Date())
  const newRequestId = options.newRequestId ?? (() => crypto.randomUUID())
  const wait = options.wait ?? waitMs
  const { credentials, log } = options

  function headersFor(call: Call<z.ZodType, unknown>, bodyText: string | undefined, timestamp: string): Record<string, string> {
    const json: Record<string, string> = bodyText === undefined ? {} : { 'Content-Type': 'application/json' }
    if (call.scheme === 'card') {
      return {
        ...json,
        ...cardRequestHeaders({
          clientId: credentials.clientId,
          requestId: call.requestId,
          secretKey: credentials.secretKey,
          requestTimestamp: timestamp,
          requestTarget: call.path,
          body: bodyText,
        }),
      }
    }
    const all = genericRequestHeaders({
      clientId: credentials.clientId,
      secretKey: credentials.secretKey,
      apiKey: credentials.apiKey,
      requestTimestamp: timestamp,
      requestTarget: call.path,
      body: bodyText ?? '',
      apiKeyTrailingColon: settings.apiKeyTrailingColon,
    })
    // As published, a retrieve (GET) carries no Signature; the POSTs are signed.
    const signed: Record<string, string> = { ...all }
    if (call.method === 'GET') delete signed['Signature']
    // The generic scheme carries no Request-Id; a money-moving call sends it as the Idempotency-Id.
    const idempotency: Record<string, string> = call.moneyMoving ? { 'Idempotency-Id': call.requestId } : {}
    return { ...json, ...signed, ...idempotency }
  }

  function checkSignature(call: Call<z.ZodType, unknown>, response: HttpResponse): SignatureCheck {
    const signature = response.headers['signature']
    const timestamp = response.headers['response-timestamp']
    if (!signature || !timestamp) return 'missing'
    if (call.scheme === 'generic') {
      const stringToSign = genericResponseStringToSign({
        clientId: response.headers['client-id'] ?? credentials.clientId,
        responseTimestamp: timestamp,
        requestTarget: call.path,
        digest: digest(response.body),
      })
      return verifySignature(credentials.secretKey, stringToSign, signature) ? 'valid' : 'invalid'
    }
    const stringToSign = cardResponseStringToSign({
      clientId: response.headers['client-id'] ?? credentials.clientId,
      requestId: response.headers['request-id'] ?? call.requestId,
      responseTimestamp: timestamp,
      requestTarget: call.path,
      // As published: the Digest line is part of the answer's string only for the answer to a POST.
      digest: call.method === 'POST' ? digest(response.body) : undefined,
    })
    return verifySignature(credentials.secretKey, stringToSign, signature) ? 'valid' : 'invalid'
  }

  /** One attempt: sign, send, read. Never throws. */
  async function attempt<S extends z.ZodType, T>(call: Call<S, T>, attempts: number): Promise<GatewayResult<T>> {
    const bodyText = call.body === undefined ? undefined : toWireJson(call.body)
    const sentAt = now()
    const headers = headersFor(call, bodyText, formatTimestamp(sentAt))
    const started = performance.now()
    const exchange: Exchange = {
      operation: call.operation,
      requestId: call.requestId,
      method: call.method,
      path: call.path,
      sentAt,
      httpStatus: null,
      durationMs: 0,
      attempts,
      signature: 'not_signed',
      replayed: false,
      requestBody: bodyText === undefined ? null : redactBody(bodyText),
      responseBody: null,
    }
    const finish = (result: GatewayResult<T>): GatewayResult<T> => {
      exchange.durationMs = Math.round(performance.now() - started)
      const outcome = result.ok ? 'ok' : result.error.outcomeUnknown ? 'unknown' : result.error.code
      const fields = {
        operation: call.operation,
        method: call.method,
        path: call.path,
        status: exchange.httpStatus,
        durationMs: exchange.durationMs,
        requestId: call.requestId,
        outcome,
        signature: exchange.signature,
      }
      if (isSuspect(exchange.signature)) log.warn('gateway.response_signature', fields)
      if (result.ok) log.info('gateway.exchange', fields)
      else log.warn('gateway.exchange', fields)
      return result
    }

    let response: HttpResponse
    try {
      response = await http.request({ baseUrl: options.baseUrl, method: call.method, path: call.path, headers, body: bodyText })
    } catch (error) {
      return finish({ ok: false, error: transportError(error, call.moneyMoving), exchange })
    }
    exchange.httpStatus = response.status
    // Parsed once, for the redacted copy kept and for the schema.
    const json = parseJson(response.body)
    exchange.responseBody = json ? JSON.stringify(redactJson(json.json)) : redactBody(response.body)
    exchange.signature = checkSignature(call, response)

    const success = response.status >= 200 && response.status < 300
    const fail = (error: GatewayError): GatewayResult<T> => finish({ ok: false, error, exchange })
    const httpFailure = (): GatewayResult<T> => fail(httpError(response.status, response.body, call.moneyMoving))
    // A 409 carrying the original answer is the replay of a request the gateway already has; any
    // other non-2xx, or a 409 whose body is not that answer, is an error.
    if (!success && response.status !== 409) return httpFailure()
    const parsed = parseAnswer(json, call.schema)
    if (!parsed.ok) return success ? fail(badResponse(response.status, parsed.problem, call.moneyMoving, response.body)) : httpFailure()
    // Production's rule covers the card scheme, whose answer signature is published; the v3 answer's
    // string is not, so there a wrong guess must not stop every link: the setting decides.
    const mustBeSigned = settings.blockOnBadSignature || (call.moneyMoving && call.scheme === 'card' && settings.blockUnsignedMoneyAnswers)
    if (mustBeSigned && isSuspect(exchange.signature)) {
      return fail(badResponse(response.status, `${exchange.signature} response signature`, call.moneyMoving))
    }
    exchange.replayed = !success
    return finish({ ok: true, value: call.read(parsed.value), exchange })
  }

  async function run<S extends z.ZodType, T>(call: Call<S, T>): Promise<GatewayResult<T>> {
    if (call.moneyMoving) return attempt(call, 1)
    let result = await attempt(call, 1)
    for (let retry = 0; retry < settings.readRetries && !result.ok && ['NETWORK', 'TIMEOUT', 'SERVER'].includes(result.error.code); retry += 1) {
      await wait(settings.readBackoffMs[retry] ?? settings.readBackoffMs.at(-1) ?? 1000)
      // A read gets a fresh Request-Id: the same one would be answered with the stale first answer.
      result = await attempt({ ...call, requestId: newRequestId() }, retry + 2)
    }
    return result
  }

  return {
    newRequestId,

    createPaymentPage: (input) =>
      run({
        operation: 'payment_page',
        scheme: 'card',
        method: 'POST',
        path: '/credit-card/v1/payment-page',
        requestId: input.requestId,
        moneyMoving: true,
        body: paymentPageBody(input),
        schema: PaymentPageResponse,
        read: (parsed) => ({ invoiceNumber: parsed.order.invoice_number, url: parsed.credit_card_payment_page.url }),
      }),

    charge: (input) =>
      run({
        operation: 'charge',
        scheme: 'card',
        method: 'POST',
        path: '/credit-card/charge',
        requestId: input.requestId,
        moneyMoving: true,
        body: chargeBody(input),
        schema: ChargeResponse,
        read: (parsed) => ({
          status: normaliseStatus(parsed.payment.status),
          requestId: nullable(parsed.payment.request_id),
          responseCode: nullable(parsed.payment.response_code),
          responseMessage: nullable(parsed.payment.response_message),
          approvalCode: nullable(parsed.payment.approval_code),
          invoiceNumber: nullable(parsed.order?.invoice_number),
          amountSen: parsed.order?.amount ?? null,
          currency: nullable(parsed.order?.currency),
          card: card(parsed.card),
        }),
      }),

    checkStatus: (identifier) =>
      run({
        operation: 'status',
        scheme: 'card',
        method: 'GET',
        path: `/orders/v1/status/${encodeURIComponent(identifier)}`,
        requestId: newRequestId(),
        moneyMoving: false,
        schema: StatusResponse,
        read: (parsed) => ({
          status: normaliseStatus(parsed.transaction.status),
          transactionType: nullable(parsed.transaction.type),
          transactionDate: gatewayTime(parsed.transaction.date),
          originalRequestId: nullable(parsed.transaction.original_request_id),
          invoiceNumber: nullable(parsed.order?.invoice_number),
          amountSen: parsed.refund?.amount ?? parsed.transaction.amount ?? parsed.order?.amount ?? null,
          currency: nullable(parsed.transaction.currency ?? parsed.order?.currency),
          acquirer: nullable(parsed.acquirer?.name ?? parsed.acquirer?.id),
          card: parsed.card_payment
            ? {
                masked: nullable(parsed.card_payment.card_masked),
                // card_type reads CREDIT or DEBIT (gateway-facts.md 7): it is not the brand.
                brand: nullable(parsed.card_payment.brand),
                issuer: nullable(parsed.card_payment.issuer),
                approvalCode: nullable(parsed.card_payment.approval_code),
                tokenId: nullable(parsed.card_payment.token_id),
                transactionStatus: nullable(parsed.card_payment.transaction_status),
              }
            : null,
        }),
      }),

    createPayment: (input) =>
      run({
        operation: 'create_payment',
        scheme: 'generic',
        method: 'POST',
        path: '/v3/payments',
        requestId: input.requestId,
        moneyMoving: true,
        body: createPaymentBody(input),
        schema: GenericPaymentResponse,
        read: genericPayment,
      }),

    retrievePayment: (paymentId) =>
      run({
        operation: 'retrieve_payment',
        scheme: 'generic',
        method: 'GET',
        path: `/v3/payments/${encodeURIComponent(paymentId)}`,
        requestId: newRequestId(),
        moneyMoving: false,
        schema: GenericPaymentResponse,
        read: genericPayment,
      }),

    bankList: () =>
      run({
        operation: 'bank_list',
        scheme: 'generic',
        method: 'POST',
        path: '/v3/payments/internet-banking/banks',
        requestId: newRequestId(),
        moneyMoving: false,
        body: { payment_channel: 'INTERNET_BANKING_FPX', type: 'B2C' },
        schema: BankListResponse,
        read: (parsed) => parsed.banks.map((bank) => ({ code: bank.bank_code, name: bank.bank_name, active: (bank.status ?? 'ACTIVE') === 'ACTIVE' })),
      }),

    refund: (input) =>
      run({
        operation: 'refund',
        scheme: 'card',
        method: 'POST',
        path: '/cancellation/credit-card/refund',
        requestId: input.requestId,
        moneyMoving: true,
        body: refundBody(input),
        schema: RefundResponse,
        read: (parsed) => ({
          status: normaliseStatus(parsed.refund.status),
          type: nullable(parsed.refund.type),
          amountSen: parsed.refund.amount ?? null,
          message: nullable(parsed.refund.message),
          approvalCode: nullable(parsed.refund.approval_code),
        }),
      }),

    unbindToken: (tokenId, requestId) =>
      run({
        operation: 'unbind_token',
        scheme: 'card',
        method: 'POST',
        path: '/tokenization/v2/delete-token',
        requestId: requestId ?? newRequestId(),
        // Not money, but not safe to repeat blindly either: the caller retries with the same Request-Id.
        moneyMoving: true,
        body: { token: { id: tokenId } },
        schema: UnbindTokenResponse,
        read: (parsed) => ({ tokenId: parsed.token.id, status: parsed.token.status }),
      }),

    verifyNotification({ headers, body, target }) {
      const clientId = headers['client-id']
      const requestId = headers['request-id']
      const timestamp = headers['request-timestamp']
      const signature = headers['signature']
      if (clientId !== credentials.clientId || !timestamp || !signature) return null
      // The card scheme signs five labelled lines with the Request-Id; the generic ("v3") scheme, four
      // unlabelled ones without it. The gateway's non-card notifications come in the latter.
      const bodyDigest = digest(body)
      if (requestId && verifySignature(credentials.secretKey, cardRequestStringToSign({ clientId, requestId, requestTimestamp: timestamp, requestTarget: target, digest: bodyDigest }), signature)) {
        return 'card'
      }
      const generic = genericStringToSign({ clientId, requestTimestamp: timestamp, requestTarget: target, digest: bodyDigest })
      return verifySignature(credentials.secretKey, generic, signature) ? 'generic' : null
    },

    close: () => http.close(),
  }
}
