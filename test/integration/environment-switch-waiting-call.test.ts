/**
 * An environment switch never closes a history under a staff call waiting for the gateway's answer
 * (found by review: a charge sent in Sandbox whose answer came after another tab switched to Training
 * was recorded through Training's history, or failed on Sandbox's closed database, and the charge in
 * Sandbox stayed pending). While such a call waits the switch is refused, nothing changed; once the
 * answer has come it is recorded in the history the call was sent from, and the switch goes through.
 * While a switch is under way, a new call of that kind is refused before anything is written or sent.
 *
 * The gateway is the simulator behind a door that holds the answer of the call under test
 * (test/support/holding-gateway.ts): the call is waiting for as long as the test needs, no timer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { PhoneOrderRequest } from '../../src-preload/contract'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { startHoldingGateway, type HoldingGateway } from '../support/holding-gateway'
import { cardLink } from './link-requests'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'

let app: SandboxTestBackend
let gateway: HoldingGateway

async function start(config: Parameters<typeof startSandboxBackend>[0] = {}): Promise<void> {
  let simulatorUrl = ''
  gateway = await startHoldingGateway(() => simulatorUrl)
  app = await startSandboxBackend({ gatewayUrls: { sandbox: gateway.url }, ...config })
  simulatorUrl = app.sim.baseUrl
  // A void must stay before the day's settlement while the clock moves on.
  app.advance(untilMalaysiaNoon(app.now().getTime()))
}

afterEach(async () => {
  await app.close()
  await gateway.close()
})

/** A customer with a card saved at the gateway. */
async function customerWithCard(): Promise<{ customerId: number; cardId: number }> {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  return { customerId: customer.id, cardId: card.id }
}

function phoneOrder(ids: { customerId: number; cardId: number }, invoiceNumber: string): PhoneOrderRequest {
  return { ...ids, invoiceNumber, amountSen: 88_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }
}

async function chargeCalls(): Promise<number> {
  const { calls } = (await app.control('GET', '/calls')) as { calls: { operation: string }[] }
  return calls.filter((call) => call.operation === 'charge').length
}

/** The order of this invoice in the active environment's history, as Orders lists it. */
async function listed(invoiceNumber: string): Promise<{ status: string }[]> {
  return (await app.call('orders.search', { text: invoiceNumber, limit: 5 })).rows.map((row) => ({ status: row.status }))
}

interface WaitingCall {
  name: string
  /** What the refusal names as waiting (said.settings.waitingForGateway.*). */
  waiting: 'charge' | 'link' | 'refund' | 'check' | 'cardRemoval'
  method: 'GET' | 'POST'
  path: string
  /** Everything before the call, then the call itself (its answer is held); the invoice it is about. */
  prepare(): Promise<{ invoiceNumber: string; send: () => Promise<unknown> }>
  /** What the answer, once let through, left in Sandbox's history. */
  recorded(answer: unknown, invoiceNumber: string): Promise<void>
}

const CALLS: WaitingCall[] = [
  {
    name: 'a phone charge',
    waiting: 'charge',
    method: 'POST',
    path: '/credit-card/charge',
    async prepare() {
      const ids = await customerWithCard()
      return { invoiceNumber: 'INV-SW-CHARGE', send: () => app.call('phoneOrders.charge', phoneOrder(ids, 'INV-SW-CHARGE')) }
    },
    async recorded(answer, invoiceNumber) {
      expect(answer).toMatchObject({ outcome: 'approved', detail: { order: { status: 'PAID' } } })
      expect(await listed(invoiceNumber)).toEqual([{ status: 'PAID' }])
      expect(await chargeCalls()).toBe(1)
    },
  },
  {
    name: "a payment link's creation",
    waiting: 'link',
    method: 'POST',
    path: '/credit-card/v1/payment-page',
    prepare() {
      return Promise.resolve({ invoiceNumber: 'INV-SW-LINK', send: () => app.call('links.create', cardLink({ invoiceNumber: 'INV-SW-LINK' })) })
    },
    async recorded(answer, invoiceNumber) {
      expect(answer).toMatchObject({ order: { status: 'PENDING', linkUrl: expect.stringMatching(/^http/) as string } })
      expect(await listed(invoiceNumber)).toEqual([{ status: 'PENDING' }])
    },
  },
  {
    name: 'a refund',
    waiting: 'refund',
    method: 'POST',
    path: '/cancellation/credit-card/refund',
    async prepare() {
      const ids = await customerWithCard()
      const paid = await app.call('phoneOrders.charge', phoneOrder(ids, 'INV-SW-REFUND'))
      expect(paid.outcome).toBe('approved')
      return { invoiceNumber: 'INV-SW-REFUND', send: () => app.call('refunds.request', { orderId: paid.detail.order.id, kind: 'VOID', amountSen: 88_00 }) }
    },
    async recorded(answer, invoiceNumber) {
      expect(answer).toMatchObject({ outcome: 'approved', refund: { type: 'VOID', status: 'SUCCESS' }, detail: { order: { status: 'VOIDED' } } })
      expect(await listed(invoiceNumber)).toEqual([{ status: 'VOIDED' }])
    },
  },
  {
    name: "staff's Check status",
    waiting: 'check',
    method: 'GET',
    path: '/orders/v1/status/',
    async prepare() {
      // A charge whose answer was lost (the gateway did charge the card): its check settles it.
      const ids = await customerWithCard()
      await app.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
      const lost = await app.call('phoneOrders.charge', phoneOrder(ids, 'INV-SW-CHECK'))
      expect(lost.outcome).toBe('unknown')
      app.advance(61_000)
      return { invoiceNumber: 'INV-SW-CHECK', send: () => app.call('orders.checkStatus', { id: lost.detail.order.id }) }
    },
    async recorded(answer, invoiceNumber) {
      expect(answer).toMatchObject({ order: { status: 'PAID' } })
      expect(await listed(invoiceNumber)).toEqual([{ status: 'PAID' }])
    },
  },
  {
    name: "a saved card's removal",
    waiting: 'cardRemoval',
    method: 'POST',
    path: '/tokenization/v2/delete-token',
    async prepare() {
      const { cardId } = await customerWithCard()
      return { invoiceNumber: 'INV-SW-NONE', send: () => app.call('cards.remove', { cardId }) }
    },
    async recorded(answer) {
      expect(answer).toMatchObject({ active: false })
      const [customer] = (await app.call('customers.search', { text: 'Siti' })).customers
      expect((await app.call('customers.get', { id: customer?.id ?? 0 })).cards).toEqual([expect.objectContaining({ active: false })])
    },
  },
]

describe('a switch while a staff call waits for the gateway', () => {
  beforeEach(() => start())

  for (const call of CALLS) {
    it(`(${call.name}) is refused; the answer is recorded in Sandbox, nothing in Training; the switch goes through after`, async () => {
      const { invoiceNumber, send } = await call.prepare()
      const held = gateway.hold(call.method, call.path)
      const answer = send()
      await held.arrived

      const refused = await app.failure('environment.switch', { environment: 'training' })
      expect(refused).toMatchObject({ code: 'GATEWAY_ANSWER_AWAITED', say: { id: `said.settings.waitingForGateway.${call.waiting}` } })
      expect((await app.call('settings.get')).environment).toBe('sandbox')

      held.release()
      await call.recorded(await answer, invoiceNumber)
      await app.call('environment.switch', { environment: 'training' })
      expect(await app.call('orders.search', { limit: 5 })).toMatchObject({ rows: [] })
    })
  }

  it('says in shop words what waits and what to do', async () => {
    const ids = await customerWithCard()
    const held = gateway.hold('POST', '/credit-card/charge')
    const answer = app.call('phoneOrders.charge', phoneOrder(ids, 'INV-SW-WORDS'))
    await held.arrived
    expect((await app.failure('environment.switch', { environment: 'training' })).message).toBe(
      'Nothing was changed: a phone charge is waiting for the gateway’s answer, which must be recorded in the history it was sent from. Try again once the answer has come.',
    )
    held.release()
    await answer
  })
})

describe('a staff call while a switch is under way', () => {
  beforeEach(() => start({ statusTracker: true, trackerPollMs: 20 }))

  it('is refused before anything is written or sent; the switch then goes through', async () => {
    const ids = await customerWithCard()
    await app.call('links.create', cardLink({ invoiceNumber: 'INV-SW-TRACKED' }))
    // The tracker's own check of the link is held: the switch stops the tracker and waits for it.
    const held = gateway.hold('GET', '/orders/v1/status/')
    app.advance(66_000)
    await held.arrived
    // Dispatch runs up to the handler's first wait at once: the switch is under way when it returns.
    const switching = app.backend.dispatch('environment.switch', { environment: 'training' })

    expect(await app.failure('phoneOrders.charge', phoneOrder(ids, 'INV-SW-LATE'))).toMatchObject({ code: 'ENVIRONMENT_CHANGING', say: { id: 'said.settings.changing' } })
    expect(await app.failure('environment.switch', { environment: 'production', confirmProduction: true })).toMatchObject({ code: 'ENVIRONMENT_CHANGING' })
    held.release()
    expect(await switching).toMatchObject({ ok: true, value: { environment: 'training' } })
    expect(await chargeCalls()).toBe(0)
    await app.call('environment.switch', { environment: 'sandbox' })
    expect(await listed('INV-SW-LATE')).toEqual([])
  })
})
