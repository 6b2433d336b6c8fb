/** The pure parts of the first-run work (issue 19): the shop's name rule, Training's return pages, the radio group's keys, the welcome's form. */
import { describe, expect, it } from 'vitest'
import { FIELD_LIMITS } from '../../src-common/field-limits'
import { tooLongMessage } from '../../src-common/said/english'
import { shopNameIssue } from '../../src-common/shop-name'
import { english } from '../support/rule-english'
import { DEFAULT_ENVIRONMENT_SETTINGS } from '../../src-main/settings/environment-settings'
import { withTrainingReturnPages } from '../../src-main/training'
import { EnvironmentSettings, type LinkDefaults } from '../../src-preload/contract'
import { emptyDraft, withKind } from '../../src-renderer/features/payment-link/link-form'
import { checkDetails, detailsOf, withDetails } from '../../src-renderer/features/welcome/welcome-form'
import { radioKeyTarget } from '../../src-renderer/ui/radio-keys'

describe("the shop's name", () => {
  it('takes the name as the shop writes it, on one printable line of at most 60 characters', () => {
    for (const name of ['', 'Kedai Siti', "Kedai Runcit Pak Ali's (KL)", 'Café Seri — 2nd branch', '  padded  ', 'K'.repeat(60)]) expect(english(shopNameIssue(name)), name).toBeNull()
    expect(english(shopNameIssue('K'.repeat(61)))).toBe(tooLongMessage(FIELD_LIMITS.shopName))
    expect(english(shopNameIssue('Kedai\nSiti'))).toMatch(/one line/)
    expect(english(shopNameIssue('Kedai\u2028Siti'))).toMatch(/one line/)
    expect(english(shopNameIssue('Kedai\tSiti'))).toMatch(/U\+0009/)
    expect(english(shopNameIssue('Kedai\u200dSiti'))).toMatch(/U\+200D/)
    expect(english(shopNameIssue('Kedai\u202eSiti'))).toMatch(/U\+202E/)
  })

  it("is the settings' schema too, with the field's one length", () => {
    const shop = EnvironmentSettings.shape.shop.shape.name
    expect((shop as unknown as { maxLength: number | null }).maxLength).toBe(FIELD_LIMITS.shopName)
    expect(shop.safeParse('  Kedai Siti ').data).toBe('Kedai Siti')
    expect(shop.safeParse('K'.repeat(61)).error?.issues.map((issue) => issue.message)).toEqual([tooLongMessage(FIELD_LIMITS.shopName)])
    expect(shop.safeParse('Kedai\u0000Siti').success).toBe(false)
  })
})

describe("Training's return pages", () => {
  const defaults: LinkDefaults = { invoiceNumber: 'INV-000001', production: false, callbackUrl: '', failedUrl: '', expiryMinutes: 1440, descriptor: '', trainingReturnUrls: null }
  const base = 'http://127.0.0.1:41234'

  it('fill the return addresses Settings left empty, and say which they are', () => {
    expect(withTrainingReturnPages(defaults, base)).toEqual({
      ...defaults,
      callbackUrl: `${base}/return/paid`,
      failedUrl: `${base}/return/failed`,
      trainingReturnUrls: { paid: `${base}/return/paid`, failed: `${base}/return/failed` },
    })
  })

  it('leave an address Settings set alone', () => {
    const set = withTrainingReturnPages({ ...defaults, callbackUrl: 'https://kedai.example.my/thanks' }, base)
    expect(set).toMatchObject({ callbackUrl: 'https://kedai.example.my/thanks', failedUrl: `${base}/return/failed` })
  })
})

describe("the link form's return address as the kind of link changes", () => {
  const base = 'http://127.0.0.1:41234'
  const training = withTrainingReturnPages({ invoiceNumber: 'INV-000001', production: false, callbackUrl: '', failedUrl: '', expiryMinutes: 1440, descriptor: '', trainingReturnUrls: null }, base)

  it("uses Training's return page for card links only: other channels keep the customer on the gateway's result page", () => {
    const card = emptyDraft(training)
    expect(card.callbackUrl).toBe(`${base}/return/paid`)
    const generic = withKind(card, 'generic', training)
    expect(generic.callbackUrl).toBe('')
    expect(withKind(generic, 'card', training).callbackUrl).toBe(`${base}/return/paid`)
    expect(emptyDraft(training, { kind: 'generic', channel: 'EWALLET_TNG' }).callbackUrl).toBe('')
  })

  it('keeps an address staff typed, and an address Settings set, whatever the kind', () => {
    const typed = { ...emptyDraft(training), callbackUrl: 'https://kedai.example.my/thanks' }
    expect(withKind(typed, 'generic', training).callbackUrl).toBe('https://kedai.example.my/thanks')
    const shop = withTrainingReturnPages({ ...training, callbackUrl: 'https://kedai.example.my/paid', failedUrl: '', trainingReturnUrls: null }, base)
    expect(withKind(emptyDraft(shop), 'generic', shop).callbackUrl).toBe('https://kedai.example.my/paid')
  })
})

describe('a radio group of custom options (WAI-ARIA)', () => {
  it('moves to the next option with Right or Down and the previous with Left or Up, wrapping; other keys are left alone', () => {
    expect(radioKeyTarget('ArrowRight', 0, 2)).toBe(1)
    expect(radioKeyTarget('ArrowDown', 1, 2)).toBe(0)
    expect(radioKeyTarget('ArrowLeft', 0, 3)).toBe(2)
    expect(radioKeyTarget('ArrowUp', 2, 3)).toBe(1)
    for (const key of ['Tab', ' ', 'Enter', 'Home', 'End', 'a']) expect(radioKeyTarget(key, 0, 2), key).toBeNull()
    expect(radioKeyTarget('ArrowRight', 0, 0)).toBeNull()
    expect(radioKeyTarget('ArrowRight', -1, 2)).toBeNull()
  })
})

describe("the welcome's form", () => {
  const settings = DEFAULT_ENVIRONMENT_SETTINGS

  it('needs a name; return addresses may stay empty (Training fills them in); a half-typed address is said at once', () => {
    expect(checkDetails(detailsOf(settings))).toEqual({ 'shop.name': 'Enter the shop’s name (or skip the welcome for now)' })
    expect(checkDetails({ shopName: 'Kedai Siti', callbackUrl: '', failedUrl: '' })).toEqual({})
    expect(checkDetails({ shopName: 'Kedai\nSiti', callbackUrl: 'kedai.example.my/thanks', failedUrl: 'ftp://kedai.example.my' })).toEqual({
      'shop.name': 'Use one line: a receipt prints the name on one line',
      'links.callbackUrl': 'Type the whole address, starting with https://',
      'links.failedUrl': 'Type the whole address, starting with https://',
    })
    expect(checkDetails({ shopName: 'Kedai Siti', callbackUrl: ' https://kedai.example.my/thanks ', failedUrl: 'http://localhost:8080/failed' })).toEqual({})
  })

  it('puts its fields into the settings, trimmed, and keeps every other one', () => {
    const next = withDetails(
      { ...settings, links: { ...settings.links, descriptor: 'KEDAI SITI', expiryMinutes: 90 } },
      { shopName: ' Kedai Siti ', callbackUrl: ' https://kedai.example.my/thanks', failedUrl: '' },
    )
    expect(next.shop).toEqual({ name: 'Kedai Siti' })
    expect(next.links).toEqual({ ...settings.links, descriptor: 'KEDAI SITI', expiryMinutes: 90, callbackUrl: 'https://kedai.example.my/thanks', failedUrl: '' })
    expect(next.phoneOrders).toBe(settings.phoneOrders)
    expect(EnvironmentSettings.safeParse(next).success).toBe(true)
  })
})
