/**
 * The application menu of our own (Electron's default one would offer developer tools to anyone).
 * `buildMenuTemplate` is a pure function of the platform, whether the app is packaged and the words
 * it shows, so that tests can read it under a mocked `electron`; `installMenu` hands it to Electron.
 *
 * The shortcuts of src-common/shortcuts.ts show as the items' accelerators but are not registered
 * with the system (registerAccelerator: false, Windows and Linux): the renderer's keydown module
 * runs them, so a key acts once, and the same way in the browser. A click on an item sends the
 * action to the renderer as the contract's `app.shortcut` event. On macOS a menu's key equivalents
 * are always the system's: there the click is what runs them, and Escape is left to the page.
 */
import { Menu, type MenuItemConstructorOptions } from 'electron'
import { chordAccelerator, shortcutFor, type ShortcutAction } from '../../src-common/shortcuts'

export interface MenuOptions {
  platform: NodeJS.Platform
  isPackaged: boolean
  productName: string
  /** Runs a shortcut in the renderer (the `app.shortcut` event). */
  send: (action: ShortcutAction) => void
  /** Opens the data or the log folder in the system's file manager. */
  openFolder: (folder: 'data' | 'logs') => void
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin'
  const item = (action: ShortcutAction, label?: string): MenuItemConstructorOptions => {
    const shortcut = shortcutFor(action)
    const chord = shortcut?.chords[0]
    const shown = chord && !(mac && chord.key === 'Escape') ? { accelerator: chordAccelerator(chord), registerAccelerator: false } : {}
    return { id: action, label: label ?? shortcut?.label ?? action, ...shown, click: () => options.send(action) }
  }
  const about = item('show-about', `About ${options.productName}`)

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: options.productName,
          submenu: [about, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
        },
      ]
    : []

  const developer: MenuItemConstructorOptions[] = options.isPackaged ? [] : [{ type: 'separator' }, { role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }]

  return [
    ...appMenu,
    {
      label: '&File',
      submenu: [item('new-payment-link'), item('new-phone-order'), { type: 'separator' }, mac ? { role: 'close' } : { role: 'quit', label: 'E&xit' }],
    },
    {
      label: '&Edit',
      submenu: [{ role: 'undo' }, { role: 'redo' }, { type: 'separator' }, { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'selectAll' }],
    },
    {
      label: '&View',
      submenu: [
        item('focus-search'),
        item('check-status'),
        item('close-panel'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...developer,
      ],
    },
    {
      label: '&Window',
      submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }] : [{ role: 'minimize' }, { role: 'close' }],
    },
    {
      role: 'help',
      label: '&Help',
      submenu: [
        item('show-shortcuts'),
        { type: 'separator' },
        { id: 'open-data-folder', label: 'Open the data folder', click: () => options.openFolder('data') },
        { id: 'open-log-folder', label: 'Open the log folder', click: () => options.openFolder('logs') },
        ...(mac ? [] : [{ type: 'separator' } as const, about]),
      ],
    },
  ]
}

export function installMenu(options: MenuOptions): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate(options)))
}
