import { describe, expect, it } from 'vitest'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { EnvironmentSettings, SETTINGS_BOUNDS } from '../../src-preload/contract'

const D = DEFAULT_ENVIRONMENT_SETTINGS

describe('settings bounds', () => {
  const parse = (patch: (s: EnvironmentSettings) => EnvironmentSettings) => {
    const result = EnvironmentSettings.safeParse(patch(structuredClone(D)))
    return result.success ? null : { field: result.error.issues[0]?.path.join('.'), message: result.error.issues[0]?.message }
  }

  it('accepts the defaults and values at each bound', () => {
    expect(parse((s) => s)).toBeNull()
    const longUrl = `https://shop.example.my/${'x'.repeat(SETTINGS_BOUNDS.urlLength - 'https://shop.example.my/'.length)}`
    expect(longUrl).toHaveLength(SETTINGS_BOUNDS.urlLength)
    expect(parse((s) => ({ ...s, links: { ...s.links, callbackUrl: longUrl } }))).toBeNull()
    expect(parse((s) => ({ ...s, phoneOrders: { ...s.phoneOrders, chargeLimitSen: 10_000_000 } }))).toBeNull()
    const host = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`
    expect(host).toHaveLength(253)
    expect(parse((s) => ({ ...s, listener: { ...s.listener, host } }))).toBeNull()
  })

  it('refuses absurd values with the field and a message', () => {
    expect(parse((s) => ({ ...s, listener: { ...s.listener, host: 'h'.repeat(1_000_000) } }))).toEqual({ field: 'listener.host', message: 'Use at most 253 characters' })
    expect(parse((s) => ({ ...s, listener: { ...s.listener, host: `${'a'.repeat(64)}.example` } }))).toEqual({
      field: 'listener.host',
      message: 'Each part between dots must be at most 63 characters',
    })
    expect(parse((s) => ({ ...s, listener: { ...s.listener, host: '300.1.1.1' } }))?.field).toBe('listener.host')
    expect(parse((s) => ({ ...s, listener: { ...s.listener, publicBaseUrl: `https://${'p'.repeat(200)}.example` } }))).toEqual({
      field: 'listener.publicBaseUrl',
      message: 'Use at most 200 characters',
    })
    expect(parse((s) => ({ ...s, links: { ...s.links, failedUrl: `https://shop.example.my/${'x'.repeat(2000)}` } }))).toEqual({ field: 'links.failedUrl', message: 'Use at most 2,000 characters' })
    expect(parse((s) => ({ ...s, phoneOrders: { ...s.phoneOrders, threeDsSuccessUrl: `https://shop.example.my/${'x'.repeat(2000)}` } }))?.field).toBe('phoneOrders.threeDsSuccessUrl')
    expect(parse((s) => ({ ...s, phoneOrders: { ...s.phoneOrders, chargeLimitSen: 99_999_999_999 } }))).toEqual({ field: 'phoneOrders.chargeLimitSen', message: 'Must be at most RM 100,000.00' })
  })
})
