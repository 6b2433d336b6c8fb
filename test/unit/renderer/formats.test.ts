import { describe, expect, it } from 'vitest'
import { formatsFor, senToDecimal, warmFormats } from '../../../src-renderer/i18n/formats'
import { languageFromSystem } from '../../../src-common/languages'
import { formatDateTime, startOfMalaysiaDay, startOfNextMalaysiaDay } from '../../../src-renderer/format/time'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'

const NBSP = '\u00a0'
const en = formatsFor('en')
const ms = formatsFor('ms')

describe('money in both languages', () => {
  it('is ringgit with two decimals and grouped thousands, exact to the sen', () => {
    for (const f of [en, ms]) {
      expect(f.money(100_000_099)).toBe(`RM${NBSP}1,000,000.99`)
      expect(f.money(0)).toBe(`RM${NBSP}0.00`)
      expect(f.money(5)).toBe(`RM${NBSP}0.05`)
      expect(f.money(12_850)).toBe(`RM${NBSP}128.50`)
      expect(f.money(-1_250)).toBe(`-RM${NBSP}12.50`)
      // Beyond what a float of ringgit holds exactly: still exact, because Intl gets decimal text.
      expect(f.money(900_719_925_474_099)).toBe(`RM${NBSP}9,007,199,254,740.99`)
    }
  })

  it('refuses what is not a whole number of sen', () => {
    expect(() => en.money(1.5)).toThrow(/whole number of sen/)
    expect(senToDecimal(-7)).toBe('-0.07')
  })

  it('numbers are grouped the Malaysian way in both', () => {
    expect(en.number(1_234_567)).toBe('1,234,567')
    expect(ms.number(1_234_567)).toBe('1,234,567')
  })
})

describe('dates and times, always in Malaysia time', () => {
  // 23:59:30 on 23 December in Malaysia is 15:59:30 UTC; a minute later it is the 24th there.
  const beforeMidnight = '2026-12-23T15:59:30.000Z'
  const afterMidnight = '2026-12-23T16:00:30.000Z'

  it('a time near midnight falls on the Malaysian day, in each language’s words', () => {
    expect(en.dateTime(beforeMidnight)).toBe('23 Dec 2026, 23:59')
    expect(ms.dateTime(beforeMidnight)).toBe('23 Dis 2026, 23:59')
    expect(en.dateTime(afterMidnight)).toBe('24 Dec 2026, 00:00')
    expect(ms.dateTime(afterMidnight)).toBe('24 Dis 2026, 00:00')
    expect(en.fullTime(beforeMidnight)).toBe('23 Dec 2026, 23:59:30')
    expect(en.date(afterMidnight)).toBe('24 Dec 2026')
    expect(ms.date(afterMidnight)).toBe('24 Dis 2026')
    expect(en.longDate(afterMidnight)).toBe('Thursday, 24 December 2026')
    expect(ms.longDate(afterMidnight)).toBe('Khamis, 24 Disember 2026')
    expect(ms.time(beforeMidnight)).toBe('23:59')
  })

  it('says "—" for no time and shows an unreadable one as it is', () => {
    expect(en.dateTime(null)).toBe('—')
    expect(ms.date('not a date')).toBe('not a date')
  })
})

describe('days and times outside components', () => {
  it("speak the desk's language and Malaysia time, and a picked day is a Malaysia day", async () => {
    expect(formatDateTime('2026-12-23T15:59:00.000Z')).toBe('23 Dec 2026, 23:59')
    await switchLanguage('ms')
    try {
      expect(formatDateTime('2026-12-23T16:00:00.000Z')).toBe('24 Dis 2026, 00:00')
    } finally {
      await switchLanguage('en')
    }
    // The Orders filter's "23 Dec" starts at midnight in Malaysia and ends before the next one.
    expect(startOfMalaysiaDay('2026-12-23')).toBe('2026-12-22T16:00:00.000Z')
    expect(startOfNextMalaysiaDay('2026-12-31')).toBe('2026-12-31T16:00:00.000Z')
    expect(startOfMalaysiaDay('23/12/2026')).toBeNull()
  })
})

describe('the language of a first start', () => {
  it('follows the system when it prefers Malay or English, English otherwise', () => {
    expect(languageFromSystem(['ms-MY', 'en-US'])).toBe('ms')
    expect(languageFromSystem(['zh-CN', 'ms'])).toBe('ms')
    expect(languageFromSystem(['en-GB', 'ms-MY'])).toBe('en')
    expect(languageFromSystem(['zh-CN', 'ta-IN'])).toBe('en')
    expect(languageFromSystem([])).toBe('en')
  })
})

describe('formats made ahead', () => {
  it("builds each of a language's formatters once, and they format as before", () => {
    const steps = warmFormats('ms')
    expect(steps.length).toBeGreaterThanOrEqual(6)
    for (const step of steps) step()
    expect(formatsFor('ms')).toBe(ms)
    expect(ms.money(12_850)).toBe(`RM${NBSP}128.50`)
    expect(ms.time('2026-11-23T01:00:00Z')).toBe('09:00')
  })
})

describe('a card whose brand the gateway did not say', () => {
  it('is "Card" in the desk language, on the screens and in main\'s timeline lines', async () => {
    const unbranded = { brand: null, masked: null, last4: '5332' }
    const { cardText, brandLabel, brandShort } = await import('../../../src-renderer/format/card')
    const { cardSaid } = await import('../../../src-common/said/card-said')
    const { say } = await import('../../../src-common/said/say')
    const { saidText } = await import('../../../src-renderer/i18n/said-text')
    const timeline = say('said.timeline.phoneOrder', { card: cardSaid(unbranded, say('said.timeline.savedCard')) })
    const saved = say('said.timeline.cardSaved', { card: cardSaid({}, say('said.timeline.aCard')), customer: 'Mei Ling' })
    expect(cardText(unbranded)).toBe('Card •••• 5332')
    // A brand's name is the same in every language.
    expect(cardSaid({ brand: 'VISA', last4: '5332' }, say('said.timeline.savedCard'))).toBe('Visa •••• 5332')
    await switchLanguage('ms')
    try {
      expect(cardText(unbranded)).toBe('Kad •••• 5332')
      expect(brandLabel('')).toBe('Kad')
      expect(brandShort(null)).toBe('KAD')
      expect(cardText({ brand: 'MASTERCARD', last4: '0038' })).toBe('Mastercard •••• 0038')
      expect(saidText(timeline, '')).toBe('Pesanan telefon: caj MOTO pada Kad •••• 5332')
      expect(saidText(saved, '')).toBe('Kad disimpan untuk Mei Ling')
    } finally {
      await switchLanguage('en')
    }
  })

  it('names FPX online banking in the desk’s language on a link’s timeline, brands as they are', async () => {
    const { channelSaid } = await import('../../../src-common/said/channel-said')
    const { say } = await import('../../../src-common/said/say')
    const { saidText } = await import('../../../src-renderer/i18n/said-text')
    const fpx = say('said.timeline.linkAsked', { channel: channelSaid('INTERNET_BANKING_FPX') })
    const grab = say('said.timeline.linkAsked', { channel: channelSaid('EWALLET_GRABPAY') })
    const { englishOf } = await import('../../../src-common/said/english')
    expect(englishOf(fpx)).toBe('Link asked for: FPX online banking payment')
    await switchLanguage('ms')
    try {
      expect(saidText(fpx, '')).toBe('Pautan diminta: bayaran perbankan dalam talian FPX')
      expect(saidText(grab, '')).toBe('Pautan diminta: bayaran GrabPay')
    } finally {
      await switchLanguage('en')
    }
  })
})
