import type { OrderKind, OrderStatus } from '../../src-preload/contract'
import { ORDER_STATUS_WORDS } from '../../src-common/status-words'

/** The chips' words; main writes its timeline with the same ones (src-common/status-words.ts). */
export const STATUS_LABELS: Record<OrderStatus, string> = ORDER_STATUS_WORDS

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
