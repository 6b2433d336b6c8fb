/**
 * Who did something, as staff read it. Main writes an approved action's operator as "Mei Ling
 * (approved by Ravi)" (operators/desk.ts, kept so in the history and its CSVs): on screen it is
 * worded in the desk's language ("Mei Ling (diluluskan oleh Ravi)"); any other name is shown as it is.
 */
import { t } from '../i18n/i18n'

const APPROVED = /^(.+) \(approved by (.+)\)$/s

export function actorText(actor: string): string {
  const parts = APPROVED.exec(actor)
  return parts ? t('ui.approvedBy', { operator: parts[1], approver: parts[2] }) : actor
}
