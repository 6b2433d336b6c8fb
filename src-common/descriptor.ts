/**
 * The billing descriptor: the text a customer's card statement shows for the payment. One rule for
 * payment links, phone orders and the settings' default, run by the forms and again by main (and by
 * the bridge's schema of the settings).
 *
 * Statements print a short line of plain ASCII: the gateway's 3-D Secure reference caps the soft
 * descriptor at 22 characters, and the character set is the one acquirers agree on (letters, digits,
 * spaces and a few marks; see docs/payment-links.md, "Statement descriptor"). Anything else (an emoji,
 * an accented letter, a quote) is refused at the field, never dropped or replaced silently.
 *
 * Pure: no Node, no DOM.
 */
import { FIELD_LIMITS, tooLongMessage } from './field-limits'

export const DESCRIPTOR_MAX = FIELD_LIMITS.descriptor

/** The marks besides letters, digits and the space that the descriptor takes. */
export const DESCRIPTOR_MARKS = ". , - & / *"
const ALLOWED = /^[A-Za-z0-9 .,\-&/*]$/

/** How a refused character is named: itself when it can be seen, else what it is. */
function named(character: string): string {
  if (/^\s$/u.test(character)) return 'a tab or another kind of space'
  if (/^[\p{L}\p{N}\p{P}\p{S}]+$/u.test(character)) return `“${character}”`
  const code = character.codePointAt(0) ?? 0
  return `an invisible character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`
}

/** What is wrong with a descriptor as typed (it is sent trimmed), or null. Empty is allowed: the gateway then uses the shop's registered name. */
export function descriptorProblem(descriptor: string): string | null {
  const text = descriptor.trim()
  // By code point, so that an emoji is named whole.
  for (const character of text) {
    if (!ALLOWED.test(character)) {
      return `Card statements cannot print ${named(character)}: use letters A–Z, digits, spaces and ${DESCRIPTOR_MARKS}`
    }
  }
  if (text.length > DESCRIPTOR_MAX) return tooLongMessage(DESCRIPTOR_MAX)
  return null
}
