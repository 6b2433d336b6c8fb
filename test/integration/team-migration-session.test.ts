/**
 * A team's migration runs on a session of its own that waits for it as long as it takes
 * (migrateTeamAlone): a desk's sessions time out a call in seconds, and a call that times out ends
 * its session, which rolls the migration back, so a big team's migration (128 s for team migration
 * 11 on a million orders) would never finish. Here another session keeps the orders locked for
 * 2.5 s, longer than the 1 s a short session waits.
 */
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { DatabaseUnreachableError } from '../../src-main/store/postgres/sync-connection'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam, migrateTeamAlone, TEAM_SCHEMA_VERSION, teamSchemaVersion } from '../../src-main/store/postgres/team-schema'
import { migrateTeamBefore } from '../support/older-team'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../support/postgres'

const NOW = new Date('2026-12-02T01:00:00.000Z')

/** Another desk's transaction that holds the sandbox orders for `seconds`, then commits by itself (the server runs both statements). */
async function holdOrders(url: string, seconds: number): Promise<{ done: Promise<unknown>; close: () => Promise<void> }> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query('begin')
  await client.query('lock table env_sandbox.orders in access share mode')
  const done = client.query(`select pg_sleep(${String(seconds)}); commit`)
  // The caller blocks its thread next (a synchronous session): the server must already be sleeping,
  // not waiting for a query still in this process's socket buffer.
  const watcher = new pg.Client({ connectionString: url })
  await watcher.connect()
  const sleeping = "select count(*)::int as n from pg_stat_activity where pid = $1 and state = 'active' and query like 'select pg_sleep(%'"
  const pid = (client as unknown as { processID: number }).processID
  while (((await watcher.query<{ n: number }>(sleeping, [pid])).rows[0]?.n ?? 0) === 0);
  await watcher.end()
  return { done, close: () => client.end() }
}

describe('a team migration', () => {
  it('waits on a session of its own for as long as a step takes, where a short session would give up and roll it back', async () => {
    const database = await freshDatabase('migration-session')
    const db = new PgDatabase({ connection: { connectionString: database.url }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
    try {
      migrateTeamBefore(db, TEAM_SCHEMA_VERSION, NOW)
      const older = TEAM_SCHEMA_VERSION - 1
      expect(teamSchemaVersion(db)).toBe(older)

      // A session whose calls time out in 1 s: the migration is cut off and nothing of it is kept.
      const first = await holdOrders(database.url, 2.5)
      const short = new PgDatabase({ connection: { connectionString: database.url }, callTimeoutMs: 1_000 })
      expect(() => migrateTeam(short, NOW)).toThrow(DatabaseUnreachableError)
      short.close()
      await first.done
      await first.close()
      expect(teamSchemaVersion(db)).toBe(older)

      // Its own session waits for the other desk's transaction, then migrates.
      const second = await holdOrders(database.url, 2.5)
      const started = performance.now()
      expect(migrateTeamAlone({ connectionString: database.url }, NOW)).toEqual([TEAM_SCHEMA_VERSION])
      expect(performance.now() - started).toBeGreaterThan(2_000)
      await second.done
      await second.close()
      expect(teamSchemaVersion(db)).toBe(TEAM_SCHEMA_VERSION)
    } finally {
      db.close()
      await database.drop()
    }
  }, 60_000)
})
