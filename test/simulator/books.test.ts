/**
 * The simulator's books across a restart: what it answered before is what it answers after, written
 * before each answer leaves; a corrupt or unreadable file never stops it.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { digest } from '../../src-main/gateway/signing'
import { TEST_CARDS, type Simulator, type SimulatorOptions } from '../../src-main/simulator'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { advance, API_KEY, cardPost, control, genericGet, genericPost, newInvoice, paidOrder, paymentPageBody, SECRET_KEY, start, statusOf } from './helpers'

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

const chargeBody = (token: string, invoice: string, amount = 42.5) => ({
  order: { amount, invoice_number: invoice, currency: 'MYR' },
  payment: { type: 'MOTO' },
  card: { token },
  customer: { id: 'CUST-B' },
})

/** Every full card number and every card token found in the books file, read as text. */
function inTheClear(values: Iterable<string>): string[] {
  const text = readFileSync(file, 'utf8')
  return [...new Set([...values, ...TEST_CARDS.map((card) => card.number)])].filter((value) => text.includes(value))
}

/** A hosted page paid through its form with a challenge card, left waiting at the 3-D Secure challenge. */
async function pageAtChallenge(sim: Simulator): Promise<string> {
  const invoice = newInvoice()
  const created = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
  const url = (created.json()['credit_card_payment_page'] as { url: string }).url
  const form = new URLSearchParams({ card_number: '4509198934905324', expiry: '12/39', cvv: '100', save_card: 'on' })
  const submitted = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form.toString() })
  expect(submitted.headers.get('Location')).toMatch(/\/challenge\?/)
  return invoice
}

const v3Body = (id: string) => ({
  id,
  order: { amount: 19.9, currency: 'MYR', invoice_number: `INV-${id}` },
  payment: { channel: 'EWALLET_GRABPAY', business_model: 'B2C' },
  customer: { id: 'CUST-B', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
})

describe("the simulator's books", () => {
  it('keep charges, tokens, refunds, v3 payments, kept answers and the clock across a restart', async () => {
    let sim = await open()
    // Its refund is a void, before the day's settlement: the test starts at noon, Malaysia time.
    await control(sim, 'POST', '/clock/advance', { ms: untilMalaysiaNoon(sim.clock.now()) })
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

  it('hold no card number and no card token, yet charge, unbind, replay and answer with the masked card after a restart', async () => {
    let sim = await open()
    const seeded = await seedToken(sim)
    const chargeRequest = chargeBody(seeded, newInvoice('MOTO'))
    const charge = await cardPost(sim, '/credit-card/charge', chargeRequest)
    expect(charge.json()).toMatchObject({ payment: { status: 'SUCCES' }, card: { token: seeded } })
    const page = await paidOrder(sim, { card: '4509198934905332', saveCard: true })
    const otherPage = await paidOrder(sim, { card: '5120910000000012', saveCard: true })
    expect(page.tokenId).toMatch(/^[0-9a-f]{32}$/)
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(page.tokenId ?? '', newInvoice('MOTO'), 7))).json()).toMatchObject({ payment: { status: 'SUCCES' } })
    // An unbind, whose kept answer echoes the token too; a token that is not known, echoed by a declined charge.
    const unbound = await seedToken(sim, '4509198934905316')
    const unbindBody = { token: { id: unbound } }
    const unbind = await cardPost(sim, '/tokenization/v2/delete-token', unbindBody)
    expect(unbind.json()).toEqual({ token: { id: unbound, status: 'INACTIVE' } })
    const stranger = randomBytes(16).toString('hex')
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(stranger, newInvoice('MOTO')))).json()).toMatchObject({ payment: { response_code: '14' }, card: { token: stranger } })
    const waiting = await pageAtChallenge(sim)
    const tokens = [...sim.state.tokens.keys()]
    expect(tokens).toHaveLength(4)
    expect(inTheClear([...tokens, stranger])).toEqual([])
    expect(readFileSync(file, 'utf8')).toContain('450919******5332')

    sim = await restart(sim)
    expect(warnings).toEqual([])
    // Nothing is known by its token any more; every token is found by its fingerprint when presented.
    expect(sim.state.tokens.size).toBe(0)
    const again = await cardPost(sim, '/credit-card/charge', chargeBody(seeded, newInvoice('MOTO'), 12))
    expect(again.status).toBe(200)
    expect(again.json()).toMatchObject({ payment: { status: 'SUCCES', response_code: '00' }, card: { token: seeded, masked: '512091******0038', brand: 'MASTERCARD', type: 'CREDIT' } })
    await advance(sim, 61)
    expect((await statusOf(sim, charge.requestId)).json()).toMatchObject({
      transaction: { status: 'SUCCESS', type: 'MOTO' },
      card_payment: { card_masked: '512091******0038', brand: 'MASTERCARD', card_type: 'CREDIT', issuer: 'Maybank' },
    })
    // The page's token, presented again (unbound), is known again to its order: its first status check hands out that very token.
    expect((await cardPost(sim, '/tokenization/v2/delete-token', { token: { id: page.tokenId } })).json()).toEqual({ token: { id: page.tokenId, status: 'INACTIVE' } })
    expect((await statusOf(sim, page.invoice)).json()).toMatchObject({
      card_payment: { card_masked: '450919******5332', brand: 'VISA', card_type: 'CREDIT', issuer: 'CIMB Bank', token_id: page.tokenId },
    })
    // The kept answers replay byte for byte: their tokens come back from the request they replay.
    const chargeReplay = await cardPost(sim, '/credit-card/charge', chargeRequest, { requestId: charge.requestId })
    expect(chargeReplay.status).toBe(409)
    expect(chargeReplay.text).toBe(charge.text)
    const unbindReplay = await cardPost(sim, '/tokenization/v2/delete-token', unbindBody, { requestId: unbind.requestId })
    expect(unbindReplay.status).toBe(409)
    expect(unbindReplay.text).toBe(unbind.text)
    // Unbound tokens stay unbound; the other page's token still charges.
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(unbound, newInvoice('MOTO')))).json()).toMatchObject({ payment: { response_code: '54' } })
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(page.tokenId ?? '', newInvoice('MOTO')))).json()).toMatchObject({ payment: { response_code: '54' } })
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(otherPage.tokenId ?? '', newInvoice('MOTO')))).json()).toMatchObject({
      payment: { status: 'SUCCES' },
      card: { masked: '512091******0012' },
    })
    // The page left at its challenge still waits for it, with its card.
    const state = (await control(sim, 'GET', '/state')).json() as { orders: { invoiceNumber: string; awaitingChallenge: boolean }[] }
    expect(state.orders.find((order) => order.invoiceNumber === waiting)).toMatchObject({ awaitingChallenge: true })
    expect(sim.state.orderByInvoice(waiting)?.challenge?.card).toMatchObject({ masked: '450919******5324', threeDs: 'challenge', approved: true })
    // And the books written after the restart hold no token either, though the run knows them again.
    expect(sim.state.tokens.size).toBe(4)
    expect(inTheClear([...tokens, stranger])).toEqual([])
  })

  it('give a card saved before a restart whose token was not handed out yet a new token at its first status check', async () => {
    let sim = await open()
    const page = await paidOrder(sim, { saveCard: true })
    const old = page.tokenId ?? ''
    sim = await restart(sim)
    await advance(sim, 61)
    const status = (await statusOf(sim, page.invoice)).json() as { card_payment: { token_id?: string; card_masked: string } }
    const renewed = status.card_payment.token_id ?? ''
    expect(renewed).toMatch(/^[0-9a-f]{32}$/)
    expect(renewed).not.toBe(old)
    expect(status.card_payment.card_masked).toBe('512091******0012')
    // Handed out once, as before.
    expect((await statusOf(sim, page.invoice)).json()['card_payment']).not.toHaveProperty('token_id')
    for (const token of [renewed, old]) {
      expect((await cardPost(sim, '/credit-card/charge', chargeBody(token, newInvoice('MOTO')))).json()).toMatchObject({ payment: { status: 'SUCCES' }, card: { token, masked: '512091******0012' } })
    }
    expect(inTheClear([renewed, old])).toEqual([])
  })

  it('of the earlier format (card numbers and tokens in the clear) are converted on load, written again without them, and still work', async () => {
    const token = randomBytes(16).toString('hex')
    const requestId = randomUUID()
    const requestBody = JSON.stringify(chargeBody(token, 'INV-V1-1'))
    const answer = JSON.stringify({ payment: { request_id: requestId, status: 'SUCCES' }, card: { token, masked: '450919******5332', type: 'CREDIT', issuer: 'CIMB Bank', brand: 'VISA' } })
    const visa = { number: '4509198934905332', masked: '450919******5332', brand: 'VISA', issuer: 'CIMB Bank' }
    const customer = { id: 'CUST-B', name: 'Siti Aminah', email: 'siti@example.my' }
    const at = Date.now() - 3_600_000
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        clockOffsetMs: 0,
        customers: [customer],
        tokens: [{ id: token, customerId: 'CUST-B', card: visa, status: 'ACTIVE', createdAt: at }],
        orders: [
          {
            kind: 'CHARGE',
            invoiceNumber: 'INV-V1-1',
            requestId,
            amountSen: 42_50,
            currency: 'MYR',
            descriptor: null,
            callbackUrl: null,
            failedUrl: null,
            autoRedirect: false,
            customer,
            transactionType: 'MOTO',
            status: 'SUCCESS',
            createdAt: at,
            completedAt: at,
            expiresAt: null,
            card: visa,
            responseCode: '00',
            responseMessage: 'Approved',
            approvalCode: '123456',
            authenticationId: null,
            threeDsStatus: 'NA',
            tokenId: token,
            tokenReported: true,
            refundedSen: 0,
            forcedSettled: false,
            challenge: null,
            pageId: null,
          },
        ],
        refunds: [],
        genericPayments: [],
        earlyStatusChecks: [],
        idempotency: [
          {
            key: `card:${requestId}`,
            path: '/credit-card/charge',
            bodyDigest: digest(Buffer.from(requestBody)),
            response: { status: 200, headers: { 'Content-Type': 'application/json' }, body: answer },
          },
        ],
      }),
    )
    const sim = await open()
    expect(warnings).toEqual([expect.stringContaining('were in the earlier format, with card numbers and card tokens in the clear; they were converted and written again without them')])
    // Written again at once, before anything else happens.
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ version: 2 })
    expect(inTheClear([token])).toEqual([])
    expect(existsSync(`${file}.corrupt`)).toBe(false)
    expect((await statusOf(sim, 'INV-V1-1')).json()).toMatchObject({ card_payment: { card_masked: '450919******5332', brand: 'VISA', card_type: 'CREDIT' } })
    const replay = await cardPost(sim, '/credit-card/charge', requestBody, { requestId })
    expect(replay.status).toBe(409)
    expect(replay.text).toBe(answer)
    expect((await cardPost(sim, '/credit-card/charge', chargeBody(token, newInvoice('MOTO')))).json()).toMatchObject({ payment: { status: 'SUCCES' }, card: { token, masked: '450919******5332' } })
    expect(inTheClear([token])).toEqual([])
    expect(warnings).toHaveLength(1)
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
    [
      'a broken record',
      JSON.stringify({ version: 2, clockOffsetMs: 0, customers: [], tokens: [], orders: [{ invoiceNumber: 'INV-1' }], refunds: [], genericPayments: [], earlyStatusChecks: [], idempotency: [] }),
    ],
    [
      'a broken record of the earlier format',
      JSON.stringify({ version: 1, clockOffsetMs: 0, customers: [], tokens: [], orders: [{ invoiceNumber: 'INV-1' }], refunds: [], genericPayments: [], earlyStatusChecks: [], idempotency: [] }),
    ],
    [
      'the earlier format with a card that is not a test card',
      JSON.stringify({
        version: 1,
        clockOffsetMs: 0,
        customers: [],
        refunds: [],
        genericPayments: [],
        earlyStatusChecks: [],
        idempotency: [],
        orders: [],
        tokens: [{ id: 'tok-1', customerId: 'CUST-1', card: { number: '4111111111111111', masked: '411111******1111', brand: 'VISA', issuer: 'Bank' }, status: 'ACTIVE', createdAt: 0 }],
      }),
    ],
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
