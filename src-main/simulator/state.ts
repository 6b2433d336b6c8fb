/**
 * Everything the simulator remembers: card orders (hosted-page payments and charges), stored card
 * tokens, customers, refunds, generic payments and the record of early status checks. Plain maps in
 * memory; with a state file they are also kept in the books (books.ts), where a card is only its
 * masked number and what the test card does, and a token only its fingerprint.
 */
import type { CardUsed } from './cards'
import { tokenFingerprint } from './token-fingerprints'

export type { CardUsed } from './cards'

export type CardStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED' | 'REFUNDED' | 'VOIDED'
export type RefundType = 'VOID' | 'FULL_REFUND' | 'PARTIAL_REFUND'

export interface Customer {
  id: string
  name: string
  email: string
  phone?: string | undefined
  address?: string | undefined
  zip_code?: string | undefined
  country?: string | undefined
  state?: string | undefined
  city?: string | undefined
}

export interface CardOrder {
  kind: 'PAYMENT_PAGE' | 'CHARGE'
  invoiceNumber: string
  /** Request-Id of the request that created the order: the payment's `original_request_id`. */
  requestId: string
  amountSen: number
  currency: 'MYR'
  descriptor: string | null
  callbackUrl: string | null
  failedUrl: string | null
  autoRedirect: boolean
  customer: Customer
  transactionType: 'SALE' | 'MOTO'
  status: CardStatus
  createdAt: number
  completedAt: number | null
  expiresAt: number | null
  card: CardUsed | null
  responseCode: string | null
  responseMessage: string | null
  approvalCode: string | null
  authenticationId: string | null
  threeDsStatus: 'TRUE' | 'FALSE' | 'NA'
  /**
   * Token created by saving the card on the hosted page, or charged by a charge, as this run knows it:
   * null after a restart (the books keep only its fingerprint) until the token is presented again.
   */
  tokenId: string | null
  /** Fingerprint of that token (token-fingerprints.ts): what the books keep of it. */
  tokenFingerprint: string | null
  /** The token is reported once, in the first SUCCESS status check (gateway-facts.md 6). */
  tokenReported: boolean
  refundedSen: number
  /** Settled by the control API ahead of the daily cut-off. */
  forcedSettled: boolean
  /** Hosted page only: a 3-D Secure challenge waiting for the customer. */
  challenge: { card: CardUsed; saveCard: boolean } | null
  pageId: string | null
}

export interface StoredToken {
  /** The token itself, as this run knows it: null after a restart until it is presented again. */
  id: string | null
  /** Its fingerprint (token-fingerprints.ts): how a token is found, and all the books keep of it. */
  fingerprint: string
  customerId: string
  card: CardUsed
  status: 'ACTIVE' | 'INACTIVE'
  createdAt: number
}

export interface RefundRecord {
  requestId: string
  invoiceNumber: string
  originalRequestId: string
  amountSen: number
  type: RefundType
  status: 'SUCCESS' | 'FAILED'
  message: string
  approvalCode: string
  at: number
}

export type GenericStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'EXPIRED'
export type GenericState = 'INITIATE' | 'COMPLETED' | 'FAILED' | 'EXPIRED'

export interface LineItem {
  id: string
  name: string
  quantity: number
  price: number
}

export interface GenericPayment {
  id: string
  invoiceNumber: string
  amountSen: number
  currency: 'MYR'
  expiredAt: number
  channel: string
  bankCode: string | null
  /** `payment.business_model` as sent (B2C in the published examples), if sent. */
  businessModel: 'B2C' | 'B2B' | null
  /** `device_info` as sent, if sent. */
  deviceInfo: { platform: string | null; browser: string | null; os: string | null } | null
  /** `checkout_experience.language` as sent: the customer page speaks it; null: English. */
  pageLanguage?: 'EN' | 'MS' | null
  customer: { id: string; name: string; email: string; phone: string; country: string | null; address: string | null }
  callbackUrl: string | null
  metadata: Record<string, string>
  lineItems: LineItem[]
  status: GenericStatus
  state: GenericState
  referenceId: string
  createdAt: number
  completedAt: number | null
}

export interface EarlyStatusCheck {
  identifier: string
  requestId: string
  at: number
  completedAt: number
  secondsAfterCompletion: number
}

export interface CallRecord {
  at: number
  operation: string
  method: string
  path: string
  requestId: string | null
  status: number
}

const MAX_CALLS = 5_000

export class SimState {
  readonly orders = new Map<string, CardOrder>()
  /** invoice number → Request-Id of its latest order. */
  readonly ordersByInvoice = new Map<string, string>()
  readonly ordersByPage = new Map<string, string>()
  /**
   * Tokens by the token itself, for those whose value this run knows: made or seeded in this run, or
   * presented (charged, unbound) since a restart. Every token, known or not, is in `tokensByFingerprint`.
   */
  readonly tokens = new Map<string, StoredToken>()
  readonly tokensByFingerprint = new Map<string, StoredToken>()
  readonly customers = new Map<string, Customer>()
  readonly refunds = new Map<string, RefundRecord>()
  readonly genericPayments = new Map<string, GenericPayment>()
  readonly earlyStatusChecks: EarlyStatusCheck[] = []
  /** The latest calls, oldest first, bounded so that a long run or a benchmark cannot grow it without end. */
  readonly calls: CallRecord[] = []

  addOrder(order: CardOrder): void {
    this.orders.set(order.requestId, order)
    this.ordersByInvoice.set(order.invoiceNumber, order.requestId)
    if (order.pageId) this.ordersByPage.set(order.pageId, order.requestId)
  }

  /** A token made or seeded in this run. */
  addToken(token: Omit<StoredToken, 'id' | 'fingerprint'> & { id: string }): StoredToken {
    const stored: StoredToken = { ...token, fingerprint: tokenFingerprint(token.id) }
    this.tokens.set(token.id, stored)
    this.tokensByFingerprint.set(stored.fingerprint, stored)
    return stored
  }

  /** A token kept by an earlier run: known by its fingerprint only. */
  restoreToken(token: Omit<StoredToken, 'id'>): void {
    this.tokensByFingerprint.set(token.fingerprint, { ...token, id: null })
  }

  /**
   * The token a request presents. One kept by an earlier run is found by its fingerprint and known
   * again from then on, also to the orders made with it (their notifications carry it again).
   */
  findToken(id: string): StoredToken | undefined {
    const known = this.tokens.get(id)
    if (known) return known
    const fingerprint = tokenFingerprint(id)
    const token = this.tokensByFingerprint.get(fingerprint)
    if (!token) return undefined
    token.id = id
    this.tokens.set(id, token)
    for (const order of this.orders.values()) if (order.tokenFingerprint === fingerprint && order.tokenId === null) order.tokenId = id
    return token
  }

  orderByInvoice(invoiceNumber: string): CardOrder | undefined {
    const requestId = this.ordersByInvoice.get(invoiceNumber)
    return requestId === undefined ? undefined : this.orders.get(requestId)
  }

  orderByPage(pageId: string): CardOrder | undefined {
    const requestId = this.ordersByPage.get(pageId)
    return requestId === undefined ? undefined : this.orders.get(requestId)
  }

  recordCall(call: CallRecord): void {
    this.calls.push(call)
    if (this.calls.length > MAX_CALLS) this.calls.splice(0, this.calls.length - MAX_CALLS)
  }

  clear(): void {
    this.orders.clear()
    this.ordersByInvoice.clear()
    this.ordersByPage.clear()
    this.tokens.clear()
    this.tokensByFingerprint.clear()
    this.customers.clear()
    this.refunds.clear()
    this.genericPayments.clear()
    this.earlyStatusChecks.length = 0
    this.calls.length = 0
  }
}

/** An invoice number may be used again only after its earlier order failed or expired. */
export function invoiceInUse(state: SimState, invoiceNumber: string): boolean {
  const existing = state.orderByInvoice(invoiceNumber)
  return existing !== undefined && existing.status !== 'FAILED' && existing.status !== 'EXPIRED'
}

const MALAYSIA_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

/** Settlement runs at midnight Malaysia time (16:00 UTC); a payment is settled once a cut-off has passed since it completed. */
export function isSettled(order: CardOrder, now: number): boolean {
  if (order.forcedSettled) return true
  if (order.completedAt === null) return false
  const localDay = Math.floor((order.completedAt + MALAYSIA_OFFSET_MS) / DAY_MS)
  const nextCutOff = (localDay + 1) * DAY_MS - MALAYSIA_OFFSET_MS
  return now >= nextCutOff
}

/** How long a hosted payment page stays open for the customer. */
export const PAYMENT_PAGE_LIFETIME_MS = 60 * 60_000

/** Pending orders and payments whose time has run out become EXPIRED when next looked at. */
export function expireIfDue(order: CardOrder, now: number): void {
  if (order.status === 'PENDING' && order.expiresAt !== null && now >= order.expiresAt) {
    order.status = 'EXPIRED'
    order.completedAt = order.expiresAt
    order.challenge = null
  }
}

/** True when this call expired the payment (callers notify then). */
export function expireGenericIfDue(payment: GenericPayment, now: number): boolean {
  if (payment.status !== 'PENDING' || now < payment.expiredAt) return false
  payment.status = 'EXPIRED'
  payment.state = 'EXPIRED'
  payment.completedAt = payment.expiredAt
  return true
}
