/**
 * A card as staff read it, the same on every screen, in the timeline and on the receipt: the brand's
 * usual name and the masked number in groups of four with dots for the hidden digits,
 * "Mastercard 5120 91•• •••• 0038" ("Mastercard •••• 0038" when only the last four are known).
 * Main writes the timeline with it; the renderer shows cards with it. Pure; never sees a token.
 */

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
  DINERS_CLUB: 'Diners Club',
  DISCOVER: 'Discover',
  MYDEBIT: 'MyDebit',
}

/** "Visa", "Mastercard", or what the gateway called it; `unbranded` ("Card", the screens' own word) when it did not say. */
export function brandLabel(brand: string | null | undefined, unbranded = 'Card'): string {
  const text = brand?.trim() ?? ''
  if (!text) return unbranded
  return BRANDS[text.toUpperCase().replace(/[\s-]+/g, '_')] ?? text
}

/** A masked card number as the gateway writes it: digits, with the hidden ones as *, x or •. */
export const MASKED_NUMBER = /^[0-9*xX•]{8,19}$/

/**
 * "5120 91•• •••• 0038" from "512091******0038" (also "xxxx", "•" or spaces as the gateway sends
 * them). Text that is not a masked number is shown as it came.
 */
export function maskedCardText(masked: string | null | undefined): string | null {
  const text = masked?.trim() ?? ''
  if (!text) return null
  const compact = text.replace(/[\s-]/g, '')
  if (!MASKED_NUMBER.test(compact)) return text
  const dotted = compact.replace(/[*xX]/g, '•')
  return dotted.replace(/(.{4})(?=.)/g, '$1 ')
}

/** "•••• 0038": the last group alone, where only the last four digits are known or the space is short. */
export function lastFourText(last4: string | null | undefined): string | null {
  const digits = last4?.trim() ?? ''
  return digits ? `•••• ${digits}` : null
}

export interface CardFacts {
  brand?: string | null
  masked?: string | null
  last4?: string | null
}

/** A card's brand name (null when the gateway did not say) and its number as written (null when unknown). */
export function cardParts(card: CardFacts): { brand: string | null; number: string | null } {
  return { brand: card.brand?.trim() ? brandLabel(card.brand) : null, number: maskedCardText(card.masked) ?? lastFourText(card.last4) }
}

/**
 * The one way a card is written: "Mastercard 5120 91•• •••• 0038", "Visa •••• 5332" (only the last
 * four known), "Mastercard" (no number), "Card •••• 5332" (no brand: `unbranded`, in the screens'
 * language), or null when nothing is known.
 */
export function cardText(card: CardFacts, unbranded = 'Card'): string | null {
  const { brand, number } = cardParts(card)
  if (!number) return brand
  return `${brand ?? unbranded} ${number}`
}
