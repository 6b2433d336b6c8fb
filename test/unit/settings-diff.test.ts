import { describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { credentialsAuditEntry, diffPlain, diffSettings, environmentSwitchAuditEntry, settingsAuditEntry } from '../../src-main/settings/settings-diff'
import type { EnvironmentSettings } from '../../src-preload/contract'

const AT = new Date('2025-03-01T08:00:00.000Z')
const D = DEFAULT_ENVIRONMENT_SETTINGS

describe('settings diff', () => {
  it('lists each changed field as path: old → new, and nothing when nothing changed', () => {
    expect(diffSettings(D, structuredClone(D))).toEqual([])
    const after: EnvironmentSettings = {
      ...D,
      links: { ...D.links, callbackUrl: 'https://shop.example.my/thanks', expiryMinutes: 60 },
      phoneOrders: { ...D.phoneOrders, chargeLimitSen: 1_000_00 },
      gateway: { ...D.gateway, blockOnBadSignature: true },
    }
    expect(diffSettings(D, after)).toEqual([
      'links.callbackUrl: "" → "https://shop.example.my/thanks"',
      'links.expiryMinutes: 1440 → 60',
      'phoneOrders.chargeLimitSen: 500000 → 100000',
      'gateway.blockOnBadSignature: false → true',
    ])
  })

  it('shows a field that appears or disappears', () => {
    expect(diffPlain({ a: { b: 1 } }, { a: { b: 1, c: 'x' } })).toEqual(['a.c: (none) → "x"'])
    expect(diffPlain({ a: [1, 2] }, { a: [1, 3] })).toEqual(['a: [1,2] → [1,3]'])
  })

  it('makes an audit entry with who, which environment and the changes, or none for no change', () => {
    expect(settingsAuditEntry({ actor: 'siti', at: AT, environment: 'sandbox', before: D, after: D })).toBeNull()
    const after = { ...D, listener: { ...D.listener, port: 9901 } }
    expect(settingsAuditEntry({ actor: 'siti', at: AT, environment: 'sandbox', before: D, after })).toEqual({
      actor: 'siti',
      action: 'settings.update',
      orderId: null,
      details: { environment: 'sandbox', changes: ['listener.port: 9900 → 9901'] },
      at: '2025-03-01T08:00:00.000Z',
    })
  })

  it('audits credentials by name only: the Client ID value, never a secret (which it never receives)', () => {
    const before = { clientId: 'MCH-OLD', apiKeyTrailingColon: false }
    const entry = credentialsAuditEntry({ actor: 'siti', at: AT, environment: 'production', before, after: { ...before, clientId: 'MCH-NEW' }, set: ['secretKey', 'apiKey'] })
    expect(entry?.details).toEqual({ environment: 'production', changes: ['clientId: "MCH-OLD" → "MCH-NEW"', 'secretKey set', 'apiKey set'] })
    expect(entry?.action).toBe('credentials.update')
    const removed = credentialsAuditEntry({ actor: 'siti', at: AT, environment: 'sandbox', before, after: before, removed: ['apiKey'] })
    expect(removed?.details).toEqual({ environment: 'sandbox', changes: ['apiKey removed'] })
    expect(credentialsAuditEntry({ actor: 'siti', at: AT, environment: 'sandbox', before, after: before })).toBeNull()
  })

  it('audits an environment switch', () => {
    expect(environmentSwitchAuditEntry({ actor: 'siti', at: AT, from: 'training', to: 'production' }).details).toEqual({
      environment: 'production',
      changes: ['environment: "training" → "production"'],
    })
  })
})
