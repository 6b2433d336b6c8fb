/**
 * The notification listener under load on loopback: 5,000 signed card notifications, each with its
 * own Request-Id, sent by autocannon over 20 keep-alive connections; requests per second, p50/p99
 * latency, anything but 200, and then that none was lost: every Request-Id answered 200 is in the
 * history's notifications table exactly once, and nothing else is. A second pass sends 500 of them
 * again: all answered 200, nothing new stored. Bounded in count and time; it stops by itself.
 *
 * A Sandbox back end (throw-away data folder and keyring) with known credentials on a training
 * gateway in its own process; 200 card links are made through `links.create` and the notifications
 * name their invoice numbers (a payment of each succeeded), so the listener also acts on them after
 * answering. The load comes from a child process (this file with --load), so that it does not share
 * the back end's event loop.
 *
 * Before the main pass, 1,000 more notifications (Request-Ids of their own, the same links) are sent
 * and not measured: in its first half second the back end runs the listener's code before V8 has
 * compiled it (the first 500 answers of a pass from a fresh start: p50 10.6–12.9 ms and p99 23–90
 * ms, against 3.5–8 and 7–18 for each 500 after the first thousand; docs/performance.md), a cost once
 * per process that would otherwise be a quarter of a pass of 1.7 s. The figures are the steady
 * ingest, as tracker-bench.ts's are the steady cost of a check. `--no-warm-up` leaves it out; the
 * loss check counts the warm-up's notifications too.
 *
 * Run: npx tsx test/bench/listener-bench.ts [--notifications N] [--connections C]: it runs itself
 * bundled under plain node, as the app's main process runs (bundled.ts), inside a throw-away keyring.
 */
import autocannon from 'autocannon'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { BUNDLED, runBundled, startArgs } from './bundled'
import { figure, grouped } from './figures'
import { argument, cardLinkRequest, freePort, inParallel, insideThrowawayKeyring, startExternalSimulator, startSandboxBackend, table, type BenchBackend } from './bench-backend'

const CREDENTIALS = { clientId: 'BRN-BENCH-LISTENER', secretKey: 'SK-bench-listener-0123456789', apiKey: 'bench_listener_api_key' }
const PATH = '/doku/notifications'
const LINKS = 200
const REPEATS = 500

/** Issue 23's targets for the main pass. */
const TARGET_RATE = 3_000
const TARGET_P99_MS = 20

const NOTIFICATIONS = Number(argument('--notifications') ?? 5_000)
const WARM_UP = process.argv.includes('--no-warm-up') ? 0 : 1_000
const CONNECTIONS = Number(argument('--connections') ?? 20)

/** One notification as it goes on the wire: the exact body bytes and the signed headers. */
interface Prepared {
  requestId: string
  headers: Record<string, string>
  body: string
}

/** What the load process hands back. */
interface LoadResult {
  /** From the start to the last answer. */
  durationS: number
  completed: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
  latency: { p50: number; p90: number; p99: number; max: number; mean: number }
  /** Request-Id → HTTP status, for every request that got an answer. */
  answered: Record<string, number>
  /** Request-Ids handed to autocannon to send (one per request built). */
  built: number
}

// ---- the load process ----

async function runLoad(input: string, output: string): Promise<void> {
  const { url, connections, requests } = JSON.parse(readFileSync(input, 'utf8')) as { url: string; connections: number; requests: Prepared[] }
  let next = 0
  const answered: Record<string, number> = {}
  // autocannon's own duration is whole sampling intervals: the span from the start to the last answer is measured here.
  let lastAnswer = 0
  const started = performance.now()
  const result = await autocannon({
    url,
    connections: Math.min(connections, requests.length),
    pipelining: 1,
    amount: requests.length,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const prepared = requests[next++]
          if (!prepared) return null
          // One request in flight per connection, so the answer that follows is this one's.
          context.requestId = prepared.requestId
          return { ...request, method: 'POST', path: new URL(url).pathname, headers: prepared.headers, body: prepared.body }
        },
        onResponse: (status, _body, context) => {
          answered[context.requestId as string] = status
          lastAnswer = performance.now()
        },
      },
    ],
  })
  const statusCodes: Record<string, number> = {}
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statusCodes[code] = count
  const loadResult: LoadResult = {
    durationS: (lastAnswer - started) / 1000,
    completed: Object.keys(answered).length,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, mean: result.latency.mean },
    answered,
    built: next,
  }
  writeFileSync(output, JSON.stringify(loadResult))
}

// ---- the bench ----

/** A successful hosted-page payment, shaped as the gateway notifies it (gateway-interface.md 2.8). */
function notificationBody(invoiceNumber: string, amountSen: number, at: Date, i: number): string {
  return JSON.stringify({
    order: { invoice_number: invoiceNumber, amount: amountSen / 100, currency: 'MYR' },
    customer: { id: 'CUST-000001', name: 'Siti Aminah', email: 'siti@example.my' },
    transaction: { type: 'SALE', status: 'SUCCESS', date: at.toISOString(), original_request_id: randomUUID() },
    service: { id: 'CREDIT_CARD' },
    acquirer: { id: 'MAYBANK' },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: {
      masked_card_number: '450919******5316',
      approval_code: String(100_000 + (i % 900_000)),
      response_code: '00',
      response_message: 'Approved',
      issuer: 'BENCH BANK',
      brand: 'VISA',
      token_id: '',
      three_d_secure_status: 'FRICTIONLESS',
    },
    card: { token: '' },
    verification: { status: 'NA', reason: '' },
  })
}

function prepare(invoices: readonly { invoiceNumber: string; amountSen: number }[], count: number): Prepared[] {
  const at = new Date()
  const timestamp = formatTimestamp(at)
  const prepared: Prepared[] = []
  for (let i = 0; i < count; i += 1) {
    const invoice = invoices[i % invoices.length] ?? { invoiceNumber: 'INV-UNKNOWN', amountSen: 100 }
    const requestId = randomUUID()
    const body = notificationBody(invoice.invoiceNumber, invoice.amountSen, at, i)
    const headers = cardRequestHeaders({ clientId: CREDENTIALS.clientId, secretKey: CREDENTIALS.secretKey, requestId, requestTimestamp: timestamp, requestTarget: PATH, body })
    prepared.push({ requestId, body, headers: { ...headers, 'Content-Type': 'application/json' } })
  }
  return prepared
}

/** Sends the requests from a child process running this file with --load. */
async function load(workDir: string, name: string, url: string, requests: readonly Prepared[]): Promise<LoadResult> {
  const input = join(workDir, `${name}-in.json`)
  const output = join(workDir, `${name}-out.json`)
  writeFileSync(input, JSON.stringify({ url, connections: CONNECTIONS, requests }))
  const child = spawn(process.execPath, [...startArgs(__filename), '--load', input, output], { stdio: ['ignore', 'inherit', 'inherit'] })
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`the load process failed (exit ${String(code)})`)
  return JSON.parse(readFileSync(output, 'utf8')) as LoadResult
}

/** How many stored notifications the listener has not acted on yet. */
const UNHANDLED = 'select count(*) from notifications where handled_at is null'

interface Stored {
  rows: number
  requestIds: Set<string>
  unhandled: number
}

function stored(file: string): Stored {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const ids = db.prepare('select request_id from notifications').pluck().all() as (string | null)[]
    const unhandled = db.prepare(UNHANDLED).pluck().get() as number
    return { rows: ids.length, requestIds: new Set(ids.filter((id): id is string => id !== null)), unhandled }
  } finally {
    db.close()
  }
}

/** Waits (at most `limitMs`) until the listener has acted on every notification it stored. */
async function actedOnAll(file: string, limitMs: number): Promise<void> {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const unhandled = db.prepare(UNHANDLED).pluck()
    const deadline = performance.now() + limitMs
    while ((unhandled.get() as number) > 0 && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
  } finally {
    db.close()
  }
}

async function main(): Promise<void> {
  const sim = await startExternalSimulator(CREDENTIALS)
  const workDir = mkdtempSync(join(tmpdir(), 'mbo-listener-bench-'))
  let app: BenchBackend | null = null
  let problems = 0
  const problem = (text: string): void => {
    problems++
    console.log(`PROBLEM: ${text}`)
  }
  try {
    app = await startSandboxBackend(sim.baseUrl, CREDENTIALS)
    const invoices: { invoiceNumber: string; amountSen: number }[] = []
    const createStarted = performance.now()
    await inParallel(LINKS, 8, async (i) => {
      const invoiceNumber = `INV-LSN-${String(i + 1).padStart(6, '0')}`
      const amountSen = 1_000 + i * 7
      await app?.call('links.create', cardLinkRequest(invoiceNumber, amountSen))
      invoices.push({ invoiceNumber, amountSen })
    })
    const port = await freePort()
    const { settings } = await app.call('settings.get')
    await app.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true, host: '127.0.0.1', port, path: PATH } })
    const listening = await app.call('listener.status')
    if (!listening.running || !listening.localUrl) throw new Error(`the listener did not start: ${listening.error ?? 'no error given'}`)
    const url = listening.localUrl
    console.log(`listener ${url}, node ${process.version}; ${String(LINKS)} card links made in ${((performance.now() - createStarted) / 1000).toFixed(1)} s`)

    const prepareStarted = performance.now()
    const prepared = prepare(invoices, WARM_UP + NOTIFICATIONS)
    console.log(
      `${String(prepared.length)} signed notifications prepared in ${(performance.now() - prepareStarted).toFixed(0)} ms, ${String(new Set(prepared.map((r) => r.requestId)).size)} distinct Request-Ids`,
    )
    const warmUpRequests = prepared.slice(0, WARM_UP)
    const requests = prepared.slice(WARM_UP)

    // ---- the warm-up, not measured ----
    const warmUp = warmUpRequests.length > 0 ? await load(workDir, 'warm-up', url, warmUpRequests) : null
    const warmUpOk = warmUpRequests.filter((r) => warmUp?.answered[r.requestId] === 200)
    // The listener acts on what it stored after answering: that work is the warm-up's, not the main pass's.
    if (warmUp) await actedOnAll(app.historyFile, 10_000)

    // ---- the main pass ----
    const loop = monitorEventLoopDelay({ resolution: 10 })
    loop.enable()
    const cpu = process.cpuUsage()
    const first = await load(workDir, 'first', url, requests)
    const cpuUsed = process.cpuUsage(cpu)
    loop.disable()
    const ok = requests.filter((r) => first.answered[r.requestId] === 200)
    const afterFirst = stored(app.historyFile)
    const missing = [...warmUpOk, ...ok].filter((r) => !afterFirst.requestIds.has(r.requestId)).length
    const sentIds = new Set(prepared.map((r) => r.requestId))
    const strangers = [...afterFirst.requestIds].filter((id) => !sentIds.has(id)).length
    const statusAfterFirst = await app.call('listener.status')

    // ---- the repeat pass: the first REPEATS again, same Request-Id, same bytes ----
    const again = requests.slice(0, REPEATS)
    const second = await load(workDir, 'repeat', url, again)
    const repeatedOk = again.filter((r) => second.answered[r.requestId] === 200).length
    // Acting on what was stored runs after each answer: give the last ones a moment before counting.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const afterRepeat = stored(app.historyFile)
    const statusAfterRepeat = await app.call('listener.status')

    const row = (label: string, sent: number, result: LoadResult): string[] => [
      label,
      String(sent),
      String(CONNECTIONS),
      result.durationS.toFixed(2),
      Math.round(result.completed / result.durationS).toString(),
      String(result.latency.p50),
      String(result.latency.p90),
      String(result.latency.p99),
      String(result.latency.max),
      String(result.non2xx),
      String(result.errors + result.timeouts),
      Object.entries(result.statusCodes)
        .map(([code, count]) => `${code}×${String(count)}`)
        .join(' '),
    ]
    console.log(
      `\n${table([
        ['pass', 'sent', 'conns', 'seconds', 'req/s', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'statuses'],
        ...(warmUp ? [row('warm-up (not measured)', warmUpRequests.length, warmUp)] : []),
        row('new notifications', requests.length, first),
        row('repeats', again.length, second),
      ])}\n`,
    )
    console.log(
      `stored after the main pass (the warm-up's too): ${String(afterFirst.rows)} rows, ${String(afterFirst.requestIds.size)} distinct Request-Ids; answered 200: ${String(warmUpOk.length + ok.length)}/${String(prepared.length)}; ` +
        `200 but not stored: ${String(missing)}; stored but not sent: ${String(strangers)}; not yet acted on: ${String(afterFirst.unhandled)}`,
    )
    console.log(
      `back end during the main pass: event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms, max ${(loop.max / 1e6).toFixed(0)} ms; ` +
        `CPU ${((cpuUsed.user + cpuUsed.system) / 1000 / requests.length).toFixed(2)} ms per notification`,
    )
    console.log(`listener counts after the main pass: ${JSON.stringify(statusAfterFirst.counts)}`)
    console.log(
      `repeat pass: ${String(repeatedOk)}/${String(again.length)} answered 200; rows ${String(afterFirst.rows)} → ${String(afterRepeat.rows)}; not yet acted on: ${String(afterRepeat.unhandled)}`,
    )
    console.log(`listener counts after the repeats: ${JSON.stringify(statusAfterRepeat.counts)}`)

    if ((warmUp?.built ?? 0) !== warmUpRequests.length || first.built !== requests.length || second.built !== again.length)
      problem(
        `autocannon built ${String(warmUp?.built ?? 0)} + ${String(first.built)} + ${String(second.built)} requests, not ${String(warmUpRequests.length)} + ${String(requests.length)} + ${String(again.length)}`,
      )
    if (warmUpOk.length !== warmUpRequests.length) problem(`${String(warmUpRequests.length - warmUpOk.length)} of the warm-up's ${String(warmUpRequests.length)} notifications were not answered 200`)
    if (ok.length !== requests.length) problem(`${String(requests.length - ok.length)} of ${String(requests.length)} notifications were not answered 200`)
    if (missing > 0) problem(`${String(missing)} notifications answered 200 are not in the history (lost)`)
    const answeredOk = warmUpOk.length + ok.length
    if (afterFirst.rows !== answeredOk || afterFirst.requestIds.size !== answeredOk) problem(`the history holds ${String(afterFirst.rows)} rows for ${String(answeredOk)} notifications answered 200`)
    if (repeatedOk !== again.length) problem(`${String(again.length - repeatedOk)} repeats were not answered 200`)
    if (afterRepeat.rows !== afterFirst.rows) problem(`the repeats changed the number of stored notifications (${String(afterFirst.rows)} → ${String(afterRepeat.rows)})`)
    if (statusAfterRepeat.counts.repeated - statusAfterFirst.counts.repeated !== again.length)
      problem(`the listener counted ${String(statusAfterRepeat.counts.repeated - statusAfterFirst.counts.repeated)} repeats, not ${String(again.length)}`)
    console.log(problems === 0 ? 'no notification lost, none stored twice' : `${String(problems)} problem(s)`)
    const rate = first.completed / first.durationS
    const cpuMs = (cpuUsed.user + cpuUsed.system) / 1000 / requests.length
    figure(
      'listener-bench',
      `notification ingest, ${grouped(requests.length)} signed over ${String(CONNECTIONS)} connections: rate`,
      `${grouped(rate)}/s`,
      `≥ ${grouped(TARGET_RATE)}/s`,
      rate >= TARGET_RATE,
    )
    figure('listener-bench', 'notification ingest: p99 acknowledgement', `${String(first.latency.p99)} ms`, `≤ ${String(TARGET_P99_MS)} ms`, first.latency.p99 <= TARGET_P99_MS)
    figure('listener-bench', 'notification ingest: answered 200 but not stored (lost), or other problems', String(missing + problems), '0', missing === 0 && problems === 0)
    figure('listener-bench', 'notification ingest: CPU per notification', `${cpuMs.toFixed(2)} ms`, '—', null)
    if (warmUp) {
      figure(
        'listener-bench',
        `notification ingest, the warm-up: the first ${grouped(warmUpRequests.length)} after the back end started (code not yet compiled; not measured against the targets)`,
        `${grouped(warmUp.completed / warmUp.durationS)}/s, p99 ${String(warmUp.latency.p99)} ms`,
        '—',
        null,
      )
    }
  } finally {
    await app?.close()
    await sim.close()
    rmSync(workDir, { recursive: true, force: true })
  }
}

const loadArgs = process.argv.indexOf('--load')
if (loadArgs > 0) {
  runLoad(process.argv[loadArgs + 1] ?? '', process.argv[loadArgs + 2] ?? '').catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
} else if (!BUNDLED) {
  process.exitCode = runBundled(__filename)
} else if (insideThrowawayKeyring(__filename)) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
