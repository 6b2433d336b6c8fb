/**
 * The home screen's figures over a million orders (issue 20): today, this week and this month beside
 * the periods before, their three charts, and "Needs attention" (unknown outcomes, Needs review,
 * links expiring, refunds waiting, failed notifications), as the home screen asks for them, 200 times;
 * p50/p95 in ms. Target: p95 ≤ 100 ms for the figures and the attention lists together.
 *
 * A year of 1,000,000 seeded orders (store/seed.ts) and a refund for each refunded or voided one, the
 * takings summary kept by its triggers while seeding. The database is kept in .tmp/bench/ and reused
 * when present for this schema version (seeding takes a few minutes). Delete it to start afresh.
 * Run: npx tsx test/bench/home-bench.ts [--orders N]
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { homeAttention, homeFigures } from '../../src-main/services/home-figures'
import { openDatabase, type Db } from '../../src-main/store/database'
import { createHistory } from '../../src-main/store/history'
import { migrate, MIGRATIONS, schemaVersion } from '../../src-main/store/migrations'
import { seedOrders } from '../../src-main/store/seed'
import { figure, grouped } from './figures'
import { measureP95 } from './timing'

const ordersArg = process.argv.indexOf('--orders')
const ORDERS = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000
const RUNS = 200
const TARGET_P95_MS = 100
/** The seed's "now": its year of orders ends here (a Saturday, 08:00 in Malaysia). */
const NOW = new Date('2026-11-21T00:00:00.000Z')
const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0
const FILE = join(__dirname, '../../.tmp/bench', `home-${String(ORDERS)}-schema${String(SCHEMA_VERSION)}.sqlite3`)

function cached(): Db | null {
  if (!existsSync(FILE)) return null
  const db = openDatabase(FILE)
  const count = schemaVersion(db) === SCHEMA_VERSION ? (db.prepare('select count(*) from orders').pluck().get() as number) : -1
  if (count === ORDERS) return db
  db.close()
  return null
}

async function seed(): Promise<Db> {
  mkdirSync(dirname(FILE), { recursive: true })
  const partial = `${FILE}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })
  const db = openDatabase(partial)
  await migrate(db, partial)
  const started = performance.now()
  let shown = 0
  seedOrders(db, {
    count: ORDERS,
    seed: 20261123,
    now: NOW,
    onProgress: (done, total) => {
      if (done - shown >= total / 10 || done === total) {
        shown = done
        console.log(`  seeded ${String(done)} orders, ${((performance.now() - started) / 1000).toFixed(1)} s`)
      }
    },
  })
  // The refunds and voids behind the seeded REFUNDED and VOIDED orders, approved a day after payment;
  // a few still waiting. Through the triggers, as the app writes them.
  db.exec(`
    insert into refunds (order_id, request_id, amount_sen, type, status, external, created_by, created_at, updated_at, approved_at)
      select id, 'RF-' || id, amount_sen, case when status = 'VOIDED' then 'VOID' else 'FULL_REFUND' end, 'SUCCESS', 0, created_by,
        strftime('%Y-%m-%dT%H:%M:%fZ', completed_at, '+1 day'), strftime('%Y-%m-%dT%H:%M:%fZ', completed_at, '+1 day'), strftime('%Y-%m-%dT%H:%M:%fZ', completed_at, '+1 day')
      from orders where status in ('REFUNDED', 'VOIDED') and completed_at is not null;
    insert into refunds (order_id, request_id, amount_sen, type, status, external, created_by, created_at, updated_at)
      select id, 'RF-WAIT-' || id, 100, 'PARTIAL_REFUND', 'PENDING', 0, created_by, completed_at, completed_at from orders where status = 'PAID' and id % 5000 = 0;
  `)
  db.exec('analyze')
  db.pragma('wal_checkpoint(TRUNCATE)')
  console.log(`seed ${((performance.now() - started) / 1000).toFixed(1)} s`)
  db.close()
  renameSync(partial, FILE)
  for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true })
  const reopened = cached()
  if (!reopened) throw new Error(`seeding left no usable ${FILE}`)
  return reopened
}

async function main(): Promise<void> {
  const reused = cached()
  if (reused) console.log(`reusing ${FILE}`)
  const db = reused ?? (await seed())
  const history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
  const orders = db.prepare('select count(*) from orders').pluck().get() as number
  const summary = db.prepare('select count(*) from takings').pluck().get() as number
  console.log(`${String(orders)} orders, ${String(summary)} summary rows (hour × channel)`)
  // Now moves through the last day (an hour a run), as a screen refreshed through the day would ask.
  const at = (i: number): Date => new Date(NOW.getTime() - (i % 24) * 3_600_000)
  const figures = homeFigures(history, NOW)
  console.log(`today ${String(figures.today.current.paidCount)} paid, this month ${String(figures.month.current.paidCount)} paid, RM ${(figures.month.current.netSen / 100).toFixed(2)} net`)
  measureP95('figures (3 periods, 3 previous, 3 charts)', RUNS, (i) => homeFigures(history, at(i)))
  measureP95('needs attention (5 lists)', RUNS, (i) => homeAttention(history, at(i)))
  const p95 = measureP95('home screen (figures + needs attention)', RUNS, (i) => {
    homeFigures(history, at(i))
    homeAttention(history, at(i))
  })
  figure('home-bench.ts', `home screen figures and Needs attention over ${grouped(orders)} orders (SQLite), p95`, `${p95.toFixed(1)} ms`, `≤ ${String(TARGET_P95_MS)} ms`, p95 <= TARGET_P95_MS)
  db.close()
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
