/** The reason a supervisor gives for lifting a card's lock (audited): at least ten characters. Pure. */
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { t } from '../../i18n/i18n'

export const OVERRIDE_REASON_MIN = 10
export const OVERRIDE_REASON_MAX = FIELD_LIMITS.overrideReason

/** What is wrong with an override's reason, or null. */
export function overrideReasonProblem(reason: string): string | null {
  const text = reason.trim()
  if (text.length < OVERRIDE_REASON_MIN) return t('phoneOrder.override.tooShort', { min: OVERRIDE_REASON_MIN })
  if (text.length > OVERRIDE_REASON_MAX) return t('phoneOrder.override.tooLong', { max: OVERRIDE_REASON_MAX })
  return null
}
