/**
 * The desk database, `<dataDir>/desk.sqlite3`: what belongs to the desk rather than to one
 * environment. Operators are people at this computer, the same whether it works in Training, Sandbox
 * or Production, so they live here, not in an environment's history (docs/operators.md). Opened with
 * the history's pragmas (private files, WAL, synchronous FULL) and its own numbered migrations.
 */
import { join } from 'node:path'
import { openDatabase, type Db, type OpenDatabaseOptions } from '../store/database'
import { migrate, type Migration } from '../store/migrations'

export const DESK_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'operators',
    up: (db) => {
      db.exec(`
        create table operators (
          id integer primary key,
          login text not null collate nocase unique,
          name text not null,
          role text not null check (role in ('clerk', 'supervisor', 'admin')),
          active integer not null default 1 check (active in (0, 1)),
          -- scrypt$N$r$p$salt$hash: never the PIN itself
          pin_hash text not null,
          failed_count integer not null default 0,
          last_failed_at text,
          locked_until text,
          created_at text not null,
          updated_at text not null
        ) strict;
      `)
    },
  },
]

export function deskFile(dataDir: string): string {
  return join(dataDir, 'desk.sqlite3')
}

export async function openDeskDatabase(dataDir: string, options: OpenDatabaseOptions = {}): Promise<{ db: Db; backup: string | null }> {
  const file = deskFile(dataDir)
  const db = openDatabase(file, options)
  try {
    return { db, backup: await migrate(db, file, DESK_MIGRATIONS) }
  } catch (error) {
    db.close()
    throw error
  }
}
