import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src-main/gateway/signing'
import type { Simulator } from '../../src-main/simulator'
import { advance, control, genericGet, genericPost, genericSignatureValid, newInvoice, SECRET_KEY, start } from './helpers'

let sim: Simulator
beforeAll(async () => {
  sim = await start()
})
afterAll(() => sim.close())

const paymentBody = (overrides: { channel?: string; bankCode?: string; expiredAt?: string; amount?: unknown; callbackUrl?: string } = {}) => {
  const id = newInvoice('PAY')
  return {
    id,
    order: {
      amount: overrides.amount ?? 59.9,
      currency: 'MYR',
      invoice_number: `INV-${id}`,
      ...(overrides.expiredAt ? { expired_at: overrides.expiredAt } : {}),
      line_items: [{ id: 'SKU-1', name: 'Kopi', quantity: 2, price: 29.95 }],
    },
    payment: {
      channel: overrides.channel ?? 'BNPL_ATOME',
      ...(overrides.bankCode ? { bank_code: overrides.bankCode } : {}),
      ...(overrides.callbackUrl ? { callback_url: overrides.callbackUrl } : {}),
    },
    customer: { name: 'Lim Wei', email: 'lim@example.my', phone: '+60129998888' },
    metadata: { branch: 'KL-1' },
  }
}

interface V3Reply {
  id: string
  payment: { status: string; state: string; next_action: { required: boolean; type: string; url: string } }
}

describe('POST /v3/payments', () => {
  it('answers PENDING / INITIATE with an auth_redirection to a simulator page', async () => {
    const body = paymentBody()
    const reply = await genericPost(sim, '/v3/payments', body)
    expect(reply.status).toBe(200)
    expect(reply.json()).toMatchObject({
      id: body.id,
      order: { amount: 59.9, invoice_number: body.order.invoice_number, currency: 'MYR', line_items: body.order.line_items, expired_at: expect.stringMatching(/Z$/) as unknown },
      payment: {
        channel: 'BNPL_ATOME',
        type: 'SALE',
        initiation_type: 'customer_initiate',
        amount: 59.9,
        currency: 'MYR',
        status: 'PENDING',
        state: 'INITIATE',
        gateway_reference_id: expect.stringMatching(/^DKR-/) as unknown,
        next_action: { required: true, type: 'auth_redirection' },
      },
      metadata: { branch: 'KL-1' },
      customer: { name: 'Lim Wei', email: 'lim@example.my', phone: '+60129998888' },
    })
    expect((reply.json() as unknown as V3Reply).payment.next_action.url.startsWith(`${sim.baseUrl}/checkout/v3/`)).toBe(true)
  })

  it('lets the customer approve on the page, after which GET shows SUCCESS / COMPLETED', async () => {
    const body = paymentBody({ callbackUrl: 'https://merchant.example/back' })
    const created = (await genericPost(sim, '/v3/payments', body)).json() as unknown as V3Reply
    const page = await fetch(created.payment.next_action.url)
    const html = await page.text()
    expect(html).toContain('Approve payment')
    expect(html).toContain('Atome')
    const approved = await fetch(created.payment.next_action.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=approve',
    })
    expect(approved.headers.get('Location')).toBe('https://merchant.example/back')
    const fetched = await genericGet(sim, `/v3/payments/${body.id}`)
    expect(fetched.json()).toMatchObject({ id: body.id, reference_id: expect.any(String) as unknown, payment: { status: 'SUCCESS', state: 'COMPLETED', next_action: { required: false } } })
  })

  it('declines through the control API, and refuses a second decision', async () => {
    const body = paymentBody()
    await genericPost(sim, '/v3/payments', body)
    expect((await control(sim, 'POST', '/v3/decide', { id: body.id, action: 'decline' })).json()).toMatchObject({ payment: { status: 'FAILED', state: 'FAILED' } })
    expect((await control(sim, 'POST', '/v3/decide', { id: body.id, action: 'approve' })).status).toBe(409)
  })

  it('expires once expired_at passes on the simulator clock', async () => {
    const body = paymentBody({ expiredAt: formatTimestamp(new Date(sim.clock.now() + 10 * 60_000)) })
    const created = (await genericPost(sim, '/v3/payments', body)).json() as unknown as V3Reply
    await advance(sim, 9 * 60)
    expect((await genericGet(sim, `/v3/payments/${body.id}`)).json()).toMatchObject({ payment: { status: 'PENDING' } })
    await advance(sim, 61)
    expect((await genericGet(sim, `/v3/payments/${body.id}`)).json()).toMatchObject({ payment: { status: 'EXPIRED', state: 'EXPIRED' } })
    expect(await (await fetch(created.payment.next_action.url)).text()).toContain('Payment expired')
  })

  it('needs a listed, active bank_code for FPX, and an amount of RM 1.00 to RM 30,000.00', async () => {
    const missing = await genericPost(sim, '/v3/payments', paymentBody({ channel: 'INTERNET_BANKING_FPX' }))
    expect(missing.status).toBe(400)
    expect(missing.json()).toEqual({ error: { code: 'invalid_request', message: 'payment.bank_code is required for INTERNET_BANKING_FPX' } })
    expect((await genericPost(sim, '/v3/payments', paymentBody({ channel: 'INTERNET_BANKING_FPX', bankCode: 'XYZ0001' }))).json()).toMatchObject({
      error: { message: 'payment.bank_code is not in the bank list' },
    })
    expect((await genericPost(sim, '/v3/payments', paymentBody({ channel: 'INTERNET_BANKING_FPX', bankCode: 'ABB0233' }))).json()).toMatchObject({
      error: { message: 'payment.bank_code is not active' },
    })
    for (const amount of [0.99, 30_000.01]) {
      expect((await genericPost(sim, '/v3/payments', paymentBody({ channel: 'INTERNET_BANKING_FPX', bankCode: 'MBB0228', amount }))).json()).toEqual({
        error: { code: 'invalid_request', message: 'order.amount is invalid: INTERNET_BANKING_FPX takes 1.00 to 30000.00' },
      })
    }
    const ok = await genericPost(sim, '/v3/payments', paymentBody({ channel: 'INTERNET_BANKING_FPX', bankCode: 'MBB0228' }))
    expect(ok.status).toBe(200)
    expect(ok.json()).toMatchObject({ payment: { channel: 'INTERNET_BANKING_FPX', bank_code: 'MBB0228' } })
  })

  it.each([
    [{ amount: 1.234 }, 'order.amount is invalid: must have at most 2 decimals'],
    [{ amount: -1 }, 'order.amount is invalid: must be greater than 0'],
    [{ channel: 'CASH' }, 'payment.channel is invalid: must be one of INTERNET_BANKING_FPX, EWALLET_TNG, EWALLET_GRABPAY, EWALLET_SHOPEEPAY, BNPL_GRABPAY, BNPL_SHOPEEPAY, BNPL_ATOME'],
    [{ expiredAt: '2020-01-01T00:00:00Z' }, 'order.expired_at is invalid: must be in the future'],
    [{ expiredAt: 'tomorrow' }, 'order.expired_at is invalid: must be YYYY-MM-DDTHH:mm:ssZ'],
  ])('refuses a bad field %#', async (overrides, message) => {
    const reply = await genericPost(sim, '/v3/payments', paymentBody(overrides))
    expect(reply.status).toBe(400)
    expect(reply.json()).toEqual({ error: { code: 'invalid_request', message } })
  })

  it('refuses a missing customer phone and a reused id', async () => {
    const body = paymentBody()
    const noPhone = { ...body, customer: { name: 'Lim Wei', email: 'lim@example.my' } }
    expect((await genericPost(sim, '/v3/payments', noPhone)).json()).toEqual({ error: { code: 'invalid_request', message: 'customer.phone is required' } })
    expect((await genericPost(sim, '/v3/payments', body)).status).toBe(200)
    expect((await genericPost(sim, '/v3/payments', { ...body, order: { ...body.order, invoice_number: 'INV-OTHER-1' } })).json()).toMatchObject({
      error: { message: 'id is already used' },
    })
  })

  it('accepts the published body (business_model B2C, customer id and country, device_info) and still accepts one without them', async () => {
    const base = paymentBody({ channel: 'EWALLET_TNG' })
    const published = {
      ...base,
      payment: { ...base.payment, business_model: 'B2C' },
      customer: { ...base.customer, id: 'CUST-9', country: 'MY' },
      device_info: { platform: 'DESKTOP', browser: 'Chrome 130', os: 'Windows 11' },
    }
    const reply = await genericPost(sim, '/v3/payments', published)
    expect(reply.status).toBe(200)
    expect(reply.json()).toMatchObject({ payment: { channel: 'EWALLET_TNG', business_model: 'B2C' }, customer: { id: 'CUST-9', country: 'MY' } })
    expect((await genericPost(sim, '/v3/payments', paymentBody())).status).toBe(200)
    const wrong = await genericPost(sim, '/v3/payments', { ...published, id: `${published.id}-2`, payment: { ...published.payment, business_model: 'C2C' } })
    expect(wrong.json()).toEqual({ error: { code: 'invalid_request', message: 'payment.business_model is invalid: must be B2C or B2B' } })
  })

  it('signs its answers: Client-Id, Response-Timestamp and Signature over the four lines with the digest of the answer', async () => {
    const body = paymentBody()
    const created = await genericPost(sim, '/v3/payments', body)
    expect(created.headers.get('Response-Timestamp')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/)
    expect(genericSignatureValid(created, '/v3/payments')).toBe(true)
    expect(genericSignatureValid(created, '/v3/payments', 'SK-other')).toBe(false)
    // The retrieve is answered signed whether it came signed or, as in the published example, not.
    const path = `/v3/payments/${body.id}`
    for (const fetched of [await genericGet(sim, path), await genericGet(sim, path, { signed: false })]) {
      expect(fetched.status).toBe(200)
      expect(genericSignatureValid(fetched, path, SECRET_KEY)).toBe(true)
    }
    const missing = await genericGet(sim, '/v3/payments/PAY-NONE', { signed: false })
    expect(missing.status).toBe(404)
    expect(genericSignatureValid(missing, '/v3/payments/PAY-NONE')).toBe(true)
  })

  it('answers 404 for an unknown payment id', async () => {
    const reply = await genericGet(sim, '/v3/payments/PAY-NONE')
    expect(reply.status).toBe(404)
    expect(reply.json()).toEqual({ error: { code: 'not_found', message: 'payment not found' } })
  })
})

describe('POST /v3/payments/internet-banking/banks', () => {
  it('lists FPX banks with their status', async () => {
    const reply = await genericPost(sim, '/v3/payments/internet-banking/banks', { payment_channel: 'INTERNET_BANKING_FPX', type: 'B2C' })
    expect(reply.status).toBe(200)
    const banks = (reply.json() as { banks: { bank_code: string; bank_name: string; status: string }[] }).banks
    expect(banks.length).toBeGreaterThan(3)
    expect(banks).toContainEqual({ bank_code: 'MBB0228', bank_name: 'Maybank2U', status: 'ACTIVE' })
    expect(banks.some((bank) => bank.status === 'INACTIVE')).toBe(true)
  })

  it('refuses another channel', async () => {
    const reply = await genericPost(sim, '/v3/payments/internet-banking/banks', { payment_channel: 'EWALLET_TNG', type: 'B2C' })
    expect(reply.status).toBe(400)
    expect(reply.json()).toEqual({ error: { code: 'invalid_request', message: 'payment_channel is invalid: must be INTERNET_BANKING_FPX' } })
  })
})
