import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS, TRAINING_DEFAULT_SETTINGS } from '../../src-main/settings/environment-settings'
import { historyFile } from '../../src-main/store/history-file'
import type { Environment, EnvironmentSettings } from '../../src-preload/contract'
import { say, type Said } from '../../src-common/said/say'
import { startTestBackend, type TestBackend } from './backend-fixture'

/** An environment's defaults (Training's unless told: the listener on) with these link settings. */
const withLinks = (links: Partial<EnvironmentSettings['links']>, defaults: EnvironmentSettings = TRAINING_DEFAULT_SETTINGS): EnvironmentSettings => ({
  ...defaults,
  links: { ...defaults.links, ...links },
})

interface AuditRow {
  actor: string
  action: string
  details: { environment: string; changes: string[] }
}

/** The environment's audit log of settings (not the first Admin's creation), oldest first, read from its history file as a second reader. */
function auditLog(dataDir: string, environment: Environment): AuditRow[] {
  const db = new Database(historyFile(dataDir, environment), { readonly: true })
  try {
    const rows = db.prepare("select actor, action, details from audit_log where action not like 'operator.%' order by id").all() as { actor: string; action: string; details: string }[]
    return rows.map((row) => ({ ...row, details: JSON.parse(row.details) as AuditRow['details'] }))
  } finally {
    db.close()
  }
}

describe('environments and settings', () => {
  let app: TestBackend
  beforeEach(async () => {
    app = await startTestBackend()
  })
  afterEach(async () => {
    await app.close()
  })

  it('start a fresh install in Training, on the in-process training gateway over loopback', async () => {
    const view = await app.call('settings.get')
    expect(view.environment).toBe('training')
    expect(view.gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // Sandbox's and Production's defaults, but for the notification listener: on, since Training's gateway is told its address by itself.
    expect(view.settings).toEqual({ ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...DEFAULT_ENVIRONMENT_SETTINGS.listener, enabled: true } })
    expect(await app.call('listener.status')).toMatchObject({ enabled: true, running: true, error: null, fallback: null })
    const test = await app.call('gateway.testConnection', { environment: 'training' })
    expect(test.checks.map((check) => check.result)).toEqual(['ok', 'ok'])
  })

  it('refuse invalid values with a clear message naming the field, and keep the old ones', async () => {
    const cases: [EnvironmentSettings, string, RegExp][] = [
      [withLinks({ expiryMinutes: 2 }), 'links.expiryMinutes', /at least 5 minutes/],
      [withLinks({ expiryMinutes: 1.5 }), 'links.expiryMinutes', /whole minutes/],
      [withLinks({ callbackUrl: 'ftp://shop.example/ok' }), 'links.callbackUrl', /https:\/\//],
      [withLinks({ failedUrl: 'not a url' }), 'links.failedUrl', /https:\/\//],
      [{ ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...DEFAULT_ENVIRONMENT_SETTINGS.listener, port: 80 } }, 'listener.port', /1024 or more/],
      [{ ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...DEFAULT_ENVIRONMENT_SETTINGS.listener, path: 'notify' } }, 'listener.path', /start with \//],
      [{ ...DEFAULT_ENVIRONMENT_SETTINGS, gateway: { ...DEFAULT_ENVIRONMENT_SETTINGS.gateway, responseTimeoutSeconds: 600 } }, 'gateway.responseTimeoutSeconds', /at most 120/],
    ]
    for (const [settings, field, message] of cases) {
      const result = await app.backend.dispatch('settings.update', settings)
      expect(result, field).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field } })
      if (!result.ok) expect(result.error.message).toMatch(message)
    }
    // A number field left empty arrives as null (JSON has no NaN).
    const empty = await app.backend.dispatch('settings.update', JSON.parse(JSON.stringify(withLinks({ expiryMinutes: Number.NaN }))))
    expect(empty).toMatchObject({ ok: false, error: { field: 'links.expiryMinutes', message: 'Must be a number of minutes' } })
    expect((await app.call('settings.get')).settings).toEqual(TRAINING_DEFAULT_SETTINGS)
  })

  it('keep each environment its own settings, across restarts', async () => {
    await app.call('settings.update', withLinks({ callbackUrl: 'http://localhost:8080/thanks', expiryMinutes: 30 }))
    await app.call('environment.switch', { environment: 'sandbox' })
    // Sandbox keeps the listener off: it must be registered at the gateway and reachable from it first.
    expect((await app.call('settings.get')).settings).toEqual(DEFAULT_ENVIRONMENT_SETTINGS)
    expect(await app.call('listener.status')).toMatchObject({ enabled: false, running: false, localUrl: null })
    await app.call('settings.update', withLinks({ callbackUrl: 'https://shop.example.my/thanks' }, DEFAULT_ENVIRONMENT_SETTINGS))
    await app.restart()
    const sandbox = await app.call('settings.get')
    expect(sandbox.environment).toBe('sandbox')
    expect(sandbox.gatewayUrl).toBe('https://api-sandbox.doku.com')
    expect(sandbox.settings.links.callbackUrl).toBe('https://shop.example.my/thanks')
    await app.call('environment.switch', { environment: 'training' })
    expect((await app.call('settings.get')).settings.links).toEqual({
      callbackUrl: 'http://localhost:8080/thanks',
      failedUrl: '',
      expiryMinutes: 30,
      invoicePrefix: 'INV-',
      descriptor: '',
      sendPageLanguage: true,
    })
  })

  it('switch to Production only when confirmed, and then allow https return addresses only', async () => {
    const events: unknown[] = []
    app.backend.events.subscribe((name, payload) => events.push({ name, payload }))
    const refused = await app.backend.dispatch('environment.switch', { environment: 'production' })
    expect(refused).toMatchObject({ ok: false, error: { code: 'CONFIRMATION_REQUIRED' } })
    expect((await app.call('app.info')).environment).toBe('training')
    expect(events).toEqual([])

    const view = await app.call('environment.switch', { environment: 'production', confirmProduction: true })
    expect(view).toMatchObject({ environment: 'production', gatewayUrl: 'https://api.doku.com' })
    // The tracker and the listener report their own state on a switch too; the screens follow environment.changed.
    expect(events.filter((event) => (event as { name: string }).name === 'environment.changed')).toEqual([{ name: 'environment.changed', payload: { environment: 'production' } }])
    const http = await app.backend.dispatch('settings.update', withLinks({ callbackUrl: 'http://shop.example.my/thanks' }, DEFAULT_ENVIRONMENT_SETTINGS))
    expect(http).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'links.callbackUrl', message: 'Must start with https:// in Production' } })
    await app.call('settings.update', withLinks({ callbackUrl: 'https://shop.example.my/thanks' }, DEFAULT_ENVIRONMENT_SETTINGS))
  })

  it('refuse absurd values (a 1 MB host, a charge limit of RM 999,999,999.99, a 3,000-character address) naming the field, and write nothing', async () => {
    const listener = DEFAULT_ENVIRONMENT_SETTINGS.listener
    const phoneOrders = DEFAULT_ENVIRONMENT_SETTINGS.phoneOrders
    // Each refusal carries its message's id beside main's English, so that a Malay desk reads it in Malay.
    const cases: [EnvironmentSettings, string, string, Said][] = [
      [{ ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...listener, host: 'h'.repeat(1024 * 1024) } }, 'listener.host', 'Use at most 253 characters', say('said.input.tooLong', { max: 253 })],
      [
        { ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...listener, host: `${'a'.repeat(64)}.example.my` } },
        'listener.host',
        'Each part between dots must be at most 63 characters',
        say('said.input.hostLabel', { max: 63 }),
      ],
      [
        { ...DEFAULT_ENVIRONMENT_SETTINGS, phoneOrders: { ...phoneOrders, chargeLimitSen: 99_999_999_999 } },
        'phoneOrders.chargeLimitSen',
        'Must be at most RM 100,000.00',
        say('said.input.atMostAmount', { amount: 'RM 100,000.00' }),
      ],
      [
        { ...DEFAULT_ENVIRONMENT_SETTINGS, phoneOrders: { ...phoneOrders, chargeLimitSen: 10_000_001 } },
        'phoneOrders.chargeLimitSen',
        'Must be at most RM 100,000.00',
        say('said.input.atMostAmount', { amount: 'RM 100,000.00' }),
      ],
      [withLinks({ callbackUrl: `https://shop.example.my/${'x'.repeat(3000)}` }), 'links.callbackUrl', 'Use at most 2,000 characters', say('said.input.tooLong', { max: 2000 })],
      [
        { ...DEFAULT_ENVIRONMENT_SETTINGS, phoneOrders: { ...phoneOrders, threeDsFailedUrl: `https://shop.example.my/${'x'.repeat(3000)}` } },
        'phoneOrders.threeDsFailedUrl',
        'Use at most 2,000 characters',
        say('said.input.tooLong', { max: 2000 }),
      ],
      [
        { ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...listener, publicBaseUrl: `https://${'p'.repeat(300)}.example.my` } },
        'listener.publicBaseUrl',
        'Use at most 200 characters',
        say('said.input.tooLong', { max: 200 }),
      ],
      [withLinks({ expiryMinutes: 1 }), 'links.expiryMinutes', 'Must be at least 5 minutes', say('said.input.atLeastMinutes', { count: 5 })],
      [{ ...DEFAULT_ENVIRONMENT_SETTINGS, listener: { ...listener, host: 'bad host!' } }, 'listener.host', 'Must be a host name or an IPv4 address', say('said.input.hostOrIpv4')],
    ]
    for (const [settings, field, message, said] of cases) {
      expect(await app.backend.dispatch('settings.update', settings), field).toEqual({ ok: false, error: { code: 'INVALID_INPUT', field, message, say: said } })
    }
    expect((await app.call('settings.get')).settings).toEqual(TRAINING_DEFAULT_SETTINGS)
    expect(auditLog(app.dataDir, 'training')).toEqual([])
  })

  it('keep the other fields of stored settings when one no longer passes a tightened bound', async () => {
    await app.call('settings.update', withLinks({ callbackUrl: 'https://shop.example.my/thanks', expiryMinutes: 90 }))
    await app.stop()
    // As an earlier version could have saved it: a charge limit above today's bound.
    const db = new Database(historyFile(app.dataDir, 'training'))
    const row = db.prepare("select value from settings where key = 'environment'").get() as { value: string }
    const stored = JSON.parse(row.value) as EnvironmentSettings
    stored.phoneOrders.chargeLimitSen = 99_999_999_999
    db.prepare("update settings set value = ? where key = 'environment'").run(JSON.stringify(stored))
    db.close()
    await app.restart()
    const { settings } = await app.call('settings.get')
    expect(settings.links).toMatchObject({ callbackUrl: 'https://shop.example.my/thanks', expiryMinutes: 90 })
    expect(settings.phoneOrders.chargeLimitSen).toBe(DEFAULT_ENVIRONMENT_SETTINGS.phoneOrders.chargeLimitSen)
  })

  it('keep working in Training when the keychain cannot be reached, and say how to fix it', () => {
    // A child process whose D-Bus address leads nowhere: no Secret Service, as on a bare Linux box.
    const script = `
      import { startTestBackend } from './test/integration/backend-fixture'
      async function main() {
        const app = await startTestBackend()
        const credentials = await app.call('credentials.get')
        const set = await app.backend.dispatch('credentials.update', { environment: 'sandbox', secretKey: 'SK-should-not-be-stored' })
        const training = await app.call('gateway.testConnection', { environment: 'training' })
        console.log(JSON.stringify({ credentials, set, training }))
        await app.close()
      }
      main().catch((error) => { console.error(error); process.exit(1) })
    `
    const root = join(__dirname, '../..')
    const child = spawnSync(join(root, 'node_modules/.bin/tsx'), ['--eval', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus', DISPLAY: '' },
      timeout: 60_000,
    })
    expect(child.status, child.stderr).toBe(0)
    const lastLine = child.stdout.trim().split('\n').at(-1) ?? ''
    const answer = JSON.parse(lastLine) as {
      credentials: { keychain: { available: boolean; message: string } }
      set: { ok: boolean; error: { code: string; message: string } }
      training: { checks: { result: string }[] }
    }
    expect(answer.credentials.keychain.available).toBe(false)
    expect(answer.credentials.keychain.message).toMatch(/keychain cannot be reached/)
    expect(answer.credentials.keychain.message).toMatch(/gnome-keyring/)
    expect(answer.credentials.keychain.message).toMatch(/Training keeps working/)
    expect(answer.set).toMatchObject({ ok: false, error: { code: 'KEYCHAIN_UNAVAILABLE' } })
    expect(answer.training.checks.map((check) => check.result)).toEqual(['ok', 'ok'])
  })
})

/** Every text the audit table holds, for looking for what must not be there. */
function auditText(dataDir: string, environment: Environment): string {
  const db = new Database(historyFile(dataDir, environment), { readonly: true })
  try {
    return JSON.stringify(db.prepare('select * from audit_log').all())
  } finally {
    db.close()
  }
}

describe('the audit log of settings, credentials and environment changes', () => {
  let app: TestBackend
  beforeEach(async () => {
    app = await startTestBackend({ actor: 'siti@desk-2' })
  })
  afterEach(async () => {
    await app.close()
  })

  it('records who changed which field from what to what, and nothing for a save that changed nothing', async () => {
    await app.call('settings.update', {
      ...withLinks({ callbackUrl: 'https://shop.example.my/thanks', expiryMinutes: 60 }),
      phoneOrders: { ...DEFAULT_ENVIRONMENT_SETTINGS.phoneOrders, chargeLimitSen: 2_500_00 },
    })
    await app.call('settings.update', (await app.call('settings.get')).settings)
    expect(auditLog(app.dataDir, 'training')).toEqual([
      {
        actor: 'siti@desk-2',
        action: 'settings.update',
        details: {
          environment: 'training',
          changes: ['links.callbackUrl: "" → "https://shop.example.my/thanks"', 'links.expiryMinutes: 1440 → 60', 'phoneOrders.chargeLimitSen: 500000 → 250000'],
        },
      },
    ])
  })

  it('records environment switches and credential changes by name, with no secret value anywhere in the audit table', async () => {
    const secretKey = 'SK-audit-1f0e9d8c7b6a5f4e3d2c1b0a'
    const apiKey = 'AK-audit-0a1b2c3d4e5f6a7b8c9d0e1f'
    await app.call('environment.switch', { environment: 'sandbox' })
    await app.call('credentials.update', { environment: 'sandbox', clientId: 'MCH-0001', secretKey, apiKey })
    await app.call('credentials.update', { environment: 'sandbox', clientId: 'MCH-0002', apiKeyTrailingColon: true })
    await app.call('credentials.removeSecret', { environment: 'sandbox', secret: 'apiKey' })
    expect(auditLog(app.dataDir, 'sandbox')).toEqual([
      { actor: 'siti@desk-2', action: 'environment.switch', details: { environment: 'sandbox', changes: ['environment: "training" → "sandbox"'] } },
      { actor: 'siti@desk-2', action: 'credentials.update', details: { environment: 'sandbox', changes: ['clientId: "" → "MCH-0001"', 'secretKey set', 'apiKey set'] } },
      {
        actor: 'siti@desk-2',
        action: 'credentials.update',
        details: { environment: 'sandbox', changes: ['clientId: "MCH-0001" → "MCH-0002"', 'apiKeyTrailingColon: false → true'] },
      },
      { actor: 'siti@desk-2', action: 'credentials.update', details: { environment: 'sandbox', changes: ['apiKey removed'] } },
    ])
    const text = auditText(app.dataDir, 'sandbox')
    for (const secret of [secretKey, apiKey, secretKey.slice(3, 15), apiKey.slice(3, 15)]) expect(text).not.toContain(secret)
  })
})
