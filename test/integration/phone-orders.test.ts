/**
 * Phone orders through the back end's bridge against the training gateway: approval with its receipt,
 * a decline that does not lock the card, the per-charge limit, the duplicate guard, and every fault
 * the charge call can meet: never more than one charge per order at the gateway, every unknown outcome
 * settled by a status check at least 60 s (on the injected clock) after the attempt.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CallError, PhoneOrderRequest } from '../../src-preload/contract'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

let app: TrainingTestBackend
const advance = (ms: number): void => app.advance(ms)
const control = (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => app.control(method, path, body)
const failure = (name: Parameters<TrainingTestBackend['call']>[0], input: unknown): Promise<CallError> => app.failure(name, input)

// The charges' outcomes here come from their answers and status checks (an unknown one stays unknown until
// its check): the training gateway's notifications, on by default in Training, must not settle them first.
beforeEach(async () => {
  app = await startTrainingBackend({ notificationListener: false })
})
afterEach(async () => {
  await app.close()
})

/** Charges the gateway saw for an invoice (one per order at most, whatever happened). */
async function chargesAtGateway(invoice: string): Promise<number> {
  const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string }[] }
  return state.orders.filter((order) => order.invoiceNumber === invoice).length
}

async function chargeCalls(): Promise<number> {
  const { calls } = (await control('GET', '/calls')) as { calls: { operation: string }[] }
  return calls.filter((call) => call.operation === 'charge').length
}

/** A customer with a card saved at the gateway (as from an earlier hosted-page payment). */
async function customerWithCard(cardNumber = '5120910000000038'): Promise<{ customerId: number; cardId: number }> {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await control('POST', '/tokens', { customer_id: customer.externalId, card_number: cardNumber })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: `${cardNumber.slice(0, 6)}******${cardNumber.slice(-4)}`, brand: 'mastercard' })
  return { customerId: customer.id, cardId: card.id }
}

function phoneOrder(ids: { customerId: number; cardId: number }, overrides: Partial<PhoneOrderRequest> = {}): PhoneOrderRequest {
  return { ...ids, invoiceNumber: 'INV-000001', amountSen: 128_50, descriptor: 'KEDAI ALI', note: 'called at 10:15', confirmDuplicate: false, ...overrides }
}

describe('a phone order', () => {
  it('is approved, writes the body of 4.2 with the token masked in the history, and has a receipt', async () => {
    const ids = await customerWithCard()
    expect(await app.call('phoneOrders.prepare')).toEqual({ invoiceNumber: 'INV-000001', chargeLimitSen: 5_000_00, duplicateWindowMinutes: 10, descriptor: '', responseTimeoutSeconds: 30 })
    const result = await app.call('phoneOrders.charge', phoneOrder(ids))
    expect(result).toMatchObject({ outcome: 'approved', responseCode: '00', responseMessage: 'Approved' })
    expect(result.detail.order).toMatchObject({ kind: 'phone_order', status: 'PAID', rawStatus: 'SUCCES', amountSen: 128_50, cardLast4: '0038', createdBy: 'aisyah' })
    // Made in Training: the receipt says so (the renderer marks it "not a real payment").
    expect(result.receipt).toMatchObject({ merchant: 'KEDAI ALI', invoiceNumber: 'INV-000001', amountSen: 128_50, customerName: 'Siti Aminah', environment: 'training' })
    expect(result.receipt?.approvalCode).toMatch(/^\w{6}$/)
    expect(await app.call('phoneOrders.receipt', { orderId: result.detail.order.id })).toEqual(result.receipt)
    // The receipt is the customer's: main sends the customer's language, the renderer words it.
    expect(result.receipt?.language).toBeNull()
    await app.call('customers.save', { id: ids.customerId, name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', language: 'ms' })
    expect((await app.call('phoneOrders.receipt', { orderId: result.detail.order.id })).language).toBe('ms')
    expect((await app.call('customers.get', { id: ids.customerId })).customer.language).toBe('ms')
    // Saving the customer without a language keeps the one chosen.
    await app.call('customers.save', { id: ids.customerId, name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    expect((await app.call('customers.get', { id: ids.customerId })).customer.language).toBe('ms')
    expect(await app.failure('customers.save', { name: 'Siti', email: '', phone: '', language: 'fr' })).toMatchObject({ code: 'INVALID_INPUT', field: 'language' })

    const attemptId = result.detail.timeline.find((entry) => entry.attemptId !== null)?.attemptId ?? 0
    const body = (await app.call('orders.attempt', { id: attemptId })).requestBody ?? ''
    expect(body).toMatch(
      /^\{"order":\{"amount":128\.5,"invoice_number":"INV-000001","descriptor":"KEDAI ALI","currency":"MYR"\},"customer":\{"id":"CUST-\d{6}"\},"payment":\{"type":"MOTO"\},"card":\{"token":"••••\w{4}"\}\}$/,
    )
    const { cards } = await app.call('customers.get', { id: ids.customerId })
    expect(cards).toEqual([expect.objectContaining({ id: ids.cardId, active: true, lockedBy: null, lastUsedAt: expect.any(String) as string })])
    expect(await chargesAtGateway('INV-000001')).toBe(1)
  })

  it('declined shows the acquirer code and message, and does not lock the card', async () => {
    const ids = await customerWithCard('5120910000000046')
    const declined = await app.call('phoneOrders.charge', phoneOrder(ids))
    expect(declined).toMatchObject({ outcome: 'declined', responseCode: '05', responseMessage: 'Do Not Honour', receipt: null })
    expect(declined.detail.order.status).toBe('FAILED')
    expect(declined.detail.timeline.at(-1)?.summary).toBe('Declined by the bank: 05 Do Not Honour')
    expect((await app.call('customers.get', { id: ids.customerId })).cards[0]?.lockedBy).toBeNull()
    // A decline is no charge: trying again with the same amount needs no confirmation.
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002' }))).outcome).toBe('declined')
  })

  it('above the per-charge limit is refused before anything is sent', async () => {
    const ids = await customerWithCard()
    const settings = await app.call('settings.get')
    await app.call('settings.update', { ...settings.settings, phoneOrders: { ...settings.settings.phoneOrders, chargeLimitSen: 100_00 } })
    expect(await failure('phoneOrders.charge', phoneOrder(ids, { amountSen: 100_01 }))).toEqual({
      code: 'LIMIT_EXCEEDED',
      field: 'amountSen',
      message: 'A phone order may charge at most RM 100.00 at once (Settings). Send a payment link instead.',
      say: { id: 'said.phoneOrders.overLimit', values: { limit: 'RM 100.00' } },
    })
    expect(await chargeCalls()).toBe(0)
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { amountSen: 100_00 }))).outcome).toBe('approved')
  })

  it('of the same customer and amount within 10 minutes needs an explicit "charge again"', async () => {
    const ids = await customerWithCard()
    await app.call('phoneOrders.charge', phoneOrder(ids))
    advance(4 * 60_000)
    const again = await failure('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002' }))
    expect(again).toEqual({
      code: 'DUPLICATE_CHARGE',
      message: 'RM 128.50 was charged to Siti Aminah 4 minutes ago (INV-000001, approved). Charge again only if the customer asked for a second charge.',
      say: {
        id: 'said.phoneOrders.duplicate',
        values: { amount: 'RM 128.50', name: 'Siti Aminah', ago: { id: 'said.phoneOrders.ago', values: { count: 4 } }, invoice: 'INV-000001', state: { id: 'said.phoneOrders.state.approved' } },
      },
    })
    expect(await chargeCalls()).toBe(1)
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002', confirmDuplicate: true }))).outcome).toBe('approved')
    advance(11 * 60_000)
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000003' }))).outcome).toBe('approved')
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000004', amountSen: 99_00 }))).outcome).toBe('approved')
  })
})

/** Everything a pre-check could have written or sent: the orders, the audit log, the cards, and every call at the gateway. */
async function footprint(customerId: number, audit = true): Promise<string> {
  const orders = await app.call('orders.search', { limit: 100 })
  // The audit log is a Supervisor's to read: a Clerk's footprint leaves it out.
  const entries = audit ? await app.call('audit.list', { limit: 500 }) : null
  const { cards } = await app.call('customers.get', { id: customerId })
  const { calls } = (await control('GET', '/calls')) as { calls: unknown[] }
  return JSON.stringify([orders.rows.map((row) => [row.id, row.status, row.updatedAt]), entries, cards, calls.length])
}

describe('the pre-check (phoneOrders.check)', () => {
  it('answers nothing for a charge that would go through, and writes and sends nothing', async () => {
    const ids = await customerWithCard()
    const before = await footprint(ids.customerId)
    expect(await app.call('phoneOrders.check', phoneOrder(ids))).toEqual({ problems: [] })
    expect(await footprint(ids.customerId)).toBe(before)
    // The charge itself still checks everything again: it goes through.
    expect((await app.call('phoneOrders.charge', phoneOrder(ids))).outcome).toBe('approved')
  })

  it('answers every refusal at once, each as the charge would answer it, with its field', async () => {
    const ids = await customerWithCard()
    const settings = await app.call('settings.get')
    await app.call('settings.update', { ...settings.settings, phoneOrders: { ...settings.settings.phoneOrders, chargeLimitSen: 100_00 } })
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { amountSen: 50_00 }))).outcome).toBe('approved')
    advance(2 * 60_000)

    // The same amount two minutes later: the duplicate guard, in its words.
    const again = phoneOrder(ids, { invoiceNumber: 'INV-000002', amountSen: 50_00 })
    expect(await app.call('phoneOrders.check', again)).toEqual({
      problems: [
        {
          code: 'DUPLICATE_CHARGE',
          message: 'RM 50.00 was charged to Siti Aminah 2 minutes ago (INV-000001, approved). Charge again only if the customer asked for a second charge.',
          say: expect.objectContaining({ id: 'said.phoneOrders.duplicate' }) as unknown,
        },
      ],
    })
    expect(await app.call('phoneOrders.check', { ...again, confirmDuplicate: true })).toEqual({ problems: [] })

    // The card's answer lost: the card is locked.
    await control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    expect((await app.call('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000003', amountSen: 20_00 }))).outcome).toBe('unknown')

    // A used invoice, an amount above the limit and the locked card, all in one answer, in the charge's order.
    const before = await footprint(ids.customerId)
    const everything = phoneOrder(ids, { invoiceNumber: 'INV-000001', amountSen: 100_01 })
    const { problems } = await app.call('phoneOrders.check', everything)
    expect(problems).toEqual([
      {
        code: 'LIMIT_EXCEEDED',
        field: 'amountSen',
        message: 'A phone order may charge at most RM 100.00 at once (Settings). Send a payment link instead.',
        say: { id: 'said.phoneOrders.overLimit', values: { limit: 'RM 100.00' } },
      },
      {
        code: 'DUPLICATE_INVOICE',
        field: 'invoiceNumber',
        message: expect.stringContaining('is already used by another order') as string,
        say: expect.objectContaining({ id: 'said.links.duplicateInvoice' }) as unknown,
      },
      {
        code: 'CARD_LOCKED',
        field: 'cardId',
        message: 'The charge of INV-000003 to this card has an unknown outcome: the card cannot be charged again until a status check settles it.',
        say: { id: 'said.phoneOrders.cardUnknown', values: { invoice: 'INV-000003' } },
      },
    ])
    expect(await footprint(ids.customerId)).toBe(before)
    // The charge refuses with the first of them, and sends nothing.
    const calls = await chargeCalls()
    expect(await failure('phoneOrders.charge', everything)).toEqual(problems[0])
    expect(await failure('phoneOrders.charge', { ...everything, amountSen: 30_00 })).toEqual(problems[1])
    expect(await failure('phoneOrders.charge', { ...everything, amountSen: 30_00, invoiceNumber: 'INV-000009' })).toEqual(problems[2])
    expect(await chargeCalls()).toBe(calls)
  })

  it('never stands in for the charge: what changed since is refused by the charge itself', async () => {
    const ids = await customerWithCard()
    expect(await app.call('phoneOrders.check', phoneOrder(ids))).toEqual({ problems: [] })
    // Another desk (or window) charges the same invoice between the pre-check and the charge.
    const other = await customerWithCard('5120910000000012')
    expect((await app.call('phoneOrders.charge', phoneOrder(other, { amountSen: 9_00 }))).outcome).toBe('approved')
    expect(await failure('phoneOrders.charge', phoneOrder(ids))).toMatchObject({ code: 'DUPLICATE_INVOICE', field: 'invoiceNumber' })
  })
})

describe('the pre-check for a Clerk', () => {
  it("says a charge above a Clerk's limit needs a Supervisor, without using up an approval", async () => {
    await app.close()
    app = await startTrainingBackend({ staff: true, signedIn: 'clerk', notificationListener: false })
    const ids = await customerWithCard()
    const big = phoneOrder(ids, { amountSen: 600_00 })
    const before = await footprint(ids.customerId, false)
    expect(await app.call('phoneOrders.check', big)).toEqual({
      problems: [
        {
          code: 'FORBIDDEN',
          field: 'amountSen',
          message: "Only a Supervisor (or an Admin) may charge a phone order above a Clerk's limit of RM 500.00. A Supervisor can approve it here, with their login and PIN.",
          say: expect.objectContaining({ id: 'said.forbidden.supervisorApprovable' }) as unknown,
          needs: { role: 'supervisor', approvable: true },
        },
      ],
    })
    expect(await app.call('phoneOrders.check', phoneOrder(ids, { amountSen: 500_00 }))).toEqual({ problems: [] })
    expect(await footprint(ids.customerId, false)).toBe(before)

    // The charge refused, a Supervisor approves it on the spot; a pre-check made meanwhile leaves the approval for the charge.
    expect(await app.backend.dispatch('phoneOrders.charge', big)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
    await app.call('approvals.grant', { call: 'phoneOrders.charge', subjectId: ids.cardId, login: 'ravi', pin: '135790' })
    expect((await app.call('phoneOrders.check', big)).problems.map((problem) => problem.code)).toEqual(['FORBIDDEN'])
    const charged = await app.call('phoneOrders.charge', big)
    expect(charged.outcome).toBe('approved')
    expect(charged.detail.order.createdBy).toBe('Mei Ling (approved by Ravi)')
  })
})

describe('a charge whose answer is lost', () => {
  const FAULTS: { kind: string; phase: 'before' | 'after'; charged: boolean; blockOnBadSignature?: boolean }[] = [
    { kind: 'hang', phase: 'after', charged: true },
    { kind: 'reset', phase: 'before', charged: false },
    { kind: 'reset', phase: 'after', charged: true },
    { kind: 'error500', phase: 'before', charged: false },
    { kind: 'error500', phase: 'after', charged: true },
    { kind: 'malformed_json', phase: 'after', charged: true },
    { kind: 'bad_signature', phase: 'after', charged: true, blockOnBadSignature: true },
  ]

  for (const fault of FAULTS) {
    it(`(${fault.kind} ${fault.phase} the charge) is Outcome unknown, locks the card, and is settled ${fault.charged ? 'PAID' : 'FAILED'} by a check 60 s later`, async () => {
      const ids = await customerWithCard()
      const settings = await app.call('settings.get')
      // The shortest response timeout there is, so that a hung answer gives up quickly.
      await app.call('settings.update', { ...settings.settings, gateway: { ...settings.settings.gateway, responseTimeoutSeconds: 5, blockOnBadSignature: fault.blockOnBadSignature ?? false } })
      await control('POST', '/faults', { operation: 'charge', kind: fault.kind, phase: fault.phase, count: 1 })

      const unknown = await app.call('phoneOrders.charge', phoneOrder(ids))
      expect(unknown.outcome).toBe('unknown')
      expect(unknown.detail.order.status).toBe('OUTCOME_UNKNOWN')
      // Due 60 s after the answer, or after the timeout that ended the wait: the gateway may have
      // completed the charge at any moment until then (a hung answer took 5 s of them).
      expect(unknown.detail.statusCheck?.dueInMs).toBeGreaterThan(57_000)
      expect(unknown.detail.statusCheck?.dueInMs).toBeLessThanOrEqual(60_000)
      const { cards } = await app.call('customers.get', { id: ids.customerId })
      expect(cards[0]?.lockedBy).toEqual({ orderId: unknown.detail.order.id, invoiceNumber: 'INV-000001' })
      expect(await failure('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002', confirmDuplicate: true }))).toMatchObject({ code: 'CARD_LOCKED', field: 'cardId' })
      expect(await failure('orders.checkStatus', { id: unknown.detail.order.id })).toMatchObject({ code: 'TOO_EARLY' })

      advance(60_000)
      const settled = await app.call('orders.checkStatus', { id: unknown.detail.order.id })
      expect(settled.order.status).toBe(fault.charged ? 'PAID' : 'FAILED')
      expect(await chargesAtGateway('INV-000001')).toBe(fault.charged ? 1 : 0)
      expect(await chargeCalls()).toBe(1)
      const { early_status_checks: early } = (await control('GET', '/early-status-checks')) as { early_status_checks: unknown[] }
      expect(early).toEqual([])
      // Settled: the card may be charged again.
      expect((await app.call('customers.get', { id: ids.customerId })).cards[0]?.lockedBy).toBeNull()
      if (fault.charged) expect((await app.call('phoneOrders.receipt', { orderId: settled.order.id })).approvalCode).toMatch(/^\w{6}$/)
    }, 20_000)
  }

  it('can be unlocked by a supervisor with a reason, which is audited, without settling the order', async () => {
    const ids = await customerWithCard()
    await control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const unknown = await app.call('phoneOrders.charge', phoneOrder(ids))
    expect(await failure('phoneOrders.override', { orderId: unknown.detail.order.id, reason: 'because' })).toMatchObject({ code: 'INVALID_INPUT', field: 'reason' })
    const overridden = await app.call('phoneOrders.override', { orderId: unknown.detail.order.id, reason: 'Bank confirmed by phone: no charge' })
    expect(overridden.order.status).toBe('OUTCOME_UNKNOWN')
    expect(overridden.timeline.at(-1)).toMatchObject({ actor: 'aisyah', summary: 'Supervisor override: the card is unlocked without a settled status (Bank confirmed by phone: no charge)' })
    expect((await app.call('customers.get', { id: ids.customerId })).cards[0]?.lockedBy).toBeNull()
    expect(await failure('phoneOrders.override', { orderId: unknown.detail.order.id, reason: 'Bank confirmed by phone: no charge' })).toMatchObject({ code: 'NOT_LOCKED' })
  })
})

describe('saved cards', () => {
  it('are removed with Unbind Token and marked inactive; a removed card cannot be charged', async () => {
    const ids = await customerWithCard()
    const removed = await app.call('cards.remove', { cardId: ids.cardId })
    expect(removed).toMatchObject({ id: ids.cardId, active: false })
    const { calls } = (await control('GET', '/calls')) as { calls: { operation: string; status: number }[] }
    expect(calls.filter((call) => call.operation === 'delete_token')).toEqual([expect.objectContaining({ status: 200 })])
    expect(await failure('phoneOrders.charge', phoneOrder(ids))).toMatchObject({ code: 'CARD_INACTIVE' })
  })

  it('stay saved when the gateway cannot be reached to unbind them', async () => {
    const ids = await customerWithCard()
    await control('POST', '/faults', { operation: 'delete_token', kind: 'error500', phase: 'before', count: 1 })
    expect(await failure('cards.remove', { cardId: ids.cardId })).toMatchObject({ code: 'GATEWAY_UNAVAILABLE' })
    expect((await app.call('customers.get', { id: ids.customerId })).cards[0]?.active).toBe(true)
  })

  it('come from a hosted-page payment with saving on', async () => {
    const link = await app.call('links.create', {
      kind: 'card',
      channel: '',
      bankCode: '',
      invoiceNumber: 'INV-LINK-1',
      amountSen: 10_00,
      descriptor: '',
      autoRedirect: false,
      callbackUrl: 'https://shop.example.my/paid',
      failedUrl: '',
      expiryMinutes: 60,
      customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '', address: '', city: '', state: '', zipCode: '', country: '' },
      lineItems: [],
    })
    await control('POST', '/pay', { invoice_number: 'INV-LINK-1', card_number: '5120910000000038', expiry: '12/39', cvv: '100', save_card: true })
    advance(60_000)
    await app.call('orders.checkStatus', { id: link.order.id })
    const customerId = (await app.call('customers.search', { text: 'siti@example.my' })).customers[0]?.id ?? 0
    const { cards } = await app.call('customers.get', { id: customerId })
    expect(cards).toEqual([expect.objectContaining({ source: 'hosted_page', active: true, masked: expect.stringContaining('0038') as string })])
    const charged = await app.call('phoneOrders.charge', { customerId, cardId: cards[0]?.id ?? 0, invoiceNumber: 'INV-000002', amountSen: 55_00, descriptor: '', note: '', confirmDuplicate: false })
    expect(charged.outcome).toBe('approved')
  })
})

describe('two charges fired together (a double click, two windows)', () => {
  it('of the same customer, card and amount: one is sent, the other refused; one charge at the gateway', async () => {
    const ids = await customerWithCard()
    const results = await Promise.all([app.backend.dispatch('phoneOrders.charge', phoneOrder(ids)), app.backend.dispatch('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002' }))])
    const approved = results.filter((result) => result.ok)
    const refused = results.flatMap((result) => (result.ok ? [] : [result.error]))
    expect(approved).toHaveLength(1)
    // The second finds the first one's order in the write-ahead transaction: waiting for its answer, or approved.
    expect(refused).toEqual([expect.objectContaining({ code: expect.stringMatching(/^(CARD_LOCKED|DUPLICATE_CHARGE)$/) as string })])
    expect(await chargeCalls()).toBe(1)
  })

  it('even with "charge again" confirmed: the card is locked while the first charge waits for its answer', async () => {
    const ids = await customerWithCard()
    await control('POST', '/faults', { operation: 'charge', kind: 'latency', phase: 'before', count: 1, ms: 300 })
    const first = app.backend.dispatch('phoneOrders.charge', phoneOrder(ids, { confirmDuplicate: true }))
    const second = await app.backend.dispatch('phoneOrders.charge', phoneOrder(ids, { invoiceNumber: 'INV-000002', confirmDuplicate: true }))
    expect(second).toEqual({
      ok: false,
      error: {
        code: 'CARD_LOCKED',
        field: 'cardId',
        message: "The charge of INV-000001 to this card is still waiting for the gateway's answer: wait for it before charging the card again.",
        say: { id: 'said.phoneOrders.cardWaiting', values: { invoice: 'INV-000001' } },
      },
    })
    expect((await first).ok).toBe(true)
    expect(await chargeCalls()).toBe(1)
  })

  it('with the same invoice number: the second is DUPLICATE_INVOICE at its field, never an internal error', async () => {
    const ids = await customerWithCard()
    const other = await customerWithCard('5120910000000012')
    const results = await Promise.all([
      app.backend.dispatch('phoneOrders.charge', phoneOrder(ids)),
      app.backend.dispatch('phoneOrders.charge', phoneOrder({ customerId: other.customerId, cardId: other.cardId }, { amountSen: 20_00 })),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.flatMap((result) => (result.ok ? [] : [result.error]))).toEqual([
      {
        code: 'DUPLICATE_INVOICE',
        field: 'invoiceNumber',
        message: 'Invoice INV-000001 is already used by another order in this environment. Use another number.',
        say: { id: 'said.links.duplicateInvoice', values: { invoice: 'INV-000001' } },
      },
    ])
    expect(await chargeCalls()).toBe(1)
  })
})
