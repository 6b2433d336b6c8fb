import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { advance, cardPost, control, newInvoice, paidOrder, paymentPageBody, responseSignatureValid, start, statusOf } from './helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await start()
})
afterAll(() => sim.close())

const errorOf = (reply: { json: () => Record<string, unknown> }) => reply.json()['error']

describe('POST /credit-card/v1/payment-page', () => {
  it('answers with the invoice, the currency and a signed page URL on the simulator', async () => {
    const invoice = newInvoice()
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
    expect(reply.status).toBe(200)
    const body = reply.json() as { order: unknown; credit_card_payment_page: { url: string } }
    expect(body.order).toEqual({ invoice_number: invoice, currency: 'MYR' })
    const url = new URL(body.credit_card_payment_page.url)
    expect(url.origin).toBe(sim.baseUrl)
    expect(url.searchParams.get('request_id')).toBe(reply.requestId)
    expect(url.searchParams.get('invoice_number')).toBe(invoice)
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{20,}$/)
    expect(body.credit_card_payment_page.url).not.toContain('SK-test')
    expect(responseSignatureValid(reply, '/credit-card/v1/payment-page', reply.requestId)).toBe(true)
  })

  it('accepts the minimal body of the worked example', async () => {
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', {
      order: { invoice_number: newInvoice(), amount: 4.5, callback_url: 'https://doku.com', auto_redirect: false, currency: 'MYR' },
      customer: { id: 'DOKU-CUST-001', name: 'Anton Budiman', email: 'anton@doku.com', phone: '+628192837465' },
      payment: { type: 'SALE' },
    })
    expect(reply.status).toBe(200)
  })

  const invalid: [string, (body: { order: Record<string, unknown>; customer: Record<string, unknown> }) => void, string][] = [
    ['a missing amount', (b) => delete b.order['amount'], 'order.amount Must Not Be Blank'],
    ['a missing invoice number', (b) => delete b.order['invoice_number'], 'order.invoice_number Must Not Be Blank'],
    ['a blank invoice number', (b) => (b.order['invoice_number'] = '  '), 'order.invoice_number Must Not Be Blank'],
    ['three decimals', (b) => (b.order['amount'] = 10.123), 'order.amount Must Have At Most 2 Decimals'],
    ['a negative amount', (b) => (b.order['amount'] = -5), 'order.amount Must Be Greater Than 0'],
    ['a zero amount', (b) => (b.order['amount'] = 0), 'order.amount Must Be Greater Than 0'],
    ['an amount as text', (b) => (b.order['amount'] = '10.00'), 'order.amount Is Invalid'],
    ['another currency', (b) => (b.order['currency'] = 'IDR'), 'order.currency Must Be MYR'],
    ['a callback that is not a URL', (b) => (b.order['callback_url'] = 'merchant/paid'), 'order.callback_url Must Be An http(s) URL'],
    ['a missing customer name', (b) => delete b.customer['name'], 'customer.name Must Not Be Blank'],
    ['a bad e-mail', (b) => (b.customer['email'] = 'siti-at-example'), 'customer.email Must Be A Valid E-mail Address'],
    ['a bad phone', (b) => (b.customer['phone'] = '012-345'), 'customer.phone Must Be An International Phone Number'],
    ['a bad country', (b) => (b.customer['country'] = 'Malaysia'), 'customer.country Must Be A Two-letter Country Code'],
  ]
  it.each(invalid)('refuses %s with a 400 naming the field', async (_name, change, message) => {
    const body = paymentPageBody(newInvoice()) as { order: Record<string, unknown>; customer: Record<string, unknown> }
    change(body)
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', body)
    expect(reply.status).toBe(400)
    expect(reply.json()).toEqual({ error: { code: 'INVALID_PARAMETER', message, type: 'Invalid Parameter' } })
  })

  it('refuses a missing customer object', async () => {
    const reply = await cardPost(sim, '/credit-card/v1/payment-page', { order: (paymentPageBody(newInvoice()) as { order: unknown }).order })
    expect(reply.status).toBe(400)
    expect(errorOf(reply)).toMatchObject({ message: 'customer Must Not Be Blank' })
  })

  it('keeps amounts in sen exactly (0.29 stays 0.29)', async () => {
    const { invoice } = await paidOrder(sim, { amount: 0.29 })
    await advance(sim, 61)
    const status = await statusOf(sim, invoice)
    expect((status.json()['order'] as { amount: number }).amount).toBe(0.29)
    expect((status.json()['transaction'] as { amount: string }).amount).toBe('0.29')
  })

  it('refuses an invoice number that is already open or paid', async () => {
    const invoice = newInvoice()
    expect((await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))).status).toBe(200)
    const again = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
    expect(again.status).toBe(400)
    expect(errorOf(again)).toMatchObject({ message: 'order.invoice_number Is Already Used' })
  })
})

describe('GET /orders/v1/status', () => {
  it('shows an unpaid page as PENDING / REDIRECT, found by invoice or by Request-Id', async () => {
    const invoice = newInvoice()
    const created = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice, { amount: 99.9 }))
    for (const identifier of [invoice, created.requestId]) {
      const reply = await statusOf(sim, identifier)
      expect(reply.status).toBe(200)
      expect(reply.json()).toMatchObject({
        order: { invoice_number: invoice, amount: 99.9, currency: 'MYR' },
        transaction: { status: 'PENDING', type: 'SALE', original_request_id: created.requestId },
        service: { id: 'CREDIT_CARD' },
        channel: { id: 'CREDIT_CARD' },
        acquirer: { id: expect.any(String) as unknown, name: expect.any(String) as unknown },
        card_payment: { transaction_status: 'REDIRECT', request_id: created.requestId },
      })
      expect(responseSignatureValid(reply, `/orders/v1/status/${identifier}`, reply.requestId, 'GET')).toBe(true)
    }
  })

  it('hands out a saved card token in the first SUCCESS answer only', async () => {
    const { invoice, tokenId } = await paidOrder(sim, { saveCard: true })
    await advance(sim, 61)
    const first = await statusOf(sim, invoice)
    expect(first.json()).toMatchObject({
      transaction: { status: 'SUCCESS' },
      card_payment: { token_id: tokenId, card_masked: '512091******0012', brand: 'MASTERCARD', card_type: 'CREDIT', response_code: '00' },
    })
    const second = await statusOf(sim, invoice)
    expect((second.json()['card_payment'] as Record<string, unknown>)['token_id']).toBeUndefined()
  })

  it('answers 404 for an identifier it never saw', async () => {
    const reply = await statusOf(sim, 'INV-NEVER-SEEN')
    expect(reply.status).toBe(404)
    expect(reply.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Transaction Not Found', type: 'Not Found' } })
  })

  it('expires a page nobody paid within an hour', async () => {
    const invoice = newInvoice()
    await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
    await advance(sim, 3601)
    const reply = await statusOf(sim, invoice)
    expect(reply.json()).toMatchObject({ transaction: { status: 'EXPIRED' } })
    // An expired invoice may be used for a new page.
    expect((await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))).status).toBe(200)
  })
})

async function seedToken(card: string, status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE'): Promise<string> {
  await control(sim, 'POST', '/customers', { id: 'CUST-77', name: 'Tan Mei Ling', email: 'mei@example.my', phone: '+60198765432' })
  const seeded = await control(sim, 'POST', '/tokens', { customer_id: 'CUST-77', card_number: card, status })
  expect(seeded.status).toBe(201)
  return (seeded.json()['token'] as { id: string }).id
}

const chargeBody = (token: string, amount = 120, type = 'MOTO', invoice?: string) => ({
  order: { amount, ...(invoice ? { invoice_number: invoice } : {}) },
  payment: { type },
  card: { token },
  three_dsecure: { callback_url_success: 'https://merchant.example/3ds-ok', callback_url_failed: 'https://merchant.example/3ds-failed' },
})

describe('POST /credit-card/charge', () => {
  it('charges an active token: 2.5 response with SUCCES', async () => {
    const token = await seedToken('4509198934905332')
    const invoice = newInvoice('MOTO')
    const reply = await cardPost(sim, '/credit-card/charge', chargeBody(token, 120, 'MOTO', invoice))
    expect(reply.status).toBe(200)
    expect(reply.json()).toMatchObject({
      order: { invoice_number: invoice, amount: 120, currency: 'MYR' },
      customer: { id: 'CUST-77', name: 'Tan Mei Ling', email: 'mei@example.my' },
      payment: { type: 'MOTO', request_id: reply.requestId, response_code: '00', response_message: 'Approved', status: 'SUCCES' },
      card: { token, masked: '450919******5332', type: 'CREDIT', brand: 'VISA' },
    })
    expect((reply.json()['payment'] as { approval_code: string }).approval_code).toMatch(/^\d{6}$/)
    expect(responseSignatureValid(reply, '/credit-card/charge', reply.requestId)).toBe(true)
    await advance(sim, 61)
    expect((await statusOf(sim, reply.requestId)).json()).toMatchObject({ transaction: { status: 'SUCCESS', type: 'MOTO' } })
  })

  it('accepts the published MOTO body: order.currency and customer.id beside the token', async () => {
    const token = await seedToken('5120910000000038')
    const invoice = newInvoice('MOTO')
    const reply = await cardPost(sim, '/credit-card/charge', {
      order: { amount: 5, invoice_number: invoice, currency: 'MYR' },
      payment: { type: 'MOTO' },
      card: { token },
      customer: { id: 'CUST-77' },
    })
    expect(reply.status).toBe(200)
    expect(reply.json()).toMatchObject({ order: { invoice_number: invoice, currency: 'MYR' }, customer: { id: 'CUST-77' }, payment: { status: 'SUCCES' } })
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({
      order: { amount: 5 },
      transaction: { status: 'SUCCESS', type: 'MOTO', amount: '5' },
      card_payment: { card_type: 'CREDIT', brand: 'MASTERCARD' },
    })
    const otherCurrency = await cardPost(sim, '/credit-card/charge', { order: { amount: 5, currency: 'USD' }, payment: { type: 'MOTO' }, card: { token } })
    expect(otherCurrency.status).toBe(400)
    expect(errorOf(otherCurrency)).toMatchObject({ message: 'order.currency Must Be MYR' })
  })

  it('accepts SALE too and makes up an invoice number when none is given', async () => {
    const token = await seedToken('5120910000000012')
    const reply = await cardPost(sim, '/credit-card/charge', chargeBody(token, 10, 'SALE'))
    expect(reply.json()).toMatchObject({ payment: { type: 'SALE', status: 'SUCCES' }, order: { invoice_number: expect.stringMatching(/^INV-H2H-/) as unknown } })
  })

  it.each([
    ['an unknown token', () => Promise.resolve('no-such-token'), '14'],
    ['an inactive token', () => seedToken('5120910000000012', 'INACTIVE'), '54'],
    ['a card that does not honour', () => seedToken('5120910000000046'), '05'],
    ['a card without funds', () => seedToken('4509198934900002'), '51'],
  ])('declines %s', async (_name, token, code) => {
    const reply = await cardPost(sim, '/credit-card/charge', chargeBody(await token()))
    expect(reply.status).toBe(200)
    expect(reply.json()).toMatchObject({ payment: { status: 'FAILED', response_code: code } })
    await advance(sim, 61)
    expect((await statusOf(sim, reply.requestId)).json()).toMatchObject({ transaction: { status: 'FAILED' }, card_payment: { response_code: code } })
  })

  it.each([
    [{ order: { amount: 10 }, payment: { type: 'MOTO' } }, 'card Must Not Be Blank'],
    [{ order: { amount: 10 }, payment: { type: 'MOTO' }, card: { token: '' } }, 'card.token Must Not Be Blank'],
    [{ order: { amount: 10 }, payment: { type: 'RECURRING' }, card: { token: 't' } }, 'payment.type Must Be SALE Or MOTO'],
    [{ order: { amount: 10.001 }, payment: { type: 'MOTO' }, card: { token: 't' } }, 'order.amount Must Have At Most 2 Decimals'],
    [{ payment: { type: 'MOTO' }, card: { token: 't' } }, 'order Must Not Be Blank'],
  ])('refuses a malformed charge %#', async (body, message) => {
    const reply = await cardPost(sim, '/credit-card/charge', body)
    expect(reply.status).toBe(400)
    expect(errorOf(reply)).toEqual({ code: 'INVALID_PARAMETER', message, type: 'Invalid Parameter' })
  })
})

describe('POST /tokenization/v2/delete-token', () => {
  it('unbinds a token, after which a charge of it is declined', async () => {
    const token = await seedToken('5120910000000012')
    const reply = await cardPost(sim, '/tokenization/v2/delete-token', { token: { id: token } })
    expect(reply.status).toBe(200)
    expect(reply.json()).toEqual({ token: { id: token, status: 'INACTIVE' } })
    const charge = await cardPost(sim, '/credit-card/charge', chargeBody(token))
    expect(charge.json()).toMatchObject({ payment: { status: 'FAILED', response_code: '54' } })
  })

  it('answers 404 for an unknown token and 400 for a missing id', async () => {
    expect((await cardPost(sim, '/tokenization/v2/delete-token', { token: { id: 'nope' } })).status).toBe(404)
    const blank = await cardPost(sim, '/tokenization/v2/delete-token', { token: {} })
    expect(blank.status).toBe(400)
    expect(errorOf(blank)).toMatchObject({ message: 'token.id Must Not Be Blank' })
  })
})

const refund = (invoice: string, originalRequestId: string, amount: number) =>
  cardPost(sim, '/cancellation/credit-card/refund', { order: { invoice_number: invoice }, payment: { original_request_id: originalRequestId }, refund: { amount } })

describe('POST /cancellation/credit-card/refund', () => {
  it('voids the full amount before settlement, and refuses a partial one then', async () => {
    // Before the day's settlement for the whole test, its clock's step of 61 s included.
    await control(sim, 'POST', '/clock/advance', { ms: untilMalaysiaNoon(sim.clock.now()) })
    const { invoice, requestId } = await paidOrder(sim, { amount: 80 })
    const partial = await refund(invoice, requestId, 20)
    expect(partial.json()).toMatchObject({ refund: { type: 'VOID', status: 'FAILED' } })
    const full = await refund(invoice, requestId, 80)
    expect(full.status).toBe(200)
    expect(full.json()).toMatchObject({ refund: { amount: 80, type: 'VOID', status: 'SUCCESS' } })
    expect((full.json()['refund'] as Record<string, unknown>)['request_id']).toBeUndefined()
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'VOIDED' } })
    const voidStatus = (await statusOf(sim, full.requestId)).json()
    expect(voidStatus).toMatchObject({
      transaction: { status: 'VOIDED', type: 'VOID', amount: '80', original_request_id: requestId },
      order: { amount: 80 },
      refund: { amount: '80', type: 'VOID', status: 'SUCCESS' },
    })
    expect((voidStatus['refund'] as Record<string, unknown>)['request_id']).toBeUndefined()
    expect((await refund(invoice, requestId, 80)).json()).toMatchObject({ refund: { status: 'FAILED', message: 'Payment Is Already Voided' } })
  })

  it('after settlement refunds in parts up to the amount paid, then no more', async () => {
    const { invoice, requestId } = await paidOrder(sim, { amount: 100 })
    await control(sim, 'POST', '/settle', { invoice_number: invoice })
    const first = await refund(invoice, requestId, 30.5)
    expect(first.json()).toMatchObject({ refund: { type: 'PARTIAL_REFUND', status: 'SUCCESS', amount: 30.5 } })
    const tooMuch = await refund(invoice, requestId, 70)
    expect(tooMuch.json()).toMatchObject({ refund: { status: 'FAILED', message: 'Refund Amount Exceeds The Amount Left To Refund' } })
    const rest = await refund(invoice, requestId, 69.5)
    expect(rest.json()).toMatchObject({ refund: { type: 'PARTIAL_REFUND', status: 'SUCCESS' } })
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'REFUNDED' } })
    expect((await statusOf(sim, first.requestId)).json()).toMatchObject({
      transaction: { type: 'PARTIAL_REFUND', status: 'REFUNDED', amount: '30.50' },
      order: { amount: 30.5 },
      refund: { amount: '30.50', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
    })
    expect((await statusOf(sim, tooMuch.requestId)).json()).toMatchObject({ transaction: { status: 'FAILED' }, refund: { status: 'FAILED', amount: '70' } })
  })

  it('settles by itself at midnight Malaysia time, after which the full amount is a FULL_REFUND', async () => {
    const { invoice, requestId } = await paidOrder(sim, { amount: 45 })
    await advance(sim, 24 * 3600)
    expect((await refund(invoice, requestId, 45)).json()).toMatchObject({ refund: { type: 'FULL_REFUND', status: 'SUCCESS' } })
  })

  it('refuses a refund of a failed payment, a wrong invoice and an unknown payment', async () => {
    const { invoice, requestId } = await paidOrder(sim, { card: '5120910000000046' })
    expect((await refund(invoice, requestId, 150.25)).json()).toMatchObject({ refund: { status: 'FAILED', message: 'Only A Successful Payment Can Be Refunded' } })
    const wrongInvoice = await refund('INV-OTHER', requestId, 1)
    expect(wrongInvoice.status).toBe(400)
    expect(errorOf(wrongInvoice)).toMatchObject({ message: 'order.invoice_number Does Not Match The Original Payment' })
    expect((await refund(invoice, 'no-such-request', 1)).status).toBe(404)
    const blank = await cardPost(sim, '/cancellation/credit-card/refund', { order: { invoice_number: invoice }, payment: { original_request_id: requestId } })
    expect(errorOf(blank)).toMatchObject({ message: 'refund Must Not Be Blank' })
  })
})
