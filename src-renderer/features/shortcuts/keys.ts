/**
 * The renderer's keyboard shortcuts (src-common/shortcuts.ts): one keydown listener on the window,
 * in the desktop app and in the browser alike, and the application menu's `app.shortcut` event.
 *
 * A key acts only when nothing else took it (a field's own Escape, a list's arrows) and when no
 * dialog is open (a confirmation keeps the keyboard to itself); F and ? act only outside text
 * fields, where they type. Escape is left to what is open: the order panel and every dialog close
 * themselves on it (OrdersScreen, OrderDetail, Modal), so it is not handled twice here.
 */
import { chordMatches, SHORTCUTS, type KeyPress, type ShortcutAction } from '../../../src-common/shortcuts'
import { getApi } from '../../api'
import type { Screen } from '../../app/shell-store'
import { useHelpStore } from './shortcuts-store'

export const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week'])

/** Whether a key typed at `target` would write into a field. */
export function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)
}

/** The action a key press asks for, if any (Escape excepted: see above). */
export function actionFor(press: KeyPress, inText: boolean, mac = IS_MAC): ShortcutAction | null {
  for (const shortcut of SHORTCUTS) {
    if (shortcut.action === 'close-panel') continue
    if (shortcut.chords.some((chord) => chordMatches(chord, press, mac, inText))) return shortcut.action
  }
  return null
}

export interface ShortcutContext {
  /** The screens this operator may open. */
  allowed: readonly Screen[]
  current: Screen
  navigate: (screen: Screen) => void
}

/** Focuses the first element matching `selector` once it is on the page (after a screen change renders). */
function focusWhenShown(selector: string, frames = 30): void {
  const element = document.querySelector<HTMLElement>(selector)
  if (element) {
    element.focus()
    return
  }
  if (frames > 0) requestAnimationFrame(() => focusWhenShown(selector, frames - 1))
}

const FIRST_FIELD = 'main.content input:not([type="hidden"]):not([disabled]), main.content select:not([disabled]), main.content textarea:not([disabled])'

export function runShortcut(action: ShortcutAction, context: ShortcutContext): void {
  /** To `screen`, with the focus on `focus` once it shows (null: where the screen puts it itself). */
  const go = (screen: Screen, focus: string | null): void => {
    if (!context.allowed.includes(screen)) return
    if (context.current !== screen) context.navigate(screen)
    if (focus !== null) focusWhenShown(focus)
  }
  switch (action) {
    case 'focus-search':
      go('orders', 'main.content input[type="search"]')
      return
    case 'new-payment-link':
      go('payment-link', FIRST_FIELD)
      return
    case 'new-phone-order':
      // A new caller: an empty screen, the keyboard in "Find customer"; a charge in progress or a result
      // not seen yet is shown instead, where the screen puts the focus. With the screen's code, not the shell's.
      if (!context.allowed.includes('phone-order')) return
      void import('../phone-order/new-order').then(({ FIND_CUSTOMER, startNewPhoneOrder }) => go('phone-order', startNewPhoneOrder() ? FIND_CUSTOMER : null))
      return
    case 'check-status': {
      // The open order's own button (panel or drawer): pressed when the check is due, else shown with its wait.
      const button = document.querySelector<HTMLButtonElement>('.order-detail .status-check button')
      if (!button) return
      if (button.disabled) button.scrollIntoView({ block: 'nearest' })
      else button.click()
      return
    }
    case 'close-panel': {
      // From the menu: an Escape where the focus is, so the panel or dialog closes itself.
      const target = document.activeElement ?? document.body
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
      return
    }
    case 'show-shortcuts':
      useHelpStore.getState().open('shortcuts')
      return
    case 'show-about':
      useHelpStore.getState().open('about')
      return
  }
}

/** Listens for shortcut keys and the menu's events; returns the function that stops listening. */
export function listenForShortcuts(context: () => ShortcutContext): () => void {
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || event.repeat || event.isComposing) return
    // The order drawer (a narrow window's order panel) is a dialog that lets the shortcuts through.
    if ([...document.querySelectorAll('dialog[open]')].some((dialog) => !dialog.querySelector('.order-detail--drawer'))) return
    const action = actionFor(event, inTextField(event.target))
    if (!action) return
    event.preventDefault()
    runShortcut(action, context())
  }
  window.addEventListener('keydown', onKeyDown)
  const offMenu = getApi()?.on('app.shortcut', ({ action }) => runShortcut(action, context())) ?? (() => {})
  return () => {
    window.removeEventListener('keydown', onKeyDown)
    offMenu()
  }
}
