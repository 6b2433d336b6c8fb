/** The audit log as staff read it, in the desk's language: Malaysia days, actions in words, details as a line of facts. */
import type { AuditFilters } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { formatDateTime, startOfMalaysiaDay, startOfNextMalaysiaDay } from '../../format/time'
import { i18n, t } from '../../i18n/i18n'
import '../../i18n/en-on-demand'

export interface AuditDraft {
  actor: string
  action: string
  /** `YYYY-MM-DD`, Malaysia days, both included (or what was typed that names no day: DateField). */
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

/**
 * The actions the Action filter offers, as `{ action, label }` in the desk's language, by label: every
 * action the catalogue words (`audit.action.<area>.<verb>`) and any other the rows show (a newer main's).
 */
export function actionChoices(seen: readonly string[]): { action: string; label: string }[] {
  const areas: unknown = i18n.getResource(i18n.language, 'translation', 'audit.action')
  const known = typeof areas === 'object' && areas !== null ? Object.entries(areas as Record<string, object>).flatMap(([area, verbs]) => Object.keys(verbs).map((verb) => `${area}.${verb}`)) : []
  return [...new Set([...known, ...seen])].map((action) => ({ action, label: actionLabel(action) })).sort((a, b) => a.label.localeCompare(b.label, i18n.language))
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

/** The catalogue's id for a detail's value, by the detail: the words the other screens have for it. */
const VALUE_WORDS: Readonly<Record<string, (value: string) => string | undefined>> = {
  role: (value) => `roles.${value}`,
  environment: (value) => `settings.environment.options.${value}.title`,
  // A refund's kind; a link's is tried below (report.kinds).
  kind: (value) => `refunds.kind.${value.toLowerCase()}`,
  // An order review's decision (orders.resolveReview), as the review's buttons say it.
  decision: (value) => ({ paid: 'orders.review.markPaid', not_paid: 'orders.review.notPaid' })[value],
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
    const id = Object.hasOwn(VALUE_WORDS, key) ? VALUE_WORDS[key]?.(value) : undefined
    if (id !== undefined && i18n.exists(id)) return t(id)
    if (key === 'kind' && i18n.exists(`report.kinds.${value}`)) return t(`report.kinds.${value}`)
    const approved = key === 'call' && Object.hasOwn(APPROVED_ACTIONS, value) ? APPROVED_ACTIONS[value] : undefined
    if (approved) return actionLabel(approved)
    if ((key.endsWith('At') || key.endsWith('Until')) && !Number.isNaN(Date.parse(value))) return formatDateTime(value)
    return value
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return key === 'changes' ? value.map(changeText).join('; ') : value.join(', ')
  return JSON.stringify(value)
}

const ARROW = ' → '
/** Main's `path: old → new` (settings-diff.ts, operators/desk.ts); a path is dotted words. */
const CHANGED = /^([A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*): (.+)$/s
const FLAGGED = /^([A-Za-z][A-Za-z0-9]*) (set|removed)$/

/** A changed field's short name (`audit.change.field.*`), or null for a path the screen does not know. */
function fieldName(path: string): string | null {
  const [section, field, ...deeper] = path.split('.')
  if (deeper.length > 0) return null
  // A settings field is `section.field`; a credential's or an operator's, one word.
  const id = field === undefined ? `audit.change.field.${section}` : `audit.change.field.${section}.${field}`
  const text: unknown = i18n.getResource(i18n.language, 'translation', id)
  return typeof text === 'string' ? text : null
}

/**
 * One side of a change as the screens show such a value: yes/no, ringgit, an environment's or a role's
 * words, "(empty)"; other text keeps its quotes as recorded. Null when it is not a value main records.
 */
function changeValue(path: string, recorded: string): string | null {
  if (recorded === '(none)') return t('audit.change.none')
  // An operator's role is recorded by its English name ("Clerk").
  if (path === 'role') return i18n.exists(`roles.${recorded.toLowerCase()}`) ? t(`roles.${recorded.toLowerCase()}`) : recorded
  let value: unknown
  try {
    value = JSON.parse(recorded)
  } catch {
    return null
  }
  if (value === '') return t('audit.change.empty')
  if (typeof value === 'string') return path === 'environment' ? detailValue(path, value) : recorded
  if (typeof value === 'boolean' || typeof value === 'number') return detailValue(path.slice(path.lastIndexOf('.') + 1), value)
  return recorded
}

/**
 * A settings, credentials or operator change's line in the desk's language: "tracker.enabled: true →
 * false" reads "Status tracker on: yes → no", "secretKey set" "Secret Key set". A line of another
 * shape, or of a field the catalogue does not name, is shown as recorded.
 */
export function changeText(line: string): string {
  if (line === 'reactivated' || line === 'deactivated') return t(`audit.change.${line}`)
  const [, secret = '', done = ''] = FLAGGED.exec(line) ?? []
  const secretName = fieldName(secret)
  if (secretName !== null) return t(`audit.change.${done === 'set' ? 'set' : 'removed'}`, { name: secretName })
  const [, path = '', sides = ''] = CHANGED.exec(line) ?? []
  const name = fieldName(path)
  if (name === null) return line
  // A value recorded as JSON may itself hold the arrow: the split is where both sides read as values.
  for (let at = sides.indexOf(ARROW); at !== -1; at = sides.indexOf(ARROW, at + 1)) {
    const from = changeValue(path, sides.slice(0, at))
    const to = changeValue(path, sides.slice(at + ARROW.length))
    if (from !== null && to !== null) return t('audit.change.changed', { name, from, to })
  }
  return line
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
