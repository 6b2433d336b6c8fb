import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { advance, cardPost, control, newInvoice, paidOrder, paymentPageBody, start, statusOf } from './helpers'

let sim: Simulator
beforeEach(async () => {
  sim = await start()
})
afterEach(() => sim.close())

interface EarlyCheck {
  identifier: string
  requestId: string
  secondsAfterCompletion: number
}
const earlyChecks = async (): Promise<EarlyCheck[]> => ((await control(sim, 'GET', '/early-status-checks')).json() as { early_status_checks: EarlyCheck[] }).early_status_checks

describe('the 60-second status-check recorder', () => {
  it('records a check made earlier than 60 s after completion, and still answers it', async () => {
    const { invoice } = await paidOrder(sim)
    await advance(sim, 59)
    const early = await statusOf(sim, invoice)
    expect(early.status).toBe(200)
    expect(early.json()).toMatchObject({ transaction: { status: 'SUCCESS' } })
    const recorded = await earlyChecks()
    expect(recorded).toHaveLength(1)
    expect(recorded[0]).toMatchObject({ identifier: invoice, requestId: early.requestId })
    expect(recorded[0]?.secondsAfterCompletion).toBeGreaterThanOrEqual(59)
    expect(recorded[0]?.secondsAfterCompletion).toBeLessThan(60)
  })

  it('does not record a check at 60 s or later', async () => {
    const { invoice, requestId } = await paidOrder(sim)
    await advance(sim, 60)
    await statusOf(sim, invoice)
    await statusOf(sim, requestId)
    expect(await earlyChecks()).toEqual([])
  })

  it('does not record checks of a payment that has not completed', async () => {
    const invoice = newInvoice()
    await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice))
    await statusOf(sim, invoice)
    expect(await earlyChecks()).toEqual([])
  })

  it('counts from a charge and from a refund too', async () => {
    await control(sim, 'POST', '/customers', { id: 'C', name: 'C', email: 'c@example.my' })
    const token = ((await control(sim, 'POST', '/tokens', { customer_id: 'C', card_number: '5120910000000012' })).json()['token'] as { id: string }).id
    const charged = await cardPost(sim, '/credit-card/charge', { order: { amount: 5 }, payment: { type: 'MOTO' }, card: { token } })
    await statusOf(sim, charged.requestId)
    await advance(sim, 61)
    const invoice = (charged.json()['order'] as { invoice_number: string }).invoice_number
    const refunded = await cardPost(sim, '/cancellation/credit-card/refund', {
      order: { invoice_number: invoice },
      payment: { original_request_id: charged.requestId },
      refund: { amount: 5 },
    })
    await statusOf(sim, refunded.requestId)
    expect((await earlyChecks()).map((check) => check.identifier)).toEqual([charged.requestId, refunded.requestId])
  })
})
