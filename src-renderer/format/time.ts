/** Times as staff read them: local date and time, 24-hour, Malaysian order. */
const DATE_TIME = new Intl.DateTimeFormat('en-MY', { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
const FULL = new Intl.DateTimeFormat('en-MY', { year: 'numeric', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date)
}

export function formatFullTime(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : FULL.format(date)
}

/** The start of a local calendar day (`YYYY-MM-DD` from a date input) as an ISO instant. */
export function startOfLocalDay(day: string): string | null {
  const date = new Date(`${day}T00:00:00`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The start of the local day after `day`: the exclusive end of a "to" date. */
export function startOfNextLocalDay(day: string): string | null {
  const date = new Date(`${day}T00:00:00`)
  if (Number.isNaN(date.getTime())) return null
  date.setDate(date.getDate() + 1)
  return date.toISOString()
}

const DATE = new Intl.DateTimeFormat('en-MY', { year: 'numeric', month: 'short', day: 'numeric' })

/** "12 Nov 2026": a day, without the time. */
export function formatDate(iso: string | null): string {
  if (!iso) return '—'
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : DATE.format(date)
}
