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
