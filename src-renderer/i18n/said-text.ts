/**
 * Main's words, and the shared rules' (src-common/said), in the desk's language: a message id with its
 * values worded from the catalogues (docs/i18n.md, "Main's words"). Apart from api.ts so that the
 * pure form rules can use it without the page's window.
 */
import type { Said } from '../../src-preload/contract'
import { englishOf } from '../../src-common/said/say'
import { i18n, t } from './i18n'

/** Main's message in the current language; null when this renderer has no such id (an older or newer main). */
function worded(said: Said): string | null {
  const values = Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, typeof value === 'object' ? (worded(value) ?? value.id) : value]))
  // With the values: an id with plural forms exists through its count.
  return i18n.exists(said.id, values) ? t(said.id, values) : null
}

/**
 * A shared rule's judgement (src-common's `…Issue`, the same ids main refuses with) in the desk's
 * language; null when the rule found nothing wrong. The forms judge what is typed with it.
 */
export function issueText(issue: Said | null): string | null {
  return issue ? saidText(issue, englishOf(issue)) : null
}

/** Main's message in the desk's language, or `english` (main's own wording) when this renderer does not know its id. */
export function saidText(said: Said, english: string): string {
  return worded(said) ?? english
}
