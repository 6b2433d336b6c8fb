/**
 * The 60-second rule (gateway-interface.md 4.3 and 8), shared by order and refund checks: a status
 * check is due no earlier than 60 s after the later of the payment's completion and the last request
 * to the gateway about it.
 */
import { AppError } from '../bridge/app-error'
import { say, type Said } from '../../src-common/said/say'

export const STATUS_CHECK_DELAY_MS = 60_000

/**
 * When the gateway may last have acted on a request: its answer (or the timeout that ended the wait),
 * not its start. A charge the gateway completes just before it answers, or before a reply that never
 * comes, completes after the request left; 60 s from the start would ask early.
 */
export function lastHeardOf(attempt: { startedAt: string; finishedAt?: string | undefined }): number {
  return Date.parse(attempt.finishedAt ?? attempt.startedAt)
}

/** The instant a check becomes due, from the times of everything that happened to the subject. */
export function dueAfter(times: readonly number[]): Date {
  return new Date(Math.max(...times) + STATUS_CHECK_DELAY_MS)
}

function waitSaid(ms: number): Said {
  const seconds = Math.ceil(ms / 1000)
  return seconds > 60 ? say('said.checks.tooEarlyMinutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 }) : say('said.checks.tooEarly', { seconds })
}

/** Throws TOO_EARLY when `due` is still ahead of `now`. */
export function assertDue(due: Date, now: Date): void {
  const wait = due.getTime() - now.getTime()
  if (wait > 0) {
    throw new AppError('TOO_EARLY', waitSaid(wait))
  }
}

/** What a screen shows: null when no check is useful, else how long until one is due. */
export function checkView(due: Date | null, now: Date): { dueInMs: number } | null {
  return due ? { dueInMs: Math.max(0, due.getTime() - now.getTime()) } : null
}
