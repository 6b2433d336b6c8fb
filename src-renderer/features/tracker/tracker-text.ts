/**
 * What the orders screen says about the status tracker and a "Refresh all pending", from main's
 * TrackerStatus with its waits already counted down on the page. Pure, so the wording can be tested.
 */
import type { RefreshProgress, TrackerStatus } from '../../../src-preload/contract'
import { countdownText } from '../../ui/countdown'

export type TrackerTone = 'running' | 'offline' | 'off'

export interface TrackerLine {
  tone: TrackerTone
  /** The line itself. */
  text: string
  /** A second, quieter line (the gateway's last error), or null. */
  detail: string | null
}

/** The waits of a status as they stand now (main's ms, less the time since it sent them). */
export type TrackerWaits = Pick<TrackerStatus, 'nextCheckInMs' | 'retryInMs'>

const things = (n: number): string => (n === 1 ? '1 order or refund' : `${String(n)} orders and refunds`)

/** "Status tracker: following 3 orders and refunds · next check in 0:42", "Offline — …", "Status tracker off". */
export function trackerLine(status: Pick<TrackerStatus, 'state' | 'tracked' | 'dueNow' | 'lastError'>, waits: TrackerWaits): TrackerLine {
  if (status.state === 'off') {
    return { tone: 'off', text: 'Status tracker off', detail: null }
  }
  if (status.state === 'offline') {
    const retry = waits.retryInMs === null ? 'retrying soon' : waits.retryInMs > 0 ? `retrying in ${countdownText(waits.retryInMs)}` : 'retrying now'
    return { tone: 'offline', text: `Offline — the gateway could not be reached; ${retry}`, detail: status.lastError }
  }
  if (status.tracked === 0) return { tone: 'running', text: 'Status tracker: nothing is waiting for an answer', detail: null }
  let next = ''
  if (status.dueNow > 0) next = ` · checking ${String(status.dueNow)} now`
  else if (waits.nextCheckInMs !== null) next = waits.nextCheckInMs > 0 ? ` · next check in ${countdownText(waits.nextCheckInMs)}` : ' · next check due now'
  return { tone: 'running', text: `Status tracker: following ${things(status.tracked)}${next}`, detail: null }
}

/** "Checking 12 of 40 · 1 failed" while a refresh runs. */
export function refreshProgressText(progress: Pick<RefreshProgress, 'done' | 'total' | 'failed'>): string {
  const failed = progress.failed > 0 ? ` · ${String(progress.failed)} failed` : ''
  return `Checked ${String(progress.done)} of ${String(progress.total)}${failed}`
}

/**
 * What a finished (or cancelled) refresh came to, in two parts: the result ("Checked 38 (2 failed).")
 * and, when some were not due yet, when they will be ("5 not due yet — the soonest in 0:42 (the gateway
 * asks for 60 s after each payment or request)."), with `nextDueInMs` counted down. Apart, so that only
 * the result is announced, not every tick of the countdown.
 */
export function refreshSummary(progress: Pick<RefreshProgress, 'cancelled' | 'done' | 'total' | 'failed' | 'notDue' | 'nextDueInMs'>): { result: string; notDue: string | null } {
  const failed = progress.failed > 0 ? ` (${String(progress.failed)} failed)` : ''
  let result: string
  if (progress.cancelled) result = `Refresh cancelled after ${String(progress.done)} of ${String(progress.total)}${failed}.`
  else if (progress.total === 0) result = 'Nothing was due for a check.'
  else result = `Checked ${String(progress.done)}${failed}.`
  if (progress.notDue === 0) return { result, notDue: null }
  const soonest =
    progress.nextDueInMs === null ? '' : progress.nextDueInMs > 0 ? ` — the soonest in ${countdownText(progress.nextDueInMs)}` : ' — the soonest is due now'
  return { result, notDue: `${String(progress.notDue)} not due yet${soonest} (the gateway asks for 60 s after each payment or request).` }
}

/** Whether two reports describe the same refresh at the same point (the soonest wait aside, which moves). */
export function sameRefresh(a: RefreshProgress | null, b: RefreshProgress | null): boolean {
  if (!a || !b) return a === b
  return a.running === b.running && a.cancelled === b.cancelled && a.total === b.total && a.done === b.done && a.failed === b.failed && a.notDue === b.notDue
}
