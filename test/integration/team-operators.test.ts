/**
 * Operators across the desks of a team. Wrong PINs typed at several desks count together (found by review: each desk read the
 * count, checked the PIN, then wrote the count + 1, so desks guessing at once each wrote the same
 * number and got about as many tries as there are desks). Each wrong try is counted by the database in
 * one statement; the fifth in a row locks the login, whichever desk typed it. And two desks taking
 * the Admin role from the last two Admins at once take turns: the second finds one left.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { OperatorStore } from '../../src-main/operators/operator-store'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../src-main/store/postgres/team-schema'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../support/postgres'

let database: { url: string; drop(): Promise<void> }
const sessions: PgDatabase[] = []

function deskDb(): PgDatabase {
  const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=team -c lock_timeout=200' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
  sessions.push(db)
  return db
}

function desk(): OperatorStore {
  return new OperatorStore(deskDb())
}

beforeEach(async () => {
  database = await freshDatabase('pin_tries')
  const db = new PgDatabase({ connection: { connectionString: database.url }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
  sessions.push(db)
  migrateTeam(db, new Date())
  db.prepare(
    `insert into team.operators (login, name, role, active, pin_hash, failed_count, last_failed_at, locked_until, created_at, updated_at)
     values ('ravi', 'Ravi', 'supervisor', 1, 'x', 0, null, null, '2026-11-30T00:00:00Z', '2026-11-30T00:00:00Z')`,
  ).run()
})

afterEach(async () => {
  for (const db of sessions.splice(0)) db.close()
  await database.drop()
})

it('adds up the wrong tries of two desks, and the fifth in a row locks the login', () => {
  const [a, b] = [desk(), desk()]
  const id = a.byLogin('ravi')?.id ?? 0
  const until = '2026-11-30T00:20:00.000Z'
  const tries = [a, b, a, b, a].map((store, i) => store.countWrongPin(id, `2026-11-30T00:0${String(i)}:00.000Z`, 5, until))
  expect(tries.map((t) => [t.failedCount, t.locked])).toEqual([
    [1, false],
    [2, false],
    [3, false],
    [4, false],
    [5, true],
  ])
  expect(b.byId(id)).toMatchObject({ failedCount: 0, lockedUntil: until })
})

it('lets two desks demoting the last two Admins at once take turns: the second finds one Admin left', () => {
  const [dbA, dbB] = [deskDb(), deskDb()]
  const [a, b] = [new OperatorStore(dbA), new OperatorStore(dbB)]
  const at = '2026-11-30T01:00:00.000Z'
  const siti = a.insert({ login: 'siti', name: 'Siti', role: 'admin', pinHash: 'x', at })
  const aisyah = a.insert({ login: 'aisyah', name: 'Aisyah', role: 'admin', pinHash: 'x', at })
  dbA.transaction(() => {
    expect(a.activeAdmins()).toBe(2)
    a.update(siti.id, { name: 'Siti', role: 'supervisor', active: true, at })
    // Desk B, at the same moment, cannot count the Admins until desk A's change is in or gone.
    expect(() => dbB.transaction(() => b.activeAdmins())()).toThrow(/lock timeout/)
  })()
  expect(b.activeAdmins()).toBe(1)
  expect(b.byId(aisyah.id)).toMatchObject({ role: 'admin', active: true })
})
