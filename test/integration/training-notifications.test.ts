/**
 * Training's notification listener, on by default (found by a QA walk as new staff: a link paid on the
 * training gateway's page stayed "Waiting for payment" until the status tracker's next check), through
 * the real back end and the training gateway over loopback: a fresh Training desk learns of a payment
 * from the gateway's notification, with no status check made; Settings' port taken, Training listens on
 * a free loopback port instead and says so, while Sandbox, whose address is registered at the gateway,
 * does not move; saved Training settings keep what they hold. These back ends listen on Settings' own
 * port (9900), as a desk does, and so run one after the other in this file.
 */
import Database from 'better-sqlite3'
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { historyFile } from '../../src-main/store/history-file'
import type { ListenerStatus } from '../../src-preload/contract'
import { freePort } from '../support/free-port'
import { cardLink } from './link-requests'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

const SETTINGS_PORT = DEFAULT_ENVIRONMENT_SETTINGS.listener.port
const CARD = { card_number: '4509198934905332', expiry: '12/30', cvv: '100' }

let app: TrainingTestBackend | null = null
let holder: Server | null = null
afterEach(async () => {
  await app?.close()
  app = null
  if (holder) await new Promise((resolve) => holder?.close(resolve))
  holder = null
})

/**
 * Another program on Settings' port. If one holds it already (another desk's app on this computer, say),
 * it is taken all the same.
 */
async function takePort(port: number): Promise<void> {
  const server = createServer()
  server.listen(port, '127.0.0.1')
  try {
    await once(server, 'listening')
    holder = server
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
  }
}

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
    // Settings' 9900, or (taken by another program on this computer) a free port instead, said so.
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

  it("with Settings' port taken, listens on a free loopback port, tells the training gateway, and says where and why", async () => {
    await takePort(SETTINGS_PORT)
    app = await startTrainingBackend({ settingsListenerPort: true })
    const status = await app.call('listener.status')
    expect(status).toMatchObject({ enabled: true, running: true, error: null, errorSay: null })
    const local = new URL(status.localUrl ?? '')
    expect([local.hostname, local.pathname]).toEqual(['127.0.0.1', '/doku/notifications'])
    expect(Number(local.port)).not.toBe(SETTINGS_PORT)
    // Settings → Notification listener says why and where, in main's English and as its id (worded in Malay by the screen).
    expect(status.fallback).toEqual({
      message: `Port 9900 on 127.0.0.1 is taken by another program. Training receives the notifications on a free port of this computer instead: ${String(status.localUrl)}. Nothing to do: the training gateway is told this address by itself, and payments still show at once.`,
      say: { id: 'said.listener.fallback', values: { problem: { id: 'said.listener.portTaken', values: { host: '127.0.0.1', port: '9900' } }, url: status.localUrl } },
    })
    // Nothing to register in Training: the address on show is where it listens.
    expect(status.registerUrl).toBe(status.localUrl)

    const { detail, statusChecks, notifications } = await payOnTrainingPage(app, 'INV-TRAIN-N2')
    expect(statusChecks).toBe(0)
    expect(detail.timeline.at(-1)?.type).toBe('notification')
    expect(notifications).toEqual([expect.objectContaining({ url: status.localUrl, state: 'delivered' })])

    // Saved unchanged, it stays where it is; given a free port, it listens there and the problem is gone.
    await app.call('settings.update', (await app.call('settings.get')).settings)
    expect((await app.call('listener.status')).localUrl).toBe(status.localUrl)
    const port = await freePort()
    const { settings } = await app.call('settings.get')
    await app.call('settings.update', { ...settings, listener: { ...settings.listener, port } })
    const moved = await app.call('listener.status')
    expect(moved).toMatchObject({ running: true, fallback: null, error: null, localUrl: `http://127.0.0.1:${String(port)}/doku/notifications` })
    const again = await payOnTrainingPage(app, 'INV-TRAIN-N3')
    expect(again.notifications.at(-1)).toMatchObject({ url: moved.localUrl, state: 'delivered' })
  })

  it("in Sandbox, with Settings' port taken, does not move (its address is registered at the gateway) and says why", async () => {
    await takePort(SETTINGS_PORT)
    app = await startTrainingBackend({ settingsListenerPort: true })
    await app.call('environment.switch', { environment: 'sandbox' })
    const { settings } = await app.call('settings.get')
    expect(settings.listener.enabled).toBe(false)
    await app.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true } })
    expect(await app.call('listener.status')).toMatchObject<Partial<ListenerStatus>>({
      enabled: true,
      running: false,
      localUrl: null,
      fallback: null,
      error: 'Port 9900 on 127.0.0.1 is taken by another program. Choose another port or host.',
      errorSay: { id: 'said.listener.chooseAnother', values: { problem: { id: 'said.listener.portTaken', values: { host: '127.0.0.1', port: '9900' } } } },
    })
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
