/**
 * The shapes of the local history (orders, attempts, timeline, customers, saved cards, refunds,
 * notifications, audit log), shared by the store's repositories and the services that use them.
 * Money is integer sen; times are ISO 8601 UTC strings from the injected clock.
 */

export const ORDER_KINDS = ['card_link', 'generic_link', 'phone_order'] as const
export type OrderKind = (typeof ORDER_KINDS)[number]

/**
 * The app's view of an order. PAID is the gateway's SUCCESS; OUTCOME_UNKNOWN means a money-moving call
 * got no usable answer and the order is locked until a status check settles it; CANCELLED is local
 * (the interface has no cancel call); UNKNOWN keeps a gateway word the app does not know.
 */
export const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'VOIDED', 'OUTCOME_UNKNOWN', 'UNKNOWN'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** `CARD` for card links and phone orders; a generic channel id (e.g. INTERNET_BANKING_FPX) otherwise. */
export type Channel = string

export interface NewOrder {
  kind: OrderKind
  invoiceNumber: string
  amountSen: number
  currency: 'MYR'
  channel: Channel
  status: OrderStatus
  /** The gateway's own word for the status, when it gave one. */
  rawStatus: string | null
  customerId: number | null
  /** A snapshot of the customer at the time of the order, for display and search. */
  customerName: string
  customerEmail: string | null
  customerPhone: string | null
  /** The Request-Id of the attempt that created the order at the gateway. */
  requestId: string | null
  /** Generic payments: the merchant's payment id sent as `id`. */
  paymentId: string | null
  gatewayReferenceId: string | null
  linkUrl: string | null
  linkExpiresAt: string | null
  cardMasked: string | null
  cardLast4: string | null
  cardBrand: string | null
  /** Who did it: the staff member's name as entered in the app. */
  createdBy: string
  createdAt: string
}

/**
 * Why an order waits for a person: the gateway said it was paid, but in another currency or for more
 * than the order's amount, so the app did not turn it paid by itself.
 */
export interface OrderReview {
  reason: 'currency' | 'amount'
  /** What the gateway said: its status word, amount (sen, when it gave one) and currency. */
  gatewayStatus: string
  gatewayAmountSen: number | null
  gatewayCurrency: string | null
  /** Where it came from: a status check, a notification or the charge's own answer. */
  source: 'check' | 'notification' | 'charge'
  at: string
}

export interface OrderRow extends NewOrder {
  id: number
  updatedAt: string
  completedAt: string | null
  /** Set while the order needs a staff decision; cleared only by one. */
  review: OrderReview | null
  /** The amount the gateway says was paid, when it is not the order's (a discount). */
  gatewayAmountSen: number | null
}

/** Fields that change after creation. */
export type OrderUpdate = Partial<
  Pick<
    OrderRow,
    | 'status'
    | 'rawStatus'
    | 'gatewayReferenceId'
    | 'linkUrl'
    | 'linkExpiresAt'
    | 'cardMasked'
    | 'cardLast4'
    | 'cardBrand'
    | 'completedAt'
    | 'requestId'
    | 'paymentId'
    | 'kind'
    | 'amountSen'
    | 'channel'
    | 'customerId'
    | 'customerName'
    | 'customerEmail'
    | 'customerPhone'
    | 'review'
    | 'gatewayAmountSen'
  >
>

export interface OrderSearch {
  /**
   * One box: invoice number (prefix), customer name (word prefixes), e-mail, phone (digits, prefix,
   * with or without the country code), the card's last four digits, a gateway reference, a Request-Id
   * or a payment id (prefix). Empty or absent matches everything.
   */
  text?: string | undefined
  statuses?: readonly OrderStatus[] | undefined
  kinds?: readonly OrderKind[] | undefined
  channels?: readonly Channel[] | undefined
  /** Inclusive lower bound on createdAt (ISO). */
  createdFrom?: string | undefined
  /** Exclusive upper bound on createdAt (ISO). */
  createdTo?: string | undefined
  amountMinSen?: number | undefined
  amountMaxSen?: number | undefined
  /** Only orders waiting for a staff decision on the gateway's answer. */
  needsReview?: boolean | undefined
  /** Page size, 1 to 500. */
  limit: number
  /** Keyset cursor: the id of the last row of the previous page (newest first is descending id). */
  beforeId?: number | undefined
}

export interface OrderPage {
  rows: OrderRow[]
  /** Pass as `beforeId` for the next page; null when this page is the last. */
  nextBeforeId: number | null
}

export const ATTEMPT_OUTCOMES = ['pending', 'ok', 'rejected', 'unknown', 'error'] as const
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number]

/** Written before the gateway call (outcome `pending`), completed after it. */
export interface NewAttempt {
  orderId: number | null
  operation: string
  requestId: string
  method: 'GET' | 'POST'
  path: string
  requestBody: string | null
  startedAt: string
}

export interface AttemptCompletion {
  httpStatus: number | null
  responseBody: string | null
  signature: string
  outcome: Exclude<AttemptOutcome, 'pending'>
  errorCode: string | null
  errorMessage: string | null
  durationMs: number
  finishedAt: string
}

export interface AttemptRow extends NewAttempt, Partial<Omit<AttemptCompletion, 'outcome'>> {
  id: number
  outcome: AttemptOutcome
}

export const EVENT_TYPES = ['created', 'attempt', 'status_check', 'status_changed', 'notification', 'staff_action', 'note'] as const
export type EventType = (typeof EVENT_TYPES)[number]

export interface NewEvent {
  orderId: number
  type: EventType
  /** One line for the timeline. */
  summary: string
  /** Structured details (JSON-serialisable, no secrets, tokens masked). */
  details: Record<string, unknown> | null
  attemptId: number | null
  actor: string | null
  at: string
}

export interface EventRow extends NewEvent {
  id: number
}

export interface NewCustomer {
  externalId: string | null
  name: string
  email: string | null
  phone: string | null
  address: string | null
  city: string | null
  state: string | null
  zipCode: string | null
  country: string | null
  /** What the customer reads is in this language; null: not chosen, the desk's language is used. */
  language?: CustomerLanguage | null
  createdAt: string
}

/** The languages a customer may be written to in (the app's own two). */
export type CustomerLanguage = 'en' | 'ms'

export interface CustomerRow extends NewCustomer {
  language: CustomerLanguage | null
  id: number
  updatedAt: string
}

export interface NewSavedCard {
  customerId: number
  /** The gateway's card token: stored encrypted (AES-256-GCM), never logged, never sent to the renderer. */
  token: string
  masked: string | null
  brand: string | null
  issuer: string | null
  source: 'hosted_page' | 'charge' | 'manual'
  addedAt: string
}

/** A saved card as it may be shown: no token. */
export interface SavedCardRow {
  id: number
  customerId: number
  masked: string | null
  brand: string | null
  issuer: string | null
  source: NewSavedCard['source']
  active: boolean
  addedAt: string
  lastUsedAt: string | null
}

export interface NewRefund {
  orderId: number
  requestId: string
  amountSen: number
  type: 'VOID' | 'FULL_REFUND' | 'PARTIAL_REFUND' | null
  status: 'PENDING' | 'SUCCESS' | 'FAILED' | 'OUTCOME_UNKNOWN'
  /** True for a refund made elsewhere and registered here by its request id. */
  external: boolean
  createdBy: string
  createdAt: string
}

export interface RefundRow extends NewRefund {
  id: number
  rawStatus: string | null
  /** The gateway's message, e.g. why it refused. */
  message: string | null
  updatedAt: string
}

export interface NewNotification {
  requestId: string | null
  /** The body as received, redacted (no token, no full card number). */
  rawBody: string
  /** The card token the body carried, stored encrypted. */
  token: string | null
  /** The invoice number the body names, when it names one. */
  invoiceNumber: string | null
  /** The signing scheme the notification verified under: card, or generic (the gateway's non-card channels). */
  scheme: 'card' | 'generic'
  /** Header names and values as received, minus nothing secret (the gateway sends none). */
  headers: Record<string, string>
  verified: boolean
  orderId: number | null
  receivedAt: string
}

export interface NewAuditEntry {
  actor: string
  action: string
  orderId: number | null
  details: Record<string, unknown> | null
  at: string
  /** The Supervisor (or Admin) who approved the action on the spot, if one did. */
  approvedBy?: string | null
}
