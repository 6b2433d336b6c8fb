/** Apa yang dilakukan setiap pintasan papan kekunci, dalam Bahasa Melayu (see en.ts). */
import type { ShortcutWords } from './en'

export const SHORTCUT_WORDS_MS: ShortcutWords = {
  'focus-search': 'Cari pesanan',
  'new-payment-link': 'Pautan pembayaran baharu',
  'new-phone-order': 'Pesanan telefon baharu',
  'check-status': 'Semak status pesanan yang dibuka',
  'close-panel': 'Tutup pesanan atau dialog yang dibuka',
  'show-shortcuts': 'Pintasan papan kekunci',
}
