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
import type { ShellWords } from './shell-words'

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

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.productName,
          submenu: [
            about,
            { type: 'separator' },
            { role: 'services', label: words('said.shell.menu.services') },
            { type: 'separator' },
            { role: 'hide', label: words('said.shell.menu.hide', name) },
            { role: 'hideOthers', label: words('said.shell.menu.hideOthers') },
            { role: 'unhide', label: words('said.shell.menu.showAll') },
            { type: 'separator' },
            { role: 'quit', label: words('said.shell.menu.quit', name) },
          ],
        },
      ]
    : []

  // Only from a checkout: Electron's own English words (a packaged app has none of them).
  const developer: MenuItemConstructorOptions[] = options.isPackaged ? [] : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }]

  return [
    ...appMenu,
    {
      label: words('said.shell.menu.file'),
      submenu: [
        shortcut('new-payment-link'),
        shortcut('new-phone-order'),
        { type: 'separator' },
        mac ? { role: 'close', label: words('said.shell.menu.closeWindow') } : { role: 'quit', label: words('said.shell.menu.exit') },
      ],
    },
    {
      label: words('said.shell.menu.edit'),
      submenu: [
        { role: 'undo', label: words('said.shell.menu.undo') },
        { role: 'redo', label: words('said.shell.menu.redo') },
        { type: 'separator' },
        { role: 'cut', label: words('said.shell.menu.cut') },
        { role: 'copy', label: words('said.shell.menu.copy') },
        { role: 'paste', label: words('said.shell.menu.paste') },
        { role: 'selectAll', label: words('said.shell.menu.selectAll') },
      ],
    },
    {
      label: words('said.shell.menu.view'),
      submenu: [
        shortcut('focus-search'),
        shortcut('check-status'),
        shortcut('close-panel'),
        { type: 'separator' },
        { role: 'resetZoom', label: words('said.shell.menu.actualSize') },
        { role: 'zoomIn', label: words('said.shell.menu.zoomIn') },
        { role: 'zoomOut', label: words('said.shell.menu.zoomOut') },
        { type: 'separator' },
        { role: 'togglefullscreen', label: words('said.shell.menu.fullScreen') },
        ...developer,
      ],
    },
    {
      label: words('said.shell.menu.window'),
      submenu: mac
        ? [
            { role: 'minimize', label: words('said.shell.menu.minimize') },
            { role: 'zoom', label: words('said.shell.menu.zoom') },
            { type: 'separator' },
            { role: 'front', label: words('said.shell.menu.bringAllToFront') },
          ]
        : [
            { role: 'minimize', label: words('said.shell.menu.minimize') },
            { role: 'close', label: words('said.shell.menu.close') },
          ],
    },
    {
      role: 'help',
      label: words('said.shell.menu.help'),
      submenu: [
        shortcut('show-shortcuts'),
        { type: 'separator' },
        { id: 'open-data-folder', label: words('said.shell.menu.openDataFolder'), click: () => options.openFolder('data') },
        { id: 'open-log-folder', label: words('said.shell.menu.openLogFolder'), click: () => options.openFolder('logs') },
        ...(mac ? [] : [{ type: 'separator' } as const, about]),
      ],
    },
  ]
}

export function installMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options)))
}
