/**
 * Team mode: which desk is the leader (runs the team's status tracker and notification listener).
 *
 * The leader is the desk whose session holds a PostgreSQL advisory lock. The lock is taken on this
 * module's own dedicated `pg.Client` (never a pooled one): a session-level advisory lock belongs to
 * one session and dies with it, so a desk that crashes, is killed or loses its connection loses the
 * lock, and another desk takes it on its next try. That is the whole failover.
 *
 * - A follower tries `pg_try_advisory_lock` at once and then every `intervalMs`; a failed connect is
 *   retried on each tick and logged once per outage.
 * - A leader runs `select 1` every `intervalMs` under a short timeout; on any error, or the client's
 *   'error' / 'end', it reports `onChange(false)` at once (before anything else), drops the client
 *   (which ends the session, so the lock is not held by a session this desk no longer watches) and
 *   tries again from the next tick.
 * - The session is named `mbo:<deskName>` (application_name) so that any desk can say who leads
 *   (`leaderDesk()`, from pg_locks and pg_stat_activity).
 *
 * Timing (intervalMs = I, query timeout Q = max(I, 1000 ms)):
 * - Orderly hand-over (stop(), app quit): the lock is free at once; a follower takes it within I.
 * - A desk that dies (process killed, session terminated): the server ends the session at once (TCP
 *   reset), so a follower takes the lock within I.
 * - A leader cut off from the database (network partition, sleep): it steps down by itself within
 *   I + Q (its check times out). The server only frees the lock when it notices the session is dead:
 *   this module asks the server to probe the session with TCP keepalives after 2·I of silence, every
 *   I, 3 times (and a TCP user timeout of 5·I), so about 5·I (25 s by default) later a follower takes
 *   over. 5·I > I + Q: the old leader has stepped down before anyone else can win. Without those
 *   settings (they are ignored on a Unix socket, or by a pooler) the server's own keepalive settings
 *   decide, which are often hours.
 *
 * `onChange` is called synchronously, never concurrently, and only with a change (true after false,
 * false after true). It must not throw (if it does, the error is logged and ignored).
 */
import pg from 'pg'
import { queryInTurn } from './query-in-turn'
import type { Logger } from '../log'

export interface LeaderElectionOptions {
  /**
   * Where the team database is: the caller builds it (host, port, database, user, password, ssl).
   * This module sets application_name, keepAlive, and (unless given) connectionTimeoutMillis,
   * query_timeout and statement_timeout.
   */
  connection: pg.ClientConfig
  /**
   * Advisory lock key (one per team and environment, e.g. derived from the schema name). Any safe
   * integer (|key| < 2^53, so every int4 too): it is taken as PostgreSQL's single bigint key, i.e.
   * `pg_try_advisory_lock(key::int8)`, which pg_locks shows as classid = high 32 bits, objid = low
   * 32 bits, objsubid = 1. It never collides with the two-int4 form (objsubid = 2).
   */
  lockKey: number
  /** This desk's name as other desks see it (application_name `mbo:<deskName>`, at most 63 bytes). */
  deskName: string
  /** How often a follower tries for the lock and a leader checks its session is alive; default 5000 ms. */
  intervalMs?: number
  log: Logger
  onChange(leader: boolean): void
}

const DEFAULT_INTERVAL_MS = 5_000
const APPLICATION_PREFIX = 'mbo:'
/** PostgreSQL keeps at most NAMEDATALEN - 1 bytes of application_name. */
const APPLICATION_NAME_BYTES = 63
/** How long stop() waits for the server to acknowledge the end of the session before cutting the socket. */
const END_TIMEOUT_MS = 2_000

const LEADER_QUERY = `
  select a.application_name
    from pg_locks l
    join pg_stat_activity a on a.pid = l.pid
   where l.locktype = 'advisory'
     and l.granted
     and l.objsubid = 1
     and l.database = (select oid from pg_database where datname = current_database())
     and l.classid = $1::int8::oid
     and l.objid = $2::int8::oid
   limit 1`

export class LeaderElection {
  private readonly options: LeaderElectionOptions
  private readonly intervalMs: number
  private readonly queryTimeoutMs: number
  private readonly applicationName: string
  private readonly key: string
  private readonly keyHigh: string
  private readonly keyLow: string
  private client: pg.Client | null = null
  private isLeader = false
  private started = false
  private stopped = false
  private busy = false
  private timer: NodeJS.Timeout | null = null
  /** True from the first failure until the next successful connect: failures are logged once per outage. */
  private outage = false

  constructor(options: LeaderElectionOptions) {
    const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS
    if (!Number.isFinite(intervalMs) || intervalMs < 10) throw new RangeError('intervalMs must be at least 10 ms')
    if (!Number.isSafeInteger(options.lockKey)) throw new RangeError('lockKey must be a safe integer')
    if (options.deskName.trim() === '') throw new RangeError('deskName must not be empty')
    this.options = options
    this.intervalMs = intervalMs
    this.queryTimeoutMs = Math.max(intervalMs, 1_000)
    this.applicationName = applicationNameFor(options.deskName)
    const key = BigInt(options.lockKey)
    const unsigned = BigInt.asUintN(64, key)
    this.key = key.toString()
    this.keyHigh = (unsigned >> 32n).toString()
    this.keyLow = (unsigned & 0xffff_ffffn).toString()
  }

  get leader(): boolean {
    return this.isLeader
  }

  /** Connects and tries for the lock at once, then every intervalMs. Calling it again does nothing. */
  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.timer = setInterval(() => void this.tick(), this.intervalMs)
    this.timer.unref()
    void this.tick()
  }

  /**
   * Stops trying. A leader first reports onChange(false), then its session is closed, which releases
   * the lock at once. Calling it again does nothing.
   */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    this.setLeader(false, 'team.leader.released', {})
    const client = this.client
    this.client = null
    if (client) await closeSession(client)
  }

  /**
   * The desk whose session holds the lock now (application_name of that session, without the `mbo:`
   * prefix), or null when no session holds it, or when it cannot be told (this desk is not connected
   * now, or the query failed). Uses this election's own session (queued behind its checks).
   */
  async leaderDesk(): Promise<string | null> {
    const client = this.client
    if (!client) return null
    try {
      const result = await queryInTurn<{ application_name: string | null }>(client, LEADER_QUERY, [this.keyHigh, this.keyLow])
      const name = result.rows[0]?.application_name
      if (name === undefined || name === null || name === '') return null
      return deskNameFrom(name)
    } catch (error) {
      this.options.log.warn('team.leader.query_failed', { error: describeError(error) })
      return null
    }
  }

  /** One try (follower) or check (leader). Never rejects; never runs twice at once. */
  private async tick(): Promise<void> {
    if (this.stopped || this.busy) return
    this.busy = true
    let client = this.client
    try {
      if (!client) {
        client = await this.connect()
        if (!client) return
      }
      if (this.isLeader) {
        await queryInTurn(client, 'select 1')
      } else {
        const result = await queryInTurn<{ won: boolean }>(client, 'select pg_try_advisory_lock($1::int8) as won', [this.key])
        // stop() or a lost session cleared this.client meanwhile: that session is closed, its lock with it.
        if (this.client !== client) return
        if (result.rows[0]?.won === true) this.setLeader(true, 'team.leader.won', {})
      }
    } catch (error) {
      this.lose(client, error)
    } finally {
      this.busy = false
    }
  }

  /** A new session, named and watched; null (logged once per outage) when it cannot be had. */
  private async connect(): Promise<pg.Client | null> {
    const { connection } = this.options
    const client = new pg.Client({
      ...connection,
      application_name: this.applicationName,
      keepAlive: true,
      keepAliveInitialDelayMillis: connection.keepAliveInitialDelayMillis ?? this.intervalMs,
      connectionTimeoutMillis: connection.connectionTimeoutMillis ?? Math.max(2 * this.intervalMs, 5_000),
      query_timeout: connection.query_timeout ?? this.queryTimeoutMs,
      statement_timeout: connection.statement_timeout ?? this.queryTimeoutMs,
    })
    client.on('error', (error) => this.lose(client, error))
    client.on('end', () => this.lose(client, new Error('The connection to the team database ended')))
    try {
      await client.connect()
      await tuneServerKeepalive(client, this.intervalMs)
    } catch (error) {
      void closeSession(client)
      if (!this.outage) {
        this.outage = true
        this.options.log.warn('team.leader.unreachable', { desk: this.options.deskName, error: describeError(error) })
      }
      return null
    }
    if (this.stopped) {
      void closeSession(client)
      return null
    }
    if (this.outage) {
      this.outage = false
      this.options.log.info('team.leader.reconnected', { desk: this.options.deskName })
    }
    this.client = client
    return client
  }

  /** The session `client` failed: step down first, then drop it; the next tick connects again. */
  private lose(client: pg.Client | null, error: unknown): void {
    if (!client || client !== this.client) return
    this.client = null
    const fields = { error: describeError(error) }
    if (this.isLeader) this.setLeader(false, 'team.leader.lost', fields)
    else if (!this.outage) this.options.log.warn('team.leader.session_lost', { desk: this.options.deskName, ...fields })
    this.outage = true
    void closeSession(client)
  }

  private setLeader(leader: boolean, event: string, fields: Record<string, string>): void {
    if (this.isLeader === leader) return
    this.isLeader = leader
    // Losing the lead without being asked to is worth a warning; winning it and stop() are not.
    if (event === 'team.leader.lost') this.options.log.warn(event, { desk: this.options.deskName, ...fields })
    else this.options.log.info(event, { desk: this.options.deskName, ...fields })
    try {
      this.options.onChange(leader)
    } catch (error) {
      this.options.log.error('team.leader.on_change_failed', { error: describeError(error) })
    }
  }
}

/**
 * `mbo:<deskName>` in at most 63 bytes. PostgreSQL keeps only printable ASCII in application_name
 * (it replaces anything else), so anything else, and '%', is percent-encoded (UTF-8), whole
 * characters only; deskNameFrom() decodes it.
 */
export function applicationNameFor(deskName: string): string {
  let name = APPLICATION_PREFIX
  for (const char of deskName) {
    const code = char.codePointAt(0) ?? 0
    const piece = code >= 0x20 && code <= 0x7e && char !== '%' ? char : encodeURIComponent(char)
    if (name.length + piece.length > APPLICATION_NAME_BYTES) break
    name += piece
  }
  return name
}

/** The desk name in an application_name made by applicationNameFor(); another session's name as it is. */
export function deskNameFrom(applicationName: string): string {
  if (!applicationName.startsWith(APPLICATION_PREFIX)) return applicationName
  const encoded = applicationName.slice(APPLICATION_PREFIX.length)
  try {
    return decodeURIComponent(encoded)
  } catch {
    return encoded
  }
}

// Session helpers, shared with change-relay.ts.

/**
 * Asks the server to notice a dead peer of this session within about 5 × intervalMs (see the header):
 * TCP keepalive probes after 2 × intervalMs of silence, every intervalMs, 3 of them, and a TCP user
 * timeout of 5 × intervalMs. These are per-session settings any user may change; a server or pooler
 * that refuses them is left with its own.
 */
export async function tuneServerKeepalive(client: pg.Client, intervalMs: number): Promise<void> {
  const seconds = (ms: number): string => String(Math.max(1, Math.ceil(ms / 1000)))
  try {
    await queryInTurn(
      client,
      `select set_config('tcp_keepalives_idle', $1, false), set_config('tcp_keepalives_interval', $2, false),
              set_config('tcp_keepalives_count', '3', false), set_config('tcp_user_timeout', $3, false)`,
      [seconds(2 * intervalMs), seconds(intervalMs), String(Math.max(1_000, 5 * intervalMs))],
    )
  } catch (error) {
    // A dead connection fails the next query too; anything else (a pooler) is not worth failing over.
    if (!(error instanceof pg.DatabaseError)) throw error
  }
}

/**
 * Ends the session, its listeners first (a dropped client reports nothing more, and a late 'error' is
 * swallowed rather than unhandled); cuts the socket if the server has not answered within timeoutMs
 * (a partition). Never rejects.
 */
export async function closeSession(client: pg.Client, timeoutMs = END_TIMEOUT_MS): Promise<void> {
  client.removeAllListeners('end')
  client.removeAllListeners('error')
  client.removeAllListeners('notification')
  client.on('error', () => {})
  let timer: NodeJS.Timeout | undefined
  const cut = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      client.connection.stream.destroy()
      resolve()
    }, timeoutMs)
    timer.unref()
  })
  try {
    await Promise.race([client.end().catch(() => {}), cut])
  } finally {
    clearTimeout(timer)
  }
}

/** An error's code and message for the log (pg's messages name no password). */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === 'string' && code !== '' ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}
