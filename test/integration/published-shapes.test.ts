/**
 * Sandbox pointed at the training gateway, which answers in the gateway's published shapes (GET
 * answers signed without a Digest line, v3 answers signed, amounts as numeric strings, a refund's own
 * status REFUNDED or VOIDED), with "block on bad signature" ON: status checks, refunds and v3 payments
 * all go through; a forged answer still fails.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CallError } from '../../src-preload/contract'
import { cardLink, genericLink } from './link-requests'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'

let app: SandboxTestBackend
beforeEach(async () => {
  app = await startSandboxBackend()
  const { settings } = await app.call('settings.get')
  await app.call('settings.update', { ...settings, gateway: { ...settings.gateway, blockOnBadSignature: true } })
})
afterEach(async () => {
  await app.close()
})

const failure = (name: Parameters<SandboxTestBackend['call']>[0], input: unknown): Promise<CallError> => app.failure(name, input)

describe('with blocking on bad signatures', () => {
  it('a card link is checked, paid, partly refunded, the refund checked, and the rest refunded', async () => {
    const { order } = await app.call('links.create', cardLink({ invoiceNumber: 'INV-PUB-1', amountSen: 100_00 }))
    await app.control('POST', '/pay', { invoice_number: 'INV-PUB-1', card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
    await app.control('POST', '/settle', { invoice_number: 'INV-PUB-1' })
    app.advance(61_000)
    const paid = await app.call('orders.checkStatus', { id: order.id })
    expect(paid.order).toMatchObject({ status: 'PAID', gatewayAmountSen: null, review: null })
    const check = await app.call('orders.attempt', { id: paid.timeline.at(-1)?.attemptId ?? 0 })
    expect(check).toMatchObject({ method: 'GET', signature: 'valid', outcome: 'ok' })

    // The refund's answer is lost: its own status check answers REFUNDED with the amount as a string.
    await app.control('POST', '/faults', { operation: 'refund', kind: 'error500', phase: 'after', count: 1 })
    const partial = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 30_00 })
    expect(partial.outcome).toBe('unknown')
    app.advance(61_000)
    const checked = await app.call('refunds.checkStatus', { refundId: partial.refund.id })
    expect(checked.refund).toMatchObject({ status: 'SUCCESS', amountSen: 30_00, rawStatus: 'REFUNDED' })
    const rest = await app.call('refunds.request', { orderId: order.id, kind: 'FULL', amountSen: 70_00 })
    expect(rest.outcome).toBe('approved')
    expect(rest.detail.order.status).toBe('REFUNDED')
  })

  it('a v3 payment is created (its signed answer verified), paid, and retrieved', async () => {
    const created = await app.call('links.create', genericLink('EWALLET_TNG', { invoiceNumber: 'INV-PUB-2' }))
    expect(created.order.status).toBe('PENDING')
    const attempt = await app.call('orders.attempt', { id: created.timeline.find((entry) => entry.attemptId !== null)?.attemptId ?? 0 })
    expect(attempt).toMatchObject({ method: 'POST', signature: 'valid', outcome: 'ok' })
    await app.control('POST', '/v3/decide', { id: created.order.paymentId, action: 'approve' })
    app.advance(61_000)
    expect((await app.call('orders.checkStatus', { id: created.order.id })).order.status).toBe('PAID')
  })

  it('a forged status answer still fails, and the order is unchanged', async () => {
    const { order } = await app.call('links.create', cardLink({ invoiceNumber: 'INV-PUB-3' }))
    await app.control('POST', '/pay', { invoice_number: 'INV-PUB-3', card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
    app.advance(61_000)
    await app.control('POST', '/faults', { operation: 'status', kind: 'bad_signature', count: 3 })
    expect(await failure('orders.checkStatus', { id: order.id })).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', message: expect.stringContaining('invalid response signature') as string })
    expect((await app.call('orders.get', { id: order.id })).order.status).toBe('PENDING')
  })
})
