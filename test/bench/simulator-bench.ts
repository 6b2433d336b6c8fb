/**
 * Signed status checks per second against the training gateway on loopback, one at a time and 16 at
 * a time over a keep-alive pool, plus the cost of signing one request. Bounded in count and time; it
 * stops by itself. Run: npx tsx test/bench/simulator-bench.ts
 *
 * The simulator runs in this same process, so client and server share the event loop: the figures
 * are a floor for what the simulator alone can do.
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { Pool } from 'undici'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { figure } from './figures'

const CLIENT_ID = 'BRN-0001-TEST'
const SECRET_KEY = 'SK-test-0123456789'
const TARGET_PER_SECOND = 2_000

interface Round {
  label: string
  concurrency: number
  maxRequests: number
  maxMs: number
}

const ROUNDS: Round[] = [
  { label: 'warm-up', concurrency: 4, maxRequests: 2_000, maxMs: 3_000 },
  { label: 'sequential', concurrency: 1, maxRequests: 20_000, maxMs: 5_000 },
  { label: '16 concurrent', concurrency: 16, maxRequests: 60_000, maxMs: 8_000 },
]

function signedHeaders(sim: Simulator, path: string): Record<string, string> {
  return cardRequestHeaders({
    clientId: CLIENT_ID,
    secretKey: SECRET_KEY,
    requestId: randomUUID(),
    requestTimestamp: formatTimestamp(new Date(sim.clock.now())),
    requestTarget: path,
  })
}

/** One paid order, old enough (61 s on the simulator clock) to be checked by the rules. */
async function seedOrder(sim: Simulator, pool: Pool): Promise<string> {
  const invoice = `INV-BENCH-${randomUUID().slice(0, 8)}`
  const path = '/credit-card/v1/payment-page'
  const body = JSON.stringify({
    order: { invoice_number: invoice, amount: 10.5, currency: 'MYR' },
    customer: { name: 'Bench Mark', email: 'bench@example.my' },
  })
  const created = await pool.request({
    method: 'POST',
    path,
    headers: {
      ...cardRequestHeaders({ clientId: CLIENT_ID, secretKey: SECRET_KEY, requestId: randomUUID(), requestTimestamp: formatTimestamp(new Date(sim.clock.now())), requestTarget: path, body }),
      'content-type': 'application/json',
    },
    body,
  })
  await created.body.text()
  if (created.statusCode !== 200) throw new Error(`seeding failed: ${created.statusCode}`)
  const paid = await pool.request({
    method: 'POST',
    path: '/__sim/pay',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoice_number: invoice, card_number: '5120910000000038' }),
  })
  await paid.body.text()
  await sim.advanceClock(61_000)
  return invoice
}

async function runRound(sim: Simulator, pool: Pool, path: string, round: Round): Promise<{ done: number; failed: number; ms: number; p50: number; p99: number }> {
  const started = performance.now()
  const deadline = started + round.maxMs
  const latencies: number[] = []
  let issued = 0
  let failed = 0
  async function worker(): Promise<void> {
    while (issued < round.maxRequests && performance.now() < deadline) {
      issued += 1
      const sent = performance.now()
      const response = await pool.request({ method: 'GET', path, headers: signedHeaders(sim, path) })
      await response.body.text()
      latencies.push(performance.now() - sent)
      if (response.statusCode !== 200) failed += 1
    }
  }
  await Promise.all(Array.from({ length: round.concurrency }, worker))
  const ms = performance.now() - started
  latencies.sort((a, b) => a - b)
  const at = (q: number): number => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { done: latencies.length, failed, ms, p50: at(0.5), p99: at(0.99) }
}

function signingCost(sim: Simulator): number {
  const count = 50_000
  const started = performance.now()
  for (let i = 0; i < count; i += 1) signedHeaders(sim, '/orders/v1/status/INV-BENCH')
  return ((performance.now() - started) * 1000) / count
}

async function main(): Promise<void> {
  const sim = await startSimulator({ port: 0, clientId: CLIENT_ID, secretKey: SECRET_KEY })
  const pool = new Pool(sim.baseUrl, { connections: 16, pipelining: 1, keepAliveTimeout: 10_000 })
  let belowTarget = false
  try {
    const invoice = await seedOrder(sim, pool)
    const path = `/orders/v1/status/${invoice}`
    console.log(`simulator ${sim.baseUrl}, node ${process.version}`)
    console.log(`signing one status check (headers, HMAC-SHA256): ${signingCost(sim).toFixed(2)} µs`)
    for (const round of ROUNDS) {
      const result = await runRound(sim, pool, path, round)
      const perSecond = (result.done / result.ms) * 1000
      if (round.label !== 'warm-up') {
        if (perSecond < TARGET_PER_SECOND) belowTarget = true
        figure('simulator-bench', `training gateway, status checks (${round.label})`, `${Math.round(perSecond)}/s`, `≥ ${String(TARGET_PER_SECOND)}/s`, perSecond >= TARGET_PER_SECOND)
        console.log(
          `${round.label.padEnd(14)} ${result.done} checks in ${(result.ms / 1000).toFixed(2)} s = ${Math.round(perSecond)}/s ` +
            `(p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, non-200: ${result.failed})`,
        )
      }
    }
    const early = sim.state.earlyStatusChecks.length
    console.log(`early status checks recorded: ${early} (expected 0)`)
    console.log(belowTarget ? `BELOW the target of ${TARGET_PER_SECOND}/s` : `target of ${TARGET_PER_SECOND}/s met`)
  } finally {
    await pool.close()
    await sim.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
