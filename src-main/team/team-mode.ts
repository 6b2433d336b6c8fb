/**
 * Team mode: whether this desk's Sandbox and Production histories live in its own SQLite files or in
 * the team's PostgreSQL database, and everything that follows from it — creating, joining and leaving
 * a team, the team key, the import of this desk's history, whether the database can be reached (and
 * reaching it again by itself), and which desk leads (runs the status tracker and the listener).
 * Training never moves: its gateway is each desk's own.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { GatewayEnvironment, TeamConnection, TeamImportProgress, TeamProbe, TeamView } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'
import type { EventBus } from '../bridge/event-bus'
import { createCardCipher, type CardCipher } from '../credentials/card-cipher'
import type { CredentialVault } from '../credentials/vault'
import type { Logger } from '../log'
import type { TeamSettings } from '../settings/app-settings'
import type { Db } from '../store/database'
import { PgDatabase } from '../store/postgres/pg-database'
import { DatabaseError, DatabaseUnreachableError } from '../store/postgres/sync-connection'
import { foreignTables, historySchema, migrateTeam, migrateTeamAlone, TEAM_ENVIRONMENTS, TEAM_SCHEMA_VERSION, teamSchemaVersion } from '../store/postgres/team-schema'
import { ChangeRelay } from './change-relay'
import { bindClientId, requireTeamAccount } from './team-account'
import { importHistory, raiseInvoiceSequence, reserveIds, reserveUsedInvoices, unsettledCharges, type ImportSource } from './history-import'
import { INVOICE_SEQUENCE_KEY } from '../services/invoice-numbers'
import { LeaderElection } from './leader-election'
import { DATABASE_TIME_SQL, REMEASURE_MS, type TeamClock } from './team-clock'
import { sameConnection, teamClientConfig } from './team-connection'
import { newTeamKey, teamCardKey, teamKeyCheck, teamKeyMatches } from './team-key'

/** How often an unreachable database is tried again. */
const RECONNECT_MS = 3_000
/** PostgreSQL's lock_not_available: lock_timeout passed waiting for a lock (team-connection.ts). */
const LOCK_NOT_AVAILABLE = '55P03'
/** The advisory lock whose holder leads the team (one per environment: the environment's index is added). */
const LEADER_LOCK = 7_391_100

export interface TeamModeOptions {
  vault: CredentialVault
  log: Logger
  now: () => Date
  /** The team's time (the database's clock), read again here whenever the database is reached. */
  clock: TeamClock
  events: EventBus
  settings: () => TeamSettings | null
  saveSettings: (team: TeamSettings | null) => void
  /** This desk's own history of an environment (null when it has none, unless `create`); the caller closes it. */
  deskHistory: (environment: GatewayEnvironment, create?: boolean) => Promise<{ db: Db; cipher: CardCipher } | null>
  /** Someone is signed in at this desk: only then does the view name where the team database is. */
  signedIn: () => boolean
  /** This desk's gateway Client-Id of an environment ('' when none is set): a team is one merchant account (team-account.ts). */
  deskClientId: (environment: GatewayEnvironment) => string
  /** The operators of this desk, copied into a team this desk creates (their PIN hashes, never PINs). */
  deskOperators: () => Record<string, unknown>[]
  /** Leader election's interval; tests shorten it. */
  leaderIntervalMs?: number
  deskName: string
}

/** The history of one environment in the team database, opened. */
export interface TeamHistoryDatabase {
  db: PgDatabase
  cipher: CardCipher
}

type LeaderListener = (leader: boolean) => void

/** Test connection's answer: what it found, worded by its id (main's English beside it). */
function probeAnswer(ok: boolean, found: TeamProbe['found'], schemaVersion: number | null, said: Said): TeamProbe {
  return { ok, found, schemaVersion, message: englishOf(said), say: said }
}

/** Why these settings cannot connect (asked without a worker, so a wrong host is told at once), or null. */
async function connectProblem(config: pg.ClientConfig): Promise<Said | null> {
  const client = new pg.Client(config)
  client.on('error', () => undefined)
  try {
    await client.connect()
    return null
  } catch (error) {
    return connectFailure(config, error)
  } finally {
    void client.end().catch(() => undefined)
  }
}

/**
 * Why a connection failed, in shop words where the cause is a common one (found by QA: "getaddrinfo
 * ENOTFOUND …" and PostgreSQL's English on a Malay desk); else the driver's reason, which is data.
 */
export function connectFailure(config: Pick<pg.ClientConfig, 'host' | 'port' | 'user' | 'database'>, error: unknown): Said {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : ''
  const message = error instanceof Error ? error.message : String(error)
  const where = { host: config.host ?? '', port: String(config.port ?? ''), user: config.user ?? '', database: config.database ?? '' }
  switch (code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return say('said.team.connect.noHost', where)
    case 'ECONNREFUSED':
      return say('said.team.connect.refused', where)
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return say('said.team.connect.noAnswer', where)
    case '28P01': // invalid_password
      return say('said.team.connect.password', where)
    case '28000': // invalid_authorization_specification: no pg_hba.conf entry, or no such role
      return say('said.team.connect.notAllowed', where)
    case '3D000': // invalid_catalog_name
      return say('said.team.connect.noDatabase', where)
    default:
      if (/timeout/i.test(message)) return say('said.team.connect.noAnswer', where)
      return say('said.team.cannotConnect', { reason: message })
  }
}

/** Refuses a move into a team that would leave a charge of this desk unchecked (see unsettledCharges). */
function refuseUnsettled(sources: readonly Pick<ImportSource, 'db'>[], id: 'said.team.unsettledJoin' | 'said.team.unsettledCreate'): void {
  const invoices = unsettledCharges(sources)
  if (invoices.length === 0) return
  const shown = invoices.slice(0, 5).join(', ') + (invoices.length > 5 ? ', …' : '')
  throw new AppError('UNSETTLED_CHARGES', say(id, { count: invoices.length, invoices: shown }))
}

export class TeamMode {
  private unreachable: string | null = null
  private readonly databases = new Set<PgDatabase>()
  private reconnectTimer: NodeJS.Timeout | null = null
  private clockTimer: NodeJS.Timeout | null = null
  private election: LeaderElection | null = null
  private relay: ChangeRelay | null = null
  private leaderListener: LeaderListener | null = null
  private importState: TeamImportProgress | null = null
  private importing: Promise<void> | null = null
  private stopImport = false
  private readonly deskId = randomUUID()

  constructor(private readonly options: TeamModeOptions) {}

  /** Sandbox and Production are in the team database (Training never is). */
  holds(environment: string): boolean {
    return this.heldEnvironment(environment) !== null
  }

  /** The environment, when the team database holds it; null when this desk's own file does. */
  heldEnvironment(environment: string): GatewayEnvironment | null {
    if (this.options.settings() === null) return null
    return environment === 'sandbox' || environment === 'production' ? environment : null
  }

  get leader(): boolean {
    return this.election?.leader ?? false
  }

  /**
   * What Settings → Team database and the banner show. To a desk nobody is signed in at (anyone at
   * the keyboard, or a page in browser mode before sign-in), only whether it is in a team and can
   * reach it: not the database's host, user and name, the leader's name or the driver's words
   * (found by review).
   */
  async view(): Promise<TeamView> {
    const full = await this.fullView()
    if (this.options.signedIn()) return full
    return { ...full, connection: null, passwordSet: false, problem: null, leaderDesk: null, import: null }
  }

  private async fullView(): Promise<TeamView> {
    const team = this.options.settings()
    return {
      mode: team ? 'team' : 'desk',
      connection: team?.connection ?? null,
      passwordSet: (await this.options.vault.teamSecret('password')) !== null,
      state: team === null ? 'off' : this.unreachable !== null ? 'unreachable' : 'connected',
      problem: this.unreachable,
      leader: this.leader,
      leaderDesk: this.election ? await this.election.leaderDesk().catch(() => null) : null,
      deskName: this.options.deskName,
      schemaVersion: team ? TEAM_SCHEMA_VERSION : null,
      import: team?.createdHere ? this.importProgress() : null,
      clockAheadSeconds: this.clockAheadSeconds(),
    }
  }

  private clockAheadSeconds(): number | null {
    const offset = this.options.clock.offsetMs()
    return offset === null ? null : Math.round(-offset / 1000)
  }

  /** This run's import, or, after a restart, how far the last one got (from the team database). */
  private importProgress(): TeamImportProgress | null {
    if (this.importState || !this.progressDb) return this.importState
    try {
      const row = this.progressDb.prepare('select coalesce(sum(copied), 0)::bigint as copied, coalesce(max(total), 0)::bigint as total, count(*) as tables from team.import_progress').get() as
        { copied: number; total: number; tables: number } | undefined
      if (!row || row.tables === 0) return null
      this.importState =
        row.copied < row.total
          ? { copied: row.copied, total: row.total, state: 'stopped', message: null, say: null }
          : { copied: row.copied, total: row.total, state: 'done', message: null, say: null }
      return this.importState
    } catch {
      return null
    }
  }

  /** A session on the team schema, for the import's progress (the operators' one). */
  private progressDb: PgDatabase | null = null

  private changed(): void {
    this.view()
      .then((view) => this.options.events.emit('team.changed', view))
      .catch((error: unknown) => this.options.log.warn('team.view_failed', { error: error instanceof Error ? error.message : String(error) }))
  }

  // ---- Reaching the database ----

  private connectionFor(team: TeamSettings, password: string, schema?: string): pg.ClientConfig {
    return teamClientConfig(team.connection, password, { ...(schema ? { schema } : {}), applicationName: `mbo:${this.options.deskName}` })
  }

  private async password(): Promise<string> {
    const password = await this.options.vault.teamSecret('password')
    if (password === null) throw new AppError('TEAM_NOT_READY', say('said.team.noPassword'))
    return password
  }

  private open(config: pg.ClientConfig): PgDatabase {
    const db = new PgDatabase({ connection: config, onUnreachable: (message) => this.lost(message) })
    this.databases.add(db)
    const close = db.close.bind(db)
    db.close = () => {
      this.databases.delete(db)
      close()
    }
    this.readClock(db)
    return db
  }

  /** The team's time read again from the database (team-clock.ts); a database out of reach keeps the last reading. */
  private readClock(db: PgDatabase): void {
    try {
      this.options.clock.measure(() => db.prepare(DATABASE_TIME_SQL).pluck().get() as number)
    } catch (error) {
      if (!(error instanceof DatabaseUnreachableError)) this.options.log.warn('team.clock_failed', { error: error instanceof Error ? error.message : String(error) })
    }
    if (this.clockTimer) return
    this.clockTimer = setInterval(() => {
      const [session] = this.databases
      if (session) this.readClock(session)
    }, REMEASURE_MS)
    this.clockTimer.unref()
  }

  /** A call found the database gone: every session fails fast until the probe reaches it again. */
  lost(message: string): void {
    if (this.unreachable === null) {
      this.options.log.warn('team.unreachable', { problem: message })
      this.unreachable = message
      this.changed()
    }
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer) return
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      void this.probeReachable()
    }, RECONNECT_MS)
    this.reconnectTimer.unref()
  }

  private async probeReachable(): Promise<void> {
    const team = this.options.settings()
    if (!team) return
    const client = new pg.Client(this.connectionFor(team, await this.password().catch(() => '')))
    client.on('error', () => undefined)
    try {
      await client.connect()
      await this.options.clock.measureAsync(async () => (await client.query<{ ms: number }>(DATABASE_TIME_SQL)).rows[0]?.ms ?? Number.NaN)
      for (const db of this.databases) db.connection.markReachable()
      this.options.log.info('team.reachable')
      this.unreachable = null
      this.changed()
    } catch {
      this.scheduleReconnect()
    } finally {
      void client.end().catch(() => undefined)
    }
  }

  /**
   * The error a call ends with when the team database cannot be reached, or when a lock it needs
   * (another desk's money write, say) was not free within the lock timeout; null for any other error.
   */
  refusal(error: unknown): AppError | null {
    if (error instanceof DatabaseUnreachableError) {
      this.lost(error.message)
      return new AppError('TEAM_DATABASE_UNREACHABLE', say('said.team.unreachable'))
    }
    if (error instanceof DatabaseError && error.code === LOCK_NOT_AVAILABLE) return new AppError('TEAM_DATABASE_BUSY', say('said.team.busy'))
    return null
  }

  // ---- Opening an environment's history ----

  /** The environment's history in the team database; it may be unreachable now (then calls fail until it is back). */
  async openHistory(environment: GatewayEnvironment): Promise<TeamHistoryDatabase> {
    const team = this.requireTeam()
    const [password, key] = [await this.password(), await this.options.vault.teamSecret('key')]
    if (key === null) throw new AppError('TEAM_NOT_READY', say('said.team.noKeyJoin'))
    const config = this.connectionFor(team, password, historySchema(environment))
    const db = this.open(config)
    try {
      this.checkTeam(db, config, key)
    } catch (error) {
      if (!(error instanceof DatabaseUnreachableError)) {
        db.close()
        throw error
      }
    }
    return { db, cipher: createCardCipher(teamCardKey(key, environment)) }
  }

  /** The team database's operators (the desk's operators move with it in team mode). */
  async openOperators(): Promise<PgDatabase> {
    const team = this.requireTeam()
    this.progressDb = this.open(this.connectionFor(team, await this.password(), 'team'))
    return this.progressDb
  }

  private requireTeam(): TeamSettings {
    const team = this.options.settings()
    if (!team) throw new Error('Not in team mode.')
    return team
  }

  /**
   * The schema is this app's (migrated forward if older) and the key is the team's. The migration
   * runs on a session of its own (`config`'s) that waits for it as long as it takes: `db`'s calls
   * time out in seconds, and a big team's migration takes minutes (docs/team.md).
   */
  private checkTeam(db: PgDatabase, config: pg.ClientConfig, key: string): void {
    const version = teamSchemaVersion(db)
    if (version === null || version === 0) throw new AppError('TEAM_NOT_FOUND', say('said.team.noTeam'))
    if (version > TEAM_SCHEMA_VERSION) {
      throw new AppError('TEAM_TOO_NEW', say('said.team.tooNew', { version, known: TEAM_SCHEMA_VERSION }))
    }
    if (version < TEAM_SCHEMA_VERSION) {
      this.options.log.info('team.migrating', { from: version, to: TEAM_SCHEMA_VERSION })
      const started = performance.now()
      migrateTeamAlone(config, this.options.now())
      this.options.log.info('team.migrated', { from: version, to: TEAM_SCHEMA_VERSION, ms: Math.round(performance.now() - started) })
    }
    const check = db.prepare('select key_check from team.team_info where id = 1').pluck().get() as string | undefined
    if (check === undefined || !teamKeyMatches(key, check)) throw new AppError('INVALID_INPUT', say('said.team.wrongKey'), 'teamKey')
  }

  // ---- Leading: the tracker and the listener run at one desk of the team ----

  /** Starts taking part in the election for this environment (stops the previous one). */
  async follow(environment: GatewayEnvironment, onLeader: LeaderListener): Promise<void> {
    await this.unfollow()
    const team = this.requireTeam()
    const password = await this.password()
    this.leaderListener = onLeader
    this.election = new LeaderElection({
      connection: this.connectionFor(team, password),
      lockKey: LEADER_LOCK + TEAM_ENVIRONMENTS.indexOf(environment),
      deskName: this.options.deskName,
      log: this.options.log,
      ...(this.options.leaderIntervalMs === undefined ? {} : { intervalMs: this.options.leaderIntervalMs }),
      onChange: (leader) => {
        this.leaderListener?.(leader)
        this.changed()
      },
    })
    this.election.start()
    this.relay = new ChangeRelay({
      connection: this.connectionFor(team, password),
      channel: `mbo_changes_${environment}`,
      deskId: this.deskId,
      events: this.options.events,
      log: this.options.log,
      // Other desks' changes while this one was cut off were missed: the settings screen refetches.
      onResync: () => this.changed(),
    })
    await this.relay.start()
  }

  /** Stops taking part (this desk left the team or switched to Training). */
  async unfollow(): Promise<void> {
    const election = this.election
    const relay = this.relay
    this.election = null
    this.relay = null
    await election?.stop()
    this.leaderListener?.(false)
    this.leaderListener = null
    await relay?.stop()
  }

  // ---- Settings → Team database ----

  /**
   * Connects to `connection` and says what is there. Without a password, the kept one is sent only to
   * the team's own database (the saved connection, every detail the same): sent to a server the caller
   * names, it would read the password back, which a secret never is.
   */
  async probe(connection: TeamConnection, password?: string): Promise<TeamProbe> {
    const saved = this.options.settings()?.connection
    const kept = password === undefined && saved !== undefined && sameConnection(saved, connection) ? await this.options.vault.teamSecret('password') : null
    const secret = password ?? kept
    if (secret === null) throw new AppError('INVALID_INPUT', say('said.team.enterPassword'), 'password')
    const config = teamClientConfig(connection, secret, { applicationName: `mbo:${this.options.deskName}` })
    const refused = await connectProblem(config)
    if (refused) return probeAnswer(false, 'unreachable', null, refused)
    const db = new PgDatabase({ connection: config, callTimeoutMs: 8_000 })
    try {
      const version = teamSchemaVersion(db)
      if (version !== null && version > 0) {
        return version > TEAM_SCHEMA_VERSION
          ? probeAnswer(false, 'team', version, say('said.team.probeTooNew', { version, known: TEAM_SCHEMA_VERSION }))
          : probeAnswer(true, 'team', version, say('said.team.probeTeam', { version }))
      }
      if (foreignTables(db) > 0) {
        return probeAnswer(false, 'other', null, say('said.team.otherTables'))
      }
      return probeAnswer(true, 'empty', null, say('said.team.probeEmpty'))
    } catch (error) {
      if (error instanceof AppError) throw error
      return probeAnswer(false, 'unreachable', null, say('said.team.cannotConnect', { reason: error instanceof Error ? error.message : String(error) }))
    } finally {
      db.close()
    }
  }

  /**
   * Makes an empty database a team, with this desk's operators; returns the new team key (shown once).
   * Without the desk's history (`importHistory` false), refused while a charge of the desk is unsettled.
   */
  async create(connection: TeamConnection, password: string, importHistory: boolean): Promise<string> {
    const probe = await this.probe(connection, password)
    if (probe.found === 'team') throw new AppError('TEAM_CREATE_REFUSED', say('said.team.teamThere'))
    if (probe.found === 'other') throw new AppError('TEAM_CREATE_REFUSED', say('said.team.otherTables'))
    // Unreachable: the probe says why ("Cannot connect:" and the driver's reason, which is data).
    if (probe.found !== 'empty') throw new AppError('TEAM_CREATE_REFUSED', probe.say)
    const key = newTeamKey()
    const sources = await this.importSources(key)
    try {
      if (!importHistory) refuseUnsettled(sources, 'said.team.unsettledCreate')
      this.createTeam(connection, password, key, sources)
    } finally {
      sources.forEach((source) => source.close())
    }
    await this.saveJoined(connection, password, key, true)
    this.options.log.info('team.created', { host: connection.host, database: connection.database })
    return key
  }

  private createTeam(connection: TeamConnection, password: string, key: string, sources: readonly ImportSource[]): void {
    const db = new PgDatabase({ connection: teamClientConfig(connection, password), callTimeoutMs: 60_000 })
    try {
      const at = this.options.now()
      migrateTeam(db, at)
      db.transaction(() => {
        db.prepare('insert into team.team_info (id, created_at, created_by, key_check) values (1, ?, ?, ?)').run(at.toISOString(), this.options.deskName, teamKeyCheck(key))
        // With their ids: whoever is signed in at this desk stays signed in as the same operator.
        for (const operator of this.options.deskOperators()) {
          db.prepare(
            `insert into team.operators (id, login, name, role, active, pin_hash, failed_count, last_failed_at, locked_until, created_at, updated_at)
             values (@id, @login, @name, @role, @active, @pin_hash, 0, null, null, @created_at, @updated_at)`,
          ).run(operator)
        }
        db.exec("select setval(pg_get_serial_sequence('team.operators', 'id'), greatest((select max(id) from team.operators), 1))")
      })()
      // Ids past this desk's own, before any other desk can write: the import keeps its ids. And
      // the numbers this desk gave the gateway are never given again, copied or not.
      reserveIds(db, sources)
      reserveUsedInvoices(db, sources, at, true)
      for (const environment of TEAM_ENVIRONMENTS) bindClientId(db, `${historySchema(environment)}.settings`, this.options.deskClientId(environment), at)
    } finally {
      db.close()
    }
  }

  /** Joins the team in that database with its key; refused while a charge of this desk is unsettled. */
  async join(connection: TeamConnection, password: string, key: string): Promise<void> {
    // This desk's history stays on it (it returns on leaving): the numbers it gave the gateway must
    // not be given again, and nothing may be left unchecked there.
    const sources = await this.importSources(key)
    try {
      refuseUnsettled(sources, 'said.team.unsettledJoin')
      await this.joinTeam(connection, password, key, sources)
    } finally {
      sources.forEach((source) => source.close())
    }
    await this.saveJoined(connection, password, key, false)
    this.options.log.info('team.joined', { host: connection.host, database: connection.database })
  }

  private async joinTeam(connection: TeamConnection, password: string, key: string, sources: readonly ImportSource[]): Promise<void> {
    const config = teamClientConfig(connection, password)
    const refused = await connectProblem(config)
    if (refused) throw new AppError('TEAM_UNREACHABLE', refused)
    const db = new PgDatabase({ connection: config, callTimeoutMs: 8_000 })
    try {
      this.checkTeam(db, config, key)
      const at = this.options.now()
      db.transaction(() => {
        for (const environment of TEAM_ENVIRONMENTS) requireTeamAccount(db, `${historySchema(environment)}.settings`, environment, this.options.deskClientId(environment), at)
      })()
      reserveUsedInvoices(db, sources, at, false)
    } catch (error) {
      if (error instanceof DatabaseUnreachableError) throw new AppError('TEAM_UNREACHABLE', say('said.team.cannotConnect', { reason: error.message }))
      throw error
    } finally {
      db.close()
    }
  }

  private async saveJoined(connection: TeamConnection, password: string, key: string, createdHere: boolean): Promise<void> {
    await this.options.vault.setTeamSecret('password', password)
    await this.options.vault.setTeamSecret('key', key)
    this.unreachable = null
    this.importState = null
    this.options.saveSettings({ connection, deskName: this.options.deskName, createdHere })
  }

  /** A Client-Id this desk is about to use in a team environment: bound if the team has none yet, refused if not the team's. */
  async requireAccount(environment: GatewayEnvironment, clientId: string): Promise<void> {
    if (!this.holds(environment)) return
    const db = new PgDatabase({ connection: this.connectionFor(this.requireTeam(), await this.password()), callTimeoutMs: 8_000 })
    try {
      requireTeamAccount(db, `${historySchema(environment)}.settings`, environment, clientId, this.options.now())
    } finally {
      db.close()
    }
  }

  /** Back to this desk's own histories; the team key stays in the keychain only until then. */
  async leave(): Promise<void> {
    this.stopImport = true
    await this.importing
    await this.carrySequenceHome()
    await this.unfollow()
    this.options.saveSettings(null)
    await this.options.vault.removeTeamSecret('key')
    await this.options.vault.removeTeamSecret('password')
    this.unreachable = null
    this.importState = null
    this.progressDb = null
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    this.options.log.info('team.left')
  }

  /**
   * Leaving: this desk's own sequences move past the team's, so that it never gives out again a number
   * the team gave the gateway (found by review: after Leave the desk offered INV-000001, which a status
   * check would answer with the team's payment). A team that cannot be reached now is left all the
   * same (a desk may leave because the database is gone); the log says the numbers were not carried.
   */
  private async carrySequenceHome(): Promise<void> {
    const team = this.requireTeam()
    let db: PgDatabase | null = null
    try {
      db = new PgDatabase({ connection: this.connectionFor(team, await this.password()), callTimeoutMs: 8_000 })
      for (const environment of TEAM_ENVIRONMENTS) {
        const sequence = db
          .prepare(`select value from ${historySchema(environment)}.settings where key = ?`)
          .pluck()
          .get(INVOICE_SEQUENCE_KEY) as string | undefined
        if (sequence === undefined) continue
        const desk = await this.options.deskHistory(environment, true)
        try {
          raiseInvoiceSequence(desk?.db ?? null, sequence, this.options.now())
        } finally {
          desk?.db.close()
        }
      }
    } catch (error) {
      this.options.log.warn('team.leave_sequence_not_carried', { error: error instanceof Error ? error.message : String(error) })
    } finally {
      db?.close()
    }
  }

  // ---- Importing this desk's history ----

  private async importSources(key: string): Promise<(ImportSource & { close(): void })[]> {
    const sources: (ImportSource & { close(): void })[] = []
    for (const environment of TEAM_ENVIRONMENTS) {
      const desk = await this.options.deskHistory(environment)
      sources.push({
        environment,
        db: desk?.db ?? null,
        deskCipher: desk?.cipher ?? createCardCipher(teamCardKey(key, environment)),
        teamCipher: createCardCipher(teamCardKey(key, environment)),
        close: () => desk?.db.close(),
      })
    }
    return sources
  }

  /** Starts (or resumes) the import in the background; progress goes out as team.changed. */
  async startImport(): Promise<void> {
    const team = this.requireTeam()
    if (!team.createdHere) {
      throw new AppError('IMPORT_NOT_HERE', say('said.team.importNotHere'))
    }
    if (this.importing) return
    const key = await this.options.vault.teamSecret('key')
    if (key === null) throw new AppError('TEAM_NOT_READY', say('said.team.noKey'))
    const db = this.open(this.connectionFor(team, await this.password()))
    const sources = await this.importSources(key)
    this.stopImport = false
    this.importState = { copied: 0, total: 0, state: 'running', message: null, say: null }
    this.changed()
    let lastEmit = 0
    this.importing = importHistory({
      team: db,
      sources,
      onProgress: (progress) => {
        this.importState = { ...progress, state: 'running', message: null, say: null }
        if (Date.now() - lastEmit > 200) {
          lastEmit = Date.now()
          this.changed()
        }
        return !this.stopImport
      },
    })
      .then((result) => {
        this.importState = {
          copied: result.copied,
          total: result.total,
          state: result.stopped ? 'stopped' : 'done',
          message: null,
          say: null,
        }
        this.options.log.info('team.import_finished', { copied: result.copied, stopped: result.stopped })
      })
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error)
        const why = say('said.team.importFailed', { reason: message })
        this.importState = { copied: this.importState?.copied ?? 0, total: this.importState?.total ?? 0, state: 'failed', message: englishOf(why), say: why }
        this.options.log.warn('team.import_failed', { error: message })
      })
      .finally(() => {
        sources.forEach((source) => source.close())
        db.close()
        this.importing = null
        this.changed()
      })
  }

  async close(): Promise<void> {
    this.stopImport = true
    await this.importing
    await this.unfollow()
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    this.reconnectTimer = null
    if (this.clockTimer) clearInterval(this.clockTimer)
    this.clockTimer = null
    for (const db of [...this.databases]) db.close()
  }
}
