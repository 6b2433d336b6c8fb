/**
 * The application menu of our own (Electron's default one would offer developer tools to anyone).
 * `buildMenuTemplate` is a pure function of the platform, whether the app is packaged and the words
 * it shows, so that tests can read it under a mocked `electron`; `installMenu` hands it to Electron,
 * again whenever the desk's language changes (its words are the desk's: shell-words.ts).
 *
 * The shortcuts of src-common/shortcuts.ts show as the items' accelerators but are not registered
 * with the system (registerAccelerator: false, Windows and Linux): the renderer's keydown module
 * runs them, so a key acts once, and the same way in the browser. A click on an item sends the
 * action to the renderer as the contract's `app.shortcut` event. On macOS a menu's key equivalents
 * are always the system's: there the click is what runs them, and Escape is left to the page.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron'
import { chordAccelerator, shortcutFor, type ShortcutAction } from '../../src-common/shortcuts'
import type { ShellId, ShellWords } from '../shell-words'

export interface MenuOptions {
  platform: NodeJS.Platform
  isPackaged: boolean
  productName: string
  /** The desk's language's words. */
  words: ShellWords
  /** Runs a shortcut in the renderer (the `app.shortcut` event). */
  send: (action: ShortcutAction) => void
  /** Opens the data or the log folder in the system's file manager. */
  openFolder: (folder: 'data' | 'logs') => void
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin'
  const { words } = options
  const name = { name: options.productName }
  const item = (action: ShortcutAction, label: string): MenuItemConstructorOptions => {
    const chord = shortcutFor(action)?.chords[0]
    const shown = chord && !(mac && chord.key === 'Escape') ? { accelerator: chordAccelerator(chord), registerAccelerator: false } : {}
    return { id: action, label, ...shown, click: () => options.send(action) }
  }
  const shortcut = (action: Exclude<ShortcutAction, 'show-about'>): MenuItemConstructorOptions => item(action, words(`said.shell.shortcut.${action}`))
  const about = item('show-about', words('said.shell.menu.about', name))
  // Electron's role does the work; the label is ours, in the desk's language.
  const role = (which: MenuItemConstructorOptions['role'], id: ShellId, values?: Record<string, string>): MenuItemConstructorOptions => ({ role: which, label: words(id, values) })
  const separator = { type: 'separator' } as const

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.productName,
          submenu: [
            about,
            separator,
            role('services', 'said.shell.menu.services'),
            separator,
            role('hide', 'said.shell.menu.hide', name),
            role('hideOthers', 'said.shell.menu.hideOthers'),
            role('unhide', 'said.shell.menu.showAll'),
            separator,
            role('quit', 'said.shell.menu.quit', name),
          ],
        },
      ]
    : []

  // Only from a checkout: Electron's own English words (a packaged app has none of them).
  const developer: MenuItemConstructorOptions[] = options.isPackaged ? [] : [separator, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }]

  return [
    ...appMenu,
    {
      label: words('said.shell.menu.file'),
      submenu: [shortcut('new-payment-link'), shortcut('new-phone-order'), separator, mac ? role('close', 'said.shell.menu.closeWindow') : role('quit', 'said.shell.menu.exit')],
    },
    {
      label: words('said.shell.menu.edit'),
      submenu: [
        role('undo', 'said.shell.menu.undo'),
        role('redo', 'said.shell.menu.redo'),
        separator,
        role('cut', 'said.shell.menu.cut'),
        role('copy', 'said.shell.menu.copy'),
        role('paste', 'said.shell.menu.paste'),
        role('selectAll', 'said.shell.menu.selectAll'),
      ],
    },
    {
      label: words('said.shell.menu.view'),
      submenu: [
        shortcut('focus-search'),
        shortcut('check-status'),
        shortcut('close-panel'),
        separator,
        role('resetZoom', 'said.shell.menu.actualSize'),
        role('zoomIn', 'said.shell.menu.zoomIn'),
        role('zoomOut', 'said.shell.menu.zoomOut'),
        separator,
        role('togglefullscreen', 'said.shell.menu.fullScreen'),
        ...developer,
      ],
    },
    {
      label: words('said.shell.menu.window'),
      submenu: mac
        ? [role('minimize', 'said.shell.menu.minimize'), role('zoom', 'said.shell.menu.zoom'), separator, role('front', 'said.shell.menu.bringAllToFront')]
        : [role('minimize', 'said.shell.menu.minimize'), role('close', 'said.shell.menu.close')],
    },
    {
      role: 'help',
      label: words('said.shell.menu.help'),
      submenu: [
        shortcut('show-shortcuts'),
        separator,
        { id: 'open-data-folder', label: words('said.shell.menu.openDataFolder'), click: () => options.openFolder('data') },
        { id: 'open-log-folder', label: words('said.shell.menu.openLogFolder'), click: () => options.openFolder('logs') },
        ...(mac ? [] : [separator, about]),
      ],
    },
  ]
}

export function installMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options)))
}
