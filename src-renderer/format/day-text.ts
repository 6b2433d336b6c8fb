/**
 * A Malaysia day as staff write it: day first ("31/12/2026"), as Malaysia writes dates, whatever the
 * computer's own locale. The browser's date input shows the system's order instead (mm/dd/yyyy on a
 * US-English system), where 03/04 reads as March to one person and April to another; the app's date
 * fields (ui/DateField.tsx) read and show this text, and the stores keep the day as `YYYY-MM-DD`.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** Day, month and a four-digit year, split by "/", "-", "." or spaces: 31/12/2026, 1-2-2026, 1.2.2026. */
const DAY_FIRST = /^(\d{1,2})\s*[/.\s-]\s*(\d{1,2})\s*[/.\s-]\s*(\d{4})$/

function realDay(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null
  // Day 0 of the next month is the last day of this one (UTC, so no zone moves it).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Whether `value` is a day of the calendar as `YYYY-MM-DD` (2026-02-31 is not). */
export function isDay(value: string): boolean {
  const parts = ISO_DAY.exec(value)
  return parts !== null && realDay(Number(parts[1]), Number(parts[2]), Number(parts[3])) === value
}

/**
 * The day `text` names as `YYYY-MM-DD`, or null when it names none. Day first; a `YYYY-MM-DD` typed
 * or pasted is read as that day too (it cannot be mistaken). A two-digit year is not guessed at.
 */
export function readDayText(text: string): string | null {
  const trimmed = text.trim()
  if (isDay(trimmed)) return trimmed
  const parts = DAY_FIRST.exec(trimmed)
  return parts ? realDay(Number(parts[3]), Number(parts[2]), Number(parts[1])) : null
}

/** "31/12/2026" for 2026-12-31; anything that is not a day is returned as it is. */
export function dayText(value: string): string {
  const parts = ISO_DAY.exec(value)
  return parts && isDay(value) ? `${parts[3]}/${parts[2]}/${parts[1]}` : value
}

/**
 * What a date field holds for `text`: '' when blank, the day as `YYYY-MM-DD` when it names one, and
 * otherwise the text as typed, so that a screen can say what is wrong with it and nothing is lost.
 */
export function dayFieldValue(text: string): string {
  if (!text.trim()) return ''
  return readDayText(text) ?? text
}

/** `day` moved by `days` (`YYYY-MM-DD` both). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Today in Malaysia (UTC+8, no daylight saving), `YYYY-MM-DD`. */
export function malaysiaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
}

/** What can be wrong with a range of days as typed: catalogue keys, worded where shown. */
export type DayRangeProblem = 'ui.dateField.fromProblem' | 'ui.dateField.toProblem' | 'orders.filters.datesReversed'

/**
 * What is wrong with the range `from`–`to` (DateField values), or null: an end that names no day,
 * or a start after the end. A blank end is no limit, unless `required`.
 */
export function dayRangeProblem(from: string, to: string, { required = false } = {}): DayRangeProblem | null {
  if ((from || required) && !isDay(from)) return 'ui.dateField.fromProblem'
  if ((to || required) && !isDay(to)) return 'ui.dateField.toProblem'
  return from && to && from > to ? 'orders.filters.datesReversed' : null
}
