/**
 * The history's repository contract runs once per engine: each test file under history-contract/
 * is a `describe.each(ENGINES)` whose tests never name an engine. `openEngineHistory(engine)` gives a
 * fresh, migrated, empty history:
 * - sqlite: a file in a new temporary folder, as the desk opens it (history-fixture.ts);
 * - postgres: a new database in the run's throw-away cluster (test/support/postgres.ts), a copy of
 *   one migrated once with migrateTeam, the Sandbox history's schema on the search_path, as team mode
 *   opens it.
 */
import { randomBytes } from 'node:crypto'
import { createCardCipher } from '../../../src-main/credentials/card-cipher'
import type { Engine, SqlDatabase } from '../../../src-main/store/database'
import { createHistory, type History } from '../../../src-main/store/history'
import { PgDatabase } from '../../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../../src-main/store/postgres/team-schema'
import { freshDatabase, migratedTemplate, TEST_CALL_TIMEOUT_MS } from '../../support/postgres'
import { openHistory } from '../history-fixture'

export const ENGINES: readonly Engine[] = ['sqlite', 'postgres']

export interface EngineHistory {
  history: History
  db: SqlDatabase
  close(): Promise<void>
}

/** The team's schemas, as team mode makes them: copied into each test's database (migratedTemplate). */
function migrateHistory(url: string): Promise<void> {
  const db = new PgDatabase({ connection: { connectionString: url }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
  try {
    migrateTeam(db, new Date())
  } finally {
    db.close()
  }
  return Promise.resolve()
}

type TestDatabase = Awaited<ReturnType<typeof freshDatabase>>
let prepared: Promise<TestDatabase> | null = null

/**
 * A fresh copy of the migrated template, and the next test's copy started at once: making a
 * database (100–500 ms on this machine's disk) then overlaps the test before it. The last one made
 * ahead is left in the run's throw-away cluster.
 */
async function nextDatabase(): Promise<TestDatabase> {
  const make = async (): Promise<TestDatabase> => freshDatabase('history', await migratedTemplate('t_history_template', migrateHistory))
  const database = await (prepared ?? make())
  prepared = make()
  // Awaited by the next test; until then a failure is only noted there, not left unhandled.
  prepared.catch(() => undefined)
  return database
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
  const database = await nextDatabase()
  const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
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
