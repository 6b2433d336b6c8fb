/**
 * Training's notification listener, on by default (found by a QA walk as new staff: a link paid on the
 * training gateway's page stayed "Waiting for payment" until the status tracker's next check), through
 * the real back end and the training gateway over loopback: a fresh Training desk learns of a payment
 * from the gateway's notification, with no status check made; saved Training settings keep what they
 * hold. The fresh desk listens on Settings' own port (9900), as a desk does.
 */
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { historyFile } from '../../src-main/store/history-file'
import { cardLink } from './link-requests'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

const CARD = { card_number: '4509198934905332', expiry: '12/30', cvv: '100' }

let app: TrainingTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

/** A card link paid on the training gateway's page: resolves once the order is PAID here, with what told it. */
async function payOnTrainingPage(training: TrainingTestBackend, invoiceNumber: string) {
  const { order } = await training.call('links.create', cardLink({ invoiceNumber }))
  expect(order.status).toBe('PENDING')
  await training.control('POST', '/pay', { invoice_number: invoiceNumber, ...CARD })
  await expect.poll(async () => (await training.call('orders.get', { id: order.id })).order.status, { timeout: 5_000, interval: 5 }).toBe('PAID')
  const detail = await training.call('orders.get', { id: order.id })
  const { calls } = (await training.control('GET', '/calls')) as { calls: { operation: string }[] }
  const { notifications } = (await training.control('GET', '/notifications')) as { notifications: { url: string; state: string }[] }
  return { detail, statusChecks: calls.filter((call) => call.operation === 'status').length, notifications }
}

describe("Training's notification listener", () => {
  it('is on for a fresh Training desk: a card link paid on the training gateway is Paid from its notification, with no status check made', async () => {
    app = await startTrainingBackend({ settingsListenerPort: true })
    const { settings } = await app.call('settings.get')
    expect(settings.listener).toEqual({ ...DEFAULT_ENVIRONMENT_SETTINGS.listener, enabled: true })
    const status = await app.call('listener.status')
    expect(status).toMatchObject({ enabled: true, running: true, error: null })
    expect(status.localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/doku\/notifications$/)

    const { detail, statusChecks, notifications } = await payOnTrainingPage(app, 'INV-TRAIN-N1')
    expect(statusChecks).toBe(0)
    expect(detail.timeline.at(-1)).toMatchObject({ type: 'notification', summary: 'Notification: Pending → Paid (gateway says SUCCESS)' })
    expect(detail.order).toMatchObject({ cardMasked: '450919******5332', rawStatus: 'SUCCESS' })
    // Paid by the notification: no status check is due either.
    expect(detail.statusCheck).toBeNull()
    expect(notifications).toEqual([expect.objectContaining({ url: status.localUrl, state: 'delivered' })])
    expect((await app.call('listener.status')).counts.accepted).toBe(1)
  })

  it('keeps a desk’s saved Training settings as they are: saved with the listener off (before this version), it stays off; never saved, it reads on', async () => {
    app = await startTrainingBackend()
    expect((await app.call('listener.status')).running).toBe(true)
    await app.stop()
    // What an earlier version saved (the welcome's shop name, say): every field, the listener off as its default was.
    const db = new Database(historyFile(app.dataDir, 'training'))
    const saved = { ...DEFAULT_ENVIRONMENT_SETTINGS, shop: { name: 'Kedai Siti' } }
    db.prepare("insert into settings (key, value, updated_at) values ('environment', ?, ?)").run(JSON.stringify(saved), new Date().toISOString())
    db.close()
    await app.restart()
    expect((await app.call('settings.get')).settings).toEqual(saved)
    expect(await app.call('listener.status')).toMatchObject({ enabled: false, running: false, localUrl: null })
    // Paid on the gateway's page: the order waits for its status check, as before.
    const { order } = await app.call('links.create', cardLink({ invoiceNumber: 'INV-TRAIN-N4' }))
    await app.control('POST', '/pay', { invoice_number: 'INV-TRAIN-N4', ...CARD })
    expect((await app.control('GET', '/notifications')).notifications).toEqual([])
    expect((await app.call('orders.get', { id: order.id })).order.status).toBe('PENDING')
    // Staff turn it on in Settings: from then on, at once.
    await app.call('settings.update', { ...saved, listener: { ...saved.listener, enabled: true } })
    expect((await app.call('listener.status')).running).toBe(true)
    const { statusChecks } = await payOnTrainingPage(app, 'INV-TRAIN-N5')
    expect(statusChecks).toBe(0)
  })

  it('stays off when a test says so (notificationListener: false), whatever Settings say', async () => {
    app = await startTrainingBackend({ notificationListener: false })
    expect((await app.call('settings.get')).settings.listener.enabled).toBe(true)
    expect(await app.call('listener.status')).toMatchObject({ enabled: false, running: false })
  })
})
