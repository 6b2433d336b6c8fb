/**
 * Order search on PostgreSQL (team mode) on a million orders: the kinds of query of search-bench.ts,
 * ~200 searches each with varied realistic inputs taken from the data, through the app's own
 * `createHistory(...).orders.search` over loopback (the synchronous PgDatabase), p50/p95 in ms beside
 * the target (p95 ≤ 30 ms per kind).
 *
 * Everything is made here and removed at the end: a throw-away cluster (scripts/postgres-cluster.mjs),
 * the team schema (migrateTeam), a million orders written by the server itself (`insert … select …
 * from generate_series`, names, e-mails, phones, channels, statuses, amounts and dates made the way
 * store/seed.ts makes them, from a deterministic hash), the indexes built after the rows (as the
 * migrations define them), ANALYZE, the orders and their indexes loaded into shared buffers (2 GB,
 * as a server that has been answering searches holds them). Bounded in runs and time; it stops by
 * itself, and the cluster is stopped even on a failure or Ctrl-C.
 *
 * Run: npx tsx test/bench/search-bench-pg.ts [--orders N] [--explain] [--database URL [--seed]]
 *   --explain   prints the plan of one search per kind (EXPLAIN ANALYZE of each statement it runs).
 *   --database  searches a database this bench seeded before instead (no cluster started, nothing seeded
 *               unless --seed).
 *   --seed      with --database: seeds that database first (an empty one you keep, for work on the plans).
 */
import { readFileSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { createHistory } from '../../src-main/store/history'
import type { OrderSearch, OrderStatus } from '../../src-main/store/history-types'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam } from '../../src-main/store/postgres/team-schema'
import { createRandom } from '../../src-main/store/seed'
import { startCluster } from '../support/postgres'
import { figure, grouped } from './figures'
import { lastDigits } from './search-texts'
import { percentile } from './timing'

const ordersArg = process.argv.indexOf('--orders')
const ORDERS = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000
const EXPLAIN = process.argv.includes('--explain')
const RUNS = 200
const MAX_MS_PER_KIND = 20_000
const TARGET_P95_MS = 30
const NOW = new Date('2026-11-21T00:00:00.000Z')
const PAGE = 50
const SPANS = [0, 500, 10_000, 100_000]
const SCHEMA = 'env_sandbox'

// The lists of store/seed.ts (Malaysian names, e-mail domains, operators), for the server to pick from.
const MALAY_MALE = ['Ahmad', 'Muhammad', 'Mohd', 'Faiz', 'Hafiz', 'Amir', 'Irfan', 'Azman', 'Syafiq', 'Haziq', 'Danial', 'Zulkifli', 'Khairul', 'Aiman', 'Rizal']
const MALAY_FEMALE = ['Nur', 'Siti', 'Nurul', 'Aisyah', 'Farah', 'Aina', 'Hidayah', 'Zulaikha', 'Noraini', 'Fatimah', 'Sofea', 'Izzati', 'Amirah', 'Syahirah', 'Hanis']
const MALAY_FATHER = ['Abdullah', 'Ismail', 'Hassan', 'Razak', 'Ibrahim', 'Yusof', 'Osman', 'Hamzah', 'Rahman', 'Salleh', 'Kassim', 'Zakaria', 'Aziz', 'Jamil', 'Idris']
const CHINESE_SURNAME = ['Tan', 'Lim', 'Lee', 'Wong', 'Ng', 'Chong', 'Chan', 'Teo', 'Goh', 'Ong', 'Yap', 'Loh', 'Cheah', 'Khoo', 'Liew', 'Chin', 'Foo', 'Low']
const CHINESE_GIVEN = [
  'Wei Ming',
  'Mei Ling',
  'Kah Wai',
  'Siew Lan',
  'Jia Hui',
  'Zhi Hao',
  'Chee Keong',
  'Boon Huat',
  'Hui Min',
  'Xin Yi',
  'Kok Leong',
  'Pei Shan',
  'Jun Jie',
  'Yee Ling',
  'Wai Kit',
  'Siew-Ling',
]
const INDIAN_MALE = ['Arjun', 'Ravi', 'Suresh', 'Ganesh', 'Vinod', 'Kumar', 'Rajesh', 'Prakash', 'Sanjay', 'Muthu']
const INDIAN_FEMALE = ['Kavitha', 'Priya', 'Thivya', 'Lakshmi', 'Deepa', 'Anjali', 'Shalini', 'Meena', 'Revathi', 'Sangeetha']
const INDIAN_FATHER = ['Subramaniam', 'Muthusamy', 'Raman', 'Krishnan', 'Nair', 'Pillai', 'Rajendran', 'Selvam', 'Ramasamy', 'Govindasamy']
const DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'yahoo.com.my', 'icloud.com', 'live.com.my', 'unimas.my']
const STAFF = ['Aisyah', 'Mei Ling', 'Kumar', 'Hafiz', 'Jessica Tan', 'Farah']
const OPERATORS: [string, number][] = [
  ['12', 20],
  ['13', 12],
  ['14', 10],
  ['16', 12],
  ['17', 12],
  ['18', 8],
  ['19', 14],
  ['11', 12],
]
const CHANNELS: [string, string, number][] = [
  ['card_link', 'CARD', 38],
  ['phone_order', 'CARD', 22],
  ['generic_link', 'INTERNET_BANKING_FPX', 16],
  ['generic_link', 'EWALLET_TNG', 8],
  ['generic_link', 'EWALLET_GRABPAY', 5],
  ['generic_link', 'EWALLET_SHOPEEPAY', 5],
  ['generic_link', 'BNPL_ATOME', 3],
  ['generic_link', 'BNPL_GRABPAY', 2],
  ['generic_link', 'BNPL_SHOPEEPAY', 1],
]
const STATUSES: [OrderStatus, number][] = [
  ['PAID', 78],
  ['PENDING', 5],
  ['FAILED', 6],
  ['EXPIRED', 5],
  ['REFUNDED', 3.5],
  ['CANCELLED', 1.5],
  ['VOIDED', 0.5],
  ['OUTCOME_UNKNOWN', 0.3],
]

/** A SQL array of these constant strings (they are ours, not input: quoting is enough). */
function textArray(items: readonly string[]): string {
  return `array[${items.map((item) => `'${item.replaceAll("'", "''")}'`).join(', ')}]::text[]`
}

/** `case` picking by weight with the uniform `x`: the first item whose cumulative weight exceeds it. */
function weightedCase(x: string, table: readonly (readonly [string, number])[]): string {
  const total = table.reduce((sum, [, weight]) => sum + weight, 0)
  let cumulative = 0
  const whens = table.map(([value, weight]) => {
    cumulative += weight
    return `when ${x} < ${String(cumulative / total)} then ${value}`
  })
  return `case ${whens.join(' ')} else ${table.at(-1)?.[0] ?? 'null'} end`
}

const quote = (value: string): string => `'${value}'`

/** Helpers in the session's temporary schema: a uniform number from a hash, a pick, digits. */
const HELPERS = `
  create function pg_temp.u(g bigint, k integer) returns float8 language sql immutable
    return (hashint8extended(g, k) & 4294967295)::float8 / 4294967296;
  create function pg_temp.pick(items text[], x float8) returns text language sql immutable
    return items[1 + floor(x * array_length(items, 1))::integer];
  create function pg_temp.digits(x float8, n integer) returns text language sql immutable
    return lpad(floor(x * 10 ^ n)::bigint::text, n, '0');
`

/** Made-up people 1…count (as seed.ts's fakePerson): the customers, then the walk-ins, in a temporary table. */
function peopleSql(count: number): string {
  return `
  create temp table people as
  select g as id,
    case when grp < 0.55 then first || case when second = first then '' else ' ' || second end || case when female then ' binti ' else ' bin ' end || last
         when grp < 0.85 then last || ' ' || given
         else first || case when female then ' a/p ' else ' a/l ' end || last end as name,
    lower(case when r7 < 3.0 / 9 then first || '.' || last
               when r7 < 6.0 / 9 then first || last || floor(r8 * 100)::integer
               when r7 < 8.0 / 9 then first || '_' || (1960 + floor(r8 * 45)::integer)
               else left(last, 1) || first end) || '@' || pg_temp.pick(${textArray(DOMAINS)}, r9) as email,
    ${weightedCase('r12', [
      ["'+60 ' || operator || '-' || left(subscriber, 3) || ' ' || substr(subscriber, 4)", 4],
      ["'+60' || operator || subscriber", 2],
      ["'0' || operator || '-' || left(subscriber, 3) || ' ' || substr(subscriber, 4)", 2],
      ["'0' || operator || subscriber", 2],
      ["'60' || operator || subscriber", 1],
    ])} as phone
  from generate_series(1, ${String(count)}) g
  cross join lateral (select pg_temp.u(g, 1) as grp, pg_temp.u(g, 2) < 0.5 as female, pg_temp.u(g, 3) as r3, pg_temp.u(g, 4) as r4, pg_temp.u(g, 5) as r5,
    pg_temp.u(g, 6) as r6, pg_temp.u(g, 7) as r7, pg_temp.u(g, 8) as r8, pg_temp.u(g, 9) as r9, pg_temp.u(g, 10) as r10,
    pg_temp.u(g, 11) as r11, pg_temp.u(g, 12) as r12) b
  cross join lateral (select
    case when grp < 0.55 then pg_temp.pick(case when female then ${textArray(MALAY_FEMALE)} else ${textArray(MALAY_MALE)} end, r3)
         when grp < 0.85 then translate(pg_temp.pick(${textArray(CHINESE_GIVEN)}, r4), ' -', '')
         else pg_temp.pick(case when female then ${textArray(INDIAN_FEMALE)} else ${textArray(INDIAN_MALE)} end, r3) end as first,
    case when grp < 0.55 then pg_temp.pick(${textArray(MALAY_FATHER)}, r5)
         when grp < 0.85 then pg_temp.pick(${textArray(CHINESE_SURNAME)}, r5)
         else pg_temp.pick(${textArray(INDIAN_FATHER)}, r5) end as last,
    pg_temp.pick(case when female then ${textArray(MALAY_FEMALE)} else ${textArray(MALAY_MALE)} end, r6) as second,
    pg_temp.pick(${textArray(CHINESE_GIVEN)}, r4) as given,
    ${weightedCase(
      'r10',
      OPERATORS.map(([operator, weight]) => [quote(operator), weight]),
    )} as operator) n
  cross join lateral (select pg_temp.digits(r11, case when operator = '11' then 8 else 7 end) as subscriber) p;
  create unique index on people (id);
  analyze people;`
}

function customersSql(count: number): string {
  return `
  insert into customers (id, external_id, name, email, phone, address, city, state, zip_code, country, created_at, updated_at)
  select g, 'CUST-' || lpad(g::text, 7, '0'), p.name, p.email, p.phone, (1 + floor(pg_temp.u(g, 30) * 200))::integer || ' Jalan Ampang',
    'Kuala Lumpur', 'WP Kuala Lumpur', '50' || pg_temp.digits(pg_temp.u(g, 31), 3), 'MY',
    to_char(timestamptz '${NOW.toISOString()}' - interval '730 days' + pg_temp.u(g, 32) * interval '365 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(timestamptz '${NOW.toISOString()}' - interval '730 days' + pg_temp.u(g, 32) * interval '365 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from generate_series(1, ${String(count)}) g
  join people p on p.id = g;
  select setval(pg_get_serial_sequence('customers', 'id'), ${String(count)});`
}

/**
 * Orders `first`…`last` of `count`, over the 365 days before NOW, dates never going back as the id
 * grows (as seed.ts). Written in id order, as a team's orders are written one after the other: the
 * table's pages follow the ids, as a real one's do (the joins alone would leave them shuffled, and
 * every read of a range of ids would then visit a page per row).
 */
function ordersSql(first: number, last: number, count: number, customers: number, walkIns: number): string {
  const channel = weightedCase(
    'r.rc',
    CHANNELS.map(([kind, ch, weight]) => [`array['${kind}', '${ch}']`, weight]),
  )
  const status = weightedCase(
    'r.rs',
    STATUSES.map(([value, weight]) => [quote(value), weight]),
  )
  return `
  insert into orders (id, kind, invoice_number, amount_sen, currency, channel, status, raw_status, customer_id, customer_name, customer_email,
    customer_phone, request_id, payment_id, gateway_reference_id, link_url, link_expires_at, card_masked, card_last4, card_brand, created_by,
    created_at, updated_at, completed_at)
  select o.id, o.kind, 'INV-' || extract(year from o.created at time zone 'UTC') || '-' || lpad(o.id::text, 6, '0'), o.amount, 'MYR', o.channel, o.status,
    case o.status when 'PAID' then 'SUCCESS' when 'PENDING' then 'PENDING' when 'FAILED' then 'FAILED' when 'EXPIRED' then 'EXPIRED'
      when 'REFUNDED' then 'REFUNDED' when 'VOIDED' then 'VOIDED' end,
    o.customer_id, o.name, case when pg_temp.u(o.id, 40) < 0.95 then o.email end, case when pg_temp.u(o.id, 41) < 0.97 then o.phone end,
    overlay(overlay(md5(o.id::text || ' request')::uuid::text placing '4' from 15 for 1) placing 'a' from 20 for 1),
    case when o.kind = 'generic_link' then 'PAY-' || to_char(o.created at time zone 'UTC', 'YYYYMMDD') || '-' || pg_temp.digits(pg_temp.u(o.id, 42), 6) end,
    case when o.status = 'CANCELLED' then null when o.channel = 'CARD' then pg_temp.digits(pg_temp.u(o.id, 43), 12)
      else 'DK' || upper(left(md5(o.id::text || ' reference'), 14)) end,
    case when o.kind <> 'phone_order' then 'https://pay.training.invalid/p/' || left(md5(o.id::text || ' link'), 16) end,
    case when o.kind <> 'phone_order' then to_char((o.created + interval '1 day') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end,
    case when o.card then o.bin || pg_temp.digits(pg_temp.u(o.id, 44), 5) || '******' || o.last4 end,
    case when o.card then o.last4 end,
    case when o.card then o.brand end,
    pg_temp.pick(${textArray(STAFF)}, pg_temp.u(o.id, 45)),
    to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(coalesce(o.completed, o.created) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    to_char(o.completed at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  from (
    select g as id, k.channel_pair[1] as kind, k.channel_pair[2] as channel, s.status, c.id as customer_id,
      p.name, p.email, p.phone, r.created,
      least(500000, greatest(500, case when r.ra2 < 0.6 then round(exp(ln(5) + r.ra * (ln(5000) - ln(5)))) * 100
        else round(exp(ln(5) + r.ra * (ln(5000) - ln(5))) * 100 / 5) * 5 end))::bigint as amount,
      k.channel_pair[2] = 'CARD' and (k.channel_pair[1] = 'phone_order' or s.status <> 'PENDING') as card,
      pg_temp.digits(pg_temp.u(g, 50), 4) as last4,
      case when r.rb < 0.55 then 'VISA' when r.rb < 0.95 then 'MASTERCARD' else 'AMEX' end as brand,
      case when r.rb < 0.55 then '4' when r.rb < 0.95 then '5' else '3' end as bin,
      case when s.status not in ('PENDING', 'OUTCOME_UNKNOWN') then r.created + interval '30 seconds' + r.rd * interval '20 minutes' end as completed
    from generate_series(${String(first)}, ${String(last)}) g
    cross join lateral (select pg_temp.u(g, 20) as rc, pg_temp.u(g, 21) as rs, pg_temp.u(g, 22) as rw, pg_temp.u(g, 23) as rcust,
      pg_temp.u(g, 24) as ra, pg_temp.u(g, 25) as ra2, pg_temp.u(g, 26) as rb, pg_temp.u(g, 27) as rd, pg_temp.u(g, 28) as rp,
      timestamptz '${NOW.toISOString()}' - interval '365 days' + ((g - 1 + pg_temp.u(g, 29) * 0.9) / ${String(count)}) * interval '365 days' as created) r
    cross join lateral (select ${channel} as channel_pair) k
    cross join lateral (select case
        when st = 'PENDING' and timestamptz '${NOW.toISOString()}' - r.created > interval '7 days' and k.channel_pair[1] <> 'phone_order'
          then case when r.rp < 0.5 then 'EXPIRED' else 'PAID' end
        when k.channel_pair[1] = 'phone_order' and st in ('PENDING', 'EXPIRED') then 'FAILED'
        else st end as status from (select ${status} as st) x) s
    -- Returning customers, the first ones the most often; walk-ins (8 %) are people of their own.
    join people p on p.id = case when r.rw < 0.08 then ${String(customers)} + 1 + floor(r.rcust * ${String(walkIns)})::bigint
      else 1 + floor(pow(r.rcust, 1.5) * ${String(customers)})::bigint end
    left join customers c on r.rw >= 0.08 and c.id = p.id
  ) o
  order by o.id`
}

interface Sample {
  invoice_number: string
  customer_name: string
  customer_email: string | null
  customer_phone: string | null
  card_last4: string | null
  gateway_reference_id: string | null
  request_id: string | null
  created_at: string
  amount_sen: number
}

interface Kind {
  name: string
  query: (i: number) => OrderSearch
  secondPage?: boolean
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`

function seed(db: PgDatabase): void {
  const customers = Math.min(150_000, Math.max(20, Math.ceil(ORDERS / 8)))
  let started = performance.now()
  const walkIns = Math.max(20, Math.ceil(ORDERS * 0.08))
  db.exec(HELPERS)
  db.exec(peopleSql(customers + walkIns))
  // The indexes are built after the rows (faster than kept up to date through a million inserts),
  // each from its own definition as the migrations made it; those of constraints stay.
  const indexes = db
    .prepare(
      `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = '${SCHEMA}' and i.tablename in ('orders', 'customers')
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = '${SCHEMA}'::regnamespace)`,
    )
    .all() as { indexname: string; indexdef: string }[]
  for (const { indexname } of indexes) db.exec(`drop index ${SCHEMA}.${indexname}`)
  db.exec(customersSql(customers))
  console.log(`  ${String(customers)} customers, ${seconds(started)}`)
  started = performance.now()
  const chunk = 250_000
  for (let from = 0; from < ORDERS; from += chunk) {
    const n = Math.min(chunk, ORDERS - from)
    db.exec(ordersSql(from + 1, from + n, ORDERS, customers, walkIns))
    console.log(`  ${String(from + n)} orders, ${seconds(started)}`)
  }
  db.exec(`select setval(pg_get_serial_sequence('orders', 'id'), ${String(ORDERS)})`)
  started = performance.now()
  for (const { indexdef } of indexes) db.exec(indexdef)
  console.log(`  ${String(indexes.length)} indexes built, ${seconds(started)}`)
  started = performance.now()
  db.exec('vacuum (analyze) orders')
  db.exec('vacuum (analyze) customers')
  console.log(`  vacuum + analyze, ${seconds(started)}`)
}

/** The orders table and its indexes, by name in SCHEMA. */
function ordersRelations(db: PgDatabase): string[] {
  return db
    .prepare(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = '${SCHEMA}' and (c.relname = 'orders' or c.oid in (select indexrelid from pg_index where indrelid = '${SCHEMA}.orders'::regclass))`,
    )
    .pluck()
    .all() as string[]
}

/**
 * Loads the orders and their indexes into the server's shared buffers, as a team server that has
 * been answering for a while holds them (the SQLite bench's file is likewise in the page cache):
 * what is measured is the search, not the first read of each page.
 */
function prewarm(db: PgDatabase): void {
  const started = performance.now()
  db.exec('create extension if not exists pg_prewarm with schema public')
  const relations = ordersRelations(db)
  for (const relation of relations) db.prepare('select public.pg_prewarm(?::regclass)').get(`${SCHEMA}.${relation}`)
  console.log(`  orders and ${String(relations.length - 1)} indexes in shared buffers, ${seconds(started)}`)
}

/**
 * Reads every page of the orders and their indexes, from shared buffers, in the session that then
 * searches, as a desk's session holds them after it has been searching for a while. A server process
 * maps each page of shared memory at its first touch of it: measured on this machine (2026-12-02) at
 * about 30 µs a page fault, so that a session's first search over pages it had not touched took
 * 190 ms more for its 6,400 faults than the same search again (pg_prewarm alone fills the buffers but
 * leaves the contents of a page already there untouched). What this costs is printed, not measured
 * against the target: a cost of the server's process model and this machine's memory, once per
 * session and page (huge pages, `huge_pages = on`, make it 512 times fewer faults).
 */
function touchFromSearchSession(db: PgDatabase): void {
  const started = performance.now()
  db.exec('create extension if not exists pageinspect with schema public')
  const backend = db.prepare('select pg_backend_pid()').pluck().get() as number
  const faults = (): number | null => {
    try {
      // Field 10 of /proc/<pid>/stat (minor faults); the server is this machine's when the file is there.
      return Number(
        readFileSync(`/proc/${String(backend)}/stat`, 'utf8')
          .split(') ')[1]
          ?.split(' ')[7],
      )
    } catch {
      return null
    }
  }
  const before = faults()
  let pages = 0
  for (const relation of ordersRelations(db)) {
    pages += db
      .prepare(`select count(length(public.get_raw_page(?, b::bigint))) from generate_series(0, pg_relation_size(?::regclass) / current_setting('block_size')::int - 1) as b`)
      .pluck()
      .get(`${SCHEMA}.${relation}`, `${SCHEMA}.${relation}`) as number
  }
  const after = faults()
  const faulted = before === null || after === null ? 'page faults not counted (the server is not on this machine)' : `${grouped(after - before)} page faults`
  console.log(`  every page read once by the searching session: ${grouped(pages)} pages, ${faulted}, ${seconds(started)}`)
}

/** EXPLAIN ANALYZE of every statement one search runs (the face's statements, re-run with the same parameters). */
function explain(db: PgDatabase, run: () => void): void {
  const connection = db.connection
  const original = connection.query.bind(connection)
  const plans: string[] = []
  connection.query = (sql: string, params?: readonly unknown[]) => {
    if (/^\s*select/i.test(sql) && params !== undefined && params.length > 0) {
      const plan = original(`explain (analyze, buffers, costs off) ${sql}`, params)
        .rows.map((row) => String(row['QUERY PLAN']))
        .join('\n    ')
      plans.push(`  ${sql.replace(/\s+/g, ' ').slice(0, 300)}\n    ${plan}`)
    }
    return original(sql, params)
  }
  try {
    run()
  } finally {
    connection.query = original
  }
  console.log(plans.join('\n'))
}

async function main(): Promise<void> {
  // --database URL: a database someone keeps (for work on the plans), seeded before or, with --seed, now; not stopped here.
  const given = process.argv.includes('--database') ? process.argv[process.argv.indexOf('--database') + 1] : undefined
  const seeding = given === undefined || process.argv.includes('--seed')
  const cluster = given ? null : await startCluster({ label: 'bench', settings: { shared_buffers: '2GB', maintenance_work_mem: '1GB' } })
  let db: PgDatabase | null = null
  try {
    const url = given ?? cluster?.url ?? ''
    console.log(cluster ? `${cluster.version}, ${url}` : url)
    db = new PgDatabase({ connection: { connectionString: url, options: `-c search_path=${SCHEMA}` }, callTimeoutMs: 600_000 })
    if (seeding) {
      migrateTeam(db, NOW)
      const started = performance.now()
      seed(db)
      console.log(`seeded ${String(ORDERS)} orders in ${seconds(started)}`)
      // The seed's writes go to disk now rather than during the searches, and the searches get a
      // session of their own, as a desk's (the seeding one holds its temporary tables and helpers).
      db.exec('checkpoint')
      db.close()
      db = new PgDatabase({ connection: { connectionString: url, options: `-c search_path=${SCHEMA}` }, callTimeoutMs: 600_000 })
      prewarm(db)
    }
    touchFromSearchSession(db)
    const size = db.prepare(`select pg_size_pretty(pg_total_relation_size('orders')) as total, pg_size_pretty(pg_relation_size('orders_search')) as search`).get() as { total: string; search: string }
    console.log(`orders: ${size.total} with its indexes, of which the trigram index ${size.search}`)

    const history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
    const random = createRandom(42)
    const maxId = db.prepare('select max(id) from orders').pluck().get() as number
    const sampleStatement = db.prepare('select * from orders where id = ?')
    const samples: Sample[] = []
    while (samples.length < RUNS) samples.push(sampleStatement.get(1 + Math.floor(random() * maxId)) as Sample)
    const cardSamples: Sample[] = []
    while (cardSamples.length < RUNS) {
      const row = sampleStatement.get(1 + Math.floor(random() * maxId)) as Sample
      if (row.card_last4 !== null) cardSamples.push(row)
    }
    const at = (i: number): Sample => samples[i % samples.length] as Sample
    const words = (name: string): string[] => name.split(/\s+/).filter((word) => !/^(bin|binti|a\/l|a\/p)$/.test(word))
    const phoneSpelling = (phone: string, i: number): string => {
      const digits = phone.replace(/\D/g, '')
      const national = digits.startsWith('60') ? digits.slice(2) : digits.replace(/^0/, '')
      return [`0${national}`, `60${national}`, `+60 ${national.slice(0, 2)}-${national.slice(2, 5)} ${national.slice(5)}`][i % 3] ?? national
    }
    const day = (offset: number): string => new Date(NOW.getTime() - offset * 86_400_000).toISOString()
    const statusSets: OrderStatus[][] = [['FAILED'], ['PENDING', 'FAILED'], ['REFUNDED'], ['PAID'], ['EXPIRED', 'CANCELLED'], ['OUTCOME_UNKNOWN']]

    // The kinds of search-bench.ts, with the same inputs drawn from the data.
    const kinds: Kind[] = [
      { name: 'invoice prefix', query: (i) => ({ text: at(i).invoice_number.slice(0, 10 + (i % 5)), limit: PAGE }) },
      { name: 'last digits of an invoice', query: (i) => ({ text: lastDigits(at(i).invoice_number, i), limit: PAGE }) },
      {
        name: 'name',
        query: (i) => ({
          text: words(at(i).customer_name)
            .slice(0, 1 + (i % 2))
            .join(' ')
            .slice(0, i % 3 === 0 ? 3 : undefined),
          limit: PAGE,
        }),
      },
      { name: 'e-mail', query: (i) => ({ text: (at(i).customer_email ?? 'x').slice(0, i % 2 === 0 ? undefined : 6), limit: PAGE }) },
      { name: 'phone (3 spellings)', query: (i) => ({ text: phoneSpelling(at(i).customer_phone ?? '0123456789', i), limit: PAGE }) },
      { name: 'card last four', query: (i) => ({ text: cardSamples[i % cardSamples.length]?.card_last4 ?? '4242', limit: PAGE }) },
      { name: 'gateway reference', query: (i) => ({ text: (at(i).gateway_reference_id ?? 'DK').slice(0, 8), limit: PAGE }) },
      { name: 'request id', query: (i) => ({ text: (at(i).request_id ?? '0').slice(0, i % 2 === 0 ? 8 : 36), limit: PAGE }) },
      { name: 'any field (a name word)', query: (i) => ({ text: words(at(i).customer_name)[0] ?? 'a', limit: PAGE }) },
      {
        name: 'status + date range',
        query: (i) => {
          const from = Math.floor(random() * 330) + 7
          return { statuses: statusSets[i % statusSets.length], createdFrom: day(from), createdTo: day(from - 7 - (i % 23)), limit: PAGE }
        },
      },
      {
        name: 'amount range',
        query: (i) => {
          const min = at(i).amount_sen
          return { amountMinSen: min, amountMaxSen: min + (SPANS[i % SPANS.length] ?? 0), limit: PAGE }
        },
      },
      { name: 'text + status + date', query: (i) => ({ text: words(at(i).customer_name)[0] ?? 'a', statuses: statusSets[i % statusSets.length], createdFrom: day(90), limit: PAGE }) },
      {
        name: 'second page via cursor',
        query: (i) => (i % 2 === 0 ? { text: words(at(i).customer_name)[0] ?? 'a', limit: PAGE } : { statuses: ['PAID'], limit: PAGE }),
        secondPage: true,
      },
    ]

    console.log(`\n${String(maxId)} orders, page of ${String(PAGE)}, over loopback; times in ms\n`)
    console.log('kind'.padEnd(30) + 'runs'.padStart(6) + 'p50'.padStart(8) + 'p95'.padStart(8) + 'max'.padStart(8) + '  target p95')
    let allMet = true
    for (const kind of kinds) {
      if (EXPLAIN) {
        console.log(`\n${kind.name}: ${JSON.stringify(kind.query(1))}`)
        explain(db, () => history.orders.search(kind.query(1)))
      }
      const times: number[] = []
      const deadline = performance.now() + MAX_MS_PER_KIND
      for (let i = 0; i < RUNS && performance.now() < deadline; i += 1) {
        let query = kind.query(i)
        if (kind.secondPage) {
          const first = history.orders.search(query)
          if (first.nextBeforeId === null) continue
          query = { ...query, beforeId: first.nextBeforeId }
        }
        const started = performance.now()
        history.orders.search(query)
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      const p95 = percentile(times, 95)
      const met = p95 <= TARGET_P95_MS
      allMet &&= met
      figure('search-bench-pg', `team search on PostgreSQL: ${kind.name}`, `p95 ${p95.toFixed(2)} ms`, `≤ ${String(TARGET_P95_MS)} ms`, met)
      const fmt = (n: number): string => (Number.isNaN(n) ? '-' : n.toFixed(2))
      console.log(
        kind.name.padEnd(30) +
          String(times.length).padStart(6) +
          fmt(percentile(times, 50)).padStart(8) +
          fmt(p95).padStart(8) +
          fmt(times.at(-1) ?? Number.NaN).padStart(8) +
          `  ≤ ${String(TARGET_P95_MS)}` +
          (met ? '  ok' : '  OVER'),
      )
    }
    if (!allMet) console.log(`not every kind within p95 ${String(TARGET_P95_MS)} ms`)
  } finally {
    db?.close()
    await cluster?.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
