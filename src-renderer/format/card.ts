/**
 * Saved cards as staff read them: the brand's usual name, the masked number in groups of four with
 * dots for the hidden digits, and where the card came from. Pure; never sees a token.
 */
import type { SavedCardView } from '../../src-preload/contract'

const BRANDS: Record<string, string> = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  MASTER: 'Mastercard',
  MASTER_CARD: 'Mastercard',
  MC: 'Mastercard',
  AMEX: 'American Express',
  AMERICAN_EXPRESS: 'American Express',
  JCB: 'JCB',
  UNIONPAY: 'UnionPay',
  UNION_PAY: 'UnionPay',
  CUP: 'UnionPay',
  DINERS: 'Diners Club',
  DISCOVER: 'Discover',
  MYDEBIT: 'MyDebit',
}

/** "Visa", "Mastercard", or what the gateway called it; "Card" when it did not say. */
export function brandLabel(brand: string | null | undefined): string {
  const text = brand?.trim() ?? ''
  if (!text) return 'Card'
  return BRANDS[text.toUpperCase().replace(/[\s-]+/g, '_')] ?? text
}

/** A short key for the brand's badge colour: visa, mastercard, amex… or other. */
export function brandKey(brand: string | null | undefined): string {
  const label = brandLabel(brand)
  const keys: Record<string, string> = { Visa: 'visa', Mastercard: 'mastercard', 'American Express': 'amex', JCB: 'jcb', UnionPay: 'unionpay' }
  return keys[label] ?? 'other'
}

/** The few letters on a brand's badge: VISA, MC, AMEX, JCB, UPI, or the first letters of another. */
export function brandShort(brand: string | null | undefined): string {
  const key = brandKey(brand)
  const short: Record<string, string> = { visa: 'VISA', mastercard: 'MC', amex: 'AMEX', jcb: 'JCB', unionpay: 'UPI' }
  return short[key] ?? (brand?.trim() ? brand.trim().slice(0, 4).toUpperCase() : 'CARD')
}

/**
 * "5120 91•• •••• 0038" from "512091******0038" (also "xxxx", "•" or spaces as the gateway sends
 * them). Text that is not a masked number is shown as it came.
 */
export function maskedCardText(masked: string | null | undefined): string | null {
  const text = masked?.trim() ?? ''
  if (!text) return null
  const compact = text.replace(/[\s-]/g, '')
  if (!/^[0-9*xX•]{8,19}$/.test(compact)) return text
  const dotted = compact.replace(/[*xX]/g, '•')
  return dotted.replace(/(.{4})(?=.)/g, '$1 ')
}

export const CARD_SOURCE_TEXT: Record<SavedCardView['source'], string> = {
  hosted_page: 'from a card payment page',
  charge: 'from a charge',
  manual: 'added by hand',
}
