/** The audit log as staff read it, in the desk's language: Malaysia days, actions in words, details as a line of facts. */
import type { AuditFilters } from '../../../src-preload/contract'
import { startOfMalaysiaDay, startOfNextMalaysiaDay } from '../../format/time'
import { i18n, t } from '../../i18n/i18n'

export interface AuditDraft {
  actor: string
  action: string
  /** `YYYY-MM-DD`, Malaysia days, both included. */
  from: string
  to: string
}

export const EMPTY_AUDIT_DRAFT: AuditDraft = { actor: '', action: '', from: '', to: '' }

export function toAuditFilters(draft: AuditDraft): AuditFilters {
  const filters: AuditFilters = {}
  if (draft.actor.trim()) filters.actor = draft.actor.trim()
  if (draft.action.trim()) filters.action = draft.action.trim()
  const from = startOfMalaysiaDay(draft.from)
  const to = startOfNextMalaysiaDay(draft.to)
  if (from) filters.from = from
  if (to) filters.to = to
  return filters
}

/**
 * "refund.request" in the desk's language ("Refund request", "Permintaan bayaran balik"); an action
 * the catalogue does not know yet is shown as main names it, only easier to read.
 */
export function actionLabel(action: string): string {
  const [area, verb, ...rest] = action.split('.')
  if (area && verb && rest.length === 0 && i18n.exists(`audit.action.${area}.${verb}`)) return t(`audit.action.${area}.${verb}`)
  const words = action
    .replace(/[._-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : action
}

/** The details line: a JSON object becomes "key: value · key: value"; anything else is shown as it is. */
export function detailsText(details: string): string {
  if (!details.trim()) return ''
  let parsed: unknown
  try {
    parsed = JSON.parse(details)
  } catch {
    return details
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return details
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)}`)
    .join(' · ')
}
