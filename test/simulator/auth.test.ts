import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cardRequestHeaders, digest, formatTimestamp, GENERIC_API_VERSION, hmacSignature } from '../../src-main/gateway/signing'
import { genericResponseStringToSign } from '../../src-main/gateway/signing'
import type { Simulator } from '../../src-main/simulator'
import { API_KEY, cardGet, cardPost, CLIENT_ID, genericGet, genericPost, newInvoice, paymentPageBody, SECRET_KEY, simTimestamp, start, statusOf } from './helpers'

describe('card scheme: the worked examples of gateway-facts.md are accepted as sent', () => {
  it('POST /credit-card/v1/payment-page with the exact headers and bytes of the example', async () => {
    const sim = await start({ now: () => Date.parse('2026-01-30T08:45:42Z') })
    try {
      const body =
        '{"order":{"invoice_number":"INV-DIRECT-CC-1","amount":4.5,"callback_url":"https://doku.com","auto_redirect":false,"currency":"MYR"},"customer":{"id":"DOKU-CUST-001","name":"Anton Budiman","email":"anton@doku.com","phone":"+628192837465"},"payment":{"type":"SALE"}}'
      expect(digest(body)).toBe('Va0lP10Iumj1JLVrxyzglEgA7WvFSXXr0VTuB6wBCpk=')
      const response = await fetch(`${sim.baseUrl}/credit-card/v1/payment-page`, {
        method: 'POST',
        headers: {
          'Client-Id': 'BRN-0001-TEST',
          'Request-Id': 'b266c265-3d61-4708-9860-c0d5b9a98f8c',
          'Request-Timestamp': '2026-01-30T08:45:42Z',
          Signature: 'HMACSHA256=snUtPR4RXwYV3ivGegvlCVN+e6v1l/oFfaMSgG+3WNY=',
          'Content-Type': 'application/json',
        },
        body,
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({ order: { invoice_number: 'INV-DIRECT-CC-1', currency: 'MYR' } })
    } finally {
      await sim.close()
    }
  })

  it('GET /orders/v1/status with the exact headers of the example (authenticated; the order is unknown here)', async () => {
    const sim = await start({ clientId: 'MCH-0001-10791114622547', now: () => Date.parse('2020-08-11T08:45:42Z') })
    try {
      const headers = {
        'Client-Id': 'MCH-0001-10791114622547',
        'Request-Id': 'd895fb53-479c-4f77-a76a-ab81b40d77cb',
        'Request-Timestamp': '2020-08-11T08:45:42Z',
        Signature: 'HMACSHA256=i4xK+ZQKtxKvX64xgiGj55nyB/Jp0x3Bd6aJYTnxO8k=',
      }
      const good = await fetch(`${sim.baseUrl}/orders/v1/status/INV-123123-12313`, { headers })
      expect(good.status).toBe(404)
      expect(await good.json()).toMatchObject({ error: { code: 'NOT_FOUND' } })
      // The same signature does not cover a query string or another path.
      expect((await fetch(`${sim.baseUrl}/orders/v1/status/INV-123123-12314`, { headers })).status).toBe(401)
    } finally {
      await sim.close()
    }
  })
})

describe('card scheme: what the simulator refuses', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await start()
  })
  afterAll(() => sim.close())

  it.each(['Client-Id', 'Request-Id', 'Request-Timestamp', 'Signature'])('a missing %s is a 400 naming the header', async (name) => {
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(newInvoice()), { headers: { [name]: undefined } })
    expect(reply.status).toBe(400)
    expect(reply.json()).toEqual({ error: { code: 'INVALID_PARAMETER', message: `${name} Must Not Be Blank`, type: 'Invalid Parameter' } })
  })

  it('a malformed timestamp is a 400', async () => {
    for (const timestamp of ['2026-01-30T08:45:42.000Z', '2026-01-30 08:45:42', 'yesterday']) {
      const reply = await statusOf(sim, 'X', { timestamp })
      expect(reply.status).toBe(400)
      expect(reply.json()).toMatchObject({ error: { message: 'Request-Timestamp Must Be YYYY-MM-DDTHH:mm:ssZ' } })
    }
  })

  it('a stale or future timestamp (beyond 5 minutes of the simulator clock) is a 401', async () => {
    for (const shift of [-301_000, 301_000]) {
      const reply = await statusOf(sim, 'X', { timestamp: formatTimestamp(new Date(sim.clock.now() + shift)) })
      expect(reply.status).toBe(401)
      expect(reply.json()).toMatchObject({ error: { code: 'INVALID_SIGNATURE', message: 'Request-Timestamp Is Too Far From The Server Time' } })
    }
    const withinWindow = await statusOf(sim, 'X', { timestamp: formatTimestamp(new Date(sim.clock.now() - 290_000)) })
    expect(withinWindow.status).toBe(404)
  })

  it('a Request-Id longer than 128 characters is a 400', async () => {
    const reply = await statusOf(sim, 'X', { requestId: 'r'.repeat(129) })
    expect(reply.status).toBe(400)
    expect(reply.json()).toMatchObject({ error: { message: 'Request-Id Must Be At Most 128 Visible Characters' } })
  })

  it('a wrong secret, an unknown client, or a signature over other bytes is a 401', async () => {
    const body = paymentPageBody(newInvoice())
    expect((await cardPost(sim, '/credit-card/v1/payment-page', body, { secretKey: 'SK-wrong' })).status).toBe(401)
    const unknown = await cardPost(sim, '/credit-card/v1/payment-page', body, { clientId: 'BRN-9999' })
    expect(unknown.status).toBe(401)
    expect(unknown.json()).toMatchObject({ error: { message: 'Client-Id Is Not Recognised' } })

    // Signed over compact JSON, sent pretty-printed: the digest is of the bytes sent, so this fails.
    const compact = JSON.stringify(body)
    const requestId = 'req-reserialised'
    const headers = cardRequestHeaders({ clientId: CLIENT_ID, secretKey: SECRET_KEY, requestId, requestTimestamp: simTimestamp(sim), requestTarget: '/credit-card/v1/payment-page', body: compact })
    const response = await fetch(`${sim.baseUrl}/credit-card/v1/payment-page`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify(body, null, 2),
    })
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ error: { code: 'INVALID_SIGNATURE', message: 'Invalid Signature', type: 'Invalid Signature' } })
  })

  it('a GET signed with a Digest line, or with the query in Request-Target, is a 401', async () => {
    const requestId = 'req-get-digest'
    const timestamp = simTimestamp(sim)
    const withDigest = cardRequestHeaders({ clientId: CLIENT_ID, secretKey: SECRET_KEY, requestId, requestTimestamp: timestamp, requestTarget: '/orders/v1/status/X', body: '' })
    expect((await fetch(`${sim.baseUrl}/orders/v1/status/X`, { headers: withDigest })).status).toBe(401)
    // Signed for the bare path but sent with a query: the query is not part of Request-Target, so this passes.
    const bare = cardRequestHeaders({ clientId: CLIENT_ID, secretKey: SECRET_KEY, requestId, requestTimestamp: timestamp, requestTarget: '/orders/v1/status/X' })
    expect((await fetch(`${sim.baseUrl}/orders/v1/status/X?debug=1`, { headers: bare })).status).toBe(404)
  })

  it('signs its error answers too, so the app can tell them from a proxy page', async () => {
    const reply = await cardGet(sim, '/orders/v1/status/NOPE')
    expect(reply.status).toBe(404)
    expect(reply.headers.get('Request-Id')).toBe(reply.requestId)
    expect(reply.headers.get('Response-Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(reply.headers.get('Signature')).toMatch(/^HMACSHA256=/)
  })
})

describe('generic (v3) scheme', () => {
  let sim: Simulator
  beforeAll(async () => {
    sim = await start()
  })
  afterAll(() => sim.close())
  const banks = { payment_channel: 'INTERNET_BANKING_FPX', type: 'B2C' }
  const path = '/v3/payments/internet-banking/banks'

  it('accepts a signed request with the API key, with or without the trailing colon', async () => {
    expect((await genericPost(sim, path, banks)).status).toBe(200)
    expect((await genericPost(sim, path, banks, { trailingColon: true })).status).toBe(200)
  })

  it.each([
    ['a wrong signature', { secretKey: 'SK-wrong' }, 'invalid signature'],
    ['a wrong API key', { apiKey: 'doku_key_other' }, 'invalid API key in Authorization'],
    ['no Authorization', { headers: { Authorization: undefined } }, 'invalid API key in Authorization'],
    ['no Signature', { headers: { Signature: undefined } }, 'Signature header is required'],
    ['no Client-Id', { headers: { 'Client-Id': undefined } }, 'Client-Id header is required'],
    ['a stale timestamp', { timestamp: '2020-01-01T00:00:00Z' }, 'Request-Timestamp is too far from the server time'],
    ['a malformed timestamp', { timestamp: '2020-01-01T00:00:00.000Z' }, 'Request-Timestamp must be YYYY-MM-DDTHH:mm:ssZ'],
  ])('refuses %s with 401 invalid_signature', async (_name, options, message) => {
    const reply = await genericPost(sim, path, banks, options)
    expect(reply.status).toBe(401)
    expect(reply.json()).toEqual({ error: { code: 'invalid_signature', message } })
  })

  it("a signature made with the card scheme's labelled lines does not pass", async () => {
    const body = JSON.stringify(banks)
    const card = cardRequestHeaders({ clientId: CLIENT_ID, secretKey: SECRET_KEY, requestId: 'x', requestTimestamp: simTimestamp(sim), requestTarget: path, body })
    const reply = await genericPost(sim, path, banks, { headers: { Signature: card['Signature'] } })
    expect(reply.status).toBe(401)
  })

  it('needs the API-Version it knows', async () => {
    const missing = await genericPost(sim, path, banks, { headers: { 'API-Version': undefined } })
    expect(missing.status).toBe(400)
    expect(missing.json()).toEqual({ error: { code: 'invalid_request', message: 'API-Version header is required' } })
    const other = await genericPost(sim, path, banks, { headers: { 'API-Version': 'arabica.2020-01-01' } })
    expect(other.status).toBe(400)
    expect(GENERIC_API_VERSION).toBe('arabica.2025-12-01')
  })

  it('signs an answer over <Client-Id>\\n<Response-Timestamp>\\n<path>\\n<digest of the answer> (worked example of docs/simulator.md)', () => {
    const body = '{"error":{"code":"not_found","message":"payment not found"}}'
    const stringToSign = genericResponseStringToSign({ clientId: 'BRN-0001-TEST', responseTimestamp: '2026-11-22T08:15:02Z', requestTarget: '/v3/payments/PAY-1', digest: digest(body) })
    expect(stringToSign).toBe('BRN-0001-TEST\n2026-11-22T08:15:02Z\n/v3/payments/PAY-1\n+H6udlY4Vzi648aEc+3aEzGjsIhziENSBsm9dQVvDbs=')
    expect(hmacSignature(SECRET_KEY, stringToSign)).toBe('HMACSHA256=Whzb5G8rARDpeSxbWCtODExtYXKvbCmPM8ov+AIjYmI=')
  })

  it('lets a GET come unsigned but checks a signature when one is sent', async () => {
    expect((await genericGet(sim, '/v3/payments/none', { signed: false })).status).toBe(404)
    expect((await genericGet(sim, '/v3/payments/none')).status).toBe(404)
    expect((await genericGet(sim, '/v3/payments/none', { secretKey: 'SK-wrong' })).status).toBe(401)
    expect((await genericGet(sim, '/v3/payments/none', { signed: false, apiKey: `${API_KEY}x` })).status).toBe(401)
  })
})
