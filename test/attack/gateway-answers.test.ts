/**
 * What a status answer or a notification may do to the books, when the gateway's answer is unusual.
 * Found by reviews:
 * - a word the app does not know (AUTHORIZED, PROCESSING: gateway-facts §4) made a phone order
 *   UNKNOWN, which neither the card lock nor the duplicate guard counted: a Clerk alone could charge
 *   the same card again for the same call. It stays OUTCOME_UNKNOWN now;
 * - then a 404 after the gateway had called the charge PENDING made it "not charged" and freed the
 *   card: a 404 settles only a charge the gateway never spoke of;
 * - a signed answer about another invoice made a link paid: it is kept as read, not applied;
 * - a notification naming a refund by its own request id could not correct a refund a 404 had
 *   marked declined: an id match is the gateway's word on that refund, and is applied;
 * - a refund's check answered "pending" by the gateway's slower view, after a notification had
 *   settled that refund while the check was on its way, put it back to pending: it stays settled.
 *
 * The gateway is the training gateway behind a proxy that rewrites status answers and signs them
 * again with the merchant's key, as the real gateway signs its own.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { cardResponseStringToSign, hmacSignature } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { startTestBackend, type TestBackend } from '../integration/backend-fixture'
import { cardLink } from '../integration/link-requests'
import { SANDBOX } from '../integration/sandbox-fixture'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { LISTENER_PATH, post, signed } from './listener-kit'
import { freePort } from '../support/free-port'

/** A status answer as the proxy hands it on: its HTTP status and JSON body. */
type StatusAnswer = { status: number; json: unknown }
type Rewrite = (answer: StatusAnswer) => StatusAnswer | Promise<StatusAnswer>

let app: TestBackend | null = null
let sim: Simulator | null = null
let proxy: Server | null = null
afterEach(async () => {
  await app?.close()
  await sim?.close()
  proxy?.close()
  app = null
})

/** A gateway in front of the simulator whose card status answers pass through `rewrite()` (when set), signed again. */
function rewritingProxy(target: string, rewrite: () => Rewrite | null): Promise<string> {
  const upstream = new URL(target)
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (c: Buffer) => parts.push(c))
        const handOn = async (): Promise<void> => {
          let body = Buffer.concat(parts)
          let status = answer.statusCode ?? 500
          const headers = { ...answer.headers }
          const change = rewrite()
          if (change && req.method === 'GET' && req.url?.startsWith('/orders/v1/status/')) {
            const changed = await change({ status, json: JSON.parse(body.toString('utf8')) as unknown })
            status = changed.status
            body = Buffer.from(JSON.stringify(changed.json))
            headers['content-length'] = String(body.length)
            headers['signature'] = hmacSignature(
              SANDBOX.secretKey,
              cardResponseStringToSign({
                clientId: String(headers['client-id'] ?? SANDBOX.clientId),
                requestId: String(headers['request-id']),
                responseTimestamp: String(headers['response-timestamp']),
                requestTarget: req.url.split('?')[0] ?? '',
              }),
            )
          }
          res.writeHead(status, headers)
          res.end(body)
        }
        answer.on('end', () => void handOn().catch(() => res.destroy()))
      })
      out.on('error', () => res.destroy())
      out.end(Buffer.concat(chunks))
    })
  })
  return new Promise((resolve) => proxy?.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${String((proxy?.address() as AddressInfo).port)}`)))
}

/** The status answer's word replaced. */
const saying =
  (word: string): Rewrite =>
  ({ status, json }) => ({ status, json: { ...(json as object), transaction: { ...(json as { transaction: object }).transaction, status: word } } })
const notFound: Rewrite = () => ({ status: 404, json: { error: { code: 'NOT_FOUND', message: 'Transaction Not Found', type: 'Not Found' } } })

async function gatewayBehindProxy(): Promise<{
  app: TestBackend
  advance: (ms: number) => void
  rewrite: (change: Rewrite | null) => void
  control: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>
}> {
  let offset = 0
  const now = (): Date => new Date(Date.now() + offset)
  sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  let change: Rewrite | null = null
  const gateway = await rewritingProxy(sim.baseUrl, () => change)
  app = await startTestBackend({ gatewayUrls: { sandbox: gateway }, now, staff: true })
  await app.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
  await app.call('environment.switch', { environment: 'sandbox', confirmProduction: false })
  offset += untilMalaysiaNoon(now().getTime())
  const simUrl = sim.baseUrl
  const control = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> =>
    (await (await fetch(`${simUrl}/__sim${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as Record<
      string,
      unknown
    >
  return { app, advance: (ms) => (offset += ms), rewrite: (next) => (change = next), control }
}

/** A Clerk's phone order whose answer was lost (the gateway charged the card). */
async function lostCharge(app: TestBackend, control: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>) {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await app.signInAs('clerk')
  await control('POST', '/faults', { operation: 'charge', kind: 'reset', phase: 'after', count: 1 })
  const request = { customerId: customer.id, cardId: card.id, invoiceNumber: 'INV-000001', amountSen: 250_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }
  const first = await app.call('phoneOrders.charge', request)
  expect(first.outcome).toBe('unknown')
  return { customer, request, orderId: first.detail.order.id }
}

/** The same card again, by the same Clerk: refused before and at the charge; one charge at the gateway. */
async function cardStaysLocked(
  app: TestBackend,
  control: (method: string, path: string, body?: unknown) => Promise<Record<string, unknown>>,
  lost: Awaited<ReturnType<typeof lostCharge>>,
): Promise<void> {
  expect((await app.call('customers.get', { id: lost.customer.id })).cards[0]?.lockedBy).toMatchObject({ orderId: lost.orderId })
  const again = { ...lost.request, invoiceNumber: 'INV-000002' }
  expect((await app.call('phoneOrders.check', again)).problems.map((problem) => problem.code)).toContain('CARD_LOCKED')
  expect(await app.failure('phoneOrders.charge', again)).toMatchObject({ code: 'CARD_LOCKED' })
  const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string }[] }
  expect(state.orders.map((order) => order.invoiceNumber)).toEqual(['INV-000001'])
}

it('a word the app does not know leaves the charge unknown: the card stays locked, the override offered, one charge at the gateway', async () => {
  const { app, advance, rewrite, control } = await gatewayBehindProxy()
  const lost = await lostCharge(app, control)
  advance(61_000)
  for (const word of ['AUTHORIZED', 'PROCESSING']) {
    rewrite(saying(word))
    expect((await app.call('orders.checkStatus', { id: lost.orderId })).order).toMatchObject({ status: 'OUTCOME_UNKNOWN', rawStatus: word })
    rewrite(null)
    advance(61_000)
  }
  await cardStaysLocked(app, control, lost)
  // The Supervisor's override is still what lifts the lock (a Clerk is refused it, not told "not locked").
  expect(await app.failure('phoneOrders.override', { orderId: lost.orderId, reason: 'customer says charged' })).toMatchObject({ code: 'FORBIDDEN' })
})

it('a 404 after the gateway called the charge pending does not make it "not charged": the card stays locked', async () => {
  const { app, advance, rewrite, control } = await gatewayBehindProxy()
  const lost = await lostCharge(app, control)
  advance(61_000)
  rewrite(saying('PENDING'))
  expect((await app.call('orders.checkStatus', { id: lost.orderId })).order).toMatchObject({ status: 'OUTCOME_UNKNOWN', rawStatus: 'PENDING' })
  advance(61_000)
  rewrite(notFound)
  const after404 = await app.call('orders.checkStatus', { id: lost.orderId })
  rewrite(null)
  expect(after404.order.status).toBe('OUTCOME_UNKNOWN')
  expect(after404.timeline.at(-1)?.summary).toBe('Status check: the gateway does not know this order')
  await cardStaysLocked(app, control, lost)
})

it('an answer about another invoice is kept as read and not applied: the link is not paid', async () => {
  const { app, advance, rewrite } = await gatewayBehindProxy()
  const link = await app.call('links.create', cardLink({ invoiceNumber: 'INV-OWN-1', amountSen: 100_00 }))
  advance(66_000)
  rewrite(() => ({
    status: 200,
    json: { order: { invoice_number: 'SOMEONE-ELSES-9', amount: '100', currency: 'MYR' }, transaction: { status: 'SUCCESS', type: 'SALE', date: new Date().toISOString(), amount: '100' } },
  }))
  expect(await app.failure('orders.checkStatus', { id: link.order.id })).toMatchObject({
    code: 'GATEWAY_UNAVAILABLE',
    message: 'The gateway answered about invoice SOMEONE-ELSES-9, not this order: its answer was not applied. The order is unchanged; try again later.',
  })
  rewrite(null)
  const detail = await app.call('orders.get', { id: link.order.id })
  expect(detail.order.status).toBe('PENDING')
  // The same invoice in small letters is this order's.
  advance(66_000)
  rewrite(({ status, json }) => ({ status, json: { ...(json as object), order: { ...(json as { order: object }).order, invoice_number: 'inv-own-1' } } }))
  expect((await app.call('orders.checkStatus', { id: link.order.id })).order.status).toBe('PENDING')
})

/**
 * A paid and settled card link with the listener on, and a RM 30.00 refund of it whose answer was lost
 * (Outcome unknown, its check due): the start of the refund-and-notification races.
 */
async function lostRefund(invoice: string) {
  const gateway = await gatewayBehindProxy()
  const { app, advance, control } = gateway
  const { settings } = await app.call('settings.get')
  await app.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true, port: await freePort(), path: LISTENER_PATH } })
  const url = new URL((await app.call('listener.status')).localUrl ?? '')
  const link = await app.call('links.create', cardLink({ invoiceNumber: invoice, amountSen: 100_00 }))
  await control('POST', '/pay', { invoice_number: invoice, card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
  await control('POST', '/settle', { invoice_number: invoice })
  advance(61_000)
  await app.call('orders.checkStatus', { id: link.order.id })
  await control('POST', '/faults', { operation: 'refund', kind: 'reset', phase: 'after', count: 1 })
  const lost = await app.call('refunds.request', { orderId: link.order.id, kind: 'PARTIAL', amountSen: 30_00 })
  expect(lost.refund.status).toBe('OUTCOME_UNKNOWN')
  advance(61_000)
  return { ...gateway, url, link, refund: lost.refund }
}

it('a notification naming a refund by its request id corrects a refund a 404 marked declined', async () => {
  // The refund reaches the gateway; its answer is lost; its check is answered 404.
  const { app, rewrite, url, link, refund } = await lostRefund('INV-C-1')
  rewrite(notFound)
  expect((await app.call('refunds.checkStatus', { refundId: refund.id })).refund.status).toBe('FAILED')
  rewrite(null)

  const body = JSON.stringify({
    order: { invoice_number: 'INV-C-1', amount: '100' },
    transaction: { type: 'REFUND', status: 'SUCCESS' },
    refund: { request_id: refund.requestId, amount: '30', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
  })
  expect((await post(url, body, signed(body, 'doku-refund-by-id'))).status).toBe(200)
  await expect.poll(async () => (await app.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 10 }).toBe(`Refund ${refund.requestId} on INV-C-1: approved`)
  const detail = await app.call('orders.get', { id: link.order.id })
  expect(detail.refunds).toMatchObject({ refundedSen: 30_00, remainingSen: 70_00 })
})

it('a check answered "pending" after a notification settled the refund meanwhile leaves it settled', async () => {
  const { app, rewrite, url, link, refund } = await lostRefund('INV-R-1')

  // The check's answer is held at the gateway's door while the notification arrives, then says PENDING.
  let held = (): void => undefined
  const checkHeld = new Promise<void>((resolve) => (held = resolve))
  let release = (): void => undefined
  const released = new Promise<void>((resolve) => (release = resolve))
  rewrite(async (answer) => {
    held()
    await released
    return saying('PENDING')(answer)
  })
  const check = app.call('refunds.checkStatus', { refundId: refund.id })
  await checkHeld
  const body = JSON.stringify({
    order: { invoice_number: 'INV-R-1', amount: '100' },
    transaction: { type: 'REFUND', status: 'SUCCESS' },
    refund: { request_id: refund.requestId, amount: '30', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
  })
  expect((await post(url, body, signed(body, 'doku-refund-settled'))).status).toBe(200)
  await expect.poll(async () => (await app.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 10 }).toBe(`Refund ${refund.requestId} on INV-R-1: approved`)
  release()
  expect((await check).refund.status).toBe('SUCCESS')
  rewrite(null)
  const detail = await app.call('orders.get', { id: link.order.id })
  expect(detail.refunds).toMatchObject({ refundedSen: 30_00, remainingSen: 70_00 })
  expect(detail.timeline.at(-1)?.summary).toMatch(/still .*gateway says PENDING/)
})
