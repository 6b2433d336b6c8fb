import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { advance, cardPost, control, paidOrder, start, statusOf } from './helpers'

let sim: Simulator
beforeEach(async () => {
  sim = await start({ now: () => Date.parse('2026-03-01T02:00:00Z') })
})
afterEach(() => sim.close())

describe('control API', () => {
  it('reads and moves the clock, and refuses to move it back', async () => {
    expect((await control(sim, 'GET', '/clock')).json()).toMatchObject({ now: '2026-03-01T02:00:00.000Z', offset_ms: 0 })
    const moved = await control(sim, 'POST', '/clock/advance', { hours: 1, minutes: 2, seconds: 3, ms: 4 })
    expect(moved.json()).toMatchObject({ now: '2026-03-01T03:02:03.004Z', offset_ms: 3_723_004 })
    expect((await control(sim, 'POST', '/clock/advance', { seconds: -1 })).status).toBe(400)
    expect((await control(sim, 'POST', '/clock/advance', {})).status).toBe(400)
  })

  it('seeds a customer and a token whose charge answers with that customer', async () => {
    const customer = { id: 'CUST-SEED', name: 'Nur Aisyah', email: 'nur@example.my', phone: '+60171234567', city: 'Ipoh' }
    expect((await control(sim, 'POST', '/customers', customer)).status).toBe(201)
    const seeded = await control(sim, 'POST', '/tokens', { customer_id: 'CUST-SEED', card_number: '4509198934905316', id: 'tok-seeded-1' })
    expect(seeded.json()).toMatchObject({ token: { id: 'tok-seeded-1', status: 'ACTIVE', card: { masked: '450919******5316', brand: 'VISA' } } })
    const charge = await cardPost(sim, '/credit-card/charge', { order: { amount: 9 }, payment: { type: 'MOTO' }, card: { token: 'tok-seeded-1' } })
    expect(charge.json()).toMatchObject({ customer, payment: { status: 'SUCCES' } })
  })

  it('refuses seeds it cannot use', async () => {
    expect((await control(sim, 'POST', '/tokens', { customer_id: 'C', card_number: '4111111111111111' })).json()).toEqual({
      error: { code: 'invalid_request', message: 'card_number is invalid: must be a sandbox test card' },
    })
    expect((await control(sim, 'POST', '/customers', { id: 'C', name: 'C' })).json()).toEqual({ error: { code: 'invalid_request', message: 'email is required' } })
    expect((await control(sim, 'POST', '/customers', 'not json')).status).toBe(400)
  })

  it('shows state: orders, tokens, calls, notifications; and resets it', async () => {
    const { invoice, tokenId } = await paidOrder(sim, { saveCard: true })
    const state = (await control(sim, 'GET', '/state')).json() as { orders: { invoiceNumber: string; status: string }[]; tokens: { id: string }[] }
    expect(state.orders).toContainEqual(expect.objectContaining({ invoiceNumber: invoice, status: 'SUCCESS' }))
    expect(state.tokens.map((token) => token.id)).toEqual([tokenId])
    const calls = (await control(sim, 'GET', '/calls')).json() as { calls: { operation: string; status: number }[] }
    expect(calls.calls).toEqual([expect.objectContaining({ operation: 'payment_page', status: 200 })])
    expect((await control(sim, 'GET', `/orders/${invoice}`)).json()).toMatchObject({ transaction: { status: 'SUCCESS' } })
    await control(sim, 'POST', '/reset')
    expect((await control(sim, 'GET', '/state')).json()).toMatchObject({ orders: [], tokens: [], notifications: [] })
    expect((await control(sim, 'GET', '/calls')).json()).toEqual({ calls: [] })
    expect((await statusOf(sim, invoice)).status).toBe(404)
  })

  it('pays a hosted page without a browser, including a challenge card', async () => {
    const { invoice } = await paidOrder(sim, { card: '5120910000000020' })
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'SUCCESS' } })
    expect((await control(sim, 'POST', '/pay', { invoice_number: invoice, card_number: '5120910000000012' })).status).toBe(409)
    expect((await control(sim, 'POST', '/pay', { invoice_number: 'NOPE', card_number: '5120910000000012' })).status).toBe(404)
  })

  it('changes the notification URL', async () => {
    const reply = await control(sim, 'PUT', '/notify-url', { url: 'http://127.0.0.1:9/notify' })
    expect(reply.json()).toEqual({ url: 'http://127.0.0.1:9/notify' })
    expect((await control(sim, 'PUT', '/notify-url', { url: 'nonsense' })).status).toBe(400)
  })

  it('answers 404 for an unknown control path and 405 for a wrong method', async () => {
    expect((await control(sim, 'GET', '/nothing')).status).toBe(404)
    expect((await control(sim, 'GET', '/reset')).status).toBe(405)
  })
})

describe('control API switched off', () => {
  it('is not there at all', async () => {
    const closed = await start({ controlApi: false })
    try {
      expect((await control(closed, 'GET', '/state')).status).toBe(404)
      expect((await control(closed, 'POST', '/clock/advance', { hours: 1 })).status).toBe(404)
    } finally {
      await closed.close()
    }
  })
})
