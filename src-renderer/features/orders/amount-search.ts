import { parseRmText } from '../../../src-common/money-text'

/**
 * Text in the search box that can only be an amount: "RM 89.90", "89.90", "3,102.30" (ringgit and sen,
 * or "RM" before it). A phone number, a card's last 4 or an invoice number never has that shape.
 * Found by QA: staff type the amount a customer says, and the box found nothing.
 */
const AMOUNT_TEXT = /^(?:RM\s*\d[\d,]*(?:\.\d{1,2})?|\d{1,3}(?:,\d{3})*\.\d{2}|\d+\.\d{2})$/i

/** The amount in sen that the search box's text stands for, or null when it is not an amount. */
export function amountSearched(text: string): number | null {
  const trimmed = text.trim()
  return AMOUNT_TEXT.test(trimmed) ? parseRmText(trimmed) : null
}
