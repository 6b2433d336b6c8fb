import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { advance, cardPost, control, genericPost, genericSignatureValid, newInvoice, paymentPageBody, responseSignatureValid, start, statusOf } from './helpers'

let sim: Simulator
let token: string
beforeAll(async () => {
  sim = await start()
  await control(sim, 'POST', '/customers', { id: 'CUST-F', name: 'Fault Finder', email: 'faults@example.my' })
  token = ((await control(sim, 'POST', '/tokens', { customer_id: 'CUST-F', card_number: '5120910000000038' })).json()['token'] as { id: string }).id
})
afterAll(() => sim.close())
afterEach(async () => {
  await control(sim, 'DELETE', '/faults')
})

const arm = async (fault: Record<string, unknown>): Promise<void> => {
  const reply = await control(sim, 'POST', '/faults', fault)
  expect(reply.status).toBe(201)
}
const chargeBody = () => ({ order: { amount: 12.3, invoice_number: newInvoice('F') }, payment: { type: 'MOTO' }, card: { token } })
const charge = (body: unknown, requestId?: string, signal?: AbortSignal) => cardPost(sim, '/credit-card/charge', body, { ...(requestId ? { requestId } : {}), ...(signal ? { signal } : {}) })

/** Whether the simulator applied the charge, asked the way the app must: a status check 60 s later. */
async function chargeStatus(requestId: string): Promise<number | string> {
  await advance(sim, 61)
  const reply = await statusOf(sim, requestId)
  return reply.status === 200 ? (reply.json()['transaction'] as { status: string }).status : reply.status
}

describe('faults', () => {
  it('latency delays the answer by at least the given time, once', async () => {
    await arm({ operation: 'status', kind: 'latency', ms: 150, count: 1 })
    const started = performance.now()
    expect((await statusOf(sim, 'X')).status).toBe(404)
    expect(performance.now() - started).toBeGreaterThanOrEqual(145)
    expect((await control(sim, 'GET', '/faults')).json()).toEqual({ faults: [], held: 0 })
  })

  it('hold keeps the call until released, then handles it as usual; clearing the faults releases too', async () => {
    const held = async (): Promise<unknown> => (await control(sim, 'GET', '/faults')).json()['held']
    await arm({ operation: 'charge', kind: 'hold', count: 1 })
    let answered = false
    const requestId = `hold-${newInvoice()}`
    const first = charge(chargeBody(), requestId).finally(() => (answered = true))
    await expect.poll(held).toBe(1)
    expect(answered).toBe(false)
    expect((await control(sim, 'POST', '/faults/release')).json()).toEqual({ released: 1 })
    expect((await first).status).toBe(200)
    expect(await held()).toBe(0)
    expect(await chargeStatus(requestId)).toBe('SUCCESS')
    // Nothing held: a release lets nothing go.
    expect((await control(sim, 'POST', '/faults/release')).json()).toEqual({ released: 0 })
    await arm({ operation: 'charge', kind: 'hold' })
    const second = charge(chargeBody())
    await expect.poll(held).toBe(1)
    await control(sim, 'DELETE', '/faults')
    expect((await second).status).toBe(200)
  })

  it('hang after applying: no answer ever comes, yet the charge happened', async () => {
    await arm({ operation: 'charge', kind: 'hang', count: 1 })
    const body = chargeBody()
    const requestId = `hang-${newInvoice()}`
    await expect(charge(body, requestId, AbortSignal.timeout(300))).rejects.toThrow(/aborted|timeout/i)
    expect(await chargeStatus(requestId)).toBe('SUCCESS')
  })

  it('hang before applying: no answer, and nothing happened', async () => {
    await arm({ operation: 'charge', kind: 'hang', phase: 'before', count: 1 })
    const requestId = `hang-before-${newInvoice()}`
    await expect(charge(chargeBody(), requestId, AbortSignal.timeout(300))).rejects.toThrow(/aborted|timeout/i)
    expect(await chargeStatus(requestId)).toBe(404)
  })

  it('reset tears the connection down; the retry with the same Request-Id gets the original answer with 409', async () => {
    await arm({ operation: 'charge', kind: 'reset', count: 1 })
    const body = chargeBody()
    const requestId = `reset-${newInvoice()}`
    await expect(charge(body, requestId)).rejects.toThrow(/fetch failed/)
    const retry = await charge(body, requestId)
    expect(retry.status).toBe(409)
    expect(retry.json()).toMatchObject({ payment: { status: 'SUCCES', request_id: requestId } })
  })

  it('500 before applying: the card 500 body, and no charge', async () => {
    await arm({ operation: 'charge', kind: 'error500', phase: 'before', count: 1 })
    const reply = await charge(chargeBody())
    expect(reply.status).toBe(500)
    expect(reply.json()).toEqual({ timestamp: expect.any(String) as unknown, status: '500', error: 'Internal Server Error', path: '/credit-card/charge' })
    expect(await chargeStatus(reply.requestId)).toBe(404)
  })

  it('500 after applying: the same 500, but the charge happened', async () => {
    await arm({ operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
    const reply = await charge(chargeBody())
    expect(reply.status).toBe(500)
    expect(await chargeStatus(reply.requestId)).toBe('SUCCESS')
  })

  it('malformed JSON: a cut-short body, still signed over the bytes sent', async () => {
    await arm({ operation: 'payment_page', kind: 'malformed_json', count: 1 })
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(newInvoice()))
    expect(reply.status).toBe(200)
    expect(() => reply.json()).toThrow(SyntaxError)
    expect(responseSignatureValid(reply, '/credit-card/v1/payment-page', reply.requestId)).toBe(true)
  })

  it('a wrong response signature: right body, signature that does not verify', async () => {
    await arm({ operation: 'status', kind: 'bad_signature', count: 1 })
    const spoilt = await statusOf(sim, 'X')
    expect(spoilt.status).toBe(404)
    expect(spoilt.headers.get('Signature')).toMatch(/^HMACSHA256=/)
    expect(responseSignatureValid(spoilt, '/orders/v1/status/X', spoilt.requestId, 'GET')).toBe(false)
    const fine = await statusOf(sim, 'X')
    expect(responseSignatureValid(fine, '/orders/v1/status/X', fine.requestId, 'GET')).toBe(true)
  })

  it('strikes exactly the next N calls of its operation only', async () => {
    await arm({ operation: 'status', kind: 'error500', phase: 'before', count: 2 })
    const charged = await charge(chargeBody())
    expect(charged.status).toBe(200)
    expect((await statusOf(sim, 'X')).status).toBe(500)
    expect((await statusOf(sim, 'X')).status).toBe(500)
    expect((await statusOf(sim, 'X')).status).toBe(404)
  })

  it('without a count it stays until cleared, and * matches every operation', async () => {
    await arm({ operation: '*', kind: 'error500', phase: 'before' })
    expect((await statusOf(sim, 'X')).status).toBe(500)
    expect((await charge(chargeBody())).status).toBe(500)
    const generic = await genericPost(sim, '/v3/payments/internet-banking/banks', { payment_channel: 'INTERNET_BANKING_FPX', type: 'B2C' })
    expect(generic.status).toBe(500)
    expect(generic.json()).toMatchObject({ error: { code: 'internal_error' } })
    await control(sim, 'DELETE', '/faults')
    expect((await statusOf(sim, 'X')).status).toBe(404)
  })

  it('a wrong response signature on a v3 answer (they are signed too)', async () => {
    await arm({ operation: 'v3_bank_list', kind: 'bad_signature', count: 1 })
    const banks = { payment_channel: 'INTERNET_BANKING_FPX', type: 'B2C' }
    const spoilt = await genericPost(sim, '/v3/payments/internet-banking/banks', banks)
    expect(spoilt.status).toBe(200)
    expect(spoilt.headers.get('Signature')).toMatch(/^HMACSHA256=/)
    expect(genericSignatureValid(spoilt, '/v3/payments/internet-banking/banks')).toBe(false)
    expect(genericSignatureValid(await genericPost(sim, '/v3/payments/internet-banking/banks', banks), '/v3/payments/internet-banking/banks')).toBe(true)
  })

  it('refuses a fault it cannot apply', async () => {
    expect((await control(sim, 'POST', '/faults', { operation: 'status', kind: 'latency' })).status).toBe(400)
    expect((await control(sim, 'POST', '/faults', { operation: 'capture', kind: 'hang' })).status).toBe(400)
  })
})
