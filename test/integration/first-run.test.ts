/**
 * The first ten minutes (issue 19), through the bridge against the training gateway: the first-run
 * welcome shows once per desk (after its first Admin, in Training) and is remembered; the shop's name
 * is a setting checked like the others; Training's return addresses default to the training gateway's
 * own return pages, so the first card link works with nothing set; the name heads the receipt, the
 * training gateway's payment page and its return page.
 */
import Database from 'better-sqlite3'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, memorySink } from '../../src-main/log'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { historyFile } from '../../src-main/store/history-file'
import type { EnvironmentSettings, LinkRequest } from '../../src-preload/contract'
import { TEST_OPERATORS } from '../harness/operators'
import { startTestBackend, type TestBackend } from './backend-fixture'
import { startTrainingBackend } from './training-fixture'

let app: TestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

const withShop = (settings: EnvironmentSettings, name: string): EnvironmentSettings => ({ ...settings, shop: { name } })

function cardLink(defaults: { invoiceNumber: string; callbackUrl: string; failedUrl: string; descriptor: string }, overrides: Partial<LinkRequest> = {}): LinkRequest {
  return {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber: defaults.invoiceNumber,
    amountSen: 42_00,
    descriptor: defaults.descriptor,
    autoRedirect: true,
    callbackUrl: defaults.callbackUrl,
    failedUrl: defaults.failedUrl,
    expiryMinutes: 60,
    customer: { name: 'Nurul Huda', email: 'nurul@example.my', phone: '', address: '', city: '', state: '', zipCode: '', country: 'MY' },
    lineItems: [],
    ...overrides,
  }
}

describe('the first-run welcome', () => {
  it("shows on a fresh desk once its first Admin exists, said with the session's view, and not again once finished, after a restart too", async () => {
    const started = await startTestBackend({ signedIn: 'none' })
    app = started
    const welcome = async (): Promise<boolean> => (await started.call('session.status')).welcome
    expect(await welcome()).toBe(false)
    const { admin } = TEST_OPERATORS
    // The answers of the first Admin's setup and of a sign-in say it: the screens need no second call.
    expect((await started.call('session.setup', { login: admin.login, name: admin.name, pin: admin.pin })).welcome).toBe(true)
    await started.restart()
    expect(await welcome()).toBe(false)
    expect((await started.call('session.signIn', { login: admin.login, pin: admin.pin })).welcome).toBe(true)
    expect((await started.call('session.lock')).welcome).toBe(false)
    expect((await started.call('session.signIn', { login: admin.login, pin: admin.pin })).welcome).toBe(true)

    expect(await started.call('welcome.finish')).toEqual({ show: false })
    expect(await welcome()).toBe(false)
    await started.restart()
    await started.signInAs('admin')
    expect(await welcome()).toBe(false)
    // Per desk: kept with the desk's own settings, beside the active environment.
    expect(JSON.parse(readFileSync(join(started.dataDir, 'app-settings.json'), 'utf8'))).toMatchObject({ welcome: 'done' })
  })

  it('shows only in Training, only to an Admin, and only an Admin finishes it (it saves settings)', async () => {
    const started = await startTestBackend({ staff: true })
    app = started
    const welcome = async (): Promise<boolean> => (await started.call('session.status')).welcome
    expect(await welcome()).toBe(true)
    await started.call('environment.switch', { environment: 'sandbox' })
    expect(await welcome()).toBe(false)
    await started.call('environment.switch', { environment: 'training' })
    expect(await welcome()).toBe(true)
    await started.signInAs('supervisor')
    expect(await welcome()).toBe(false)
    await started.signInAs('clerk')
    expect(await welcome()).toBe(false)
    expect(await started.failure('welcome.finish', undefined)).toMatchObject({ code: 'FORBIDDEN' })
    await started.signInAs('admin')
    expect(await welcome()).toBe(true)
    expect(await started.call('welcome.finish')).toEqual({ show: false })
    expect(await welcome()).toBe(false)
  })

  it('never shows on a desk set up before it existed', async () => {
    app = await startTestBackend()
    await app.stop()
    // What an earlier version wrote: no word of a welcome.
    const file = join(app.dataDir, 'app-settings.json')
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
    delete stored['welcome']
    writeFileSync(file, JSON.stringify(stored))
    await app.restart()
    expect((await app.call('session.status')).welcome).toBe(false)
  })
})

describe("the shop's name", () => {
  it('is empty by default, saved trimmed, audited, and refused with its field when it cannot be printed', async () => {
    app = await startTestBackend()
    const { settings } = await app.call('settings.get')
    expect(settings.shop).toEqual({ name: '' })
    expect(DEFAULT_ENVIRONMENT_SETTINGS.shop).toEqual({ name: '' })

    const refused: [string, RegExp][] = [
      ['K'.repeat(61), /^Use at most 60 characters$/],
      ['Kedai\nSiti', /one line/],
      ['Kedai\u0007Siti', /invisible character \(U\+0007\)/],
      ['Kedai\u200bSiti', /invisible character \(U\+200B\)/],
    ]
    for (const [name, message] of refused) {
      const error = await app.failure('settings.update', withShop(settings, name))
      expect(error, JSON.stringify(name)).toMatchObject({ code: 'INVALID_INPUT', field: 'shop.name' })
      expect(error.message).toMatch(message)
    }
    expect((await app.call('settings.get')).settings.shop.name).toBe('')

    // The name as the shop writes it: accents, apostrophes, brackets, 60 characters at most.
    const saved = await app.call('settings.update', withShop(settings, "  Kedai Runcit Pak Ali's (Café KL)  "))
    expect(saved.settings.shop.name).toBe("Kedai Runcit Pak Ali's (Café KL)")
    expect((await app.call('settings.update', withShop(settings, 'K'.repeat(60)))).settings.shop.name).toHaveLength(60)
    const { rows } = await app.call('audit.list', { action: 'settings', limit: 10 })
    expect(rows.map((row) => row.details).join('\n')).toContain('shop.name: \\"\\" → \\"Kedai Runcit Pak Ali\'s (Café KL)\\"')
  })

  it('settings saved before it existed read with an empty name and every other field kept, without a warning', async () => {
    const sink = memorySink()
    app = await startTestBackend({ log: createLogger(sink) })
    const { settings } = await app.call('settings.get')
    await app.call('settings.update', { ...settings, links: { ...settings.links, expiryMinutes: 90, descriptor: 'KEDAI ALI' } })
    await app.stop()
    const db = new Database(historyFile(app.dataDir, 'training'))
    const row = db.prepare("select value from settings where key = 'environment'").get() as { value: string }
    const stored = JSON.parse(row.value) as Record<string, unknown>
    delete stored['shop']
    db.prepare("update settings set value = ? where key = 'environment'").run(JSON.stringify(stored))
    db.close()
    await app.restart()
    const read = (await app.call('settings.get')).settings
    expect(read.shop).toEqual({ name: '' })
    expect(read.links).toMatchObject({ expiryMinutes: 90, descriptor: 'KEDAI ALI' })
    expect(sink.lines.filter((line) => line.includes('settings.unreadable'))).toEqual([])
  })
})

describe("Training's return addresses", () => {
  it("default to the training gateway's own return pages (never saved); Sandbox has none; an address set in Settings wins", async () => {
    app = await startTestBackend()
    const gateway = (await app.call('settings.get')).gatewayUrl
    const prepared = await app.call('links.prepare')
    expect(prepared).toMatchObject({
      callbackUrl: `${gateway}/return/paid`,
      failedUrl: `${gateway}/return/failed`,
      trainingReturnUrls: { paid: `${gateway}/return/paid`, failed: `${gateway}/return/failed` },
    })
    const { settings } = await app.call('settings.get')
    expect(settings.links).toMatchObject({ callbackUrl: '', failedUrl: '' })

    await app.call('settings.update', { ...settings, links: { ...settings.links, callbackUrl: 'https://kedai-siti.example.my/terima-kasih' } })
    expect(await app.call('links.prepare')).toMatchObject({ callbackUrl: 'https://kedai-siti.example.my/terima-kasih', failedUrl: `${gateway}/return/failed` })

    await app.call('environment.switch', { environment: 'sandbox' })
    expect(await app.call('links.prepare')).toMatchObject({ callbackUrl: '', failedUrl: '', trainingReturnUrls: null })
  })

  it('make the first card link work with nothing set: created, paid, and the customer lands on a page that names the shop', async () => {
    const training = await startTrainingBackend()
    app = training
    const { settings } = await training.call('settings.get')
    await training.call('settings.update', withShop(settings, 'Kedai Siti'))
    const defaults = await training.call('links.prepare')
    const created = await training.call('links.create', cardLink(defaults))
    expect(created.order).toMatchObject({ status: 'PENDING', kind: 'card_link' })
    const address = created.order.linkUrl ?? ''

    const pagePage = await (await fetch(address)).text()
    expect(pagePage).toContain('<dt>Merchant</dt><dd>Kedai Siti</dd>')
    const paid = await fetch(address, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card_number: '4509198934905332', expiry: '12/39', cvv: '100' }).toString(),
      redirect: 'manual',
    })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(defaults.callbackUrl)
    const back = await fetch(defaults.callbackUrl)
    expect(back.status).toBe(200)
    const backPage = await back.text()
    expect(backPage).toContain('<h1>Back at Kedai Siti</h1>')
    expect(backPage).toContain('your payment went through')
    const failedPage = await (await fetch(defaults.failedUrl)).text()
    expect(failedPage).toContain('did not go through')
  })
})

describe('the receipt', () => {
  it("is headed by the shop's name; without one, by the statement text as before", async () => {
    const training = await startTrainingBackend()
    app = training
    const customer = await training.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    const { token } = (await training.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
    const card = await training.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
    const charge = (invoiceNumber: string) =>
      training.call('phoneOrders.charge', {
        customerId: customer.id,
        cardId: card.id,
        invoiceNumber,
        amountSen: 12_00 + Number(invoiceNumber.slice(-1)),
        descriptor: 'KEDAI SITI',
        note: '',
        confirmDuplicate: false,
      })

    const before = await charge('INV-000001')
    expect(before.receipt?.merchant).toBe('KEDAI SITI')
    const { settings } = await training.call('settings.get')
    await training.call('settings.update', withShop(settings, 'Kedai Siti (KL)'))
    const after = await charge('INV-000002')
    expect(after.receipt?.merchant).toBe('Kedai Siti (KL)')
  })
})
