/**
 * The simulator's books across a restart: what it answered before is what it answers after, written
 * before each answer leaves; a corrupt or unreadable file never stops it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Simulator, SimulatorOptions } from '../../src-main/simulator'
import {
  advance,
  API_KEY,
  cardPost,
  control,
  genericGet,
  genericPost,
  newInvoice,
  paidOrder,
  SECRET_KEY,
  start,
  statusOf,
} from './helpers'

let dir: string
let file: string
let warnings: string[]
const running: Simulator[] = []

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-books-'))
  file = join(dir, 'training-gateway.json')
  warnings = []
})
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()))
  rmSync(dir, { recursive: true, force: true })
})

async function open(options: SimulatorOptions = {}): Promise<Simulator> {
  const sim = await start({ stateFile: file, onWarning: (message) => warnings.push(message), ...options })
  running.push(sim)
  return sim
}

async function restart(sim: Simulator, options: SimulatorOptions = {}): Promise<Simulator> {
  await sim.close()
  running.splice(running.indexOf(sim), 1)
  return open(options)
}

async function seedToken(sim: Simulator, card = '5120910000000038'): Promise<string> {
  await control(sim, 'POST', '/customers', { id: 'CUST-B', name: 'Siti Aminah', email: 'siti@example.my' })
  return ((await control(sim, 'POST', '/tokens', { customer_id: 'CUST-B', card_number: card })).json()['token'] as { id: string }).id
}

const chargeBody = (token: string, invoice: string, amount = 42.5) => ({ order: { amount, invoice_number: invoice, currency: 'MYR' }, payment: { type: 'MOTO' }, card: { token }, customer: { id: 'CUST-B' } })

const v3Body = (id: string) => ({
  id,
  order: { amount: 19.9, currency: 'MYR', invoice_number: `INV-${id}` },
  payment: { channel: 'EWALLET_GRABPAY', business_model: 'B2C' },
  customer: { id: 'CUST-B', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
})

describe('the simulator\'s books', () => {
  it('keep charges, tokens, refunds, v3 payments, kept answers and the clock across a restart', async () => {
    let sim = await open()
    const token = await seedToken(sim)
    const invoice = newInvoice('MOTO')
    const charge = await cardPost(sim, '/credit-card/charge', chargeBody(token, invoice))
    expect(charge.status).toBe(200)
    const page = await paidOrder(sim, { amount: 30, saveCard: true })
    const paymentId = `PAY-${newInvoice()}`
    const idempotencyId = `idem-${newInvoice()}`
    expect((await genericPost(sim, '/v3/payments', v3Body(paymentId), { headers: { 'Idempotency-Id': idempotencyId } })).status).toBe(200)
    await control(sim, 'POST', '/v3/decide', { id: paymentId, action: 'approve' })
    await advance(sim, 90)
    const offset = sim.clock.offsetMs()

    sim = await restart(sim)
    expect(warnings).toEqual([])
    expect(sim.clock.offsetMs()).toBe(offset)
    // The charge is found by its Request-Id and by its invoice.
    for (const identifier of [charge.requestId, invoice]) {
      expect((await statusOf(sim, identifier)).json()).toMatchObject({ transaction: { status: 'SUCCESS', type: 'MOTO', amount: '42.50' } })
    }
    // A deliberate retry of the charge replays its answer instead of charging again.
    const retry = await cardPost(sim, '/credit-card/charge', chargeBody(token, invoice), { requestId: charge.requestId })
    expect(retry.status).toBe(409)
    expect(retry.text).toBe(charge.text)
    expect([...sim.state.orders.values()].filter((order) => order.invoiceNumber === invoice)).toHaveLength(1)
    // The token saved on the page still charges; the page's payment can be voided.
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(page.tokenId ?? '', newInvoice('MOTO'), 5))).json()).toMatchObject({ payment: { status: 'SUCCES' } })
    const voided = await cardPost(sim, '/cancellation/credit-card/refund', { order: { invoice_number: page.invoice }, payment: { original_request_id: page.requestId }, refund: { amount: 30 } })
    expect(voided.json()).toMatchObject({ refund: { type: 'VOID', status: 'SUCCESS' } })
    // The v3 payment and its Idempotency-Id.
    expect((await genericGet(sim, `/v3/payments/${paymentId}`, { signed: false })).json()).toMatchObject({ id: paymentId, payment: { status: 'SUCCESS', state: 'COMPLETED' } })
    const reused = await genericPost(sim, '/v3/payments', v3Body(paymentId), { headers: { 'Idempotency-Id': idempotencyId } })
    expect(reused.status).toBe(409)
    expect(reused.json()).toMatchObject({ error: { code: 'idempotency_id_conflict' } })

    // And the refund made after the first restart survives a second one.
    await advance(sim, 61)
    sim = await restart(sim)
    expect((await statusOf(sim, voided.requestId)).json()).toMatchObject({ transaction: { status: 'VOIDED', type: 'VOID' } })
    expect((await statusOf(sim, page.invoice)).json()).toMatchObject({ transaction: { status: 'VOIDED' } })
  })

  it('are written before the answer leaves, also when a fault loses the answer', async () => {
    const sim = await open()
    const token = await seedToken(sim)
    await control(sim, 'POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const invoice = newInvoice('MOTO')
    const lost = await cardPost(sim, '/credit-card/charge', chargeBody(token, invoice))
    expect(lost.status).toBe(500)
    // Read at once, as a crash right after the answer would leave it.
    const books = JSON.parse(readFileSync(file, 'utf8')) as { orders: { invoiceNumber: string; status: string; requestId: string }[] }
    expect(books.orders).toContainEqual(expect.objectContaining({ invoiceNumber: invoice, status: 'SUCCESS', requestId: lost.requestId }))
  })

  it('are a private file without the secret key or the API key, and reset empties them', async () => {
    const sim = await open()
    await paidOrder(sim, { saveCard: true })
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain(SECRET_KEY)
    expect(text).not.toContain(API_KEY)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(existsSync(`${file}.${String(process.pid)}.tmp`)).toBe(false)
    await control(sim, 'POST', '/reset')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ orders: [], tokens: [], customers: [], genericPayments: [], idempotency: [] })
  })

  it.each([
    ['not JSON', '{"version":1,"orders":[{"invoiceNumber":'],
    ['another version', JSON.stringify({ version: 99, orders: [] })],
    ['a broken record', JSON.stringify({ version: 1, clockOffsetMs: 0, customers: [], tokens: [], orders: [{ invoiceNumber: 'INV-1' }], refunds: [], genericPayments: [], earlyStatusChecks: [], idempotency: [] })],
  ])('that are %s: start empty with a warning, keep the bad file aside and write new books', async (_case, content) => {
    writeFileSync(file, content)
    const sim = await open()
    expect(warnings).toEqual([expect.stringContaining('starting with empty books')])
    expect(warnings[0]).toContain(`${file}.corrupt`)
    expect(readFileSync(`${file}.corrupt`, 'utf8')).toBe(content)
    expect((await statusOf(sim, 'INV-1')).status).toBe(404)
    const { invoice } = await paidOrder(sim)
    expect((JSON.parse(readFileSync(file, 'utf8')) as { orders: { invoiceNumber: string }[] }).orders.map((order) => order.invoiceNumber)).toEqual([invoice])
  })

  it('that cannot be read or written: start empty with a warning and keep answering', async () => {
    // A folder where the file should be: reading fails (EISDIR) and so does every write.
    mkdirSync(file)
    const sim = await open()
    expect(warnings).toEqual([expect.stringContaining('could not be read')])
    const { invoice } = await paidOrder(sim)
    await paidOrder(sim)
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'SUCCESS' } })
    // Said once, not on every request.
    expect(warnings.filter((warning) => warning.includes('could not be written'))).toHaveLength(1)
  })

  it('are not kept without a state file', async () => {
    const sim = await start()
    running.push(sim)
    await paidOrder(sim)
    expect(existsSync(file)).toBe(false)
  })
})
