/**
 * Main's words in the desk's language: a message id with its values worded from the catalogues
 * (docs/i18n.md, "Main's words"). Apart from api.ts so that code without the page's window (the
 * timeline, Home, the rules' rule-text.ts) can use it.
 */
import type { Said } from '../../src-preload/contract'
import { i18n, t } from './i18n'

/** Main's message in the current language; null when this renderer has no such id (an older or newer main). */
function worded(said: Said): string | null {
  const values = Object.fromEntries(Object.entries(said.values ?? {}).map(([name, value]) => [name, typeof value === 'object' ? (worded(value) ?? value.id) : value]))
  // With the values: an id with plural forms exists through its count.
  return i18n.exists(said.id, values) ? t(said.id, values) : null
}

/** Main's message in the desk's language, or `english` (main's own wording) when this renderer does not know its id. */
export function saidText(said: Said, english: string): string {
  // In English the catalogue has no `said` section: main's own English is that wording (i18n.ts).
  return worded(said) ?? english
}
