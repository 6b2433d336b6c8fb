/**
 * A phone order whose outcome is unknown keeps its card locked until a final word settles it. Found
 * by a review: a status answer with a word the app does not know (AUTHORIZED, PROCESSING: the gateway
 * may add words, gateway-facts §4) made the order UNKNOWN, which neither the card lock nor the
 * duplicate guard counted, and a Clerk alone could charge the same card again for the same call.
 *
 * The gateway here is the training gateway behind a proxy that rewrites the status answer's word and
 * signs the answer again with the merchant's key, as the real gateway signs its own.
 */
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it } from 'vitest'
import { cardResponseStringToSign, hmacSignature } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { startTestBackend, type TestBackend } from '../integration/backend-fixture'
import { SANDBOX } from '../integration/sandbox-fixture'

let app: TestBackend | null = null
let sim: Simulator | null = null
let proxy: ReturnType<typeof createServer> | null = null
afterEach(async () => {
  await app?.close()
  await sim?.close()
  proxy?.close()
})

/** A gateway in front of the simulator whose status answers say `word()` instead (when it is not null), signed again. */
function rewritingProxy(target: string, word: () => string | null): Promise<string> {
  const upstream = new URL(target)
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
        const parts: Buffer[] = []
        answer.on('data', (c: Buffer) => parts.push(c))
        answer.on('end', () => {
          let body = Buffer.concat(parts)
          const headers = { ...answer.headers }
          const replacement = word()
          if (replacement && req.method === 'GET' && req.url?.startsWith('/orders/v1/status/') && answer.statusCode === 200) {
            const json = JSON.parse(body.toString('utf8')) as { transaction: { status: string } }
            json.transaction.status = replacement
            body = Buffer.from(JSON.stringify(json))
            headers['content-length'] = String(body.length)
            headers['signature'] = hmacSignature(
              SANDBOX.secretKey,
              cardResponseStringToSign({
                clientId: String(headers['client-id']),
                requestId: String(headers['request-id']),
                responseTimestamp: String(headers['response-timestamp']),
                requestTarget: req.url.split('?')[0] ?? '',
              }),
            )
          }
          res.writeHead(answer.statusCode ?? 500, headers)
          res.end(body)
        })
      })
      out.on('error', () => res.destroy())
      out.end(Buffer.concat(chunks))
    })
  })
  return new Promise((resolve) => proxy?.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${String((proxy?.address() as AddressInfo).port)}`)))
}

it('a word the app does not know leaves the charge unknown: the card stays locked, the override offered, one charge at the gateway', async () => {
  let offset = 0
  const now = (): Date => new Date(Date.now() + offset)
  sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  let rewrite: string | null = null
  const gateway = await rewritingProxy(sim.baseUrl, () => rewrite)
  app = await startTestBackend({ gatewayUrls: { sandbox: gateway }, now, staff: true })
  await app.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
  await app.call('environment.switch', { environment: 'sandbox', confirmProduction: false })
  const control = async (method: string, path: string, body?: unknown) =>
    (await (await fetch(`${sim?.baseUrl}/__sim${path}`, { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json()) as Record<
      string,
      unknown
    >

  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await app.signInAs('clerk')

  // The charge reaches the gateway (which charges the card) but its answer is lost.
  await control('POST', '/faults', { operation: 'charge', kind: 'reset', phase: 'after', count: 1 })
  const request = { customerId: customer.id, cardId: card.id, invoiceNumber: 'INV-000001', amountSen: 250_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }
  const first = await app.call('phoneOrders.charge', request)
  expect(first.outcome).toBe('unknown')

  // 60 s later the status check answers a word the app does not know.
  offset += 61_000
  for (const word of ['AUTHORIZED', 'PROCESSING']) {
    rewrite = word
    const checked = await app.call('orders.checkStatus', { id: first.detail.order.id })
    rewrite = null
    expect(checked.order).toMatchObject({ status: 'OUTCOME_UNKNOWN', rawStatus: word })
    offset += 61_000
  }
  const cards = (await app.call('customers.get', { id: customer.id })).cards
  expect(cards[0]?.lockedBy).toMatchObject({ orderId: first.detail.order.id })

  // The same Clerk, the same card: refused, before and at the charge.
  const again = { ...request, invoiceNumber: 'INV-000002' }
  const problems = await app.call('phoneOrders.check', again)
  expect(problems.problems.map((problem) => problem.code)).toContain('CARD_LOCKED')
  expect(await app.failure('phoneOrders.charge', again)).toMatchObject({ code: 'CARD_LOCKED' })
  // The Supervisor's override is still what lifts the lock (a Clerk is refused it, not told "not locked").
  expect(await app.failure('phoneOrders.override', { orderId: first.detail.order.id, reason: 'customer says charged' })).toMatchObject({ code: 'FORBIDDEN' })

  const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string; status: string }[] }
  expect(state.orders.map((order) => order.invoiceNumber)).toEqual(['INV-000001'])
})
