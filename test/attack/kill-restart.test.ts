/**
 * kill -9 at random points of a busy run, restart, repeat. A child process (busy-child.ts) runs the
 * back end on a data folder with three workers charging, voiding, creating links and customers against
 * a Sandbox gateway (a simulator here, which outlives the child), and is killed with SIGKILL at a point
 * drawn at random: the moment the gateway has applied its k-th charge or refund (the money moved, the
 * app has not heard), right after its k-th reported result, or after a random stretch of work.
 *
 * After each kill: the history passes `pragma integrity_check` and the foreign-key check; every order,
 * void and customer the child reported done is there as reported; the back end restarts on it; every
 * money movement that was in flight is Outcome unknown (or was never written ahead and never reached
 * the gateway), refused a check before 60 s and settled by one after; and the history equals the
 * gateway's books again before the next round.
 *
 * Sizes: 8 rounds (npm test), 60 under SOAK=1. The seed is printed; ATTACK_SEED replays the choices
 * (the moment of a time-based kill is real time and cannot be replayed exactly).
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import type { CallRecord } from '../../src-main/simulator/state'
import { openDatabase } from '../../src-main/store/database'
import { historyFile } from '../../src-main/store/history-file'
import { startTestBackend, type TestBackend } from '../integration/backend-fixture'
import { SANDBOX } from '../integration/sandbox-fixture'
import { rng, size, suiteSeed, timeLimit, type Rng } from './attack-env'
import { booksDisagreement, openReader } from './books'
import type { BusyChildConfig, ChildLine } from './busy-child'

const ROUNDS = size(8, 60)
const SEED = suiteSeed('kill-restart')
const random: Rng = rng(SEED)
const CHILD = join(__dirname, 'busy-child.ts')

let offsetMs = 0
const now = (): Date => new Date(Date.now() + offsetMs)
let sim: Simulator
let app: TestBackend
const cards: { customerId: number; cardId: number }[] = []

beforeAll(async () => {
  sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  app = await startTestBackend({ gatewayUrls: { sandbox: sim.baseUrl }, now })
  await app.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
  await app.call('environment.switch', { environment: 'sandbox' })
  for (const [index, number] of ['5120910000000038', '4509198934905332', '5120910000000046', '5120910000000038'].entries()) {
    const customer = await app.call('customers.save', { name: `Pelanggan ${String(index + 1)}`, email: `k${String(index + 1)}@example.my`, phone: '' })
    const { token } = (await (
      await fetch(`${sim.baseUrl}/__sim/tokens`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ customer_id: customer.externalId, card_number: number }) })
    ).json()) as { token: { id: string } }
    const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: `${number.slice(0, 6)}******${number.slice(-4)}`, brand: 'card' })
    cards.push({ customerId: customer.id, cardId: card.id })
  }
}, 30_000)

afterAll(async () => {
  await app.close()
  await sim.close()
})

type KillPoint = { at: 'gateway applied'; operation: 'charge' | 'refund'; nth: number } | { at: 'result'; nth: number } | { at: 'time'; ms: number }

function drawKillPoint(): KillPoint {
  const roll = random.next()
  if (roll < 0.3) return { at: 'gateway applied', operation: 'charge', nth: random.int(1, 8) }
  if (roll < 0.45) return { at: 'gateway applied', operation: 'refund', nth: random.int(1, 2) }
  if (roll < 0.75) return { at: 'result', nth: random.int(1, 30) }
  return { at: 'time', ms: random.int(20, 1_500) }
}

interface ChildRun {
  lines: ChildLine[]
  killedAt: string
  stderr: string
  /** The money movement the gateway had applied when the child was killed. */
  interrupted: { operation: string; requestId: string } | null
}

/** Runs the child until the kill point (or, if the child does less than the point asks, a time limit) and kills it with SIGKILL. */
async function runChild(round: number, point: KillPoint): Promise<ChildRun> {
  const config: BusyChildConfig = { dataDir: app.dataDir, keychainService: app.keychainService, gatewayUrl: sim.baseUrl, offsetMs, prefix: `K${String(round)}`, cards, seed: random.int(0, 2 ** 30) }
  // Node itself with tsx's loader: a SIGKILL of a wrapper could not be passed on.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env: { ...process.env, BUSY_CHILD: JSON.stringify(config) }, stdio: ['ignore', 'pipe', 'pipe'], cwd: join(__dirname, '../..') })
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const lines: ChildLine[] = []
  let killedAt = ''
  const kill = (why: string): void => {
    if (killedAt) return
    killedAt = why
    child.kill('SIGKILL')
  }
  // The gateway applied the operation and is about to answer: the money moved, the app has not heard.
  const recordCall = sim.state.recordCall.bind(sim.state)
  let applied = 0
  let interrupted: ChildRun['interrupted'] = null
  sim.state.recordCall = (call: CallRecord) => {
    recordCall(call)
    if (point.at === 'gateway applied' && !killedAt && call.operation === point.operation && call.status === 200 && ++applied === point.nth) {
      interrupted = { operation: call.operation, requestId: call.requestId ?? '' }
      kill(`as the gateway applied ${point.operation} ${String(point.nth)}`)
    }
  }
  let results = 0
  let timer: NodeJS.Timeout | undefined
  // However the point was drawn, a child is never left running for long.
  const limit = setTimeout(() => kill('at the round’s time limit'), 8_000)
  try {
    for await (const text of createInterface({ input: child.stdout })) {
      const line = JSON.parse(text) as ChildLine
      lines.push(line)
      if (line.ev === 'ready' && point.at === 'time') timer = setTimeout(() => kill(`after ${String(point.ms)} ms of work`), point.ms)
      if (line.ev === 'done' && point.at === 'result' && ++results === point.nth) kill(`right after result ${String(point.nth)}`)
    }
    const [code, signal] = await exited
    expect({ code, signal, stderr: stderr.slice(0, 500) }).toEqual({ code: null, signal: 'SIGKILL', stderr: '' })
  } finally {
    clearTimeout(timer)
    clearTimeout(limit)
    sim.state.recordCall = recordCall
  }
  return { lines, killedAt, stderr, interrupted }
}

interface Row {
  id: number
  invoice_number: string
  status: string
  kind: string
}

/** What the child reported done, against what the history holds after the kill. */
function checkCommitted(run: ChildRun): string[] {
  const problems: string[] = []
  const db = openDatabase(historyFile(app.dataDir, 'sandbox'))
  try {
    const integrity = db.pragma('integrity_check', { simple: true }) as string
    if (integrity !== 'ok') problems.push(`integrity_check: ${integrity}`)
    const keys = db.pragma('foreign_key_check') as unknown[]
    if (keys.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(keys).slice(0, 300)}`)
    const byInvoice = db.prepare('select id, invoice_number, status, kind from orders where invoice_number = ?')
    const customerByEmail = db.prepare('select count(*) from customers where email = ?').pluck()
    // The last word of the child on each invoice, unless something about it was still under way.
    const last = new Map<string, ChildLine>()
    for (const line of run.lines) if (line.ev !== 'ready') last.set(`${line.op === 'void' ? 'charge' : line.op}:${line.invoice}`, line)
    for (const [key, line] of last) {
      if (line.ev !== 'done' || !line.ok) continue
      if (line.op === 'customer') {
        if (customerByEmail.get(`${line.invoice.toLowerCase()}@example.my`) !== 1) problems.push(`customer ${line.invoice} reported saved is missing`)
        continue
      }
      const row = byInvoice.get(line.invoice) as Row | undefined
      if (!row) problems.push(`${key} reported ${String(line.status)} is missing`)
      else if (row.status !== line.status) problems.push(`${key} reported ${String(line.status)} is ${row.status}`)
    }
  } finally {
    db.close()
  }
  return problems
}

/** After the restart: what was in flight is unknown (or was never written and never sent); then settled by checks 60 s later. */
async function settleAfterRestart(run: ChildRun): Promise<string[]> {
  const problems: string[] = []
  const reader = openReader(historyFile(app.dataDir, 'sandbox'))
  try {
    const inFlight = new Map<string, ChildLine>()
    for (const line of run.lines) {
      if (line.ev === 'start') inFlight.set(`${line.op}:${line.invoice}`, line)
      if (line.ev === 'done') inFlight.delete(`${line.op}:${line.invoice}`)
    }
    for (const line of inFlight.values()) {
      if (line.ev !== 'start') continue
      if (line.op === 'charge') {
        const row = reader.prepare('select status from orders where invoice_number = ?').pluck().get(line.invoice) as string | undefined
        const atGateway = [...sim.state.orders.values()].some((order) => order.invoiceNumber === line.invoice)
        if (row === undefined && atGateway) problems.push(`charge ${line.invoice} reached the gateway but was not written ahead`)
        if (row !== undefined && !['OUTCOME_UNKNOWN', 'PAID', 'FAILED'].includes(row)) problems.push(`charge ${line.invoice} interrupted is ${row}`)
      }
      if (line.op === 'void') {
        const refunds = reader.prepare('select r.status from refunds r join orders o on o.id = r.order_id where o.invoice_number = ?').pluck().all(line.invoice) as string[]
        if (refunds.some((status) => status === 'PENDING')) problems.push(`void of ${line.invoice} interrupted is still PENDING after the restart`)
      }
    }
    // The one the gateway had applied when the child died is unknown here until a check.
    if (run.interrupted) {
      const { operation, requestId } = run.interrupted
      const status = (operation === 'refund' ? reader.prepare('select status from refunds where request_id = ?') : reader.prepare('select status from orders where request_id = ?'))
        .pluck()
        .get(requestId) as string | undefined
      if (status !== 'OUTCOME_UNKNOWN') problems.push(`the ${operation} ${requestId} the gateway applied as the app died is ${String(status)} after the restart, not OUTCOME_UNKNOWN`)
    }
    const unknownOrders = reader.prepare("select id from orders where status = 'OUTCOME_UNKNOWN'").pluck().all() as number[]
    const unknownRefunds = reader.prepare("select id from refunds where status in ('OUTCOME_UNKNOWN', 'PENDING')").pluck().all() as number[]
    for (const id of unknownOrders) {
      const early = await app.backend.dispatch('orders.checkStatus', { id })
      if (early.ok || early.error.code !== 'TOO_EARLY') problems.push(`order ${String(id)} could be checked before 60 s`)
    }
    offsetMs += 61_000
    for (const id of unknownOrders) {
      const checked = await app.backend.dispatch('orders.checkStatus', { id })
      if (!checked.ok) problems.push(`order ${String(id)}: check answered ${checked.error.code} ${checked.error.message}`)
    }
    for (const id of unknownRefunds) {
      const checked = await app.backend.dispatch('refunds.checkStatus', { refundId: id })
      if (!checked.ok) problems.push(`refund ${String(id)}: check answered ${checked.error.code} ${checked.error.message}`)
    }
    problems.push(...booksDisagreement(reader, sim.state))
  } finally {
    reader.close()
  }
  return problems
}

it(
  `${String(ROUNDS)} rounds of a busy run killed with SIGKILL at a random point, then restarted: a sound history, nothing committed lost, every interrupted money movement unknown and settled`,
  async () => {
    const report: string[] = []
    for (let round = 1; round <= ROUNDS; round += 1) {
      await app.stop()
      const point = drawKillPoint()
      const run = await runChild(round, point)
      const done = run.lines.filter((line) => line.ev === 'done').length
      report.push(`round ${String(round)}: killed ${run.killedAt} (${String(done)} results)`)
      expect(checkCommitted(run), `round ${String(round)}, killed ${run.killedAt}`).toEqual([])
      await app.restart()
      expect(await settleAfterRestart(run), `round ${String(round)}, killed ${run.killedAt}`).toEqual([])
    }
    expect(sim.state.earlyStatusChecks).toEqual([])
    console.log(`[attack] kill-restart (seed ${String(SEED)}):\n  ${report.join('\n  ')}`)
  },
  timeLimit(30_000, 12_000, ROUNDS),
)
