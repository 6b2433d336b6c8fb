/**
 * The app is killed after a charge's attempt is stored and before its answer is recorded. After a
 * restart the order is Outcome unknown, its card locked, and a status check 60 s later settles it,
 * without a second charge. The gateway (a training gateway in this process, as Sandbox) outlives the app.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { startTestBackend, type TestBackend } from './backend-fixture'

const SANDBOX = { clientId: 'BRN-CRASH-0001', secretKey: 'SK-crash-test-0123456789', apiKey: 'crash_api_key' }
let offsetMs = 0
const now = (): Date => new Date(Date.now() + offsetMs)
let sim: Simulator
let app: TestBackend

beforeAll(async () => {
  sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  app = await startTestBackend({ gatewayUrls: { sandbox: sim.baseUrl }, now })
})
afterAll(async () => {
  await app.close()
  await sim.close()
})

it('a charge interrupted by a crash is Outcome unknown after the restart and settled by a status check', async () => {
  await app.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
  await app.call('environment.switch', { environment: 'sandbox' })
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const tokenAnswer = await fetch(`${sim.baseUrl}/__sim/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ customer_id: customer.externalId, card_number: '5120910000000038' }),
  })
  const { token } = (await tokenAnswer.json()) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'MASTERCARD' })
  await app.stop()

  // The gateway applies the charge and never answers; the child dies as soon as the gateway has it.
  await fetch(`${sim.baseUrl}/__sim/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operation: 'charge', kind: 'hang', phase: 'after', count: 1 }) })
  const charge = { customerId: customer.id, cardId: card.id, invoiceNumber: 'INV-CRASH-1', amountSen: 250_00, descriptor: '', note: '', confirmDuplicate: false }
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures/charge-then-die.ts')], {
    env: { ...process.env, CHARGE_THEN_DIE: JSON.stringify({ dataDir: app.dataDir, keychainService: app.keychainService, gatewayUrl: sim.baseUrl, charge, invoiceNumber: 'INV-CRASH-1' }) },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null]
  expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' })

  await app.restart()
  const [order] = (await app.call('orders.search', { text: 'INV-CRASH-1', limit: 5 })).rows
  expect(order).toMatchObject({ status: 'OUTCOME_UNKNOWN', kind: 'phone_order' })
  const detail = await app.call('orders.get', { id: order?.id ?? 0 })
  expect(detail.timeline.map((entry) => entry.summary)).toContain('The app stopped before the gateway answered: the outcome is unknown until a status check settles it')
  expect((await app.call('customers.get', { id: customer.id })).cards[0]?.lockedBy).toEqual({ orderId: order?.id, invoiceNumber: 'INV-CRASH-1' })

  offsetMs += 60_000
  const settled = await app.call('orders.checkStatus', { id: order?.id ?? 0 })
  expect(settled.order.status).toBe('PAID')
  expect([...sim.state.orders.values()].filter((candidate) => candidate.invoiceNumber === 'INV-CRASH-1')).toHaveLength(1)
  expect(sim.state.earlyStatusChecks).toEqual([])
}, 60_000)
