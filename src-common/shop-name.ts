/**
 * The shop's name, as staff type it in the first-run welcome and in Settings: the top line of a
 * phone order's receipt and the "Merchant" of the training gateway's payment pages. Unlike the card
 * statement text (descriptor.ts) it is the name as the shop writes it: accents, apostrophes and
 * brackets are fine ("Kedai Runcit Pak Ali's", "Café Seri (KL)"). Refused: control and invisible
 * characters and line breaks, which a receipt or a page would print as nothing or as a broken line.
 *
 * Pure: no Node, no DOM. Run by the forms and by the bridge's schema of the settings.
 */
import { FIELD_LIMITS, tooLong } from './field-limits'
import { say, type Said } from './said/say'

export const SHOP_NAME_MAX = FIELD_LIMITS.shopName

/** Control characters (C0, DEL, C1), format characters (zero-width, bidi marks), line and paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]/u

/** What is wrong with a shop name as typed (it is kept trimmed), or null. Empty is allowed: nothing is printed for it. */
export function shopNameIssue(name: string): Said | null {
  const text = name.trim()
  const bad = UNPRINTABLE.exec(text)
  if (bad) {
    const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
    return /[\n\r\u2028\u2029]/u.test(bad[0]) ? say('said.rules.shopNameOneLine') : say('said.rules.shopNameInvisible', { code })
  }
  if (text.length > SHOP_NAME_MAX) return tooLong(SHOP_NAME_MAX)
  return null
}
