/**
 * The JSON shapes the card operations answer with and notify with (interface 2.5, 2.7, 2.8), as the
 * gateway's published examples show them (gateway-facts.md §7): `transaction.amount` and
 * `refund.amount` are numeric strings, `card_type` is CREDIT or DEBIT, no `refund.request_id`.
 */
import { formatTimestamp } from '../gateway/signing'
import { ACQUIRER } from './cards'
import { senToAmount, senToAmountText } from './money'
import type { CardOrder, RefundRecord, StoredToken } from './state'

const iso = (ms: number): string => formatTimestamp(new Date(ms))

/** How the acquirer leg stands, kept apart from the order's own status (gateway-facts.md 4). */
function acquirerLegStatus(order: CardOrder): string {
  switch (order.status) {
    case 'PENDING':
      return 'REDIRECT'
    case 'SUCCESS':
    case 'REFUNDED':
    case 'VOIDED':
      return 'SUCCESS'
    case 'FAILED':
      return 'FAILED'
    case 'EXPIRED':
      return 'EXPIRED'
  }
}

/** 2.7 for a payment. `includeToken` is true for the first SUCCESS answer only. */
export function orderStatusView(order: CardOrder, includeToken: boolean): unknown {
  const date = iso(order.completedAt ?? order.createdAt)
  return {
    order: { invoice_number: order.invoiceNumber, amount: senToAmount(order.amountSen), currency: order.currency },
    transaction: {
      status: order.status,
      type: order.transactionType,
      amount: senToAmountText(order.amountSen),
      date,
      original_request_id: order.requestId,
    },
    service: { id: 'CREDIT_CARD' },
    acquirer: { id: ACQUIRER.id, name: ACQUIRER.name },
    channel: { id: 'CREDIT_CARD' },
    card_payment: {
      card_masked: order.card?.masked ?? '',
      request_id: order.requestId,
      card_type: order.card?.type ?? '',
      issuer: order.card?.issuer ?? '',
      transaction_status: acquirerLegStatus(order),
      brand: order.card?.brand ?? '',
      date,
      response_code: order.responseCode ?? '',
      response_message: order.responseMessage ?? '',
      approval_code: order.approvalCode ?? '',
      ...(includeToken && order.tokenId ? { token_id: order.tokenId } : {}),
    },
  }
}

/** A refund's own status: REFUNDED for a refund, VOIDED for a void, FAILED for a refused one. */
export function refundTransactionStatus(refund: RefundRecord): 'REFUNDED' | 'VOIDED' | 'FAILED' {
  if (refund.status !== 'SUCCESS') return 'FAILED'
  return refund.type === 'VOID' ? 'VOIDED' : 'REFUNDED'
}

/** The `refund` object of a refund's status answer and notification: no `request_id` (no published example has one). */
function refundObject(refund: RefundRecord): Record<string, string> {
  return {
    amount: senToAmountText(refund.amountSen),
    type: refund.type,
    status: refund.status,
    message: refund.message,
    approval_code: refund.approvalCode,
  }
}

/** 2.7 for a refund, asked for by the refund's Request-Id. */
export function refundStatusView(refund: RefundRecord, order: CardOrder): unknown {
  const date = iso(refund.at)
  return {
    order: { invoice_number: refund.invoiceNumber, amount: senToAmount(refund.amountSen), currency: order.currency },
    transaction: {
      status: refundTransactionStatus(refund),
      type: refund.type,
      amount: senToAmountText(refund.amountSen),
      date,
      original_request_id: refund.originalRequestId,
    },
    service: { id: 'CREDIT_CARD' },
    acquirer: { id: ACQUIRER.id, name: ACQUIRER.name },
    channel: { id: 'CREDIT_CARD' },
    card_payment: {
      card_masked: order.card?.masked ?? '',
      request_id: refund.requestId,
      card_type: order.card?.type ?? '',
      issuer: order.card?.issuer ?? '',
      transaction_status: refund.status,
      brand: order.card?.brand ?? '',
      date,
    },
    refund: refundObject(refund),
  }
}

/** 2.5: `payment.status` is spelled `SUCCES` on approval, as the gateway spells it. */
export function chargeView(order: CardOrder, token: StoredToken | undefined, tokenId: string): unknown {
  return {
    order: {
      invoice_number: order.invoiceNumber,
      amount: senToAmount(order.amountSen),
      descriptor: order.descriptor ?? '',
      currency: order.currency,
    },
    customer: order.customer,
    payment: {
      type: order.transactionType,
      request_id: order.requestId,
      response_code: order.responseCode ?? '',
      response_message: order.responseMessage ?? '',
      status: order.status === 'SUCCESS' ? 'SUCCES' : order.status,
      approval_code: order.approvalCode ?? '',
    },
    card: {
      token: tokenId,
      masked: token?.card.masked ?? '',
      type: token?.card.type ?? 'CREDIT',
      issuer: token?.card.issuer ?? '',
      brand: token?.card.brand ?? '',
    },
  }
}

/** 2.8 for a payment's success or failure. */
export function paymentNotification(order: CardOrder, now: number): unknown {
  return {
    order: { invoice_number: order.invoiceNumber, amount: senToAmount(order.amountSen), currency: order.currency },
    customer: { id: order.customer.id, name: order.customer.name, email: order.customer.email },
    transaction: {
      type: order.transactionType,
      status: order.status,
      date: iso(order.completedAt ?? now),
      original_request_id: order.requestId,
    },
    service: { id: 'CREDIT_CARD' },
    acquirer: { id: ACQUIRER.id },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: {
      masked_card_number: order.card?.masked ?? '',
      approval_code: order.approvalCode ?? '',
      response_code: order.responseCode ?? '',
      response_message: order.responseMessage ?? '',
      issuer: order.card?.issuer ?? '',
      identifier: [
        { name: 'Acquirer', value: ACQUIRER.name },
        { name: 'MID', value: ACQUIRER.mid },
      ],
      brand: order.card?.brand ?? '',
      token_id: order.tokenId ?? '',
      authentication_id: order.authenticationId ?? '',
      three_d_secure_status: order.threeDsStatus,
    },
    card: { token: order.tokenId ?? '' },
    verification: { status: 'NA', reason: '' },
  }
}

/**
 * 2.8 for a refund: the payment's fields, `transaction.type` the refund's type, and a `refund` object
 * without a `request_id` (the refund is named by the order and `transaction.original_request_id`).
 */
export function refundNotification(refund: RefundRecord, order: CardOrder): unknown {
  const base = paymentNotification(order, refund.at) as { transaction: Record<string, unknown> }
  return {
    ...base,
    order: { invoice_number: order.invoiceNumber, amount: senToAmount(refund.amountSen), currency: order.currency },
    transaction: { ...base.transaction, type: refund.type, status: refund.status, date: iso(refund.at), original_request_id: refund.originalRequestId },
    refund: refundObject(refund),
  }
}
