/**
 * The notification listener over real loopback HTTP: a valid card notification is stored and turns
 * its order paid; forged, oversized and malformed ones are refused with nothing stored; a replay is
 * answered 200 and changes nothing; in Training the training gateway notifies the listener by itself.
 */
import Database from 'better-sqlite3'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cardRequestHeaders, digest, formatTimestamp, genericStringToSign, hmacSignature } from '../../src-main/gateway/signing'
import { createGatewayClient } from '../../src-main/gateway/client'
import { historyFile } from '../../src-main/store/history-file'
import { createLogger, memorySink } from '../../src-main/log'
import type { OrderDetail } from '../../src-preload/contract'
import { malaysiaDay } from '../../src-main/services/home-figures'
import { untilMalaysiaNoon } from '../malaysia-noon'
import { cardLink, genericLink } from './link-requests'
import { SANDBOX, startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'
import { freePort } from '../support/free-port'

const PATH = '/doku/notifications'
let app: SandboxTestBackend | TrainingTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

async function listenerOn(backend: SandboxTestBackend | TrainingTestBackend): Promise<string> {
  const { settings } = await backend.call('settings.get')
  await backend.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true, port: await freePort(), path: PATH } })
  const status = await backend.call('listener.status')
  expect(status).toMatchObject({ enabled: true, running: true, error: null })
  return status.localUrl ?? ''
}

function paymentBody(order: OrderDetail['order'], status = 'SUCCESS'): string {
  return JSON.stringify({
    order: { invoice_number: order.invoiceNumber, amount: order.amountSen / 100, currency: 'MYR' },
    customer: { id: 'CUST-1', name: order.customerName, email: order.customerEmail },
    transaction: { type: 'SALE', status, date: new Date().toISOString(), original_request_id: order.requestId },
    service: { id: 'CREDIT_CARD' },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: { masked_card_number: '450919******5332', approval_code: 'A1B2C3', response_code: '00', response_message: 'Approved', issuer: 'Maybank', brand: 'VISA' },
    verification: { status: 'NA', reason: '' },
  })
}

function signed(body: string, requestId: string, secretKey = SANDBOX.secretKey, target = PATH): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...cardRequestHeaders({ clientId: SANDBOX.clientId, secretKey, requestId, requestTimestamp: formatTimestamp(new Date()), requestTarget: target, body }),
  }
}

/** Headers of a notification signed with the generic ("v3") scheme, as the gateway's non-card notifications are. */
function genericSigned(body: string, secretKey = SANDBOX.secretKey): Record<string, string> {
  const timestamp = formatTimestamp(new Date())
  const signature = hmacSignature(secretKey, genericStringToSign({ clientId: SANDBOX.clientId, requestTimestamp: timestamp, requestTarget: PATH, digest: digest(body) }))
  return { 'Content-Type': 'application/json', 'Client-Id': SANDBOX.clientId, 'Request-Timestamp': timestamp, Signature: signature }
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { method: 'POST', headers, body })
  return { status: response.status, body: await response.text() }
}

/** A RM 100.00 card link paid on the training gateway's page and checked (settled first, unless `settled` is false): the paid order. */
async function paidCardLink(sandbox: SandboxTestBackend, invoice: string, settled = true): Promise<OrderDetail['order']> {
  const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: invoice, amountSen: 100_00 }))
  await sandbox.control('POST', '/pay', { invoice_number: invoice, card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
  if (settled) await sandbox.control('POST', '/settle', { invoice_number: invoice })
  sandbox.advance(61_000)
  return (await sandbox.call('orders.checkStatus', { id: order.id })).order
}
describe('the notification listener', () => {
  it('takes a signed notification, answers 200 {} and the order becomes paid; refuses forged, oversized and malformed ones and ignores replays', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/doku\/notifications$/)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-1' }))
    const changed: number[] = []
    sandbox.backend.events.subscribe((name, payload) => {
      if (name === 'orders.changed') changed.push((payload as { id: number }).id)
    })

    const body = paymentBody(order)
    const headers = signed(body, 'doku-notify-0001')
    expect(await post(url, body, headers)).toEqual({ status: 200, body: '{}' })
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    const paid = await sandbox.call('orders.get', { id: order.id })
    expect(paid.order).toMatchObject({ cardMasked: '450919******5332', cardLast4: '5332', cardBrand: 'VISA', rawStatus: 'SUCCESS' })
    expect(paid.timeline.at(-1)).toMatchObject({ type: 'notification', summary: 'Notification: Pending → Paid (gateway says SUCCESS)' })
    expect(changed).toContain(order.id)
    // Paid by the notification: no status check is needed, so none is due.
    expect(paid.statusCheck).toBeNull()

    // The same notification again (the gateway retries): 200, nothing new.
    const timeline = paid.timeline.length
    expect(await post(url, body, headers)).toEqual({ status: 200, body: '{}' })
    // Forged: signed with another key, or for another path, or the body changed after signing.
    expect((await post(url, body, signed(body, 'doku-notify-0002', 'SK-not-the-merchants'))).status).toBe(401)
    expect((await post(url, body, signed(body, 'doku-notify-0003', SANDBOX.secretKey, '/other/path'))).status).toBe(401)
    expect((await post(url, body.replace('A1B2C3', 'ZZZZZZ'), signed(body, 'doku-notify-0004'))).status).toBe(401)
    expect((await post(url, body, { 'Content-Type': 'application/json' })).status).toBe(401)
    // Signed, but not JSON, or not in the card form: kept (the gateway would give up on a refusal), never applied.
    expect((await post(url, 'not json', signed('not json', 'doku-notify-0005'))).status).toBe(200)
    const noStatus = JSON.stringify({ order: { invoice_number: 'INV-NOTIFY-1' } })
    expect((await post(url, noStatus, signed(noStatus, 'doku-notify-0006'))).status).toBe(200)
    // Oversized: more than 256 KiB is refused whatever it holds.
    const huge = JSON.stringify({ order: { invoice_number: 'INV-NOTIFY-1' }, transaction: { status: 'SUCCESS' }, padding: 'x'.repeat(300 * 1024) })
    expect((await post(url, huge, signed(huge, 'doku-notify-0007'))).status).toBe(413)
    // Anything but POST on the path is not the listener's business.
    expect((await fetch(url)).status).toBe(405)
    expect((await fetch(url.replace(PATH, '/elsewhere'), { method: 'POST', body })).status).toBe(404)

    const status = await sandbox.call('listener.status')
    expect(status.counts).toEqual({ accepted: 3, repeated: 1, badSignature: 4, tooLarge: 1, unmatched: 1 })
    await expect
      .poll(async () => (await sandbox.call('listener.status')).recent.map((item) => [item.requestId, item.result]))
      .toEqual([
        ['doku-notify-0006', 'INV-NOTIFY-1: noted (paid)'],
        ['doku-notify-0005', 'Kept: the body names no order (not JSON)'],
        ['doku-notify-0001', 'INV-NOTIFY-1: Pending → Paid'],
      ])
    expect(status.recent.at(-1)).toEqual(
      expect.objectContaining({ requestId: 'doku-notify-0001', invoiceNumber: 'INV-NOTIFY-1', transactionType: 'SALE', transactionStatus: 'SUCCESS', orderId: order.id }),
    )
    // The paid order gained only the note that a non-card-form notification named it (the status stays from the card one).
    expect((await sandbox.call('orders.get', { id: order.id })).timeline).toHaveLength(timeline + 1)
    expect((await sandbox.call('orders.get', { id: order.id })).order.status).toBe('PAID')
    // The register address is the public one when set.
    const { settings } = await sandbox.call('settings.get')
    await sandbox.call('settings.update', { ...settings, listener: { ...settings.listener, publicBaseUrl: 'https://pay.kedai-ali.my' } })
    expect((await sandbox.call('listener.status')).registerUrl).toBe('https://pay.kedai-ali.my/doku/notifications')
    // Off: the port is closed.
    await sandbox.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: false } })
    expect(await sandbox.call('listener.status')).toMatchObject({ running: false, registerUrl: null, localUrl: null })
    await expect(fetch(url, { method: 'POST', body, headers })).rejects.toThrow()
  })

  it('takes a payment that comes after a failure, and a late failure does not undo it', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-2' }))
    const failed = paymentBody(order, 'FAILED')
    expect((await post(url, failed, signed(failed, 'doku-notify-0101'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('FAILED')
    // A payment that came in after a failure is still taken.
    const success = paymentBody(order)
    expect((await post(url, success, signed(success, 'doku-notify-0102'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    // A late retry of the failure must not undo the payment.
    const late = paymentBody(order, 'FAILED')
    expect((await post(url, late, signed(late, 'doku-notify-0103'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe('INV-NOTIFY-2: stays paid')
    expect((await sandbox.call('orders.get', { id: order.id })).order.status).toBe('PAID')
  })

  it('in Training, is notified by the training gateway itself when a link is paid on its page', async () => {
    const training = await startTrainingBackend()
    app = training
    await listenerOn(training)
    const { order } = await training.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-3' }))
    await training.control('POST', '/pay', { invoice_number: 'INV-NOTIFY-3', card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
    await expect.poll(async () => (await training.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    const { notifications } = (await training.control('GET', '/notifications')) as { notifications: { state: string; attempts: { status: number }[] }[] }
    expect(notifications).toEqual([expect.objectContaining({ state: 'delivered', attempts: [expect.objectContaining({ status: 200 })] })])
    const { calls } = (await training.control('GET', '/calls')) as { calls: { operation: string }[] }
    expect(calls.filter((call) => call.operation === 'status')).toEqual([])
  })

  it('stores the body with its card token and any full card number redacted, yet still saves the card from it', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-4' }))
    const token = 'tok-7c1e9f2b5a8d4e6f'
    const pan = '4509198934905332'
    const body = JSON.parse(paymentBody(order)) as Record<string, Record<string, unknown>>
    body['card_payment'] = { ...body['card_payment'], token_id: token, masked_card_number: pan }
    body['card'] = { token }
    const raw = JSON.stringify(body)
    expect((await post(url, raw, signed(raw, 'doku-notify-0401'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    const { customers } = await sandbox.call('customers.search', { text: 'siti@example.my' })
    const { cards } = await sandbox.call('customers.get', { id: customers[0]?.id ?? 0 })
    expect(cards).toEqual([expect.objectContaining({ source: 'hosted_page', active: true, masked: '450919******5332' })])
    // Neither the token nor the card number is anywhere in the environment's files (database and its WAL).
    const folder = join(sandbox.dataDir, 'environments', 'sandbox')
    for (const name of readdirSync(folder)) {
      const bytes = readFileSync(join(folder, name))
      expect(bytes.includes(Buffer.from(token)), `${name} holds the token`).toBe(false)
      expect(bytes.includes(Buffer.from(pan)), `${name} holds the card number`).toBe(false)
    }
  })

  it('reads an unreadable transaction date as absent: the payment is taken', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-5' }))
    const raw = paymentBody(order).replace(/"date":"[^"]+"/, '"date":"32/13/2026 25:61"')
    expect((await post(url, raw, signed(raw, 'doku-notify-0501'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    // Completed when the notification was acted on, since the gateway's own time could not be read.
    const completedAt = Date.parse((await sandbox.call('orders.get', { id: order.id })).order.completedAt ?? '')
    expect(completedAt).toBeLessThanOrEqual(sandbox.now().getTime())
    expect(completedAt).toBeGreaterThan(sandbox.now().getTime() - 60_000)
  })

  it('starts although a stored notification cannot be acted on: that one is marked failed and shown, the others are acted on', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    await listenerOn(sandbox)
    const { order: stuck } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-6' }))
    const { order: fine } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-NOTIFY-7' }))
    await sandbox.stop()
    // What a stop between storing and acting leaves, plus a database that refuses to change one order.
    const db = new Database(historyFile(sandbox.dataDir, 'sandbox'))
    const insert = db.prepare("insert into notifications (request_id, raw_body, headers, verified, received_at) values (?, ?, '{}', 1, ?)")
    insert.run('doku-notify-0601', paymentBody(stuck), new Date().toISOString())
    insert.run('doku-notify-0602', paymentBody(fine), new Date().toISOString())
    db.exec("create trigger refuse_stuck before update on orders when old.invoice_number = 'INV-NOTIFY-6' begin select raise(abort, 'disk says no'); end")
    db.close()

    await sandbox.restart()
    expect((await sandbox.call('orders.get', { id: fine.id })).order.status).toBe('PAID')
    expect((await sandbox.call('orders.get', { id: stuck.id })).order.status).toBe('PENDING')
    const { recent } = await sandbox.call('listener.status')
    expect(recent.find((item) => item.requestId === 'doku-notify-0601')).toMatchObject({ failed: true, result: expect.stringContaining('disk says no') as string })
    expect(recent.find((item) => item.requestId === 'doku-notify-0602')).toMatchObject({ failed: false, result: 'INV-NOTIFY-7: Pending → Paid' })
    // Marked, so the next start does not try it again.
    await sandbox.restart()
    expect((await sandbox.call('listener.status')).recent.find((item) => item.requestId === 'doku-notify-0601')?.failed).toBe(true)
  })
})

describe('notifications as evidence', () => {
  it('a SUCCESS in another currency leaves the order unpaid and Needs review, found by its filter, cleared only by an audited decision', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-REVIEW-1', amountSen: 4_50 }))
    const body = paymentBody(order).replace('"amount":4.5,"currency":"MYR"', '"amount":999.99,"currency":"USD"')
    expect(body).toContain('"currency":"USD"')
    expect((await post(url, body, signed(body, 'doku-review-0001'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.review?.reason ?? null, { timeout: 5_000, interval: 5 }).toBe('currency')
    const flagged = await sandbox.call('orders.get', { id: order.id })
    expect(flagged.order).toMatchObject({ status: 'PENDING', review: { gatewayStatus: 'SUCCESS', gatewayAmountSen: 999_99, gatewayCurrency: 'USD', source: 'notification' } })
    expect(flagged.timeline.at(-1)?.summary).toBe('Needs review: the gateway says SUCCESS for USD 999.99, in another currency (the order is RM 4.50). Not marked paid: a person must decide.')
    // No automatic or manual check while a person must decide.
    expect(flagged.statusCheck).toBeNull()
    expect((await sandbox.backend.dispatch('orders.checkStatus', { id: order.id })).ok).toBe(false)
    expect((await sandbox.call('orders.search', { needsReview: true, limit: 50 })).rows.map((row) => row.id)).toEqual([order.id])
    expect((await sandbox.call('orders.search', { needsReview: true, text: 'nobody-by-that-name', limit: 50 })).rows).toEqual([])
    // Under review: not cancellable, and the untrusted answer left no card details on the order.
    expect(flagged.canCancel).toBe(false)
    expect(await sandbox.backend.dispatch('orders.cancelLink', { id: order.id, reason: 'customer changed mind' })).toMatchObject({ ok: false, error: { code: 'NEEDS_REVIEW' } })
    expect(flagged.order).toMatchObject({ cardMasked: null, cardBrand: null })

    const short = await sandbox.backend.dispatch('orders.resolveReview', { id: order.id, decision: 'paid', reason: 'ok' })
    expect(short).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'reason' } })
    const decided = await sandbox.call('orders.resolveReview', { id: order.id, decision: 'not_paid', reason: 'Not our payment: checked in the back office' })
    expect(decided.order).toMatchObject({ status: 'FAILED', review: null })
    expect(decided.timeline.at(-1)).toMatchObject({ type: 'staff_action', actor: 'aisyah' })
    expect((await sandbox.call('orders.search', { needsReview: true, limit: 50 })).rows).toEqual([])
    const db = new Database(historyFile(sandbox.dataDir, 'sandbox'), { readonly: true })
    const audit = db.prepare("select actor, action, details from audit_log where action like 'order.review%'").all()
    db.close()
    expect(audit).toEqual([{ actor: 'aisyah', action: 'order.review_not_paid', details: expect.stringContaining('Not our payment') as string }])
  })

  it('a SUCCESS for more than the order needs review; one for less (a discount) is Paid with both amounts kept', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const { order: more } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-REVIEW-2', amountSen: 4_50 }))
    const { order: less } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-REVIEW-3', amountSen: 4_50 }))
    const higher = paymentBody(more).replace('"amount":4.5', '"amount":"45.00"')
    const lower = paymentBody(less).replace('"amount":4.5', '"amount":"4.00"')
    expect((await post(url, higher, signed(higher, 'doku-review-0002'))).status).toBe(200)
    expect((await post(url, lower, signed(lower, 'doku-review-0003'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: less.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    await expect.poll(async () => (await sandbox.call('orders.get', { id: more.id })).order.review?.reason ?? null, { timeout: 5_000, interval: 5 }).toBe('amount')
    const discounted = await sandbox.call('orders.get', { id: less.id })
    expect(discounted.order).toMatchObject({ amountSen: 4_50, gatewayAmountSen: 4_00, review: null })
    // What can be refunded is what was paid.
    expect(discounted.refunds).toMatchObject({ paidSen: 4_00, remainingSen: 4_00 })
    expect(discounted.timeline.at(-1)?.summary).toContain('RM 4.00 paid of RM 4.50 (a discount at the gateway)')
    const accepted = await sandbox.call('orders.resolveReview', { id: more.id, decision: 'paid', reason: 'Customer paid a tip, confirmed by phone' })
    expect(accepted.order).toMatchObject({ status: 'PAID', review: null, gatewayAmountSen: 45_00 })
  })

  it('a refund made elsewhere of a payment that needs review counts in the takings no more than the payment: not until staff decide it paid', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    // At noon in Malaysia: the payment, the refund and the decision all fall on one day.
    sandbox.advance(untilMalaysiaNoon(sandbox.now().getTime()))
    const url = await listenerOn(sandbox)
    const invoice = 'INV-REVIEW-REFUND'
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: invoice, amountSen: 100_00 }))
    await sandbox.control('POST', '/pay', { invoice_number: invoice, card_number: '4509198934905332', expiry: '12/30', cvv: '100' })
    await sandbox.control('POST', '/settle', { invoice_number: invoice })
    // The gateway says paid, for more than the order: Needs review, not counted as takings.
    const higher = paymentBody(order).replace('"amount":100', '"amount":"150.00"')
    expect(higher).toContain('"amount":"150.00"')
    expect((await post(url, higher, signed(higher, 'doku-review-refund-0001'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: order.id })).order.review?.reason ?? null, { timeout: 5_000, interval: 5 }).toBe('amount')
    // RM 30.00 refunded in the gateway's back office; registering it here waits for the decision (the order is not paid here).
    const elsewhere = createGatewayClient({ baseUrl: sandbox.sim.baseUrl, credentials: SANDBOX, log: createLogger(memorySink()), now: () => sandbox.now() })
    expect((await elsewhere.refund({ requestId: 'BO-REVIEW-REFUND-1', invoiceNumber: invoice, originalRequestId: order.requestId ?? '', amountSen: 30_00 })).ok).toBe(true)
    await elsewhere.close()
    expect(await sandbox.failure('refunds.register', { orderId: order.id, requestId: 'BO-REVIEW-REFUND-1' })).toMatchObject({ code: 'NOT_REFUNDABLE' })
    // The gateway tells of it: recorded on the order, approved.
    const told = JSON.stringify({
      order: { invoice_number: invoice, amount: '100' },
      transaction: { type: 'REFUND', status: 'SUCCESS' },
      refund: { amount: '30', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
    })
    expect((await post(url, told, signed(told, 'doku-review-refund-0002'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe(`Refund made elsewhere on ${invoice}: approved`)
    const today = malaysiaDay(sandbox.now())
    const nothing = { paidSen: 0, paidCount: 0, refundedSen: 0, refundCount: 0, voidedSen: 0, voidCount: 0, netSen: 0 }
    // Neither the payment nor its refund: the order is listed apart, as waiting for review.
    const report = await sandbox.call('report.get', { from: today, to: today })
    // A Sandbox report says it is one (marked on screen and in print as test payments).
    expect(report.environment).toBe('sandbox')
    expect(report.totals).toEqual(nothing)
    expect([report.byChannel, report.byKind, report.byOperator]).toEqual([[], [], []])
    expect(report.needsReview).toBe(1)
    expect(report.notFinal.orders.map((row) => row.invoiceNumber)).toEqual([invoice])
    expect((await sandbox.call('home.figures')).today.current).toEqual(nothing)

    // Decided paid as the gateway says: RM 150.00 paid, RM 30.00 refunded, both today.
    await sandbox.call('orders.resolveReview', { id: order.id, decision: 'paid', reason: 'Customer paid a tip, confirmed by phone' })
    const decided = await sandbox.call('report.get', { from: today, to: today })
    expect(decided.totals).toEqual({ paidSen: 150_00, paidCount: 1, refundedSen: 30_00, refundCount: 1, voidedSen: 0, voidCount: 0, netSen: 120_00 })
    expect(decided.byKind).toMatchObject([{ key: 'card_link', paidSen: 150_00, refundedSen: 30_00, netSen: 120_00 }])
    expect((await sandbox.call('home.figures')).today.current).toEqual(decided.totals)
  })

  it('a non-card notification (generic scheme, another form) is kept and makes the app retrieve the payment at once', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const created = await sandbox.call('links.create', genericLink('EWALLET_TNG', { invoiceNumber: 'INV-V3-1' }))
    await sandbox.control('POST', '/v3/decide', { id: created.order.paymentId, action: 'approve' })
    // The body says FAILED: it is not believed, only used as the trigger; the retrieve says SUCCESS.
    const body = JSON.stringify({ id: created.order.paymentId, order: { invoice_number: 'INV-V3-1', amount: '128.50', currency: 'MYR' }, payment: { channel: 'EWALLET_TNG', status: 'FAILED' } })
    expect((await post(url, body, genericSigned(body))).status).toBe(200)
    expect((await post(url, body, genericSigned(body, 'SK-not-the-merchants'))).status).toBe(401)
    await expect.poll(async () => (await sandbox.call('orders.get', { id: created.order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
    const { calls } = (await sandbox.control('GET', '/calls')) as { calls: { operation: string }[] }
    expect(calls.filter((call) => call.operation === 'v3_get_payment')).toHaveLength(1)
    const { recent } = await sandbox.call('listener.status')
    expect(recent[0]).toMatchObject({ invoiceNumber: 'INV-V3-1', transactionType: 'non-card', transactionStatus: 'FAILED', orderId: created.order.id, result: 'INV-V3-1: asked the gateway' })
  })

  it('a notification for an order not here yet is kept and counted, and linked when the order appears', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const early = paymentBody({ invoiceNumber: 'INV-LATER-1', amountSen: 10_00, customerName: 'Siti', customerEmail: 'siti@example.my', requestId: 'r-1' } as OrderDetail['order'])
    expect((await post(url, early, signed(early, 'doku-later-0001'))).status).toBe(200)
    await expect
      .poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 })
      .toBe('Kept: no order INV-LATER-1 here yet; linked if it appears (made at another desk)')
    expect((await sandbox.call('listener.status')).counts.unmatched).toBe(1)
    const { order } = await sandbox.call('links.create', cardLink({ invoiceNumber: 'INV-LATER-1', amountSen: 10_00 }))
    const after = await sandbox.call('listener.status')
    expect(after.counts.unmatched).toBe(0)
    expect(after.recent[0]).toMatchObject({ orderId: order.id, result: 'INV-LATER-1: the order appeared here later; its status checks tell the status' })
    // It predates the order here: its body is not applied; the order waits for its own checks.
    expect((await sandbox.call('orders.get', { id: order.id })).order.status).toBe('PENDING')
  })

  it('a refund notification without refund.request_id is matched to the refund sent from here by its amount; another is a refund made elsewhere', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const order = await paidCardLink(sandbox, 'INV-REFUND-N1')
    const sent = await sandbox.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 30_00 })
    expect(sent.refund.status).toBe('SUCCESS')
    const refundBody = (amount: string): string =>
      JSON.stringify({ order: { invoice_number: 'INV-REFUND-N1', amount: '100' }, transaction: { type: 'REFUND', status: 'SUCCESS' }, refund: { amount, type: 'PARTIAL_REFUND', status: 'SUCCESS' } })
    const ours = refundBody('30')
    expect((await post(url, ours, signed(ours, 'doku-refund-0001'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe(`Refund ${sent.refund.requestId} on INV-REFUND-N1: approved`)
    const elsewhere = refundBody('10')
    expect((await post(url, elsewhere, signed(elsewhere, 'doku-refund-0002'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe('Refund made elsewhere on INV-REFUND-N1: approved')
    const refunds = (await sandbox.call('orders.get', { id: order.id })).refunds
    if (!refunds) throw new Error('a paid card order has a refund summary')
    expect(refunds.refunds.map((refund) => [refund.amountSen, refund.status, refund.external])).toEqual(
      expect.arrayContaining([
        [30_00, 'SUCCESS', false],
        [10_00, 'SUCCESS', true],
      ]),
    )
    expect(refunds.refunds).toHaveLength(2)
    expect(refunds.refundedSen).toBe(40_00)
  })

  it('a late refund notification never changes a refund the gateway settled: a refused one’s word does not undo an approved one of the same amount', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    sandbox.advance(untilMalaysiaNoon(sandbox.now().getTime()))
    const url = await listenerOn(sandbox)
    const order = await paidCardLink(sandbox, 'INV-LATE-1', false)
    // Before settlement the gateway refuses a partial refund; after it, the same amount goes through.
    const refused = await sandbox.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 })
    expect(refused.refund.status).toBe('FAILED')
    await sandbox.control('POST', '/settle', { invoice_number: 'INV-LATE-1' })
    const approved = await sandbox.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 10_00 })
    expect(approved.refund.status).toBe('SUCCESS')

    // The refused refund's notification, retried late: no request id, only its amount.
    const late = JSON.stringify({
      order: { invoice_number: 'INV-LATE-1', amount: '100' },
      transaction: { type: 'PARTIAL_REFUND', status: 'FAILED', original_request_id: order.requestId },
      refund: { amount: '10', type: 'PARTIAL_REFUND', status: 'FAILED', message: 'Before settlement only a void of the full amount is possible.' },
    })
    expect((await post(url, late, signed(late, 'doku-late-refund-1'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toMatch(/^Refund .* on INV-LATE-1/)
    expect((await sandbox.call('orders.get', { id: order.id })).refunds).toMatchObject({ refundedSen: 10_00, remainingSen: 90_00 })
    // A word of the approved one's own status again is a late confirmation; the other word is noted, not applied.
    const again = JSON.stringify({
      order: { invoice_number: 'INV-LATE-1', amount: '100' },
      transaction: { type: 'PARTIAL_REFUND', status: 'SUCCESS' },
      refund: { amount: '10', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
    })
    expect((await post(url, again, signed(again, 'doku-late-refund-2'))).status).toBe(200)
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe(`Refund ${approved.refund.requestId} on INV-LATE-1: approved`)

    const after = await sandbox.call('orders.get', { id: order.id })
    expect(after.refunds?.refunds.map((refund) => [refund.id, refund.status]).sort()).toEqual(
      [
        [refused.refund.id, 'FAILED'],
        [approved.refund.id, 'SUCCESS'],
      ].sort(),
    )
    expect(after.refunds).toMatchObject({ refundedSen: 10_00, remainingSen: 90_00 })
  })

  it('a refund notification that contradicts the only refund of its amount, settled, is noted for a person and changes nothing', async () => {
    const sandbox = await startSandboxBackend()
    app = sandbox
    const url = await listenerOn(sandbox)
    const order = await paidCardLink(sandbox, 'INV-LATE-2')
    const approved = await sandbox.call('refunds.request', { orderId: order.id, kind: 'PARTIAL', amountSen: 25_00 })
    const failed = JSON.stringify({
      order: { invoice_number: 'INV-LATE-2', amount: '100' },
      transaction: { type: 'PARTIAL_REFUND', status: 'FAILED' },
      refund: { amount: '25', type: 'PARTIAL_REFUND', status: 'FAILED' },
    })
    expect((await post(url, failed, signed(failed, 'doku-late-refund-3'))).status).toBe(200)
    await expect
      .poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 })
      .toBe(`Refund ${approved.refund.requestId} on INV-LATE-2: settled already, this word not applied`)
    const after = await sandbox.call('orders.get', { id: order.id })
    expect(after.refunds).toMatchObject({ refundedSen: 25_00, refunds: [{ status: 'SUCCESS' }] })
    expect(after.timeline.map((entry) => entry.summary)).toContainEqual(expect.stringContaining(`but refund ${approved.refund.requestId} was settled approved: not changed`))
  })

  it('a refund made elsewhere, registered and told by a notification, in either order, is counted once', async () => {
    for (const notifiedFirst of [false, true]) {
      const sandbox = await startSandboxBackend()
      app = sandbox
      const url = await listenerOn(sandbox)
      const invoice = `INV-TWICE-${notifiedFirst ? 'N' : 'R'}`
      const order = await paidCardLink(sandbox, invoice)
      // RM 30.00 refunded in the gateway's back office.
      const elsewhere = createGatewayClient({ baseUrl: sandbox.sim.baseUrl, credentials: SANDBOX, log: createLogger(memorySink()), now: () => sandbox.now() })
      expect((await elsewhere.refund({ requestId: 'BO-REFUND-1', invoiceNumber: invoice, originalRequestId: order.requestId ?? '', amountSen: 30_00 })).ok).toBe(true)
      await elsewhere.close()
      const told = JSON.stringify({
        order: { invoice_number: invoice, amount: '100' },
        transaction: { type: 'REFUND', status: 'SUCCESS' },
        refund: { amount: '30', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
      })
      const notify = async (): Promise<void> => {
        expect((await post(url, told, signed(told, `doku-told-${invoice}`))).status).toBe(200)
        await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toMatch(new RegExp(`on ${invoice}: approved$`))
      }
      if (notifiedFirst) await notify()
      const registered = await sandbox.call('refunds.register', { orderId: order.id, requestId: 'BO-REFUND-1' })
      if (!notifiedFirst) await notify()
      // Its status check, once due, if it still waits (told by the notification, it does not).
      sandbox.advance(61_000)
      const waiting = (await sandbox.call('orders.get', { id: order.id })).refunds?.refunds.some((refund) => refund.id === registered.refund.id && refund.status === 'PENDING')
      if (waiting) await sandbox.call('refunds.checkStatus', { refundId: registered.refund.id })
      const refunds = (await sandbox.call('orders.get', { id: order.id })).refunds
      expect(refunds?.refunds.map((refund) => [refund.requestId, refund.amountSen, refund.status])).toEqual([['BO-REFUND-1', 30_00, 'SUCCESS']])
      expect(refunds).toMatchObject({ refundedSen: 30_00, remainingSen: 70_00 })
      await sandbox.close()
      app = null
    }
  })
})
