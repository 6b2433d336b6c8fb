/**
 * Each environment's non-secret settings, kept in that environment's database with the contract's
 * schema. A stored value that no longer passes the schema (a bound tightened since it was saved, say)
 * falls back to its default alone, the other fields kept (and is logged), so a bad file never stops
 * the app nor resets every choice.
 */
import { EnvironmentSettings, type Environment } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { Logger } from '../log'
import type { SqlDatabase, SqlStatement } from '../store/database'
import { DatabaseUnreachableError } from '../store/postgres/sync-connection'

export const DEFAULT_ENVIRONMENT_SETTINGS: EnvironmentSettings = {
  shop: { name: '' },
  links: { callbackUrl: '', failedUrl: '', expiryMinutes: 24 * 60, invoicePrefix: 'INV-', descriptor: '', sendPageLanguage: true },
  listener: { enabled: false, host: '127.0.0.1', port: 9900, path: '/doku/notifications', publicBaseUrl: '' },
  tracker: { enabled: true, concurrency: 4 },
  phoneOrders: { chargeLimitSen: 5_000_00, clerkChargeLimitSen: 500_00, duplicateWindowMinutes: 10, threeDsSuccessUrl: '', threeDsFailedUrl: '' },
  gateway: { connectTimeoutSeconds: 5, responseTimeoutSeconds: 30, blockOnBadSignature: false, settlementCutOff: '00:00' },
  session: { idleLockMinutes: 5 },
}

/**
 * Training's defaults: those of Sandbox and Production with the notification listener on. Training's
 * gateway runs in this process and is told the listener's address by itself (backend.ts), so nothing
 * is registered anywhere nor exposed, and a link paid on its page shows Paid at once, as a newcomer
 * expects, instead of at the status tracker's next check. Sandbox and Production keep it off: there it
 * must be registered at the real gateway and reachable from the internet first. Defaults are read,
 * never stored: a desk that saved its Training settings keeps what it saved (the listener off, for
 * one saved before), and only one that never saved them reads it on.
 */
export const TRAINING_DEFAULT_SETTINGS: EnvironmentSettings = {
  ...DEFAULT_ENVIRONMENT_SETTINGS,
  listener: { ...DEFAULT_ENVIRONMENT_SETTINGS.listener, enabled: true },
}

/** The settings an environment reads where nothing is stored. */
export function defaultSettingsFor(environment: Environment): EnvironmentSettings {
  return environment === 'training' ? TRAINING_DEFAULT_SETTINGS : DEFAULT_ENVIRONMENT_SETTINGS
}

const KEY = 'environment'

/**
 * Settings saved by an earlier version lack the fields added since: each section takes the defaults
 * under what was stored, so an upgrade keeps the staff's choices instead of resetting them all.
 */
function withDefaults(stored: unknown, defaults: EnvironmentSettings): unknown {
  if (stored === null || typeof stored !== 'object') return stored
  const merged: Record<string, unknown> = { ...stored }
  for (const [section, sectionDefaults] of Object.entries(defaults)) {
    const value = merged[section]
    // A section added since (the shop's name, say) is missing altogether: its defaults, without a warning.
    merged[section] = value === undefined ? sectionDefaults : value !== null && typeof value === 'object' ? { ...sectionDefaults, ...value } : value
  }
  return merged
}

/** `settings` with the field (or section) at each of `paths` put back to its default. */
function withFieldDefaults(settings: unknown, paths: readonly (readonly PropertyKey[])[], environmentDefaults: EnvironmentSettings): unknown {
  if (settings === null || typeof settings !== 'object') return settings
  const repaired: Record<string, unknown> = { ...settings }
  const defaults = environmentDefaults as unknown as Record<string, Record<string, unknown> | undefined>
  for (const [section, field] of paths) {
    if (typeof section !== 'string' || !(section in defaults)) continue
    const value = repaired[section]
    if (typeof field !== 'string' || value === null || typeof value !== 'object') {
      repaired[section] = defaults[section]
      continue
    }
    repaired[section] = { ...value, [field]: defaults[section]?.[field] }
  }
  return repaired
}

/** Rules that depend on the environment, beyond the schema's. */
export function checkForEnvironment(environment: Environment, settings: EnvironmentSettings): void {
  if (environment !== 'production') return
  const urls = [
    ['links.callbackUrl', settings.links.callbackUrl],
    ['links.failedUrl', settings.links.failedUrl],
    ['phoneOrders.threeDsSuccessUrl', settings.phoneOrders.threeDsSuccessUrl],
    ['phoneOrders.threeDsFailedUrl', settings.phoneOrders.threeDsFailedUrl],
  ] as const
  for (const [field, url] of urls) {
    if (url !== '' && !url.startsWith('https://')) throw new AppError('INVALID_INPUT', say('said.input.httpsInProduction'), field)
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child)
    Object.freeze(value)
  }
  return value
}

export class EnvironmentSettingsStore {
  private readonly ownsDatabase: boolean
  /** What is read where nothing (or nothing valid) is stored: the environment's (defaultSettingsFor). */
  private readonly defaults: EnvironmentSettings

  /**
   * `ownsDatabase`: the desk's own SQLite file, which one app at a time holds and only this store
   * writes the settings of: what it read stays true until it writes, and is not read again at every
   * call (the tracker reads Settings at every check). A team's database is read at every call.
   * `defaults`: Sandbox's and Production's unless told (Training's differ: defaultSettingsFor).
   */
  constructor(
    private readonly db: SqlDatabase,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
    { ownsDatabase = false, defaults = DEFAULT_ENVIRONMENT_SETTINGS }: { ownsDatabase?: boolean; defaults?: EnvironmentSettings } = {},
  ) {
    this.ownsDatabase = ownsDatabase
    this.defaults = defaults
  }

  /** What the last read found: kept for when a team's database cannot be reached. */
  private last: EnvironmentSettings | null = null
  /** `last` is what the owned database holds (no write since it was read); never set for a team's. */
  private lastIsCurrent = false
  /** The stored text `last` was parsed from: read again (another desk may change a team's), parsed only when it changed. */
  private lastText: string | null = null
  private readStatement: SqlStatement | null = null

  /** The settings; while a team's database cannot be reached, the last ones read (nothing is written meanwhile). */
  read(): EnvironmentSettings {
    if (this.lastIsCurrent && this.last) return this.last
    try {
      this.last = this.readStored()
      this.lastIsCurrent = this.ownsDatabase
    } catch (error) {
      if (!(error instanceof DatabaseUnreachableError)) throw error
    }
    return this.last ?? this.defaults
  }

  private readStored(): EnvironmentSettings {
    this.readStatement ??= this.db.prepare('select value from settings where key = ?')
    const row = this.readStatement.get(KEY) as { value: string } | undefined
    if (!row) {
      this.lastText = null
      return this.defaults
    }
    // The tracker and the listener read Settings at every step: the schema's parse only when the text changed.
    if (row.value === this.lastText && this.last) return this.last
    // Shared by every caller until the text changes: frozen, so that none can change it for the others.
    const parsed = deepFreeze(this.parseStored(row.value))
    this.lastText = row.value
    return parsed
  }

  private parseStored(text: string): EnvironmentSettings {
    const row = { value: text }
    let stored: unknown
    try {
      stored = JSON.parse(row.value)
    } catch {
      stored = null
    }
    const merged = withDefaults(stored, this.defaults)
    const parsed = EnvironmentSettings.safeParse(merged)
    if (parsed.success) return parsed.data
    const paths = parsed.error.issues.map((issue) => issue.path.join('.'))
    const repaired = EnvironmentSettings.safeParse(
      withFieldDefaults(
        merged,
        parsed.error.issues.map((issue) => issue.path),
        this.defaults,
      ),
    )
    this.log.warn('settings.unreadable', { paths, kept: repaired.success })
    return repaired.success ? repaired.data : this.defaults
  }

  write(settings: EnvironmentSettings): void {
    const valid = EnvironmentSettings.parse(settings)
    // Read again after this write: it may be inside a transaction that is rolled back.
    this.lastIsCurrent = false
    this.db
      .prepare('insert into settings (key, value, updated_at) values (?, ?, ?) on conflict(key) do update set value = excluded.value, updated_at = excluded.updated_at')
      .run(KEY, JSON.stringify(valid), this.now().toISOString())
  }
}
