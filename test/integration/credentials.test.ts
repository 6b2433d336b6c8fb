/**
 * Credentials in the real keychain (the throw-away gnome-keyring of scripts/with-keyring.mjs), per
 * environment, used by main to sign real calls to a training gateway over loopback, and never
 * visible outside main.
 */
import keytar from 'keytar'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import { callNames, type CallName, type EnvironmentSettings } from '../../src-preload/contract'
import { startTestBackend, type TestBackend } from './backend-fixture'
import { SAMPLE_INPUTS } from './sample-inputs'

const SANDBOX = { clientId: 'BRN-SANDBOX-7781', secretKey: 'SK-sandbox-9f8e7d6c5b4a3210', apiKey: 'doku_key_sandbox_5566778899' }
const PRODUCTION = { clientId: 'BRN-LIVE-0042', secretKey: 'SK-live-0a1b2c3d4e5f6789', apiKey: 'doku_key_live_1122334455' }
const SECRETS = [SANDBOX.secretKey, SANDBOX.apiKey, PRODUCTION.secretKey, PRODUCTION.apiKey, 'SK-sandbox-REPLACED-1234567']

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('gateway credentials', () => {
  let sandboxGateway: Simulator
  let productionGateway: Simulator
  let app: TestBackend

  beforeAll(async () => {
    sandboxGateway = await startSimulator(SANDBOX)
    productionGateway = await startSimulator(PRODUCTION)
  })
  afterAll(async () => {
    await sandboxGateway.close()
    await productionGateway.close()
  })
  beforeEach(async () => {
    app = await startTestBackend({ gatewayUrls: { sandbox: sandboxGateway.baseUrl, production: productionGateway.baseUrl } })
  })
  afterEach(async () => {
    await app.close()
  })

  it('are set, replaced, used by main and removed, per environment, in the OS keychain', async () => {
    const before = await app.call('credentials.get')
    expect(before.keychain).toEqual({ available: true, message: null })
    expect(before.sandbox).toEqual({ clientId: '', secretKeySet: false, apiKeySet: false, apiKeyTrailingColon: false })

    const notYet = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(notYet.checks.map((check) => check.result)).toEqual(['not_configured', 'not_configured'])

    // Set with a wrong secret first, then replace it: main must sign with the replacement.
    await app.call('credentials.update', { environment: 'sandbox', clientId: SANDBOX.clientId, secretKey: 'SK-sandbox-REPLACED-1234567', apiKey: SANDBOX.apiKey })
    const wrong = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(wrong.checks.map((check) => check.result)).toEqual(['auth_failed', 'auth_failed'])
    const replaced = await app.call('credentials.update', { environment: 'sandbox', secretKey: SANDBOX.secretKey })
    expect(replaced.sandbox).toEqual({ clientId: SANDBOX.clientId, secretKeySet: true, apiKeySet: true, apiKeyTrailingColon: false })
    const right = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(right.checks.map((check) => check.result)).toEqual(['ok', 'ok'])

    // The secrets are in the keychain under the app's service name, per environment.
    expect(await keytar.getPassword(app.keychainService, 'sandbox/secretKey')).toBe(SANDBOX.secretKey)
    expect(await keytar.getPassword(app.keychainService, 'sandbox/apiKey')).toBe(SANDBOX.apiKey)
    expect(await keytar.getPassword(app.keychainService, 'production/secretKey')).toBeNull()

    // Production is its own: nothing set there yet, and setting it leaves Sandbox alone.
    expect((await app.call('credentials.get')).production.secretKeySet).toBe(false)
    await app.call('credentials.update', { environment: 'production', clientId: PRODUCTION.clientId, secretKey: PRODUCTION.secretKey, apiKey: PRODUCTION.apiKey })
    expect((await app.call('gateway.testConnection', { environment: 'production' })).checks.map((c) => c.result)).toEqual(['ok', 'ok'])

    // They survive a restart of the app.
    await app.restart()
    expect((await app.call('gateway.testConnection', { environment: 'sandbox' })).checks.map((c) => c.result)).toEqual(['ok', 'ok'])

    const removed = await app.call('credentials.removeSecret', { environment: 'sandbox', secret: 'secretKey' })
    expect(removed.sandbox.secretKeySet).toBe(false)
    expect(removed.production.secretKeySet).toBe(true)
    expect(await keytar.getPassword(app.keychainService, 'sandbox/secretKey')).toBeNull()
    const afterRemoval = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(afterRemoval.checks[0]).toMatchObject({
      result: 'not_configured',
      message: 'Not configured. Set the Secret Key in Settings first.',
      // The detail's id travels with it, for a desk that speaks Malay.
      say: { id: 'said.checks.notConfigured', values: { missing: { id: expect.stringMatching(/^said\./) as unknown } } },
    })
  })

  it('tell an authentication failure from an unreachable gateway', async () => {
    await app.call('credentials.update', { environment: 'sandbox', clientId: 'BRN-SOMEONE-ELSE', secretKey: SANDBOX.secretKey, apiKey: SANDBOX.apiKey })
    const auth = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(auth.checks).toEqual([
      expect.objectContaining({ scheme: 'card', result: 'auth_failed', httpStatus: 401 }),
      expect.objectContaining({ scheme: 'generic', result: 'auth_failed', httpStatus: 401 }),
    ])
    await app.close()
    // A port nothing listens on: the connection is refused.
    const closed = await startSimulator({})
    const deadUrl = closed.baseUrl
    await closed.close()
    app = await startTestBackend({ gatewayUrls: { sandbox: deadUrl } })
    await app.call('credentials.update', { environment: 'sandbox', clientId: SANDBOX.clientId, secretKey: SANDBOX.secretKey, apiKey: SANDBOX.apiKey })
    const down = await app.call('gateway.testConnection', { environment: 'sandbox' })
    expect(down.checks.map((check) => check.result)).toEqual(['unreachable', 'unreachable'])
  })

  it('never leave main: no call returns a secret, no event carries one, no file holds one', async () => {
    expect(Object.keys(SAMPLE_INPUTS).sort()).toEqual([...callNames].sort())
    await app.call('credentials.update', { environment: 'sandbox', clientId: SANDBOX.clientId, secretKey: SANDBOX.secretKey, apiKey: SANDBOX.apiKey })
    await app.call('credentials.update', { environment: 'production', clientId: PRODUCTION.clientId, secretKey: PRODUCTION.secretKey, apiKey: PRODUCTION.apiKey })
    const seen: string[] = []
    app.backend.events.subscribe((name, payload) => seen.push(JSON.stringify({ name, payload })))

    const settings = await app.call('settings.get')
    const inputs: Record<CallName, unknown[]> = {
      ...SAMPLE_INPUTS,
      'settings.update': [{ ...settings.settings, links: { ...settings.settings.links, expiryMinutes: 90 } } satisfies EnvironmentSettings],
      'credentials.removeSecret': [{ environment: 'production', secret: 'apiKey' }],
    }
    for (const name of callNames) {
      for (const input of inputs[name]) {
        const result = await app.backend.dispatch(name, input)
        seen.push(JSON.stringify(result))
      }
    }
    // Errors too: a refused input and a failing call.
    seen.push(JSON.stringify(await app.backend.dispatch('credentials.update', { environment: 'sandbox', secretKey: '' })))
    seen.push(JSON.stringify(await app.backend.dispatch('environment.switch', { environment: 'production' })))
    expect(seen.length).toBeGreaterThan(12)

    await app.stop()
    const files = filesUnder(app.dataDir)
    expect(files.some((file) => file.endsWith('history.sqlite3'))).toBe(true)
    expect(files.some((file) => file.endsWith('main.log'))).toBe(true)
    for (const secret of SECRETS) {
      for (const text of seen) expect(text).not.toContain(secret)
      for (const file of files) expect(readFileSync(file).includes(secret), `${secret} found in ${file}`).toBe(false)
    }
  })
})
