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
import { FIELD_LIMITS, tooLong } from './field-limits'
import { say, type Said } from './said/say'

export const DESCRIPTOR_MAX = FIELD_LIMITS.descriptor

/** The marks besides letters, digits and the space that the descriptor takes. */
export const DESCRIPTOR_MARKS = '. , - & / *'
const ALLOWED = /^[A-Za-z0-9 .,\-&/*]$/

/** Why a refused character cannot be printed, naming it itself when it can be seen, else what it is. */
function refused(character: string): Said {
  if (/^\s$/u.test(character)) return say('said.rules.descriptorSpace', { marks: DESCRIPTOR_MARKS })
  if (/^[\p{L}\p{N}\p{P}\p{S}]+$/u.test(character)) return say('said.rules.descriptorCharacter', { character, marks: DESCRIPTOR_MARKS })
  const code = (character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
  return say('said.rules.descriptorInvisible', { code, marks: DESCRIPTOR_MARKS })
}

/** What is wrong with a descriptor as typed (it is sent trimmed), or null. Empty is allowed: the gateway then uses the shop's registered name. */
export function descriptorIssue(descriptor: string): Said | null {
  const text = descriptor.trim()
  // By code point, so that an emoji is named whole.
  for (const character of text) {
    if (!ALLOWED.test(character)) return refused(character)
  }
  if (text.length > DESCRIPTOR_MAX) return tooLong(DESCRIPTOR_MAX)
  return null
}
