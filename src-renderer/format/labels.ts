import type { OrderKind, OrderStatus } from '../../src-preload/contract'
import { ORDER_STATUS_WORDS } from '../../src-common/status-words'
import { CHANNEL_NAMES } from '../../src-common/channels'
import { i18n, t } from '../i18n/i18n'

/**
 * A table whose words follow the desk's language: each value is looked up when read (a getter), so
 * `STATUS_LABELS.PAID` and `Object.entries(STATUS_LABELS)` say it in the language on screen.
 */
function worded<K extends string>(keys: readonly K[], word: (key: K) => string): Record<K, string> {
  const labels = {} as Record<K, string>
  for (const key of keys) Object.defineProperty(labels, key, { enumerable: true, get: () => word(key) })
  return labels
}

/** The chips' words; main writes its timeline with the same English ones (src-common/status-words.ts). */
export const STATUS_LABELS: Record<OrderStatus, string> = worded(Object.keys(ORDER_STATUS_WORDS) as OrderStatus[], (status) => t(`ui.status.${status}`))

const KINDS: readonly OrderKind[] = ['card_link', 'generic_link', 'phone_order']

export const KIND_LABELS: Record<OrderKind, string> = worded(KINDS, (kind) => t(`ui.kind.${kind}`))

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

/**
 * A channel's full name, in the desk's language where the catalogue has one ("Perbankan dalam talian
 * FPX", as the report says it); brand names (GrabPay, Atome…) as they are.
 */
export function channelName(channel: string): string {
  const id = `report.channels.${channel}`
  return i18n.exists(id) ? i18n.t(id) : ((CHANNEL_NAMES as Readonly<Record<string, string>>)[channel] ?? channel)
}

export function channelLabel(channel: string): string {
  if (channel === 'CARD') return t('ui.channel.CARD')
  return CHANNEL_LABELS[channel] ?? channel
}
