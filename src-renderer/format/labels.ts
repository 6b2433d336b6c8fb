import type { OrderKind, OrderStatus } from '../../src-preload/contract'

export const STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
  VOIDED: 'Voided',
  OUTCOME_UNKNOWN: 'Outcome unknown',
  UNKNOWN: 'Unrecognised',
}

export const KIND_LABELS: Record<OrderKind, string> = {
  card_link: 'Card link',
  generic_link: 'Payment link',
  phone_order: 'Phone order',
}

const CHANNEL_LABELS: Record<string, string> = {
  CARD: 'Card',
  INTERNET_BANKING_FPX: 'FPX',
  EWALLET_TNG: "Touch 'n Go",
  EWALLET_GRABPAY: 'GrabPay',
  EWALLET_SHOPEEPAY: 'ShopeePay',
  BNPL_GRABPAY: 'GrabPay PayLater',
  BNPL_SHOPEEPAY: 'SPayLater',
  BNPL_ATOME: 'Atome',
}

export const CHANNELS = Object.keys(CHANNEL_LABELS)

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? channel
}
