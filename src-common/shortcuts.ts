/**
 * The keyboard shortcuts staff use all day, declared once: the application menu (main) shows them,
 * the renderer's keydown module (src-renderer/features/shortcuts/) runs them, in the desktop app and
 * in the browser alike, and the "Keyboard shortcuts" panel lists them.
 *
 * The menu only displays its accelerators (registerAccelerator: false): the one place that acts on a
 * key is the renderer, so a key never fires twice, and a letter key alone (F, ?) can tell whether
 * the focus is in a text field, where it must type.
 */
export const SHORTCUT_ACTIONS = ['focus-search', 'new-payment-link', 'new-phone-order', 'check-status', 'close-panel', 'show-shortcuts', 'show-about'] as const
export type ShortcutAction = (typeof SHORTCUT_ACTIONS)[number]

export interface KeyChord {
  /** KeyboardEvent.key, compared without case for letters. */
  key: string
  /** Ctrl on Windows and Linux, Cmd on macOS. */
  mod?: boolean
  shift?: boolean
  /** Only when the focus is not in a text field (a letter or a symbol alone). */
  outsideText?: boolean
}

export interface Shortcut {
  action: ShortcutAction
  chords: readonly KeyChord[]
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    action: 'focus-search',
    chords: [
      { key: 'k', mod: true },
      { key: 'f', outsideText: true },
    ],
  },
  { action: 'new-payment-link', chords: [{ key: 'l', mod: true, shift: true }] },
  { action: 'new-phone-order', chords: [{ key: 'p', mod: true, shift: true }] },
  { action: 'check-status', chords: [{ key: 's', mod: true, shift: true }] },
  { action: 'close-panel', chords: [{ key: 'Escape' }] },
  {
    action: 'show-shortcuts',
    chords: [
      { key: '/', mod: true },
      { key: '?', outsideText: true },
    ],
  },
]

export function shortcutFor(action: ShortcutAction): Shortcut | undefined {
  return SHORTCUTS.find((shortcut) => shortcut.action === action)
}

const KEY_NAMES: Record<string, string> = { Escape: 'Esc', '/': '/', '?': '?' }

/** A chord as staff read it: "Ctrl+Shift+L" (Windows, Linux), "⌘⇧L" (macOS). */
export function chordText(chord: KeyChord, mac: boolean): string {
  const key = KEY_NAMES[chord.key] ?? chord.key.toUpperCase()
  if (mac) return `${chord.mod ? '⌘' : ''}${chord.shift ? '⇧' : ''}${key}`
  return [chord.mod ? 'Ctrl' : null, chord.shift ? 'Shift' : null, key].filter(Boolean).join('+')
}

/** A chord as Electron's menu accelerator ("CmdOrCtrl+Shift+L"). */
export function chordAccelerator(chord: KeyChord): string {
  const key = chord.key === 'Escape' ? 'Escape' : chord.key.toUpperCase()
  return [chord.mod ? 'CmdOrCtrl' : null, chord.shift ? 'Shift' : null, key].filter(Boolean).join('+')
}

export interface KeyPress {
  key: string
  ctrlKey: boolean
  metaKey: boolean
  shiftKey: boolean
  altKey: boolean
}

/** Whether a key press is this chord: Cmd on macOS and Ctrl elsewhere is the modifier; Alt never is. */
export function chordMatches(chord: KeyChord, press: KeyPress, mac: boolean, inText: boolean): boolean {
  if (press.altKey) return false
  if (chord.outsideText && inText) return false
  const mod = mac ? press.metaKey : press.ctrlKey
  const otherMod = mac ? press.ctrlKey : press.metaKey
  if (Boolean(chord.mod) !== mod || otherMod) return false
  // '?' is Shift+/ on most layouts: the key itself says it, Shift is not asked again.
  const symbol = !/^[a-z]$/i.test(chord.key)
  if (!symbol && Boolean(chord.shift) !== press.shiftKey) return false
  return chord.key.length === 1 ? press.key.toLowerCase() === chord.key.toLowerCase() : press.key === chord.key
}
