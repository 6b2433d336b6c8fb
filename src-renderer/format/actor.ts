/**
 * Who did something, as staff read it: an approved action's operator (src-common/actor.ts) is worded
 * in the desk's language ("Mei Ling (diluluskan oleh Ravi)"); any other name is shown as it is.
 */
import { actorParts } from '../../src-common/actor'
import { t } from '../i18n/i18n'

export function actorText(actor: string): string {
  const { operator, approver } = actorParts(actor)
  return approver === null ? actor : t('ui.approvedBy', { operator, approver })
}
