/**
 * Refunds of paid card orders through the bridge, against a gateway over loopback HTTP: a void before
 * settlement, partial refunds up to the amount paid, an over-refund refused before anything is sent,
 * the gateway's refusal, an unknown outcome that blocks further refunds until the refund's own status
 * check settles it, and a refund made elsewhere followed by its request id.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createGatewayClient } from '../../src-main/gateway/client'
import { createLogger, memorySink } from '../../src-main/log'
import { settlementAfter } from '../../src-common/refund-words'
import type { CallError, OrderDetail } from '../../src-preload/contract'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { cardLink } from './link-requests'
import { SANDBOX, startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'

let app: SandboxTestBackend
beforeEach(async () => {
  app = await startSandboxBackend()
  // A void is possible until the day's settlement: each test starts at noon, Malaysia time, far from it.
  app.advance(untilMalaysiaNoon(app.now().getTime()))
})
afterEach(async () => {
  await app.close()
})

const failure = (name: Parameters<SandboxTestBackend['call']>[0], input: unknown): Promise<CallError> => app.failure(name, input)

async function refundCalls(): Promise<number> {
  const { calls } = (await app.control('GET', '/calls')) as { calls: { operation: string }[] }
  return calls.filter((call) => call.operation === 'refund').length
}

/** A card link of RM 100.00 paid on the hosted page; settled at the gateway unless asked not to be. */
async function paidOrder(invoiceNumber: string, settled = true): Promise<OrderDetail> {
  const created = await app.call('links.create', cardLink({ invoiceNumber, amountSen: 100_00 }))
  await app.control('POST', '/pay', { invoice_number: invoiceNumber, card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
  if (settled) await app.control('POST', '/settle', { invoice_number: invoiceNumber })
  app.advance(61_000)
  const detail = await app.call('orders.checkStatus', { id: created.order.id })
  expect(detail.order.status).toBe('PAID')
  expect(detail.refunds).toMatchObject({ paidSen: 100_00, refundedSen: 0, pendingSen: 0, remainingSen: 100_00, blockedReason: null, canVoid: true, refunds: [] })
  return detail
}

describe('a refund', () => {
  it('voids a payment before settlement for the full amount, and nothing is left', async () => {
    const { order } = await paidOrder('INV-VOID-1', false)
    const result = await app.call('refunds.request', { orderId: order.id, kind: 'VOID', amountSen: 100_00 })
    expect(result.outcome).toBe('approved')
    expect(result.refund).toMatchObject({ amountSen: 100_00, type: 'VOID', status: 'SUCCESS', rawStatus: 'SUCCESS', external: false, createdBy: 'aisyah', statusCheck: null })
    expect(result.detail.order.status).toBe('VOIDED')
    expect(result.detail.refunds).toMatchObject({ refundedSen: 100_00, remainingSen: 0, canVoid: false, blockedReason: 'This payment was voided: nothing is left to refund.' })
    expect(result.detail.timeline.map((entry) => entry.summary)).toEqual(
      expect.arrayContaining([
        `Void of RM 100.00 asked for (${result.refund.requestId})`,
        `Refund: Void of RM 100.00 (${result.refund.requestId}) done (gateway says SUCCESS: Success)`,
        'Paid → Voided: the payment was voided',
      ]),
    )
    // The answer's line also comes as its id, for the renderer to word in the desk's language.
    expect(result.detail.timeline.find((entry) => entry.summary.startsWith('Refund: Void'))?.say).toEqual({
      id: 'said.timeline.refundAnswer.done',
      values: {
        source: { id: 'said.timeline.refundSource.refund' },
        refund: { id: 'said.timeline.refundOf', values: { kind: { id: 'said.timeline.refundKind.void' }, amount: 'RM 100.00', requestId: result.refund.requestId } },
        status: { id: 'said.timeline.refundStatus.SUCCESS' },
        gatewayStatus: 'SUCCESS: Success',
      },
    })
    // The exact body of the refund request, written before it was sent.
    const attemptId = result.detail.timeline.find((entry) => entry.summary.startsWith('Void of'))?.attemptId ?? 0
    const attempt = await app.call('orders.attempt', { id: attemptId })
    expect(attempt).toMatchObject({ operation: 'refund', path: '/cancellation/credit-card/refund', requestId: result.refund.requestId, outcome: 'ok' })
    expect(attempt.requestBody).toBe(`{"order":{"invoice_number":"INV-VOID-1"},"payment":{"original_request_id":"${order.requestId ?? ''}"},"refund":{"amount":100}}`)
    expect(await failure('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 1_00 })).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' })
    // The void followed here accounts for the whole payment: no refund can have been made elsewhere, so none is registered.
    expect(await failure('refunds.register', { orderId: order.id, requestId: 'abc-123' })).toMatchObject({
      code: 'NOT_REFUNDABLE',
      field: 'requestId',
      message: 'This payment was voided: nothing is left to refund.',
    })
    expect((await app.call('orders.get', { id: order.id })).refunds?.refunds).toHaveLength(1)
  })

  it('refunds in part twice after settlement, refuses more than is left without asking the gateway, then refunds the rest', async () => {
    const { order } = await paidOrder('INV-PART-1')
    const first = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 30_00 })
    expect(first).toMatchObject({ outcome: 'approved', refund: { amountSen: 30_00, type: 'PARTIAL_REFUND', status: 'SUCCESS' } })
    const second = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 45_50 })
    expect(second.detail.order.status).toBe('PAID')
    expect(second.detail.refunds).toMatchObject({ refundedSen: 75_50, pendingSen: 0, remainingSen: 24_50, canVoid: false, blockedReason: null })

    const calls = await refundCalls()
    expect(await failure('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 24_51 })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'amountSen',
      message: 'Must be at most RM 24.50, the amount left to refund',
    })
    expect(await failure('refunds.request', { orderId: order.id, kind: 'FULL', amountSen: 100_00 })).toMatchObject({ code: 'AMOUNT_CHANGED' })
    expect(await failure('refunds.request', { orderId: order.id, kind: 'VOID', amountSen: 24_50 })).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' })
    expect(await failure('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 0 })).toMatchObject({ code: 'INVALID_INPUT' })
    expect(await refundCalls()).toBe(calls)

    const rest = await app.call('refunds.request', { orderId: order.id, kind: 'FULL', amountSen: 24_50 })
    expect(rest.outcome).toBe('approved')
    // A full refund of what was left: the gateway calls it a partial refund, the app a refund of the rest.
    expect(rest.refund).toMatchObject({ asked: 'FULL', type: 'PARTIAL_REFUND' })
    expect(rest.detail.timeline.map((entry) => entry.summary)).toContain(`Refund: Refund of the rest of RM 24.50 (${rest.refund.requestId}) done (gateway says SUCCESS: Success)`)
    // Asked for as the rest too, not as a "full refund" of RM 24.50 (found by QA), in both languages.
    const asked = rest.detail.timeline.find((entry) => entry.type === 'staff_action' && entry.summary.includes(rest.refund.requestId))
    expect(asked?.say).toEqual({ id: 'said.timeline.refundAsked.REST', values: { amount: 'RM 24.50', requestId: rest.refund.requestId } })
    expect(asked?.summary).toBe(`Refund of the rest of RM 24.50 asked for (${rest.refund.requestId})`)
    expect(rest.detail.order.status).toBe('REFUNDED')
    expect(rest.detail.refunds).toMatchObject({ refundedSen: 100_00, remainingSen: 0, blockedReason: 'This payment was refunded in full.' })
    expect(rest.detail.refunds?.refunds.map((refund) => refund.amountSen)).toEqual([30_00, 45_50, 24_50])
  })

  it('refused by the gateway (a part before settlement) is declined with its message and refunds nothing', async () => {
    const { order } = await paidOrder('INV-EARLY-1', false)
    const result = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 })
    expect(result).toMatchObject({ outcome: 'declined', refund: { status: 'FAILED', type: 'VOID', message: 'Before Settlement Only A Void Of The Full Amount Is Possible', statusCheck: null } })
    expect(result.detail.order.status).toBe('PAID')
    expect(result.detail.refunds).toMatchObject({ refundedSen: 0, pendingSen: 0, remainingSen: 100_00, canVoid: true, settled: false })
    // The gateway answered it as a void: not settled when it answered, whatever the cut-off of Settings says.
    const settings = await app.call('settings.get')
    const past = new Date(app.now().getTime() - 60_000 + 8 * 3_600_000).toISOString().slice(11, 16)
    await app.call('settings.update', { ...settings.settings, gateway: { ...settings.settings.gateway, settlementCutOff: past } })
    expect((await app.call('orders.get', { id: order.id })).refunds).toMatchObject({ settled: false, canVoid: true })
    // In shop words: the partial refund staff asked for was refused (the gateway's type says VOID: it would only void).
    expect(result.refund.asked).toBe('PARTIAL')
    expect(result.detail.timeline.map((entry) => entry.summary)).toContain(
      `Refund: Partial refund of RM 10.00 (${result.refund.requestId}) refused, nothing refunded (gateway says FAILED: Before Settlement Only A Void Of The Full Amount Is Possible)`,
    )
  })

  it('with its answer lost blocks further refunds until its status check, due 60 s later, settles it', async () => {
    const { order } = await paidOrder('INV-LOST-1')
    await app.control('POST', '/faults', { operation: 'refund', kind: 'error500', phase: 'after', count: 1 })
    const lost = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 20_00 })
    expect(lost).toMatchObject({ outcome: 'unknown', refund: { status: 'OUTCOME_UNKNOWN', amountSen: 20_00 } })
    expect(lost.refund.statusCheck?.dueInMs).toBeGreaterThan(59_000)
    expect(lost.detail.refunds).toMatchObject({ pendingSen: 20_00, remainingSen: 80_00 })
    expect(lost.detail.refunds?.blockedReason).toBe(`The outcome of refund ${lost.refund.requestId} is unknown: nothing more can be refunded on this order until its status check settles it.`)
    // …and as its id, for the renderer to word in the desk's language.
    expect(lost.detail.refunds?.blockedSay).toEqual({ id: 'said.refunds.unknownOutcome', values: { requestId: lost.refund.requestId } })
    expect(await failure('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 5_00 })).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' })
    expect(await failure('refunds.checkStatus', { refundId: lost.refund.id })).toMatchObject({ code: 'TOO_EARLY' })

    app.advance(61_000)
    const settled = await app.call('refunds.checkStatus', { refundId: lost.refund.id })
    expect(settled).toMatchObject({ outcome: 'approved', refund: { status: 'SUCCESS', type: 'PARTIAL_REFUND', amountSen: 20_00, statusCheck: null } })
    expect(settled.detail.refunds).toMatchObject({ refundedSen: 20_00, pendingSen: 0, remainingSen: 80_00, blockedReason: null })
    // One refund at the gateway, whatever happened to its answer.
    const state = (await app.control('GET', '/state')) as { refunds: { invoiceNumber: string }[] }
    expect(state.refunds.filter((refund) => refund.invoiceNumber === 'INV-LOST-1')).toHaveLength(1)
    const { early_status_checks: early } = (await app.control('GET', '/early-status-checks')) as { early_status_checks: unknown[] }
    expect(early).toEqual([])
  })

  it('made elsewhere is followed by its request id: checked 60 s later, with the amount the gateway tells', async () => {
    const { order } = await paidOrder('INV-EXT-1')
    const elsewhere = createGatewayClient({ baseUrl: app.sim.baseUrl, credentials: SANDBOX, log: createLogger(memorySink()), now: () => app.now() })
    const made = await elsewhere.refund({ requestId: 'BACKOFFICE-REFUND-0001', invoiceNumber: 'INV-EXT-1', originalRequestId: order.requestId ?? '', amountSen: 12_34 })
    await elsewhere.close()
    expect(made.ok).toBe(true)

    const registered = await app.call('refunds.register', { orderId: order.id, requestId: ' BACKOFFICE-REFUND-0001 ' })
    expect(registered).toMatchObject({ outcome: 'pending', refund: { requestId: 'BACKOFFICE-REFUND-0001', amountSen: 0, status: 'PENDING', external: true } })
    // Until the gateway tells its amount, what is left is not known: no refund is sent meanwhile.
    expect(registered.detail.refunds).toMatchObject({ blockedSay: { id: 'said.refunds.registeredAmountUnknown' } })
    expect(await failure('refunds.request', { orderId: order.id, kind: 'FULL', amountSen: 100_00 })).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' })
    const state = (await app.control('GET', '/state')) as { refunds: { invoiceNumber: string }[] }
    expect(state.refunds.filter((refund) => refund.invoiceNumber === 'INV-EXT-1')).toHaveLength(1) // the back office's own
    expect(await failure('refunds.register', { orderId: order.id, requestId: 'BACKOFFICE-REFUND-0001' })).toMatchObject({ code: 'ALREADY_KNOWN', field: 'requestId' })
    expect(await failure('refunds.register', { orderId: order.id, requestId: order.requestId })).toMatchObject({ code: 'INVALID_INPUT', field: 'requestId' })
    // Ids in other capitals are the same ids.
    expect(await failure('refunds.register', { orderId: order.id, requestId: (order.requestId ?? '').toUpperCase() })).toMatchObject({ code: 'INVALID_INPUT', field: 'requestId' })
    expect(await failure('refunds.register', { orderId: order.id, requestId: 'backoffice-refund-0001' })).toMatchObject({ code: 'ALREADY_KNOWN', field: 'requestId' })
    expect(await failure('refunds.register', { orderId: order.id, requestId: 'has spaces inside' })).toMatchObject({ code: 'INVALID_INPUT', field: 'requestId' })
    const typo = await app.call('refunds.register', { orderId: order.id, requestId: 'BACKOFFICE-REFUND-9999' })
    expect(await failure('refunds.checkStatus', { refundId: registered.refund.id })).toMatchObject({ code: 'TOO_EARLY' })

    app.advance(61_000)
    const checked = await app.call('refunds.checkStatus', { refundId: registered.refund.id })
    expect(checked).toMatchObject({ outcome: 'approved', refund: { amountSen: 12_34, type: 'PARTIAL_REFUND', status: 'SUCCESS', external: true } })
    expect(checked.detail.refunds).toMatchObject({ refundedSen: 12_34, remainingSen: 100_00 - 12_34 })
    const unknown = await app.call('refunds.checkStatus', { refundId: typo.refund.id })
    expect(unknown).toMatchObject({ outcome: 'declined', refund: { status: 'FAILED', message: 'The gateway knows no refund with this request id.' } })
  })

  it('made elsewhere is never a payment, nor a refund of another order: refused when registered, or not counted once the gateway answers', async () => {
    const { order } = await paidOrder('INV-EXT-OWN')
    const { order: other } = await paidOrder('INV-EXT-OTHER')
    // A payment's invoice number (in any case) or Request-Id, this order's or another's: the status
    // lookup answers for those too, and its SUCCESS would read as a refund of the whole payment.
    for (const id of ['inv-ext-own', 'INV-EXT-OTHER', other.requestId ?? '']) {
      const refused = await failure('refunds.register', { orderId: order.id, requestId: id })
      expect(refused).toMatchObject({ code: 'INVALID_INPUT', field: 'requestId' })
      expect(refused.message).toContain('not a refund’s')
    }

    const elsewhere = createGatewayClient({ baseUrl: app.sim.baseUrl, credentials: SANDBOX, log: createLogger(memorySink()), now: () => app.now() })
    // A refund of the other order, and a payment this desk never saw (the shop's web shop, say).
    expect((await elsewhere.refund({ requestId: 'BACKOFFICE-OTHER-ORDER', invoiceNumber: 'INV-EXT-OTHER', originalRequestId: other.requestId ?? '', amountSen: 40_00 })).ok).toBe(true)
    const page = await elsewhere.createPaymentPage({
      requestId: 'WEBSHOP-PAYMENT-0001',
      invoiceNumber: 'WEB-0001',
      amountSen: 300_00,
      callbackUrl: 'https://shop.example.my/paid',
      autoRedirect: false,
      customer: { name: 'Lim Wei Jie', email: 'weijie@example.my' },
    })
    expect(page.ok).toBe(true)
    await app.control('POST', '/pay', { invoice_number: 'WEB-0001', card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
    await elsewhere.close()

    const ofOther = await app.call('refunds.register', { orderId: order.id, requestId: 'BACKOFFICE-OTHER-ORDER' })
    const aPayment = await app.call('refunds.register', { orderId: order.id, requestId: 'WEBSHOP-PAYMENT-0001' })
    app.advance(61_000)
    expect(await app.call('refunds.checkStatus', { refundId: ofOther.refund.id })).toMatchObject({
      outcome: 'declined',
      refund: { status: 'FAILED', amountSen: 0, message: 'The gateway answers for this request id as a refund of another payment: nothing is counted as refunded on this order' },
    })
    const checked = await app.call('refunds.checkStatus', { refundId: aPayment.refund.id })
    expect(checked).toMatchObject({
      outcome: 'declined',
      refund: { status: 'FAILED', amountSen: 0, message: 'The gateway answers for this request id as a payment, not a refund: nothing is counted as refunded' },
    })
    expect(checked.detail.order.status).toBe('PAID')
    expect(checked.detail.refunds).toMatchObject({ refundedSen: 0, pendingSen: 0, remainingSen: 100_00 })
  })

  it('is offered only for card orders that were paid', async () => {
    const waiting = await app.call('links.create', cardLink({ invoiceNumber: 'INV-WAIT-1' }))
    expect(waiting.refunds).toBeNull()
    expect(await failure('refunds.request', { orderId: waiting.order.id, kind: 'FULL', amountSen: waiting.order.amountSen })).toMatchObject({ code: 'REFUND_NOT_POSSIBLE' })
  })
})

describe('settlement, as the app reckons it', () => {
  it('is the first cut-off of Settings (Malaysia time) after the payment completed: before it only a void is offered, after it refunds', async () => {
    const { order } = await paidOrder('INV-SETTLE-1', false)
    const detail = await app.call('orders.get', { id: order.id })
    const completedAt = new Date(detail.order.completedAt ?? '')
    const settlesAt = settlementAfter(completedAt, '00:00')
    expect(detail.refunds).toMatchObject({ settled: false, settlesAt: settlesAt.toISOString(), canVoid: true })

    // Another cut-off in Settings moves it.
    const settings = await app.call('settings.get')
    await app.call('settings.update', { ...settings.settings, gateway: { ...settings.settings.gateway, settlementCutOff: '22:30' } })
    const later = settlementAfter(completedAt, '22:30')
    expect((await app.call('orders.get', { id: order.id })).refunds).toMatchObject({ settled: false, settlesAt: later.toISOString() })
    expect(await failure('settings.update', { ...settings.settings, gateway: { ...settings.settings.gateway, settlementCutOff: '24:00' } })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'gateway.settlementCutOff',
    })

    // Past the cut-off: settled, refunds rather than a void.
    app.advance(later.getTime() - app.now().getTime() + 1_000)
    expect((await app.call('orders.get', { id: order.id })).refunds).toMatchObject({ settled: true, settlesAt: later.toISOString(), canVoid: false })
  })

  it('is known at once from a refund the gateway made (not a void), whatever the clock says', async () => {
    const { order } = await paidOrder('INV-SETTLE-2')
    expect((await app.call('orders.get', { id: order.id })).refunds).toMatchObject({ settled: false, canVoid: true })
    const part = await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 })
    expect(part.detail.refunds).toMatchObject({ settled: true, settlesAt: null, canVoid: false })
  })
})

describe('two refunds fired together (a double click, two windows)', () => {
  it('send one: the other is refused while the first waits for its answer', async () => {
    const { order } = await paidOrder('INV-R-DOUBLE')
    const results = await Promise.all([
      app.backend.dispatch('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 }),
      app.backend.dispatch('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 }),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.flatMap((result) => (result.ok ? [] : [result.error]))).toEqual([
      expect.objectContaining({ code: 'REFUND_IN_PROGRESS', message: expect.stringContaining("is waiting for the gateway's answer") as string }),
    ])
    expect(await refundCalls()).toBe(1)
    // Answered: another refund may be asked for.
    expect((await app.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 })).outcome).toBe('approved')
  })
})
