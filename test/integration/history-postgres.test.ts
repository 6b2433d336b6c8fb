/**
 * What must hold between the desks of a team, on PostgreSQL: two sessions on one database, each as
 * synchronous as the app's (PgDatabase). The repository contract itself is history-contract/, run on
 * both engines.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { violatesUnique } from '../../src-main/store/database'
import { createHistory, type History } from '../../src-main/store/history'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../src-main/store/postgres/team-schema'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../support/postgres'
import { newOrder } from './history-fixture'

const SECOND_DESK = join(__dirname, 'history-postgres-money-party.ts')

/** Sleeps this thread (the PgDatabase calls block it anyway). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

describe('a team database between two desks (PostgreSQL)', () => {
  let database: { url: string; drop(): Promise<void> }
  const sessions: PgDatabase[] = []
  const desk = (): { db: PgDatabase; history: History } => {
    const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
    sessions.push(db)
    return { db, history: createHistory(db, { cipher: createCardCipher(randomBytes(32)) }) }
  }

  beforeEach(async () => {
    database = await freshDatabase('desks')
    const db = desk().db
    migrateTeam(db, new Date())
  })
  afterEach(async () => {
    for (const db of sessions.splice(0)) db.close()
    await database.drop()
  })

  it('refuses an invoice number another desk took, as a unique violation the app recognises', () => {
    const a = desk()
    const b = desk()
    const first = a.history.orders.insert(newOrder({ invoiceNumber: 'INV-TEAM-0001' }))
    let refusal: unknown
    try {
      b.history.orders.insert(newOrder({ invoiceNumber: 'INV-TEAM-0001' }))
    } catch (error) {
      refusal = error
    }
    expect(refusal).toBeInstanceOf(Error)
    expect(violatesUnique(refusal, { column: 'invoice_number', constraint: 'orders_invoice_number_key' })).toBe(true)
    expect(violatesUnique(refusal, { column: 'request_id', constraint: 'refunds_request_id_key' })).toBe(false)
    // The first desk's order is whole, and the second desk sees it.
    expect(b.history.orders.byInvoice('INV-TEAM-0001')).toEqual(first)
    expect(b.history.orders.search({ text: 'inv-team', limit: 10 }).rows.map((row) => row.id)).toEqual([first.id])
  })

  it('runs the money transactions of two desks one after the other: the second waits for the first to commit', async () => {
    const a = desk()
    type Outcome = { seen: string[]; stderr: string; code: number | null }
    const party: { outcome: Promise<Outcome> | null } = { outcome: null }
    a.history.moneyTransaction(() => {
      a.history.audit.append({ actor: 'Desk A', action: 'race.a.start', orderId: null, details: null, at: new Date().toISOString() })
      // The second desk starts while this transaction holds the lock; its output is read once this
      // thread is free again (spawn itself returns at once).
      const child = spawn(process.execPath, ['--import', 'tsx', SECOND_DESK, database.url], { stdio: ['ignore', 'pipe', 'pipe'], cwd: join(__dirname, '../..') })
      party.outcome = new Promise((resolve) => {
        let stdout = ''
        let stderr = ''
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
        child.on('exit', (code) => {
          const line = stdout.trim().split('\n').at(-1) ?? ''
          resolve({ seen: line.startsWith('{') ? (JSON.parse(line) as { seen: string[] }).seen : [], stderr, code })
        })
      })
      // Held until the second desk is seen waiting for this lock (an ordering, not a duration).
      // The money lock (history.ts) of this database, asked for and not granted: the second desk waits for it.
      const waiting = a.db
        .prepare("select count(*) from pg_locks where locktype = 'advisory' and not granted and classid = 7391005 and database = (select oid from pg_database where datname = current_database())")
        .pluck()
      const deadline = Date.now() + 20_000
      while ((waiting.get() as number) === 0) {
        if (Date.now() > deadline) throw new Error('the second desk never asked for the lock')
        sleep(20)
      }
      a.history.audit.append({ actor: 'Desk A', action: 'race.a.end', orderId: null, details: null, at: new Date().toISOString() })
    })
    expect(party.outcome).not.toBeNull()
    const result = await (party.outcome ?? Promise.reject(new Error('no second desk')))
    expect(result.code, result.stderr).toBe(0)
    // It ran after the first committed: it saw all of the first's writes, and wrote after them.
    expect(result.seen).toEqual(['race.a.start', 'race.a.end'])
    expect(a.history.audit.list(10).map((entry) => entry.action)).toEqual(['race.b', 'race.a.end', 'race.a.start'])
  }, 30_000)
})
