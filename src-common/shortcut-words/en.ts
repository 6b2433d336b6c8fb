/**
 * What each keyboard shortcut does, in words: one source for the desktop app's menu (main's
 * catalogues, `said.shell.shortcut.*`) and the Keyboard shortcuts panel (the renderer's,
 * `shortcuts.action.*`), so that the two never name an action differently. Here and not in the
 * catalogues' own files because the renderer's first screen carries its English catalogue and must
 * not carry main's; one file a language, so that the Malay words load with the Malay catalogue.
 */
import type { ShortcutAction } from '../shortcuts'

export type ShortcutWords = Readonly<Record<Exclude<ShortcutAction, 'show-about'>, string>>

export const SHORTCUT_WORDS_EN: ShortcutWords = {
  'focus-search': 'Search orders',
  'new-payment-link': 'New payment link',
  'new-phone-order': 'New phone order',
  'check-status': 'Check the open order’s status',
  'close-panel': 'Close the open order or dialog',
  'show-shortcuts': 'Keyboard shortcuts',
}
