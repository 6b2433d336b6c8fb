/**
 * The data details of issue 19 through the back end's bridge, on real parts (the training gateway or
 * the simulator over loopback, real SQLite, the real keychain):
 *
 * - the statement descriptor: characters statements do not print are refused at the field by main, for
 *   payment links, phone orders and the settings' default, with nothing sent;
 * - one length per field: main refuses what the form refuses, with the form's words;
 * - e-mail addresses: kept exactly as typed; an accented (IDN) domain is refused with its ASCII form;
 * - "last used": every approval marks the card, whether learned from the charge's answer, a status
 *   check, a notification, a person's review, or a card page paid with a saved card;
 * - the timeline in words with one card format, also for rows written before the words.
 */
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { historyFile } from '../../src-main/store/history-file'
import type { OrderView, PhoneOrderRequest } from '../../src-preload/contract'
import { freePort } from '../support/free-port'
import { cardLink } from './link-requests'
import { SANDBOX, startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

const ALLOWED = 'use letters A–Z, digits, spaces and . , - & / *'

let app: TrainingTestBackend | SandboxTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

async function training(): Promise<TrainingTestBackend> {
  const started = await startTrainingBackend()
  app = started
  return started
}

type Backend = TrainingTestBackend | SandboxTestBackend

/** A card saved at the gateway for a customer here (as from an earlier hosted-page payment). */
async function addCard(backend: Backend, customer: { id: number; externalId: string | null }, cardNumber: string, brand: string): Promise<number> {
  const { token } = (await backend.control('POST', '/tokens', { customer_id: customer.externalId, card_number: cardNumber })) as { token: { id: string } }
  return (await backend.call('cards.add', { customerId: customer.id, token: token.id, masked: `${cardNumber.slice(0, 6)}******${cardNumber.slice(-4)}`, brand })).id
}

/** A customer with a saved Mastercard. */
async function customerWithCard(backend: Backend): Promise<{ customerId: number; cardId: number }> {
  const customer = await backend.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  return { customerId: customer.id, cardId: await addCard(backend, customer, '5120910000000038', 'mastercard') }
}

function phoneOrder(ids: { customerId: number; cardId: number }, overrides: Partial<PhoneOrderRequest> = {}): PhoneOrderRequest {
  return { ...ids, invoiceNumber: 'INV-000001', amountSen: 128_50, descriptor: 'KEDAI ALI', note: 'called at 10:15', confirmDuplicate: false, ...overrides }
}

async function gatewayCalls(backend: Backend, operation: string): Promise<number> {
  const { calls } = (await backend.control('GET', '/calls')) as { calls: { operation: string }[] }
  return calls.filter((call) => call.operation === operation).length
}

async function lastUsed(backend: Backend, customerId: number, cardId: number): Promise<string | null | undefined> {
  return (await backend.call('customers.get', { id: customerId })).cards.find((card) => card.id === cardId)?.lastUsedAt
}

describe('the statement descriptor', () => {
  it('is refused at its field by main when statements cannot print it, for a link, a phone order and the default; nothing is sent', async () => {
    const backend = await training()
    const emoji = `Card statements cannot print “🎉”: ${ALLOWED}`
    expect(await backend.failure('links.create', cardLink({ descriptor: 'Kedai 🎉' }))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'descriptor',
      message: emoji,
      say: { id: 'said.rules.descriptorCharacter', values: { character: '🎉' } },
    })
    expect(await gatewayCalls(backend, 'payment_page')).toBe(0)

    const ids = await customerWithCard(backend)
    expect(await backend.failure('phoneOrders.charge', phoneOrder(ids, { descriptor: 'Kedai 🎉' }))).toMatchObject({ code: 'INVALID_INPUT', field: 'descriptor', message: emoji })
    expect(await backend.failure('phoneOrders.charge', phoneOrder(ids, { descriptor: 'Café Siti' }))).toMatchObject({ field: 'descriptor', message: expect.stringContaining('“é”') as string })
    expect(await gatewayCalls(backend, 'charge')).toBe(0)

    const { settings } = await backend.call('settings.get')
    expect(await backend.failure('settings.update', { ...settings, links: { ...settings.links, descriptor: 'Kedai 🎉' } })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'links.descriptor',
      message: emoji,
    })
    await backend.call('settings.update', { ...settings, links: { ...settings.links, descriptor: 'Batik & Co.' } })
    expect((await backend.call('phoneOrders.prepare')).descriptor).toBe('Batik & Co.')
    expect((await backend.call('links.prepare')).descriptor).toBe('Batik & Co.')

    // What statements print goes through as typed.
    expect((await backend.call('phoneOrders.charge', phoneOrder(ids, { descriptor: 'Batik & Co.' }))).outcome).toBe('approved')
  })
})

describe('one length per field', () => {
  it('main refuses what the form refuses, with the same words, whether the rule or the bridge sees it first', async () => {
    const backend = await training()
    const name129 = 'N'.repeat(129)
    expect(await backend.failure('customers.save', { name: name129, email: '', phone: '' })).toMatchObject({ code: 'INVALID_INPUT', field: 'name', message: 'Use at most 128 characters' })
    // Longer still (what the form once let through): the bridge says the same.
    expect(await backend.failure('customers.save', { name: 'N'.repeat(500), email: '', phone: '' })).toMatchObject({ code: 'INVALID_INPUT', field: 'name', message: 'Use at most 128 characters' })
    expect((await backend.call('customers.save', { name: 'N'.repeat(128), email: '', phone: '' })).name).toHaveLength(128)
    const link = cardLink({ customer: { ...cardLink().customer, name: name129 } })
    expect(await backend.failure('links.create', link)).toMatchObject({ code: 'INVALID_INPUT', field: 'customer.name', message: 'Use at most 128 characters' })
    expect(await backend.failure('links.create', cardLink({ invoiceNumber: 'I'.repeat(65) }))).toMatchObject({ code: 'INVALID_INPUT', field: 'invoiceNumber', message: 'Use at most 64 characters' })
  })
})

describe('invoice numbers', () => {
  it('are one invoice in capitals and small letters: a link and a phone order refuse the other case at the field, nothing sent; the next number skips it', async () => {
    const backend = await training()
    await backend.call('links.create', cardLink({ invoiceNumber: 'INV-USED-1' }))
    const taken = 'Invoice inv-used-1 is already used by another order in this environment (as INV-USED-1; invoice numbers are the same in capitals and small letters). Use another number.'
    expect(await backend.failure('links.create', cardLink({ invoiceNumber: 'inv-used-1' }))).toMatchObject({ code: 'DUPLICATE_INVOICE', field: 'invoiceNumber', message: taken })
    expect(await gatewayCalls(backend, 'payment_page')).toBe(1)

    const ids = await customerWithCard(backend)
    // Told before the confirmation (the pre-check) and refused by the charge itself.
    expect((await backend.call('phoneOrders.check', phoneOrder(ids, { invoiceNumber: 'inv-used-1' }))).problems).toContainEqual(
      expect.objectContaining({ code: 'DUPLICATE_INVOICE', field: 'invoiceNumber', message: taken }),
    )
    expect(await backend.failure('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'inv-used-1' }))).toMatchObject({ code: 'DUPLICATE_INVOICE', field: 'invoiceNumber', message: taken })
    expect(await gatewayCalls(backend, 'charge')).toBe(0)

    // The sequence's next number is free in every case.
    await backend.call('links.create', cardLink({ invoiceNumber: 'inv-000001' }))
    expect((await backend.call('links.prepare')).invoiceNumber).toBe('INV-000002')
  })
})

describe('an e-mail address', () => {
  it('is kept exactly as typed; an accented domain is refused with its ASCII form, never converted', async () => {
    const backend = await training()
    const refusal = "The gateway takes e-mail domains in ASCII only: type the address's ASCII form, siti@xn--kedi-7na.my"
    expect(await backend.failure('customers.save', { name: 'Siti Aminah', email: 'siti@kedái.my', phone: '' })).toMatchObject({ code: 'INVALID_INPUT', field: 'email', message: refusal })
    expect((await backend.call('customers.search', { text: 'Siti' })).customers).toEqual([])
    const link = cardLink({ customer: { ...cardLink().customer, email: 'siti@kedái.my' } })
    expect(await backend.failure('links.create', link)).toMatchObject({ code: 'INVALID_INPUT', field: 'customer.email', message: refusal })
    expect(await gatewayCalls(backend, 'payment_page')).toBe(0)

    // The ASCII form, as staff typed it, is what is saved and sent.
    const saved = await backend.call('customers.save', { name: 'Siti Aminah', email: 'Siti.Aminah@XN--KEDI-7NA.my', phone: '' })
    expect(saved.email).toBe('Siti.Aminah@XN--KEDI-7NA.my')
    const created = await backend.call('links.create', cardLink({ customer: { ...cardLink().customer, email: 'Siti.Aminah@XN--KEDI-7NA.my' } }))
    expect(created.order.customerEmail).toBe('Siti.Aminah@XN--KEDI-7NA.my')
    const attemptId = created.timeline.find((entry) => entry.attemptId !== null)?.attemptId ?? 0
    expect((await backend.call('orders.attempt', { id: attemptId })).requestBody).toContain('"email":"Siti.Aminah@XN--KEDI-7NA.my"')
  })
})

describe('"last used" of a saved card', () => {
  it('is set by a direct approval and by one settled by a status check, at the approval and never back', async () => {
    const backend = await training()
    const ids = await customerWithCard(backend)
    expect(await lastUsed(backend, ids.customerId, ids.cardId)).toBeNull()

    await backend.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const unknown = await backend.call('phoneOrders.charge', phoneOrder(ids))
    expect(unknown.outcome).toBe('unknown')
    expect(await lastUsed(backend, ids.customerId, ids.cardId)).toBeNull()

    backend.advance(60_000)
    const settled = await backend.call('orders.checkStatus', { id: unknown.detail.order.id })
    expect(settled.order.status).toBe('PAID')
    expect(settled.order.completedAt).not.toBeNull()
    expect(await lastUsed(backend, ids.customerId, ids.cardId)).toBe(settled.order.completedAt)

    backend.advance(20 * 60_000)
    const direct = await backend.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002' }))
    expect(direct.outcome).toBe('approved')
    const after = await lastUsed(backend, ids.customerId, ids.cardId)
    expect(Date.parse(after ?? '')).toBeGreaterThan(Date.parse(settled.order.completedAt ?? ''))
  })

  it('does not move back when an older charge is settled after a newer one', async () => {
    const backend = await training()
    const ids = await customerWithCard(backend)
    await backend.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const older = await backend.call('phoneOrders.charge', phoneOrder(ids))
    await backend.call('phoneOrders.override', { orderId: older.detail.order.id, reason: 'Customer asked to charge again now' })
    backend.advance(30_000)
    const newer = await backend.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002', amountSen: 99_00 }))
    expect(newer.outcome).toBe('approved')
    const newest = await lastUsed(backend, ids.customerId, ids.cardId)
    expect(newest).toBe(newer.detail.order.completedAt)
    backend.advance(60_000)
    const settled = await backend.call('orders.checkStatus', { id: older.detail.order.id })
    expect(settled.order.status).toBe('PAID')
    expect(Date.parse(settled.order.completedAt ?? '')).toBeLessThan(Date.parse(newest ?? ''))
    expect(await lastUsed(backend, ids.customerId, ids.cardId)).toBe(newest)
  })

  it('is set when a card page is paid with the card saving on (the card saved, or saved before)', async () => {
    const backend = await training()
    const link = await backend.call('links.create', cardLink({ invoiceNumber: 'INV-LINK-1' }))
    await backend.control('POST', '/pay', { invoice_number: 'INV-LINK-1', card_number: '5120910000000038', expiry: '12/39', cvv: '100', save_card: true })
    backend.advance(60_000)
    const paid = await backend.call('orders.checkStatus', { id: link.order.id })
    const customerId = (await backend.call('customers.search', { text: 'Siti' })).customers[0]?.id ?? 0
    const [card] = (await backend.call('customers.get', { id: customerId })).cards
    expect(card?.source).toBe('hosted_page')
    expect(card?.lastUsedAt).toBe(paid.order.completedAt)
  })
})

const PATH = '/doku/notifications'

async function listenerOn(backend: SandboxTestBackend): Promise<string> {
  const { settings } = await backend.call('settings.get')
  await backend.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true, port: await freePort(), path: PATH } })
  return (await backend.call('listener.status')).localUrl ?? ''
}

function chargeNotification(order: OrderView, money = { amount: order.amountSen / 100, currency: 'MYR' }): string {
  return JSON.stringify({
    order: { invoice_number: order.invoiceNumber, ...money },
    customer: { id: 'CUST-000001', name: order.customerName, email: order.customerEmail },
    transaction: { type: 'MOTO', status: 'SUCCESS', date: new Date().toISOString(), original_request_id: order.requestId },
    service: { id: 'CREDIT_CARD' },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: { masked_card_number: '512091******0038', approval_code: 'A1B2C3', response_code: '00', response_message: 'Approved', issuer: 'Maybank', brand: 'MASTERCARD' },
    verification: { status: 'NA', reason: '' },
  })
}

async function notify(url: string, body: string, requestId: string): Promise<number> {
  const headers = {
    'Content-Type': 'application/json',
    ...cardRequestHeaders({ clientId: SANDBOX.clientId, secretKey: SANDBOX.secretKey, requestId, requestTimestamp: formatTimestamp(new Date()), requestTarget: PATH, body }),
  }
  return (await fetch(url, { method: 'POST', headers, body })).status
}

describe('"last used" from a notification and from a review', () => {
  it('is set when a notification settles a charge whose answer was lost, and when a person decides a reviewed one paid', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const ids = await customerWithCard(sandbox)

    await sandbox.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const unknown = await sandbox.call('phoneOrders.charge', phoneOrder(ids))
    expect(unknown.detail.order.status).toBe('OUTCOME_UNKNOWN')
    expect(await notify(url, chargeNotification(unknown.detail.order), 'doku-last-used-1')).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: unknown.detail.order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    const paid = await sandbox.call('orders.get', { id: unknown.detail.order.id })
    expect(await lastUsed(sandbox, ids.customerId, ids.cardId)).toBe(paid.order.completedAt)
    expect(paid.timeline.at(-1)?.summary).toBe('Notification: Outcome unknown → Paid (gateway says SUCCESS)')

    // A second card, charged with its answer lost; the notification says paid in another currency: a person decides.
    const customer = (await sandbox.call('customers.get', { id: ids.customerId })).customer
    const second = { customerId: ids.customerId, cardId: await addCard(sandbox, customer, '4509198934905332', 'visa') }
    await sandbox.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const review = await sandbox.call('phoneOrders.charge', phoneOrder(second, { invoiceNumber: 'INV-000002', amountSen: 50_00 }))
    expect(await notify(url, chargeNotification(review.detail.order, { amount: 50, currency: 'USD' }), 'doku-last-used-2')).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: review.detail.order.id })).order.review?.reason, { timeout: 5_000, interval: 5 }).toBe('currency')
    expect(await lastUsed(sandbox, second.customerId, second.cardId)).toBeNull()
    sandbox.advance(60_000)
    const decided = await sandbox.call('orders.resolveReview', { id: review.detail.order.id, decision: 'paid', reason: 'Checked in the back office: paid in USD' })
    expect(decided.order.status).toBe('PAID')
    expect(await lastUsed(sandbox, second.customerId, second.cardId)).toBe(decided.order.completedAt)
  })
})

describe('the timeline', () => {
  it('says statuses in words and cards in the one format, and reads rows written before the words in words too', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const ids = await customerWithCard(sandbox)
    await sandbox.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const unknown = await sandbox.call('phoneOrders.charge', phoneOrder(ids))
    sandbox.advance(60_000)
    const settled = await sandbox.call('orders.checkStatus', { id: unknown.detail.order.id })
    const summaries = settled.timeline.map((entry) => entry.summary)
    expect(summaries[0]).toBe('Phone order: MOTO charge of Mastercard 5120 91•• •••• 0038 (called at 10:15)')
    expect(summaries.at(-1)).toBe('Status check: Outcome unknown → Paid (gateway says SUCCESS)')
    expect(summaries.join('\n')).not.toMatch(/OUTCOME_UNKNOWN|PAID|MASTERCARD|512091\*/)
    const receipt = await sandbox.call('phoneOrders.receipt', { orderId: settled.order.id })
    // Main sends the receipt's data; the renderer words it in the customer's language (receipt.test in renderer).
    expect(receipt).toMatchObject({ cardBrand: 'MASTERCARD', cardMasked: '512091******0038', language: null })
    expect(await sandbox.failure('orders.checkStatus', { id: settled.order.id })).toMatchObject({ code: 'NOT_CHECKABLE', message: 'This order is paid: a status check would not change it.' })

    // Rows as an earlier version wrote them: the history keeps them, the timeline reads them in words.
    await sandbox.stop()
    const db = new Database(historyFile(sandbox.dataDir, 'sandbox'))
    const ids2 = db.prepare('select id from events where order_id = ? order by id').pluck().all(settled.order.id) as number[]
    const rewrite = db.prepare('update events set summary = ? where id = ?')
    rewrite.run('Phone order: MOTO charge of 512091******0038 (called at 10:15)', ids2[0])
    rewrite.run('Status check: OUTCOME_UNKNOWN → PAID (gateway says SUCCESS)', ids2.at(-1))
    db.close()
    await sandbox.restart()
    const old = await sandbox.call('orders.get', { id: settled.order.id })
    expect(old.timeline[0]?.summary).toBe('Phone order: MOTO charge of 5120 91•• •••• 0038 (called at 10:15)')
    expect(old.timeline.at(-1)?.summary).toBe('Status check: Outcome unknown → Paid (gateway says SUCCESS)')
    const stored = new Database(historyFile(sandbox.dataDir, 'sandbox'), { readonly: true })
    expect(stored.prepare('select summary from events where id = ?').pluck().get(ids2.at(-1))).toBe('Status check: OUTCOME_UNKNOWN → PAID (gateway says SUCCESS)')
    stored.close()
  })
})
