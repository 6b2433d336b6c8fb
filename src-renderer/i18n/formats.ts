/**
 * Money, numbers, dates and times as staff read them, in the desk's language (`en-MY` or `ms-MY`),
 * from Intl: ringgit with two decimals, grouped thousands, and every time in Malaysia time (UTC+8, no
 * daylight saving) whatever the computer's own time zone, so that two desks and the printed report
 * agree on which day an order belongs to. Integer sen in, exact text out: the amount reaches Intl as a
 * decimal string, never as a float. Pure.
 */
import type { Language } from '../../src-common/languages'

export const MALAYSIA_TIME_ZONE = 'Asia/Kuala_Lumpur'

const LOCALES: Readonly<Record<Language, string>> = { en: 'en-MY', ms: 'ms-MY' }

export interface Formats {
  locale: string
  /** "RM 1,000,000.99" (a no-break space after RM, so the amount never wraps away from it). */
  money: (sen: number) => string
  /** "1,234,567". */
  number: (value: number) => string
  /** "23 Nov 2026, 23:59" (24-hour), or "—" for none; an unreadable value is shown as it is. */
  dateTime: (iso: string | null) => string
  /** With seconds: "23 Nov 2026, 23:59:30". */
  fullTime: (iso: string | null) => string
  /** "23 Nov 2026". */
  date: (iso: string | null) => string
  /** "Monday, 23 November 2026" / "Isnin, 23 November 2026": a report's day. */
  longDate: (iso: string | null) => string
  /** "23:59". */
  time: (iso: string | null) => string
}

/** The decimal text of integer sen ("-12.50"): what Intl formats exactly. */
export function senToDecimal(sen: number): string {
  if (!Number.isSafeInteger(sen)) throw new RangeError(`Not a whole number of sen: ${String(sen)}`)
  const abs = Math.abs(sen)
  const whole = Math.trunc(abs / 100)
  return `${sen < 0 ? '-' : ''}${String(whole)}.${String(abs - whole * 100).padStart(2, '0')}`
}

/** What `make` returns, made at the first call and kept: each formatter is built when first used, not all of them at the first screen. */
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

function timeFormat(locale: string, options: Intl.DateTimeFormatOptions): (iso: string | null) => string {
  const format = madeOnFirstUse(() => new Intl.DateTimeFormat(locale, options))
  return (iso) => {
    if (!iso) return '—'
    const date = new Date(iso)
    return Number.isNaN(date.getTime()) ? iso : format().format(date)
  }
}

const cache = new Map<Language, Formats>()

/** The formats of `language`, made once (Intl formatters are costly to build, about 4 ms each on a first screen, and cheap to use). */
export function formatsFor(language: Language): Formats {
  const known = cache.get(language)
  if (known) return known
  const locale = LOCALES[language]
  const zone = { timeZone: MALAYSIA_TIME_ZONE }
  const money = madeOnFirstUse(() => new Intl.NumberFormat(locale, { style: 'currency', currency: 'MYR', minimumFractionDigits: 2, maximumFractionDigits: 2 }))
  const number = madeOnFirstUse(() => new Intl.NumberFormat(locale))
  const minutes = { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone } as const
  const formats: Formats = {
    locale,
    // format() takes a decimal string exactly (Intl.NumberFormat v3); the type only lists number and bigint.
    money: (sen) => money().format(senToDecimal(sen) as unknown as number),
    number: (value) => number().format(value),
    dateTime: timeFormat(locale, minutes),
    fullTime: timeFormat(locale, { ...minutes, second: '2-digit' }),
    date: timeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', ...zone }),
    longDate: timeFormat(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', ...zone }),
    time: timeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone }),
  }
  cache.set(language, formats)
  return formats
}

/**
 * The formats of `language` as steps, one formatter each, that build it and load its locale data
 * (the first money format cost 20 ms of a sign-in in one profile): for the page to run while it
 * waits, so that the first screen showing money or times does not.
 */
/** A sample of each format: formatting it builds the formatter and loads its locale data (see warmFormats). */
const SAMPLE_TIME = '2026-01-01T00:00:00Z'

export function warmFormats(language: Language): Array<() => void> {
  const formats = formatsFor(language)
  return [() => formats.money(0), () => formats.number(0), () => formats.dateTime(SAMPLE_TIME), () => formats.fullTime(SAMPLE_TIME), () => formats.date(SAMPLE_TIME), () => formats.time(SAMPLE_TIME)]
}
