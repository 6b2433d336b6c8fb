/**
 * The gateway client against the training gateway over loopback HTTP: every operation, every fault
 * the gateway can be made to show, and the replay of a retried Request-Id.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient, type GatewaySettings } from '../../src-main/gateway/client'
import { createLogger, memorySink } from '../../src-main/log'
import { startSimulator, type Simulator } from '../../src-main/simulator'

const CREDENTIALS = { clientId: 'BRN-0001-TEST', secretKey: 'SK-test-0123456789', apiKey: 'doku_key_test' }

let sim: Simulator
const logLines = memorySink()

async function control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.baseUrl}/__sim${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`control ${path}: ${String(response.status)} ${JSON.stringify(json)}`)
  return json
}

const fault = (operation: string, kind: string, extra: Record<string, unknown> = {}): Promise<Record<string, unknown>> => control('POST', '/faults', { operation, kind, count: 1, ...extra })

function client(settings: Partial<GatewaySettings> = {}, baseUrl = sim.baseUrl): GatewayClient {
  return createGatewayClient({
    baseUrl,
    credentials: CREDENTIALS,
    settings,
    // The simulator's clock, so signed timestamps stay fresh however far a test moved it.
    now: () => new Date(sim.clock.now()),
    log: createLogger(logLines),
    wait: () => Promise.resolve(),
  })
}

const customer = { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' }

async function paidHostedPage(gateway: GatewayClient, amountSen = 12_345): Promise<{ invoice: string; requestId: string; token: string }> {
  const invoice = `INV-${randomUUID().slice(0, 8)}`
  const requestId = gateway.newRequestId()
  const page = await gateway.createPaymentPage({
    requestId,
    invoiceNumber: invoice,
    amountSen,
    callbackUrl: 'https://shop.example.my/ok',
    failedUrl: 'https://shop.example.my/failed',
    autoRedirect: true,
    customer,
  })
  if (!page.ok) throw new Error(page.error.message)
  const paid = await control('POST', '/pay', { invoice_number: invoice, card_number: '5120910000000038', expiry: '12/30', cvv: '100', save_card: true })
  return { invoice, requestId, token: String(paid['token_id']) }
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, ...CREDENTIALS })
})
afterAll(async () => {
  await sim.close()
})
beforeEach(async () => {
  await control('POST', '/reset')
})

describe('gateway client: operations', () => {
  it('creates a hosted payment page whose answer is signed and whose amount left as 123.45', async () => {
    const gateway = client()
    const requestId = gateway.newRequestId()
    const result = await gateway.createPaymentPage({
      requestId,
      invoiceNumber: 'INV-PAGE-1',
      amountSen: 12_345,
      callbackUrl: 'https://shop.example.my/ok',
      autoRedirect: false,
      descriptor: 'SHOP',
      customer,
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value.invoiceNumber).toBe('INV-PAGE-1')
    expect(result.value.url).toMatch(new RegExp(`^${sim.baseUrl}/`))
    expect(result.exchange).toMatchObject({ operation: 'payment_page', requestId, httpStatus: 200, signature: 'valid', replayed: false, attempts: 1 })
    expect(result.exchange.requestBody).toContain('"amount":123.45')
    const order = await control('GET', '/orders/INV-PAGE-1')
    expect(order).toMatchObject({ order: { amount: 123.45, invoice_number: 'INV-PAGE-1' } })
    await gateway.close()
  })

  it('charges a saved card (SUCCES read as SUCCESS), and finds it by request id 60 s later', async () => {
    const gateway = client()
    const { token } = await paidHostedPage(gateway)
    const requestId = gateway.newRequestId()
    const charge = await gateway.charge({ requestId, amountSen: 5_000, token, paymentType: 'MOTO', invoiceNumber: 'INV-MOTO-1' })
    expect(charge.ok).toBe(true)
    if (!charge.ok) return
    expect(charge.value.status).toEqual({ status: 'SUCCESS', raw: 'SUCCES' })
    expect(charge.value).toMatchObject({ responseCode: '00', amountSen: 5_000, invoiceNumber: 'INV-MOTO-1' })
    expect(charge.value.approvalCode).toMatch(/\w+/)
    expect(charge.value.card?.masked).toMatch(/0038$/)
    // The stored exchange never holds the full token.
    expect(charge.exchange.requestBody).not.toContain(token)
    expect(charge.exchange.responseBody).not.toContain(token)

    await sim.advanceClock(61_000)
    const status = await gateway.checkStatus(requestId)
    expect(status.ok && status.value.status.status).toBe('SUCCESS')
    expect((await control('GET', '/early-status-checks'))['early_status_checks']).toEqual([])
    await gateway.close()
  })

  it('reports a decline as a FAILED charge with its response code', async () => {
    const gateway = client()
    const charge = await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token: 'tok_never_issued', paymentType: 'MOTO' })
    expect(charge.ok).toBe(true)
    if (charge.ok) {
      expect(charge.value.status.status).toBe('FAILED')
      expect(charge.value.responseCode).not.toBe('00')
    }
    await gateway.close()
  })

  it('checks a paid order by invoice, with the card details and the token of the first SUCCESS', async () => {
    const gateway = client()
    const { invoice, token } = await paidHostedPage(gateway)
    await sim.advanceClock(61_000)
    const first = await gateway.checkStatus(invoice)
    expect(first.ok).toBe(true)
    if (!first.ok) return
    expect(first.value).toMatchObject({ status: { status: 'SUCCESS' }, invoiceNumber: invoice, amountSen: 12_345 })
    expect(first.value.card).toMatchObject({ tokenId: token })
    expect(first.exchange.signature).toBe('valid')
    await gateway.close()
  })

  it('refunds part of a payment and follows the refund by its Request-Id', async () => {
    const gateway = client()
    const { invoice, requestId } = await paidHostedPage(gateway)
    await control('POST', '/settle', { invoice_number: invoice })
    const refundId = gateway.newRequestId()
    const refund = await gateway.refund({ requestId: refundId, invoiceNumber: invoice, originalRequestId: requestId, amountSen: 2_345 })
    expect(refund.ok).toBe(true)
    if (!refund.ok) return
    expect(refund.value).toMatchObject({ status: { status: 'SUCCESS' }, type: 'PARTIAL_REFUND', amountSen: 2_345 })
    await sim.advanceClock(61_000)
    const status = await gateway.checkStatus(refundId)
    expect(status.ok).toBe(true)
    await gateway.close()
  })

  it('unbinds a token, after which it cannot be charged', async () => {
    const gateway = client()
    const { token } = await paidHostedPage(gateway)
    const unbind = await gateway.unbindToken(token)
    expect(unbind.ok && unbind.value).toEqual({ tokenId: token, status: 'INACTIVE' })
    const charge = await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token, paymentType: 'MOTO' })
    expect(charge.ok && charge.value.status.status).toBe('FAILED')
    await gateway.close()
  })

  it('creates an FPX payment from the bank list, and retrieves it once the customer approved', async () => {
    const gateway = client()
    const banks = await gateway.bankList()
    expect(banks.ok).toBe(true)
    if (!banks.ok) return
    const bank = banks.value.find((item) => item.active)
    expect(bank).toBeDefined()
    const paymentId = `PAY-${randomUUID()}`
    const created = await gateway.createPayment({
      requestId: gateway.newRequestId(),
      paymentId,
      invoiceNumber: 'INV-FPX-1',
      amountSen: 25_050,
      expiresAt: new Date(sim.clock.now() + 3_600_000),
      channel: 'INTERNET_BANKING_FPX',
      bankCode: bank?.code,
      customer: { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
    })
    expect(created.ok).toBe(true)
    if (!created.ok) return
    expect(created.value).toMatchObject({ id: paymentId, status: { status: 'PENDING' }, state: 'INITIATE', amountSen: 25_050 })
    expect(created.value.nextActionUrl).toMatch(/^http/)
    expect(created.value.referenceId).toBeTruthy()
    // v3 answers are signed too (published): the create answer verifies.
    expect(created.exchange.signature).toBe('valid')

    await control('POST', '/v3/decide', { id: paymentId, action: 'approve' })
    const retrieved = await gateway.retrievePayment(paymentId)
    expect(retrieved.ok && retrieved.value.status.status).toBe('SUCCESS')
    expect(retrieved.exchange.signature).toBe('valid')
    await gateway.close()
  })

  it('creates a buy-now-pay-later payment with line items priced exactly', async () => {
    const gateway = client()
    const created = await gateway.createPayment({
      requestId: gateway.newRequestId(),
      paymentId: `PAY-${randomUUID()}`,
      invoiceNumber: 'INV-BNPL-1',
      amountSen: 30_010,
      expiresAt: new Date(sim.clock.now() + 3_600_000),
      channel: 'BNPL_ATOME',
      lineItems: [
        { name: 'Kettle', quantity: 1, priceSen: 10_010 },
        { name: 'Mug', quantity: 2, priceSen: 10_000 },
      ],
      customer: { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
    })
    expect(created.ok).toBe(true)
    expect(created.exchange.requestBody).toContain('"price":100.1')
    await gateway.close()
  })
})

describe('gateway client: faults and outcomes', () => {
  it('a charge whose answer never comes times out as an unknown outcome, never a failure', async () => {
    const gateway = client({ headersTimeoutMs: 300 })
    const { token } = await paidHostedPage(client())
    await fault('charge', 'hang', { phase: 'after' })
    const charge = await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token, paymentType: 'MOTO' })
    expect(charge).toMatchObject({ ok: false, error: { code: 'TIMEOUT', outcomeUnknown: true } })
    if (!charge.ok) expect(charge.error.message).toMatch(/may have gone through/)
    await gateway.close()
  })

  it('a 500 after the charge was applied is an unknown outcome; the deliberate retry with the same Request-Id replays the approval', async () => {
    const gateway = client()
    const { token } = await paidHostedPage(gateway)
    await fault('charge', 'error500', { phase: 'after' })
    const requestId = gateway.newRequestId()
    const input = { requestId, amountSen: 7_000, token, paymentType: 'MOTO' as const, invoiceNumber: 'INV-RETRY-1' }
    const first = await gateway.charge(input)
    expect(first).toMatchObject({ ok: false, error: { code: 'SERVER', httpStatus: 500, outcomeUnknown: true } })
    const retry = await gateway.charge(input)
    expect(retry.ok).toBe(true)
    if (!retry.ok) return
    expect(retry.exchange).toMatchObject({ httpStatus: 409, replayed: true, requestId })
    expect(retry.value.status.status).toBe('SUCCESS')
    // One charge at the gateway, not two.
    const state = await control('GET', '/state')
    expect(JSON.stringify(state).match(/INV-RETRY-1/g)?.length).toBeGreaterThanOrEqual(1)
    const calls = (await control('GET', '/calls'))['calls'] as { path: string }[]
    expect(calls.filter((call) => call.path === '/credit-card/charge')).toHaveLength(2)
    await gateway.close()
  })

  it('a reset connection during a refund is an unknown outcome', async () => {
    const gateway = client()
    const { invoice, requestId } = await paidHostedPage(gateway)
    await fault('refund', 'reset', { phase: 'after' })
    const refund = await gateway.refund({ requestId: gateway.newRequestId(), invoiceNumber: invoice, originalRequestId: requestId, amountSen: 100 })
    expect(refund).toMatchObject({ ok: false, error: { code: 'NETWORK', outcomeUnknown: true } })
    await gateway.close()
  })

  it('a 500 before anything was applied is still unknown to us for a payment creation', async () => {
    const gateway = client()
    await fault('v3_create_payment', 'error500', { phase: 'before' })
    const created = await gateway.createPayment({
      requestId: gateway.newRequestId(),
      paymentId: `PAY-${randomUUID()}`,
      invoiceNumber: 'INV-EW-1',
      amountSen: 1_000,
      expiresAt: new Date(sim.clock.now() + 3_600_000),
      channel: 'EWALLET_TNG',
      customer: { id: 'CUST-2', name: 'Siti', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
    })
    expect(created).toMatchObject({ ok: false, error: { code: 'SERVER', outcomeUnknown: true } })
    await gateway.close()
  })

  it('malformed JSON is a bad response', async () => {
    const gateway = client()
    const { invoice } = await paidHostedPage(gateway)
    await sim.advanceClock(61_000)
    await fault('status', 'malformed_json')
    const status = await gateway.checkStatus(invoice)
    expect(status).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE', outcomeUnknown: false } })
    await gateway.close()
  })

  it('a wrong response signature is recorded by default and refused when the setting says so', async () => {
    const gateway = client()
    const { invoice } = await paidHostedPage(gateway)
    await sim.advanceClock(61_000)
    await fault('status', 'bad_signature')
    const recorded = await gateway.checkStatus(invoice)
    expect(recorded.ok).toBe(true)
    expect(recorded.exchange.signature).toBe('invalid')
    expect(logLines.lines.some((line) => line.includes('gateway.response_signature') && line.includes('"signature":"invalid"'))).toBe(true)
    const strict = client({ blockOnBadSignature: true })
    // A status answer signed as published (the answer to a GET has no Digest line) passes even when blocking.
    const genuine = await strict.checkStatus(invoice)
    expect(genuine).toMatchObject({ ok: true, exchange: { signature: 'valid' } })
    await fault('status', 'bad_signature')
    const refused = await strict.checkStatus(invoice)
    expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_RESPONSE' } })
    expect(refused.exchange.signature).toBe('invalid')
    await gateway.close()
    await strict.close()
  })

  it('a read retries a 500 with a fresh Request-Id; a money-moving call never retries by itself', async () => {
    const gateway = client({ readRetries: 2 })
    await fault('status', 'error500', { phase: 'before' })
    const status = await gateway.checkStatus('INV-UNKNOWN')
    expect(status).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' }, exchange: { attempts: 2 } })
    const { token } = await paidHostedPage(gateway)
    await fault('charge', 'error500', { phase: 'before' })
    const charge = await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token, paymentType: 'MOTO' })
    expect(charge).toMatchObject({ ok: false, error: { code: 'SERVER' }, exchange: { attempts: 1 } })
    await gateway.close()
  })

  it('a gateway nobody listens on is a network error that provably never sent the charge', async () => {
    const closed = await startSimulator({ port: 0 })
    const deadUrl = closed.baseUrl
    await closed.close()
    const gateway = client({}, deadUrl)
    const charge = await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token: 'tok_x', paymentType: 'MOTO' })
    expect(charge).toMatchObject({ ok: false, error: { code: 'NETWORK', outcomeUnknown: false } })
    await gateway.close()
  })

  it('a gateway refusal names the field, and nothing happened', async () => {
    const gateway = client()
    const page = await gateway.createPaymentPage({
      requestId: gateway.newRequestId(),
      invoiceNumber: 'INV-BAD-1',
      amountSen: 100,
      callbackUrl: 'https://shop.example.my/ok',
      autoRedirect: false,
      customer: { ...customer, email: 'not-an-email' },
    })
    expect(page).toMatchObject({ ok: false, error: { code: 'REJECTED', httpStatus: 400, gatewayCode: 'INVALID_PARAMETER', field: 'customer.email', outcomeUnknown: false } })
    await gateway.close()
  })

  it('logs every exchange without a secret or a full token', async () => {
    const gateway = client()
    const { token } = await paidHostedPage(gateway)
    await gateway.charge({ requestId: gateway.newRequestId(), amountSen: 100, token, paymentType: 'MOTO' })
    const log = logLines.lines.join('\n')
    expect(log).toContain('"operation":"charge"')
    expect(log).toContain('"durationMs"')
    for (const secret of [CREDENTIALS.secretKey, CREDENTIALS.apiKey, token, 'HMACSHA256=']) expect(log).not.toContain(secret)
    await gateway.close()
  })
})

describe('gateway client: requests as published', () => {
  it('sends the v3 retrieve without a Signature (the published example has none), and signs the v3 create', async () => {
    const seen: { method: string; headers: IncomingHttpHeaders }[] = []
    const server = createServer((request, response) => {
      seen.push({ method: request.method ?? '', headers: request.headers })
      request.resume()
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify({ id: 'PAY-1', order: { amount: '10.50', currency: 'MYR' }, payment: { status: 'PENDING' } }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const gateway = client({}, `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`)
    try {
      const retrieved = await gateway.retrievePayment('PAY-1')
      // Read as published: the amount as a numeric string; the answer carried no signature.
      expect(retrieved).toMatchObject({ ok: true, value: { amountSen: 1050, currency: 'MYR' }, exchange: { signature: 'missing' } })
      await gateway.createPayment({
        requestId: gateway.newRequestId(),
        paymentId: 'PAY-2',
        invoiceNumber: 'INV-2',
        amountSen: 1050,
        expiresAt: new Date(sim.clock.now() + 3_600_000),
        channel: 'EWALLET_TNG',
        customer: { id: 'CUST-1', name: 'Siti', country: 'MY' },
      })
      expect(seen.map((request) => [request.method, Boolean(request.headers['signature']), Boolean(request.headers['authorization']), Boolean(request.headers['client-id'])])).toEqual([
        ['GET', false, true, true],
        ['POST', true, true, true],
      ])
    } finally {
      await gateway.close()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
