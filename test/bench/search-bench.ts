/**
 * Order search on a million orders: for each kind of query, ~200 searches with varied realistic
 * inputs (taken from the data itself), p50/p95/max in ms, next to a plain LIKE '%…%' scan of the
 * same kind (fewer runs: it is slow), and the process RSS at the end. Twice: first cold (the file
 * dropped from the page cache with posix_fadvise DONTNEED through `dd iflag=nocache`, and opened
 * again), then warm, with the same inputs. Targets (issue 23): p95 ≤ 15 ms and max ≤ 50 ms per kind in
 * both passes, RSS ≤ 150 MB. Beside each kind: what its searches read from the disk (p95, and the
 * slowest search's), and before and after the passes how long one random read of the file took
 * (disk-reads.ts): a cold search is a chain of such reads, and one that waits shows as the maximum.
 * Bounded in runs and time; it stops by itself, and exits 0 when it ran to the end whatever it
 * measured (figures.ts).
 *
 * The RSS is the app's, not the bench's tooling's: started under tsx, this file runs itself bundled
 * under plain node (bundled.ts). Both processes print their RSS with the same modules loaded and
 * nothing opened.
 *
 * The seeded database is kept in .tmp/bench/ and reused when present (seeding takes a minute or
 * two). Delete it to start afresh. Run: npx tsx test/bench/search-bench.ts [--orders N]
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { openDatabase, type Db } from '../../src-main/store/database'
import { createHistory } from '../../src-main/store/history'
import type { OrderSearch, OrderStatus } from '../../src-main/store/history-types'
import { migrate, MIGRATIONS, schemaVersion } from '../../src-main/store/migrations'
import { createRandom, optimizeSearchIndex, seedOrders } from '../../src-main/store/seed'
import { BUNDLED, ROOT, runBundled, startArgs } from './bundled'
import { describeLatency, dropFromPageCache, randomReadLatency, readFromDisk } from './disk-reads'
import { figure, grouped } from './figures'
import { lastDigits } from './search-texts'
import { percentile } from './timing'

const ordersArg = process.argv.indexOf('--orders')
const ORDERS = ordersArg > 0 ? Number(process.argv[ordersArg + 1]) : 1_000_000
const RUNS = 200
const LIKE_RUNS = 8
const MAX_MS_PER_KIND = 20_000
const TARGET_P95_MS = 15
const TARGET_MAX_MS = 50
const TARGET_RSS_MB = 150
const NOW = new Date('2026-11-21T00:00:00.000Z')
const PAGE = 50
/** Widths of the amount ranges tried, in sen: an exact amount up to RM 1,000 wide. */
const SPANS = [0, 500, 10_000, 100_000]

const SEED_ONLY = process.argv.includes('--seed-only')
/** The newest schema: a cached database from another is never reused (it is seeded again). */
const SCHEMA_VERSION = MIGRATIONS.at(-1)?.version ?? 0
const FILE = join(ROOT, '.tmp/bench', `search-${String(ORDERS)}-schema${String(SCHEMA_VERSION)}.sqlite3`)

const rssMb = (): number => process.memoryUsage().rss / 1_048_576

/** Runs the bundle, after printing the RSS under tsx for reference. */
function runUnderPlainNode(): number {
  // Read before the build, which held about 7 MB more: the same modules as the bundle's, nothing else.
  console.log(`under tsx, the same modules loaded and nothing opened: RSS ${rssMb().toFixed(0)} MB`)
  return runBundled(__filename)
}

function cached(): Db | null {
  if (!existsSync(FILE)) return null
  const db = openDatabase(FILE)
  const count = schemaVersion(db) === SCHEMA_VERSION ? (db.prepare('select count(*) from orders').pluck().get() as number) : -1
  if (count === ORDERS) return db
  db.close()
  return null
}

/**
 * The benchmark's database. Seeding runs in a child process, so that the RSS measured here is the
 * search's, not what a million inserts and an index merge left in the allocator.
 */
function database(): Db {
  const reused = cached()
  if (reused) {
    console.log(`reusing ${FILE}`)
    return reused
  }
  const child = spawnSync(process.execPath, [...startArgs(__filename), '--seed-only', '--orders', String(ORDERS)], { stdio: 'inherit' })
  if (child.status !== 0) throw new Error(`seeding failed (exit ${String(child.status)})`)
  const db = cached()
  if (!db) throw new Error(`seeding left no usable ${FILE}`)
  return db
}

async function seedDatabase(): Promise<void> {
  const file = FILE
  mkdirSync(dirname(file), { recursive: true })
  // Seeded under another name and renamed when complete, so an interrupted run is never reused.
  const partial = `${file}.partial`
  for (const suffix of ['', '-wal', '-shm']) rmSync(partial + suffix, { force: true })
  const db = openDatabase(partial)
  await migrate(db, partial)
  const started = performance.now()
  let shown = 0
  seedOrders(db, {
    count: ORDERS,
    seed: 20261121,
    now: NOW,
    onProgress: (done, total) => {
      if (done - shown >= total / 10 || done === total) {
        shown = done
        console.log(`  seeded ${String(done)} orders, ${((performance.now() - started) / 1000).toFixed(1)} s`)
      }
    },
  })
  const seeded = performance.now()
  optimizeSearchIndex(db)
  db.exec('analyze')
  db.pragma('wal_checkpoint(TRUNCATE)')
  console.log(`seed ${((seeded - started) / 1000).toFixed(1)} s, optimize + analyze ${((performance.now() - seeded) / 1000).toFixed(1)} s`)
  db.close()
  renameSync(partial, file)
  for (const suffix of ['-wal', '-shm']) rmSync(partial + suffix, { force: true })
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
  /** The app's search for the i-th input. */
  query: (i: number) => OrderSearch
  /** The same question as a plain scan, for comparison; null when there is no such thing. */
  like: ((i: number) => { sql: string; params: unknown[] }) | null
  /** Times the second page rather than the first. */
  secondPage?: boolean
}

function main(): void {
  console.log(`plain node, the same modules loaded and nothing opened: RSS ${rssMb().toFixed(0)} MB`)
  const figures: [string, string, string, boolean | null][] = []
  let db = database()
  let history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
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
  // Drawn once, so that the warm pass asks what the cold pass asked (drawn per search, the warm pass's
  // periods were new ones, read from the disk).
  const periodStarts = Array.from({ length: RUNS }, () => Math.floor(random() * 330) + 7)
  const periodStart = (i: number): number => periodStarts[i % periodStarts.length] ?? 7
  const words = (name: string): string[] => name.split(/\s+/).filter((word) => !/^(bin|binti|a\/l|a\/p)$/.test(word))
  const phoneSpelling = (phone: string, i: number): string => {
    const digits = phone.replace(/\D/g, '')
    const national = digits.startsWith('60') ? digits.slice(2) : digits.replace(/^0/, '')
    return [`0${national}`, `60${national}`, `+60 ${national.slice(0, 2)}-${national.slice(2, 5)} ${national.slice(5)}`][i % 3] ?? national
  }
  const day = (offset: number): string => new Date(NOW.getTime() - offset * 86_400_000).toISOString()
  const statusSets: OrderStatus[][] = [['FAILED'], ['PENDING', 'FAILED'], ['REFUNDED'], ['PAID'], ['EXPIRED', 'CANCELLED'], ['OUTCOME_UNKNOWN']]
  const likeText = (columns: string[], value: string): { sql: string; params: unknown[] } => ({
    sql: `select * from orders where ${columns.map((column) => `${column} like ?`).join(' or ')} order by id desc limit ${String(PAGE + 1)}`,
    params: columns.map(() => `%${value}%`),
  })

  const kinds: Kind[] = [
    {
      name: 'invoice prefix',
      query: (i) => ({ text: at(i).invoice_number.slice(0, 10 + (i % 5)), limit: PAGE }),
      like: (i) => likeText(['invoice_number'], at(i).invoice_number.slice(0, 10 + (i % 5))),
    },
    {
      name: 'last digits of an invoice',
      query: (i) => ({ text: lastDigits(at(i).invoice_number, i), limit: PAGE }),
      like: (i) => likeText(['invoice_number'], lastDigits(at(i).invoice_number, i)),
    },
    {
      name: 'name',
      query: (i) => ({
        text: words(at(i).customer_name)
          .slice(0, 1 + (i % 2))
          .join(' ')
          .slice(0, i % 3 === 0 ? 3 : undefined),
        limit: PAGE,
      }),
      like: (i) => likeText(['customer_name'], words(at(i).customer_name)[0] ?? ''),
    },
    {
      name: 'e-mail',
      query: (i) => ({ text: (at(i).customer_email ?? 'x').slice(0, i % 2 === 0 ? undefined : 6), limit: PAGE }),
      like: (i) => likeText(['customer_email'], at(i).customer_email ?? 'x'),
    },
    {
      name: 'phone (3 spellings)',
      query: (i) => ({ text: phoneSpelling(at(i).customer_phone ?? '0123456789', i), limit: PAGE }),
      like: (i) => likeText(['customer_phone'], (at(i).customer_phone ?? '0123456789').slice(-7)),
    },
    {
      name: 'card last four',
      query: (i) => ({ text: cardSamples[i % cardSamples.length]?.card_last4 ?? '4242', limit: PAGE }),
      like: (i) => likeText(['card_last4'], cardSamples[i % cardSamples.length]?.card_last4 ?? '4242'),
    },
    {
      name: 'gateway reference',
      query: (i) => ({ text: (at(i).gateway_reference_id ?? 'DK').slice(0, 8), limit: PAGE }),
      like: (i) => likeText(['gateway_reference_id'], (at(i).gateway_reference_id ?? 'DK').slice(0, 8)),
    },
    {
      name: 'request id',
      query: (i) => ({ text: (at(i).request_id ?? '0').slice(0, i % 2 === 0 ? 8 : 36), limit: PAGE }),
      like: (i) => likeText(['request_id'], (at(i).request_id ?? '0').slice(0, 8)),
    },
    {
      name: 'any field (all columns LIKE)',
      query: (i) => ({ text: words(at(i).customer_name)[0] ?? 'a', limit: PAGE }),
      like: (i) =>
        likeText(['invoice_number', 'customer_name', 'customer_email', 'customer_phone', 'card_last4', 'gateway_reference_id', 'request_id', 'payment_id'], words(at(i).customer_name)[0] ?? 'a'),
    },
    {
      name: 'status + date range',
      query: (i) => {
        const from = periodStart(i)
        return { statuses: statusSets[i % statusSets.length], createdFrom: day(from), createdTo: day(from - 7 - (i % 23)), limit: PAGE }
      },
      like: (i) => {
        const from = periodStart(i)
        const statuses = statusSets[i % statusSets.length] ?? ['PAID']
        return {
          sql: `select * from orders where status in (${statuses.map(() => '?').join(', ')}) and created_at >= ? and created_at < ? order by id desc limit ${String(PAGE + 1)}`,
          params: [...statuses, day(from), day(from - 7 - (i % 23))],
        }
      },
    },
    {
      name: 'amount range',
      query: (i) => {
        const min = at(i).amount_sen
        return { amountMinSen: min, amountMaxSen: min + (SPANS[i % SPANS.length] ?? 0), limit: PAGE }
      },
      like: (i) => {
        const min = at(i).amount_sen
        return { sql: `select * from orders not indexed where amount_sen between ? and ? order by id desc limit ${String(PAGE + 1)}`, params: [min, min + (SPANS[i % SPANS.length] ?? 0)] }
      },
    },
    {
      name: 'text + status + date',
      query: (i) => ({ text: words(at(i).customer_name)[0] ?? 'a', statuses: statusSets[i % statusSets.length], createdFrom: day(90), limit: PAGE }),
      like: (i) => {
        const statuses = statusSets[i % statusSets.length] ?? ['PAID']
        return {
          sql: `select * from orders where customer_name like ? and status in (${statuses.map(() => '?').join(', ')}) and created_at >= ? order by id desc limit ${String(PAGE + 1)}`,
          params: [`%${words(at(i).customer_name)[0] ?? 'a'}%`, ...statuses, day(90)],
        }
      },
    },
    {
      name: 'second page via cursor',
      query: (i) => (i % 2 === 0 ? { text: words(at(i).customer_name)[0] ?? 'a', limit: PAGE } : { statuses: ['PAID'], limit: PAGE }),
      like: null,
      secondPage: true,
    },
  ]

  // The cold pass: the inputs are read; then the file leaves the page cache and is opened again (SQLite's own cache empty too).
  db.close()
  // How long one read from the disk takes now: a cold search is a chain of them.
  const latencyBefore = randomReadLatency(FILE)
  if (latencyBefore) console.log(`\nrandom 4 KB reads of ${FILE} out of the page cache: ${describeLatency(latencyBefore)}`)
  const drop = dropFromPageCache(FILE)
  db = openDatabase(FILE)
  history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
  console.log(
    drop
      ? `\ncold pass: ${FILE} dropped from the page cache with posix_fadvise DONTNEED (dd iflag=nocache); resident before ${drop.residentBefore}, after ${drop.residentAfter}`
      : '\ncold pass: the file could not be dropped from the page cache here (no GNU dd): the first pass is not a cold one',
  )
  for (const pass of ['cold', 'warm'] as const) runPass(pass, pass === 'cold' && drop !== null)
  const latencyAfter = randomReadLatency(FILE)
  if (latencyBefore && latencyAfter) {
    console.log(`random 4 KB reads of the file out of the page cache, after both passes: ${describeLatency(latencyAfter)}`)
    figures.push([
      'the disk: random 4 KB reads of the history file out of the page cache, before the cold pass and after the warm one',
      `${describeLatency(latencyBefore)}; ${describeLatency(latencyAfter)}`,
      '—',
      null,
    ])
  }

  function runPass(pass: 'cold' | 'warm', cold: boolean): void {
    console.log(`\n${pass} pass: ${String(maxId)} orders, page of ${String(PAGE)}; times in ms\n`)
    console.log(
      'kind'.padEnd(30) +
        'runs'.padStart(6) +
        'p50'.padStart(8) +
        'p95'.padStart(8) +
        'max'.padStart(8) +
        '   LIKE p50'.padStart(12) +
        'LIKE p95'.padStart(10) +
        '  disk KB p95'.padStart(14) +
        'at max'.padStart(8) +
        '  target',
    )
    for (const kind of kinds) {
      // Each search's time, and what it read from the disk (counted outside its time).
      const searches: { ms: number; diskKb: number | null }[] = []
      const deadline = performance.now() + MAX_MS_PER_KIND
      for (let i = 0; i < RUNS && performance.now() < deadline; i += 1) {
        let query = kind.query(i)
        if (kind.secondPage) {
          const first = history.orders.search(query)
          if (first.nextBeforeId === null) continue
          query = { ...query, beforeId: first.nextBeforeId }
        }
        const readBefore = readFromDisk()
        const started = performance.now()
        history.orders.search(query)
        const ms = performance.now() - started
        const readAfter = readFromDisk()
        searches.push({ ms, diskKb: readBefore === null || readAfter === null ? null : (readAfter - readBefore) / 1024 })
      }
      const likeTimes: number[] = []
      // The plain scans read the whole table: only in the warm pass, after the app's searches.
      if (kind.like && pass === 'warm') {
        for (let i = 0; i < LIKE_RUNS && performance.now() < deadline + MAX_MS_PER_KIND; i += 1) {
          const { sql, params } = kind.like(i)
          const statement = db.prepare(sql)
          const started = performance.now()
          statement.all(...params)
          likeTimes.push(performance.now() - started)
        }
      }
      const times = searches.map((search) => search.ms).sort((a, b) => a - b)
      likeTimes.sort((a, b) => a - b)
      const diskKb = searches.flatMap((search) => (search.diskKb === null ? [] : [search.diskKb])).sort((a, b) => a - b)
      const slowest = searches.reduce<(typeof searches)[number] | undefined>((worst, search) => (worst && worst.ms >= search.ms ? worst : search), undefined)
      const disk = diskKb.length > 0 && slowest?.diskKb != null ? { p95: percentile(diskKb, 95), atMax: slowest.diskKb } : null
      const p95 = percentile(times, 95)
      const max = times.at(-1) ?? Number.NaN
      const met = p95 <= TARGET_P95_MS && max <= TARGET_MAX_MS
      const fmt = (n: number): string => (Number.isNaN(n) ? '-' : n.toFixed(2))
      console.log(
        kind.name.padEnd(30) +
          String(times.length).padStart(6) +
          fmt(percentile(times, 50)).padStart(8) +
          fmt(p95).padStart(8) +
          fmt(times.at(-1) ?? Number.NaN).padStart(8) +
          fmt(percentile(likeTimes, 50)).padStart(12) +
          fmt(percentile(likeTimes, 95)).padStart(10) +
          (disk ? disk.p95.toFixed(0) : '-').padStart(14) +
          (disk ? disk.atMax.toFixed(0) : '-').padStart(8) +
          (met ? '  ok' : `  OVER p95 ${String(TARGET_P95_MS)} / max ${String(TARGET_MAX_MS)} ms`),
      )
      const where = pass === 'cold' ? (cold ? 'cold cache (first run after posix_fadvise DONTNEED)' : 'first run (the page cache could not be dropped)') : 'warm cache'
      figures.push([
        `search ${grouped(maxId)} orders, ${where}: ${kind.name}`,
        `p95 ${fmt(p95)} ms, max ${fmt(max)} ms${disk ? `; read from the disk: p95 ${grouped(disk.p95)} KB a search, ${grouped(disk.atMax)} KB by the slowest` : ''}`,
        `p95 ≤ ${String(TARGET_P95_MS)} ms, max ≤ ${String(TARGET_MAX_MS)} ms`,
        pass === 'cold' && !cold ? false : met,
      ])
    }
  }
  for (const [name, measured, target, met] of figures) figure('search-bench', name, measured, target, met)
  const rss = rssMb()
  console.log(`\nRSS at the end: ${rss.toFixed(0)} MB (target ≤ ${String(TARGET_RSS_MB)} MB)${rss <= TARGET_RSS_MB ? '' : ' OVER'}`)
  figure(
    'search-bench',
    `main-process RSS with the ${grouped(maxId)}-order history open and searched (both passes; the bench bundled, under plain node)`,
    `${rss.toFixed(0)} MB`,
    `≤ ${String(TARGET_RSS_MB)} MB`,
    rss <= TARGET_RSS_MB,
  )
  db.close()
}

try {
  if (SEED_ONLY) {
    seedDatabase().catch((error: unknown) => {
      console.error(error)
      process.exitCode = 1
    })
  } else if (!BUNDLED) {
    process.exitCode = runUnderPlainNode()
  } else {
    main()
  }
} catch (error) {
  console.error(error)
  process.exitCode = 1
}
