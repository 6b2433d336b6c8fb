/**
 * Saved cards as staff read them: the brand's usual name, the masked number in groups of four with
 * dots for the hidden digits (src-common/card-text.ts, the one card format main's timeline uses too),
 * the brand's badge, and where the card came from. Pure; never sees a token.
 */
import type { SavedCardView } from '../../src-preload/contract'
import { brandLabel as brandName, cardText as cardWords, type CardFacts } from '../../src-common/card-text'
import { t } from '../i18n/i18n'

export { lastFourText, maskedCardText } from '../../src-common/card-text'

/** "Visa", "Mastercard"…; a card whose brand the gateway did not say is "Card" in the desk's language. */
export function brandLabel(brand: string | null | undefined): string {
  return brandName(brand, t('ui.channel.CARD'))
}

/** "Visa •••• 5332", "Kad •••• 5332" (no brand, in the desk's language), or null when nothing is known. */
export function cardText(card: CardFacts): string | null {
  return cardWords(card, t('ui.channel.CARD'))
}

/** A short key for the brand's badge colour: visa, mastercard, amex… or other. */
export function brandKey(brand: string | null | undefined): string {
  const label = brandName(brand)
  const keys: Record<string, string> = { Visa: 'visa', Mastercard: 'mastercard', 'American Express': 'amex', JCB: 'jcb', UnionPay: 'unionpay' }
  return keys[label] ?? 'other'
}

/** The few letters on a brand's badge: VISA, MC, AMEX, JCB, UPI, or the first letters of another. */
export function brandShort(brand: string | null | undefined): string {
  const key = brandKey(brand)
  const short: Record<string, string> = { visa: 'VISA', mastercard: 'MC', amex: 'AMEX', jcb: 'JCB', unionpay: 'UPI' }
  return short[key] ?? (brand?.trim() ? brand.trim().slice(0, 4).toUpperCase() : t('ui.channel.CARD').toLocaleUpperCase())
}

/** Where a saved card came from: "from a charge", in the desk's language. */
export function cardSourceText(source: SavedCardView['source']): string {
  return t(`ui.cardSource.${source}`)
}
