/**
 * The notification listener over real loopback HTTP: a valid card notification is stored and turns
 * its order paid; forged, oversized and malformed ones are refused with nothing stored; a replay is
 * answered 200 and changes nothing; in Training the training gateway notifies the listener by itself.
 */
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import type { OrderDetail } from '../../src-preload/contract'
import { cardLink } from './link-requests'
import { SANDBOX, startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

const PATH = '/doku/notifications'
let app: SandboxTestBackend | TrainingTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

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

async function post(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { method: 'POST', headers, body })
  return { status: response.status, body: await response.text() }
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
    expect(paid.timeline.at(-1)).toMatchObject({ type: 'notification', summary: 'Notification: PENDING → PAID (gateway says SUCCESS)' })
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
    // Malformed: signed, but not JSON, or not a card notification.
    expect((await post(url, 'not json', signed('not json', 'doku-notify-0005'))).status).toBe(400)
    const noStatus = JSON.stringify({ order: { invoice_number: 'INV-NOTIFY-1' } })
    expect((await post(url, noStatus, signed(noStatus, 'doku-notify-0006'))).status).toBe(400)
    // Oversized: more than 256 KiB is refused whatever it holds.
    const huge = JSON.stringify({ order: { invoice_number: 'INV-NOTIFY-1' }, transaction: { status: 'SUCCESS' }, padding: 'x'.repeat(300 * 1024) })
    expect((await post(url, huge, signed(huge, 'doku-notify-0007'))).status).toBe(413)
    // Anything but POST on the path is not the listener's business.
    expect((await fetch(url)).status).toBe(405)
    expect((await fetch(url.replace(PATH, '/elsewhere'), { method: 'POST', body })).status).toBe(404)

    const status = await sandbox.call('listener.status')
    expect(status.counts).toEqual({ accepted: 1, repeated: 1, badSignature: 4, badBody: 2, tooLarge: 1 })
    expect(status.recent).toEqual([
      expect.objectContaining({ requestId: 'doku-notify-0001', invoiceNumber: 'INV-NOTIFY-1', transactionType: 'SALE', transactionStatus: 'SUCCESS', orderId: order.id, result: 'INV-NOTIFY-1: PENDING → PAID' }),
    ])
    expect((await sandbox.call('orders.get', { id: order.id })).timeline).toHaveLength(timeline)
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
    await expect.poll(async () => (await sandbox.call('listener.status')).recent[0]?.result, { timeout: 5_000, interval: 5 }).toBe('INV-NOTIFY-2: stays PAID')
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
})
