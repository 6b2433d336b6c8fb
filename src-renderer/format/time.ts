/**
 * Times as staff read them, in the desk's language and in Malaysia time whatever the computer's zone
 * (i18n/formats.ts, Intl en-MY / ms-MY): "23 Nov 2026, 23:59", 24-hour. For code that is not a
 * component; components take the same formats from useFormats() and re-render on a language switch.
 */
import { currentLanguage } from '../i18n/i18n'
import { formatsFor } from '../i18n/formats'
import { isDay } from './day-text'

export function formatDateTime(iso: string | null): string {
  return formatsFor(currentLanguage()).dateTime(iso)
}

export function formatFullTime(iso: string | null): string {
  return formatsFor(currentLanguage()).fullTime(iso)
}

/** "12 Nov 2026": a day, without the time. */
export function formatDate(iso: string | null): string {
  return formatsFor(currentLanguage()).date(iso)
}

/** Malaysia has kept UTC+8 all year since 1982: a day there starts at 16:00 UTC the day before. */
const MALAYSIA_OFFSET = '+08:00'

/**
 * The start of a day in Malaysia (`YYYY-MM-DD` from a date input) as an ISO instant: the day staff
 * picked is the day the list shows its orders under, and the end-of-day report's, on every desk. Null
 * for what is not a day of the calendar (2026-02-31 is not March's second).
 */
export function startOfMalaysiaDay(day: string): string | null {
  return isDay(day) ? new Date(`${day}T00:00:00${MALAYSIA_OFFSET}`).toISOString() : null
}

/** The start of the Malaysia day after `day`: the exclusive end of a "to" date. */
export function startOfNextMalaysiaDay(day: string): string | null {
  const start = startOfMalaysiaDay(day)
  return start === null ? null : new Date(Date.parse(start) + 24 * 60 * 60 * 1000).toISOString()
}
