/** The audit log as staff read it, in the desk's language: Malaysia days, actions in words, details as a line of facts. */
import type { AuditFilters } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { formatDateTime, startOfMalaysiaDay, startOfNextMalaysiaDay } from '../../format/time'
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

/** What an approval was for, by the call it approved: the audited action that call records. */
const APPROVED_ACTIONS: Readonly<Record<string, string>> = {
  'refunds.request': 'refund.request',
  'refunds.register': 'refund.register',
  'phoneOrders.charge': 'phone_order.charge',
  'phoneOrders.override': 'phone_order.override',
  'orders.cancelLink': 'link.cancel',
  'cards.remove': 'card.remove',
}

/** A detail's name: the catalogue's (`audit.detail.*`), or the key as main recorded it. */
function detailName(key: string): string {
  return i18n.exists(`audit.detail.${key}`) ? t(`audit.detail.${key}`) : key
}

/** A detail's value as the other screens show such a value; anything else as recorded. */
function detailValue(key: string, value: unknown): string {
  if (typeof value === 'boolean') return t(value ? 'audit.detail.yes' : 'audit.detail.no')
  if (typeof value === 'number') return key.endsWith('Sen') && Number.isSafeInteger(value) ? formatRm(value) : String(value)
  if (typeof value === 'string') {
    // The words the other screens have for such a value (a role, an environment, a refund's or a link's kind).
    const id = key === 'role' ? `roles.${value}` : key === 'environment' ? `settings.environment.options.${value}.title` : key === 'kind' ? `refunds.kind.${value.toLowerCase()}` : null
    if (id !== null && i18n.exists(id)) return t(id)
    if (key === 'kind' && i18n.exists(`report.kinds.${value}`)) return t(`report.kinds.${value}`)
    const approved = key === 'call' && Object.hasOwn(APPROVED_ACTIONS, value) ? APPROVED_ACTIONS[value] : undefined
    if (approved) return actionLabel(approved)
    if ((key.endsWith('At') || key.endsWith('Until')) && !Number.isNaN(Date.parse(value))) return formatDateTime(value)
    return value
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ')
  return JSON.stringify(value)
}

/**
 * The details line: a JSON object becomes "Name: value · Name: value", named and worded in the desk's
 * language where the key is known ("Customer no.: 376", "Role: Clerk", "Amount: RM 12.50"); anything
 * else is shown as it is.
 */
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
    .map(([key, value]) => `${detailName(key)}: ${detailValue(key, value)}`)
    .join(' · ')
}
