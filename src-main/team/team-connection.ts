/**
 * How a desk connects to its team's database: pg's client settings from Settings → Team database and
 * the password from the keychain. TLS is required, with the server's certificate checked, unless the
 * database is on this very computer.
 */
import { readFileSync } from 'node:fs'
import type { ClientConfig } from 'pg'
import type { TeamConnection } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'

/** The longest one statement may run or wait for a lock; a call blocks the back end at most about this long. */
const STATEMENT_TIMEOUT_MS = 8_000
const LOCK_TIMEOUT_MS = 5_000
const CONNECT_TIMEOUT_MS = 5_000
/**
 * A desk whose network drops holds its session, and the locks in it (the money lock of a write-ahead,
 * a status check's claim), until the server notices: by default after two hours of TCP silence (found
 * by review: every other desk's charges failed on the lock meanwhile). The server is asked to probe a
 * silent peer after 10 s, every 5 s, 3 times, and to drop a peer that does not acknowledge within
 * 25 s; and to end a session idle inside a transaction for 10 s (ours never wait inside one: a
 * transaction is synchronous statements, each at most STATEMENT_TIMEOUT_MS).
 */
const DEAD_PEER_SETTINGS = ['-c tcp_keepalives_idle=10', '-c tcp_keepalives_interval=5', '-c tcp_keepalives_count=3', '-c tcp_user_timeout=25000', '-c idle_in_transaction_session_timeout=10000']

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase()
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare)
}

export interface ClientConfigOptions {
  /** The schema unqualified names resolve to (a history schema, or `team`). */
  schema?: string
  /** Shown in pg_stat_activity: which desk a session belongs to (the leader's name is read from it). */
  applicationName?: string
}

/** Whether two connections reach the same database as the same user in the same way (host's case aside). */
export function sameConnection(a: TeamConnection, b: TeamConnection): boolean {
  return a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.database === b.database && a.user === b.user && a.tls === b.tls && a.caFile === b.caFile
}

export function teamClientConfig(connection: TeamConnection, password: string, options: ClientConfigOptions = {}): ClientConfig {
  if (connection.tls === 'off' && !isLoopback(connection.host)) {
    throw new AppError('INVALID_INPUT', say('said.team.tlsOff'), 'connection.tls')
  }
  let ca: string | undefined
  if (connection.tls === 'verify' && connection.caFile) {
    try {
      ca = readFileSync(connection.caFile, 'utf8')
    } catch {
      throw new AppError('INVALID_INPUT', say('said.team.caUnreadable'), 'connection.caFile')
    }
    if (!ca.includes('-----BEGIN CERTIFICATE-----')) throw new AppError('INVALID_INPUT', say('said.team.caNotPem'), 'connection.caFile')
  }
  const settings = [`-c statement_timeout=${String(STATEMENT_TIMEOUT_MS)}`, `-c lock_timeout=${String(LOCK_TIMEOUT_MS)}`, ...DEAD_PEER_SETTINGS]
  if (options.schema) settings.push(`-c search_path=${options.schema}`)
  return {
    host: connection.host.replace(/^\[|\]$/g, ''),
    port: connection.port,
    database: connection.database,
    user: connection.user,
    password,
    ssl: connection.tls === 'off' ? false : { rejectUnauthorized: true, servername: connection.host, ...(ca ? { ca } : {}) },
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    application_name: (options.applicationName ?? 'merchant-back-office').slice(0, 63),
    options: settings.join(' '),
  }
}
