/**
 * What the orders screen says about the status tracker and a "Refresh all pending", from main's
 * TrackerStatus with its waits already counted down on the page. Pure, so the wording can be tested.
 */
import type { RefreshProgress, TrackerStatus } from '../../../src-preload/contract'
import { t } from '../../i18n/i18n'
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

/** "Status tracker: following 3 orders and refunds · next check in 0:42", "Offline — …", "Status tracker off". */
export function trackerLine(status: Pick<TrackerStatus, 'state' | 'tracked' | 'dueNow' | 'lastError'>, waits: TrackerWaits): TrackerLine {
  if (status.state === 'off') {
    return { tone: 'off', text: t('tracker.off'), detail: null }
  }
  if (status.state === 'offline') {
    const text = waits.retryInMs === null ? t('tracker.offlineSoon') : waits.retryInMs > 0 ? t('tracker.offlineIn', { wait: countdownText(waits.retryInMs) }) : t('tracker.offlineNow')
    return { tone: 'offline', text, detail: status.lastError }
  }
  if (status.tracked === 0) return { tone: 'running', text: t('tracker.nothing'), detail: null }
  const count = status.tracked
  let text: string
  if (status.dueNow > 0) text = t('tracker.followingChecking', { count, due: status.dueNow })
  else if (waits.nextCheckInMs === null) text = t('tracker.following', { count })
  else if (waits.nextCheckInMs > 0) text = t('tracker.followingNextIn', { count, wait: countdownText(waits.nextCheckInMs) })
  else text = t('tracker.followingNextNow', { count })
  return { tone: 'running', text, detail: null }
}

/** "Checking 12 of 40 · 1 failed" while a refresh runs. */
export function refreshProgressText(progress: Pick<RefreshProgress, 'done' | 'total' | 'failed'>): string {
  const { done, total, failed } = progress
  return failed > 0 ? t('tracker.progressFailed', { done, total, failed }) : t('tracker.progress', { done, total })
}

/**
 * What a finished (or cancelled) refresh came to, in two parts: the result ("Checked 38 (2 failed).")
 * and, when some were not due yet, when they will be ("5 not due yet — the soonest in 0:42 (the gateway
 * asks for 60 s after each payment or request)."), with `nextDueInMs` counted down. Apart, so that only
 * the result is announced, not every tick of the countdown.
 */
export function refreshSummary(progress: Pick<RefreshProgress, 'cancelled' | 'done' | 'total' | 'failed' | 'notDue' | 'nextDueInMs'>): { result: string; notDue: string | null } {
  const { done, total, failed } = progress
  let result: string
  if (progress.cancelled) result = failed > 0 ? t('tracker.cancelledFailed', { done, total, failed }) : t('tracker.cancelled', { done, total })
  else if (total === 0) result = t('tracker.nothingDue')
  else result = failed > 0 ? t('tracker.checkedFailed', { done, failed }) : t('tracker.checked', { done })
  if (progress.notDue === 0) return { result, notDue: null }
  const n = progress.notDue
  const notDue =
    progress.nextDueInMs === null ? t('tracker.notDue', { n }) : progress.nextDueInMs > 0 ? t('tracker.notDueIn', { n, wait: countdownText(progress.nextDueInMs) }) : t('tracker.notDueNow', { n })
  return { result, notDue }
}

/** Whether two reports describe the same refresh at the same point (the soonest wait aside, which moves). */
export function sameRefresh(a: RefreshProgress | null, b: RefreshProgress | null): boolean {
  if (!a || !b) return a === b
  return a.running === b.running && a.cancelled === b.cancelled && a.total === b.total && a.done === b.done && a.failed === b.failed && a.notDue === b.notDue
}
