/**
 * What a settings or credentials change changed, as audit-log entries: who, which environment, and
 * one line per changed field, `path: old → new`. A secret's value never enters this module: the
 * credential entries take only whether a secret was set or removed.
 */
import type { Environment, EnvironmentSettings, GatewayEnvironment } from '../../src-preload/contract'
import type { NewAuditEntry } from '../store/history-types'

type Plain = string | number | boolean | null | undefined | { readonly [key: string]: Plain } | readonly Plain[]

function isRecord(value: Plain): value is { readonly [key: string]: Plain } {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}

/** A value as the audit line shows it: strings quoted (so '' is visible), the rest as JSON. */
function shown(value: Plain): string {
  return value === undefined ? '(none)' : JSON.stringify(value)
}

/** One `path: old → new` line per leaf that differs, in the order of `after`'s fields then `before`'s. */
export function diffPlain(before: Plain, after: Plain, path = ''): string[] {
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])]
    return keys.flatMap((key) => diffPlain(before[key], after[key], path === '' ? key : `${path}.${key}`))
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return []
  return [`${path}: ${shown(before)} → ${shown(after)}`]
}

export function diffSettings(before: EnvironmentSettings, after: EnvironmentSettings): string[] {
  return diffPlain(before, after)
}

/** The audit entry of a settings change, or null when nothing changed. */
export function settingsAuditEntry(options: { actor: string; at: Date; environment: Environment; before: EnvironmentSettings; after: EnvironmentSettings }): NewAuditEntry | null {
  const changes = diffSettings(options.before, options.after)
  if (changes.length === 0) return null
  return { actor: options.actor, action: 'settings.update', orderId: null, details: { environment: options.environment, changes }, at: options.at.toISOString() }
}

export interface CredentialProfile {
  clientId: string
  apiKeyTrailingColon: boolean
}

/** A credentials change: the non-secret profile before and after, and which secrets were set or removed. */
export interface CredentialChange {
  actor: string
  at: Date
  /** The credentials' environment (which may not be the active one). */
  environment: GatewayEnvironment
  before: CredentialProfile
  after: CredentialProfile
  set?: readonly ('secretKey' | 'apiKey')[]
  removed?: readonly ('secretKey' | 'apiKey')[]
}

/** The audit entry of a credentials change, or null when nothing changed. The Client ID is not a secret. */
export function credentialsAuditEntry(change: CredentialChange): NewAuditEntry | null {
  const changes = [...diffPlain({ ...change.before }, { ...change.after }), ...(change.set ?? []).map((name) => `${name} set`), ...(change.removed ?? []).map((name) => `${name} removed`)]
  if (changes.length === 0) return null
  return { actor: change.actor, action: 'credentials.update', orderId: null, details: { environment: change.environment, changes }, at: change.at.toISOString() }
}

/** The audit entry of an environment switch. */
export function environmentSwitchAuditEntry(options: { actor: string; at: Date; from: Environment; to: Environment }): NewAuditEntry {
  return {
    actor: options.actor,
    action: 'environment.switch',
    orderId: null,
    details: { environment: options.to, changes: [`environment: ${shown(options.from)} → ${shown(options.to)}`] },
    at: options.at.toISOString(),
  }
}
