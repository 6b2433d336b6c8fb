/**
 * Opens a better-sqlite3 database file.
 *
 * better-sqlite3 is not N-API, so the Node build (tests, harness) and the Electron build (the app)
 * are different binaries. The Node build lives where npm put it, in node_modules/better-sqlite3; the
 * Electron build lives in native/electron-<version>/ (scripts/build-electron-native.mjs) and the
 * Electron glue passes its path here as `nativeBinding`. Neither build overwrites the other.
 */
import Database from 'better-sqlite3'
import { ensurePrivateFile } from '../private-files'

export type Db = Database.Database

/** What a repository needs of a statement: better-sqlite3's, or the PostgreSQL face's (postgres/pg-database.ts). */
export interface SqlRunResult {
  changes: number
}
export interface SqlStatement {
  get(...params: unknown[]): unknown
  all(...params: unknown[]): unknown[]
  run(...params: unknown[]): SqlRunResult
  pluck(toggle?: boolean): this
}
/**
 * What the history's repositories need of a database: a better-sqlite3 Database as it is, or a
 * PgDatabase. Engine-specific SQL branches on `engineOf`.
 */
export interface SqlDatabase {
  prepare(sql: string): SqlStatement
  transaction<A extends unknown[], R>(work: (...args: A) => R): (...args: A) => R
  exec(sql: string): unknown
  close(): unknown
}

export type Engine = 'sqlite' | 'postgres'

export function engineOf(db: SqlDatabase): Engine {
  return (db as { engine?: Engine }).engine ?? 'sqlite'
}

/** The database refused a second row with this unique value (either engine). */
export function violatesUnique(error: unknown, what: { column: string; constraint: string }): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (code === 'SQLITE_CONSTRAINT_UNIQUE') return error.message.includes(what.column)
  return code === '23505' && (error as { constraint?: unknown }).constraint === what.constraint
}

export interface OpenDatabaseOptions {
  /** Path of a better_sqlite3.node built for the running runtime; omitted under plain Node. */
  nativeBinding?: string | undefined
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  // SQLite gives the -wal and -shm files the database file's own mode.
  ensurePrivateFile(file, ['-wal', '-shm'])
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('busy_timeout = 5000')
  // FULL, not WAL's usual NORMAL: a payment attempt is written ahead of the gateway call and must
  // survive a power cut, not only a crash of the app.
  db.pragma('synchronous = FULL')
  // Deleted and overwritten rows are zeroed, not left readable in free pages (a redacted body must
  // not keep its old text on disk).
  db.pragma('secure_delete = ON')
  return db
}

export function sqliteVersion(db: Db): string {
  const row = db.prepare('select sqlite_version() as version').get() as { version: string }
  return row.version
}
