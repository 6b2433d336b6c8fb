/**
 * The app's gateway client against the training gateway on loopback: the cost of signing a charge
 * (digest of the body + HMAC) and a status check, and status checks per second through the client
 * one at a time versus 16 at a time. Bounded in count and time; it stops by itself.
 * Run: npx tsx test/bench/gateway-client-bench.ts
 */
import { randomUUID } from 'node:crypto'
import { performance } from 'node:perf_hooks'
import { createGatewayClient, type GatewayClient } from '../../src-main/gateway/client'
import { amount, toWireJson } from '../../src-main/gateway/money'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { createLogger, memorySink, type LogSink } from '../../src-main/log'
import { startSimulator, type Simulator } from '../../src-main/simulator'

const CREDENTIALS = { clientId: 'BRN-0001-TEST', secretKey: 'SK-test-0123456789', apiKey: 'doku_key_test' }

/** A log that drops lines: the bench measures the client, not the memory of a million log lines. */
const discard: LogSink = { write: () => {}, close: async () => {} }

function microsPer(count: number, run: () => void): number {
  const started = performance.now()
  for (let i = 0; i < count; i += 1) run()
  return ((performance.now() - started) * 1000) / count
}

function signingCosts(): { charge: number; status: number } {
  const now = formatTimestamp(new Date())
  const charge = () => {
    const body = toWireJson({ order: { amount: amount(12_345), invoice_number: 'INV-BENCH-1' }, payment: { type: 'MOTO' }, card: { token: 'a'.repeat(32) } })
    cardRequestHeaders({ ...CREDENTIALS, requestId: randomUUID(), requestTimestamp: now, requestTarget: '/credit-card/charge', body })
  }
  const status = () => {
    cardRequestHeaders({ ...CREDENTIALS, requestId: randomUUID(), requestTimestamp: now, requestTarget: '/orders/v1/status/INV-BENCH-1' })
  }
  microsPer(5_000, charge)
  return { charge: microsPer(50_000, charge), status: microsPer(50_000, status) }
}

async function seedPaidOrder(sim: Simulator, client: GatewayClient): Promise<string> {
  const invoice = `INV-BENCH-${randomUUID().slice(0, 8)}`
  const page = await client.createPaymentPage({
    requestId: client.newRequestId(),
    invoiceNumber: invoice,
    amountSen: 1_050,
    callbackUrl: 'https://shop.example.my/ok',
    autoRedirect: false,
    customer: { name: 'Bench Mark', email: 'bench@example.my' },
  })
  if (!page.ok) throw new Error(page.error.message)
  const paid = await fetch(`${sim.baseUrl}/__sim/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ invoice_number: invoice, card_number: '5120910000000038' }),
  })
  if (!paid.ok) throw new Error(`paying failed: ${String(paid.status)}`)
  await sim.advanceClock(61_000)
  return invoice
}

async function throughput(client: GatewayClient, invoice: string, concurrency: number, maxRequests: number, maxMs: number): Promise<{ perSecond: number; done: number; failed: number }> {
  const started = performance.now()
  let issued = 0
  let done = 0
  let failed = 0
  const worker = async (): Promise<void> => {
    while (issued < maxRequests && performance.now() - started < maxMs) {
      issued += 1
      const result = await client.checkStatus(invoice)
      done += 1
      if (!result.ok) failed += 1
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return { perSecond: (done / (performance.now() - started)) * 1000, done, failed }
}

async function main(): Promise<void> {
  const sim = await startSimulator({ port: 0, ...CREDENTIALS })
  const client = createGatewayClient({
    baseUrl: sim.baseUrl,
    credentials: CREDENTIALS,
    settings: { maxConcurrency: 16 },
    now: () => new Date(sim.clock.now()),
    log: createLogger(discard),
  })
  try {
    const costs = signingCosts()
    console.log(`signing a charge (body digest + HMAC): ${costs.charge.toFixed(2)} µs; a status check (HMAC): ${costs.status.toFixed(2)} µs`)
    const invoice = await seedPaidOrder(sim, createGatewayClient({ baseUrl: sim.baseUrl, credentials: CREDENTIALS, now: () => new Date(sim.clock.now()), log: createLogger(memorySink()) }))
    await throughput(client, invoice, 4, 1_000, 2_000)
    for (const concurrency of [1, 16]) {
      const result = await throughput(client, invoice, concurrency, 30_000, 5_000)
      console.log(`client status checks, ${String(concurrency).padStart(2)} at a time: ${Math.round(result.perSecond)}/s (${result.done} checks, ${result.failed} failed)`)
    }
  } finally {
    await client.close()
    await sim.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
