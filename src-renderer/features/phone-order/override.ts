/** The reason a supervisor gives for lifting a card's lock (audited): at least ten characters. Pure. */
import { FIELD_LIMITS } from '../../../src-common/field-limits'

export const OVERRIDE_REASON_MIN = 10
export const OVERRIDE_REASON_MAX = FIELD_LIMITS.overrideReason

/** What is wrong with an override's reason, or null. */
export function overrideReasonProblem(reason: string): string | null {
  const text = reason.trim()
  if (text.length < OVERRIDE_REASON_MIN) return `Write at least ${String(OVERRIDE_REASON_MIN)} characters: why the card may be charged again`
  if (text.length > OVERRIDE_REASON_MAX) return `Use at most ${String(OVERRIDE_REASON_MAX)} characters`
  return null
}
