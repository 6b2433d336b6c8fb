/**
 * The home screen's figures on PostgreSQL (team mode) over a million orders: home-bench.ts's
 * measurement through the app's own `createHistory(...)` over the synchronous PgDatabase (loopback),
 * p50/p95 in ms beside the target (p95 ≤ 100 ms for the figures and Needs attention together).
 *
 * Everything is made here and removed at the end: a throw-away cluster, the team schema (migrateTeam),
 * a year of orders written by the server itself (`insert … select … from generate_series`; channels,
 * statuses, amounts and operators in store/seed.ts's proportions from a deterministic hash) through
 * the takings triggers, a refund or void for each refunded or voided order, the other indexes built
 * after the rows (as search-bench-pg.ts does), ANALYZE.
 *
 * Run: npx tsx test/bench/home-bench-pg.ts [--orders N]
 */
import { performance } from 'node:perf_hooks'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { homeAttention, homeFigures } from '../../src-main/services/home-figures'
import { createHistory } from '../../src-main/store/history'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../src-main/store/postgres/team-schema'
import { startCluster } from '../support/postgres'
import { figure, grouped } from './figures'
import { measureP95 } from './timing'

const ordersArg = process.argv.indexOf('--orders')
const ORDERS = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000
const RUNS = 200
const TARGET_P95_MS = 100
const NOW = new Date('2026-11-21T00:00:00.000Z')
const SCHEMA = 'env_sandbox'

function seconds(started: number): string {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`
}

/** A year of orders ending at NOW, the server making them; hash(g, k) in 0..999 picks each property. */
function ordersSql(): string {
  const hash = (salt: number): string => `((g::bigint * ${String(salt)}) % 1000)`
  const start = new Date(NOW.getTime() - 365 * 86_400_000).toISOString()
  return `
  insert into ${SCHEMA}.orders (kind, invoice_number, amount_sen, currency, channel, status, raw_status, customer_name, created_by, created_at, updated_at, completed_at, link_expires_at)
  select kind, 'INV-' || g, 500 + ((g::bigint * 48271) % 499500), 'MYR', channel, status, null, 'Customer ' || (g % 50000),
    (array['Aisyah', 'Mei Ling', 'Kumar', 'Hafiz', 'Jessica Tan', 'Farah'])[1 + g % 6],
    created, created, case when status in ('PENDING', 'OUTCOME_UNKNOWN') then null else completed end,
    case when kind = 'phone_order' then null else expires end
  from (
    select g,
      case when c < 380 then 'card_link' when c < 600 then 'phone_order' else 'generic_link' end as kind,
      case when c < 600 then 'CARD' when c < 760 then 'INTERNET_BANKING_FPX' when c < 840 then 'EWALLET_TNG' when c < 890 then 'EWALLET_GRABPAY'
        when c < 940 then 'EWALLET_SHOPEEPAY' when c < 970 then 'BNPL_ATOME' when c < 990 then 'BNPL_GRABPAY' else 'BNPL_SHOPEEPAY' end as channel,
      case when s < 780 then 'PAID' when s < 840 then 'FAILED' when s < 890 then 'EXPIRED' when s < 925 then 'REFUNDED' when s < 940 then 'CANCELLED'
        when s < 945 then 'VOIDED' when s < 948 then 'OUTCOME_UNKNOWN' when s < 950 and g > ${String(ORDERS - 2000)} then 'PENDING' else 'FAILED' end as status,
      to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      to_char(t + interval '5 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as completed,
      to_char(t + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires
    from (
      select g, ${hash(7919)} as c, ${hash(104729)} as s,
        timestamp '${start.slice(0, 19).replace('T', ' ')}' + (g::float8 / ${String(ORDERS)}) * interval '365 days' as t
      from generate_series(1, ${String(ORDERS)}) g
    ) a
  ) b;
  insert into ${SCHEMA}.refunds (order_id, request_id, amount_sen, type, status, external, created_by, created_at, updated_at, approved_at)
    select id, 'RF-' || id, amount_sen, case when status = 'VOIDED' then 'VOID' else 'FULL_REFUND' end, 'SUCCESS', 0, created_by,
      to_char(completed_at::timestamptz at time zone 'UTC' + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(completed_at::timestamptz at time zone 'UTC' + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      to_char(completed_at::timestamptz at time zone 'UTC' + interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from ${SCHEMA}.orders where status in ('REFUNDED', 'VOIDED');
  insert into ${SCHEMA}.refunds (order_id, request_id, amount_sen, type, status, external, created_by, created_at, updated_at)
    select id, 'RF-WAIT-' || id, 100, 'PARTIAL_REFUND', 'PENDING', 0, created_by, completed_at, completed_at from ${SCHEMA}.orders where status = 'PAID' and id % 5000 = 0;
  `
}

function seed(db: PgDatabase): void {
  let started = performance.now()
  // The indexes of orders are built after the rows (the trigram search index of a million rows is
  // what takes time); those of constraints stay. The takings triggers run for every row.
  const indexes = db
    .prepare(
      `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = '${SCHEMA}' and i.tablename = 'orders'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = '${SCHEMA}'::regnamespace)`,
    )
    .all() as { indexname: string; indexdef: string }[]
  for (const { indexname } of indexes) db.exec(`drop index ${SCHEMA}.${indexname}`)
  db.exec(ordersSql())
  console.log(`  ${String(ORDERS)} orders and their refunds, through the takings triggers, ${seconds(started)}`)
  started = performance.now()
  for (const { indexdef } of indexes) db.exec(indexdef)
  for (const table of ['orders', 'refunds', 'takings']) db.exec(`vacuum (analyze) ${SCHEMA}.${table}`)
  console.log(`  ${String(indexes.length)} indexes built, vacuum + analyze, ${seconds(started)}`)
}

async function main(): Promise<void> {
  const cluster = await startCluster({ label: 'home-bench', settings: { shared_buffers: '512MB', maintenance_work_mem: '512MB' } })
  let db: PgDatabase | null = null
  try {
    db = new PgDatabase({ connection: { connectionString: cluster.url, options: `-c search_path=${SCHEMA}` }, callTimeoutMs: 1_800_000 })
    migrateTeam(db, NOW)
    seed(db)
    const history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
    const summary = db.prepare('select count(*) from takings').pluck().get() as number
    console.log(`${String(ORDERS)} orders, ${String(summary)} summary rows (hour × channel)`)
    const at = (i: number): Date => new Date(NOW.getTime() - (i % 24) * 3_600_000)
    const figures = homeFigures(history, NOW)
    console.log(`today ${String(figures.today.current.paidCount)} paid, this month ${String(figures.month.current.paidCount)} paid, RM ${(figures.month.current.netSen / 100).toFixed(2)} net`)
    measureP95('figures (3 periods, 3 previous, 3 charts)', RUNS, (i) => homeFigures(history, at(i)))
    measureP95('needs attention (5 lists)', RUNS, (i) => homeAttention(history, at(i)))
    const p95 = measureP95('home screen (figures + needs attention)', RUNS, (i) => {
      homeFigures(history, at(i))
      homeAttention(history, at(i))
    })
    figure(
      'home-bench-pg.ts',
      `home screen figures and Needs attention over ${grouped(ORDERS)} orders (PostgreSQL), p95`,
      `${p95.toFixed(1)} ms`,
      `≤ ${String(TARGET_P95_MS)} ms`,
      p95 <= TARGET_P95_MS,
    )
  } finally {
    db?.close()
    await cluster.stop()
  }
}

void main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
