/**
 * What the listener did with a notification, as the history keeps it (`notifications.result`): the
 * message's id and values as JSON, worded when shown (in the desk's language, in the listener panel
 * and under Home's Needs attention). Rows written before the result was an id hold its English
 * text, read as it was written.
 */
import { isSaid, type Said } from '../../src-common/said/say'
import { readableSummary } from '../../src-common/status-words'

export function storedResult(result: Said): string {
  return JSON.stringify(result)
}

/** The stored result: its Said, or an older row's English (its statuses put in words). */
export function readResult(stored: string): Said | string {
  if (stored.startsWith('{')) {
    try {
      const value: unknown = JSON.parse(stored)
      if (isSaid(value)) return value
    } catch {
      // Not JSON after all: text that happens to start with a brace.
    }
  }
  return readableSummary(stored)
}
