/**
 * The history's repository contract runs once per engine: each test file under history-contract/
 * is a `describe.each(ENGINES)` whose tests never name an engine. `openEngineHistory(engine)` gives a
 * fresh, migrated, empty history:
 * - sqlite: a file in a new temporary folder, as the desk opens it (history-fixture.ts);
 * - postgres: a new database in the run's throw-away cluster (test/support/postgres.ts), migrated
 *   with migrateTeam, the Sandbox history's schema on the search_path, as team mode opens it.
 */
import { randomBytes } from 'node:crypto'
import { createCardCipher } from '../../../src-main/credentials/card-cipher'
import type { Engine, SqlDatabase } from '../../../src-main/store/database'
import { createHistory, type History } from '../../../src-main/store/history'
import { PgDatabase } from '../../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../../src-main/store/postgres/team-schema'
import { freshDatabase } from '../../support/postgres'
import { openHistory } from '../history-fixture'

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres']

export interface EngineHistory {
  history: History
  db: SqlDatabase
  close(): Promise<void>
}

export async function openEngineHistory(engine: Engine): Promise<EngineHistory> {
  if (engine === 'sqlite') {
    const f = await openHistory()
    return {
      history: f.history,
      db: f.db,
      close: () => {
        f.close()
        return Promise.resolve()
      },
    }
  }
  const database = await freshDatabase('history')
  const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' } })
  try {
    migrateTeam(db, new Date())
  } catch (error) {
    db.close()
    await database.drop()
    throw error
  }
  return {
    history: createHistory(db, { cipher: createCardCipher(randomBytes(32)) }),
    db,
    close: async () => {
      db.close()
      await database.drop()
    },
  }
}

/** What each engine says when a constraint refuses a row, as one pattern for both. */
export const REFUSED = {
  foreignKey: /foreign key constraint/i,
  check: /check constraint/i,
  unique: /unique constraint/i,
}
