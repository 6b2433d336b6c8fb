/**
 * A gateway that drips its answer (found by a security review): headers at once, then one byte of the
 * body every 200 ms for ever. undici's headersTimeout ends at the headers and its bodyTimeout is per
 * chunk, so neither ever tripped: the call, its pool connection and a charge's wait were held for as
 * long as the gateway (or someone on the path) liked. Every exchange now has a deadline (the connect
 * and answer timeouts together, src-main/gateway/http.ts); once a money call is sent, running out of it
 * is a timeout like any other: Outcome unknown, the card locked, never declined.
 *
 * The gateway is the training gateway behind a proxy that, for the requests it is told to, lets the
 * simulator act on them and then drips the simulator's answer.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { createGatewayClient } from '../../src-main/gateway/client'
import { createLogger, memorySink } from '../../src-main/log'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { startTestBackend, type TestBackend } from '../integration/backend-fixture'
import { SANDBOX } from '../integration/sandbox-fixture'
import { untilMalaysiaNoon } from '../malaysia-noon'

let app: TestBackend | null = null
let sim: Simulator | null = null
let proxy: Server | null = null
afterEach(async () => {
  await app?.close()
  proxy?.closeAllConnections()
  proxy?.close()
  await sim?.close()
  app = null
  sim = null
  proxy = null
})

/** Which requests get their answer dripped. */
type Drips = (request: IncomingMessage) => boolean

/**
 * A gateway in front of the simulator: every request reaches the simulator; the answer to one that
 * `drips()` picks is sent as headers, then one byte every 200 ms (the answer's, then blanks) until the
 * client hangs up. Counts the dripped answers.
 */
async function drippingProxy(target: string, drips: () => Drips): Promise<{ url: string; dripped: () => number }> {
  const upstream = new URL(target)
  let dripped = 0
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (c: Buffer) => parts.push(c))
        answer.on('end', () => {
          const body = Buffer.concat(parts)
          const headers = { ...answer.headers }
          if (!drips()(req)) {
            res.writeHead(answer.statusCode ?? 500, headers)
            res.end(body)
            return
          }
          dripped += 1
          // Chunked, so that the answer never has to end.
          delete headers['content-length']
          res.writeHead(answer.statusCode ?? 500, headers)
          res.flushHeaders()
          let sent = 0
          const drip = setInterval(() => {
            res.write(sent < body.length ? body.subarray(sent, sent + 1) : ' ')
            sent += 1
          }, 200)
          res.on('close', () => clearInterval(drip))
        })
      })
      out.on('error', () => res.destroy())
      out.end(Buffer.concat(chunks))
    })
  })
  await new Promise<void>((resolve) => proxy?.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${String((proxy.address() as AddressInfo).port)}`, dripped: () => dripped }
}

const isCharge: Drips = (req) => req.method === 'POST' && req.url === '/credit-card/charge'
const isStatusCheck: Drips = (req) => req.method === 'GET' && (req.url ?? '').startsWith('/orders/v1/status/')
const nothing: Drips = () => false

it('a status check against a gateway that drips its answer ends with a timeout, not a hang', async () => {
  sim = await startSimulator({ port: 0, ...SANDBOX })
  const gateway = await drippingProxy(sim.baseUrl, () => isStatusCheck)
  const client = createGatewayClient({
    baseUrl: gateway.url,
    credentials: SANDBOX,
    // A deadline of 0.5 s (connect + answer); the per-chunk body timeout is far above the drip's 200 ms.
    settings: { connectTimeoutMs: 200, headersTimeoutMs: 300, bodyTimeoutMs: 60_000, readRetries: 1 },
    log: createLogger(memorySink()),
    wait: () => Promise.resolve(),
  })
  const status = await client.checkStatus('INV-DRIP-1')
  await client.close()
  expect(status).toMatchObject({ ok: false, error: { code: 'TIMEOUT', gatewayCode: 'ANSWER_DEADLINE', outcomeUnknown: false }, exchange: { attempts: 2, httpStatus: null } })
  if (!status.ok) expect(status.error.message).toBe('The gateway did not answer in time (ANSWER_DEADLINE).')
  expect(gateway.dripped()).toBe(2)
})

it('a phone charge whose answer is dripped is Outcome unknown with the card locked, not declined, and a later check finds it paid', async () => {
  let offset = 0
  const now = (): Date => new Date(Date.now() + offset)
  sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  let drips: Drips = nothing
  const gateway = await drippingProxy(sim.baseUrl, () => drips)
  app = await startTestBackend({ gatewayUrls: { sandbox: gateway.url }, now, staff: true })
  await app.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
  await app.call('environment.switch', { environment: 'sandbox', confirmProduction: false })
  offset += untilMalaysiaNoon(now().getTime())
  const { settings } = await app.call('settings.get')
  // The shortest timeouts there are: a deadline of 6 s.
  await app.call('settings.update', { ...settings, gateway: { ...settings.gateway, connectTimeoutSeconds: 1, responseTimeoutSeconds: 5 } })
  const control = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> =>
    (await (
      await fetch(`${sim?.baseUrl ?? ''}/__sim${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    ).json()) as Record<string, unknown>

  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await app.signInAs('clerk')
  const request = { customerId: customer.id, cardId: card.id, invoiceNumber: 'INV-000001', amountSen: 250_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }

  drips = isCharge
  const charge = await app.call('phoneOrders.charge', request)
  drips = nothing
  expect(gateway.dripped()).toBe(1)
  expect(charge.outcome).toBe('unknown')
  expect(charge.detail.order.status).toBe('OUTCOME_UNKNOWN')
  expect((await app.call('customers.get', { id: customer.id })).cards[0]?.lockedBy).toEqual({ orderId: charge.detail.order.id, invoiceNumber: 'INV-000001' })
  expect(await app.failure('phoneOrders.charge', { ...request, invoiceNumber: 'INV-000002' })).toMatchObject({ code: 'CARD_LOCKED' })

  // The gateway did charge the card: the check 60 s later says so, and there was one charge.
  offset += 61_000
  expect((await app.call('orders.checkStatus', { id: charge.detail.order.id })).order.status).toBe('PAID')
  const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string }[] }
  expect(state.orders.map((order) => order.invoiceNumber)).toEqual(['INV-000001'])
}, 30_000)
