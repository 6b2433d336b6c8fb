import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { cardPost, control, genericPost, genericSignatureValid, newInvoice, paymentPageBody, responseSignatureValid, start } from './helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await start()
})
afterAll(() => sim.close())

async function seedToken(): Promise<string> {
  await control(sim, 'POST', '/customers', { id: 'CUST-I', name: 'Idem Potent', email: 'idem@example.my' })
  return ((await control(sim, 'POST', '/tokens', { customer_id: 'CUST-I', card_number: '5120910000000012' })).json()['token'] as { id: string }).id
}

describe('card scheme: Request-Id is the idempotency key', () => {
  it('replays the first answer with 409 for the same Request-Id and body, and charges once', async () => {
    const token = await seedToken()
    const body = { order: { amount: 75, invoice_number: newInvoice('MOTO') }, payment: { type: 'MOTO' }, card: { token } }
    const first = await cardPost(sim, '/credit-card/charge', body)
    expect(first.status).toBe(200)
    const again = await cardPost(sim, '/credit-card/charge', body, { requestId: first.requestId })
    expect(again.status).toBe(409)
    expect(again.text).toBe(first.text)
    expect(responseSignatureValid(again, '/credit-card/charge', first.requestId)).toBe(true)
    const state = (await control(sim, 'GET', '/state')).json() as { orders: { requestId: string }[] }
    expect(state.orders.filter((order) => order.requestId === first.requestId)).toHaveLength(1)
  })

  it('refuses the same Request-Id with a different body or on another operation', async () => {
    const invoice = newInvoice()
    const first = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
    expect(first.status).toBe(200)
    const changed = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice, { amount: 1 }), { requestId: first.requestId })
    expect(changed.status).toBe(400)
    expect(changed.json()).toEqual({
      error: { code: 'INVALID_PARAMETER', message: 'Request-Id Is Already Used For A Different Request', type: 'Invalid Parameter' },
    })
    const elsewhere = await cardPost(sim, '/tokenization/v2/delete-token', { token: { id: 'x' } }, { requestId: first.requestId })
    expect(elsewhere.status).toBe(400)
  })

  it('does not keep a refused request: a corrected body may reuse its Request-Id', async () => {
    const invoice = newInvoice()
    const bad = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice, { amount: 1.001 }))
    expect(bad.status).toBe(400)
    const fixed = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice), { requestId: bad.requestId })
    expect(fixed.status).toBe(200)
  })

  it('the same body under a new Request-Id is a new operation (here: the invoice is taken)', async () => {
    const invoice = newInvoice()
    expect((await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))).status).toBe(200)
    expect((await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))).status).toBe(400)
  })
})

describe('generic scheme: Idempotency-Id', () => {
  const payment = (id: string) => ({
    id,
    order: { amount: 35.5, currency: 'MYR', invoice_number: `INV-${id}` },
    payment: { channel: 'EWALLET_TNG' },
    customer: { name: 'Ahmad', email: 'ahmad@example.my', phone: '+60111222333' },
  })

  it('answers a reused key 409 idempotency_id_conflict, same body or not, without replaying the payment', async () => {
    const key = `idem-${newInvoice()}`
    const body = payment(`PAY-${newInvoice()}`)
    const first = await genericPost(sim, '/v3/payments', body, { headers: { 'Idempotency-Id': key } })
    expect(first.status).toBe(200)
    const again = await genericPost(sim, '/v3/payments', body, { headers: { 'Idempotency-Id': key } })
    expect(again.status).toBe(409)
    expect(again.json()).toEqual({ error: { code: 'idempotency_id_conflict', message: 'Idempotency-Id was already used' } })
    expect(genericSignatureValid(again, '/v3/payments')).toBe(true)
    const other = await genericPost(sim, '/v3/payments', payment(`PAY-${newInvoice()}`), { headers: { 'Idempotency-Id': key } })
    expect(other.status).toBe(409)
    expect(other.json()).toMatchObject({ error: { code: 'idempotency_id_conflict' } })
    const state = (await control(sim, 'GET', '/state')).json() as { payments: { id: string }[] }
    expect(state.payments.filter((candidate) => candidate.id === body.id)).toHaveLength(1)
  })

  it('keeps only applied requests: a refused body may be corrected under the same key', async () => {
    const key = `idem-${newInvoice()}`
    const body = payment(`PAY-${newInvoice()}`)
    const bad = await genericPost(sim, '/v3/payments', { ...body, order: { ...body.order, amount: 1.001 } }, { headers: { 'Idempotency-Id': key } })
    expect(bad.status).toBe(400)
    expect((await genericPost(sim, '/v3/payments', body, { headers: { 'Idempotency-Id': key } })).status).toBe(200)
  })
})
