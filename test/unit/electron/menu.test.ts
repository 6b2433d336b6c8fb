import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SHORTCUTS } from '../../../src-common/shortcuts'
import { buildMenuTemplate, installMenu, type MenuOptions } from '../../../src-main/electron/menu'
import { Menu, resetFakeElectron } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

function options(platform: NodeJS.Platform, isPackaged: boolean): MenuOptions & { sent: string[]; opened: string[] } {
  const sent: string[] = []
  const opened: string[] = []
  return { platform, isPackaged, productName: 'Merchant Back Office', send: (action) => sent.push(action), openFolder: (folder) => opened.push(folder), sent, opened }
}

function items(template: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return template.flatMap((item) => [item, ...(Array.isArray(item.submenu) ? items(item.submenu) : [])])
}

const DEVELOPER_ROLES = new Set(['toggleDevTools', 'reload', 'forceReload'])

describe('the application menu', () => {
  beforeEach(() => resetFakeElectron())

  for (const platform of ['linux', 'win32', 'darwin'] as const) {
    it(`has File, Edit, View, Window and Help on ${platform}, and no developer tools when packaged`, () => {
      const template = buildMenuTemplate(options(platform, true))
      const tops = template.map((item) => (item.label ?? '').replace('&', ''))
      expect(tops.slice(platform === 'darwin' ? 1 : 0)).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
      const all = items(template)
      expect(all.filter((item) => item.role && DEVELOPER_ROLES.has(item.role))).toEqual([])
      expect(all.some((item) => /developer|devtools|inspect/i.test(item.label ?? ''))).toBe(false)
    })
  }

  it('offers the developer tools when run from a checkout', () => {
    const roles = items(buildMenuTemplate(options('linux', false))).map((item) => item.role)
    expect(roles).toEqual(expect.arrayContaining(['toggleDevTools', 'reload']))
  })

  it('carries every shortcut, shown with its keys but left to the page to run (Windows, Linux)', () => {
    const opts = options('win32', true)
    const all = items(buildMenuTemplate(opts))
    for (const shortcut of SHORTCUTS) {
      const item = all.find((entry) => entry.id === shortcut.action)
      expect(item, shortcut.action).toBeDefined()
      expect(item?.label).toBe(shortcut.label)
      expect(item?.registerAccelerator).toBe(false)
      ;(item?.click as () => void)()
    }
    expect(all.find((item) => item.id === 'new-payment-link')?.accelerator).toBe('CmdOrCtrl+Shift+L')
    expect(all.find((item) => item.id === 'focus-search')?.accelerator).toBe('CmdOrCtrl+K')
    expect(all.find((item) => item.id === 'close-panel')?.accelerator).toBe('Escape')
    expect(opts.sent).toEqual(SHORTCUTS.map((shortcut) => shortcut.action))
    expect(all.find((item) => item.id === 'show-about')).toBeDefined()
  })

  it('leaves Escape to the page on macOS, where a menu key is always the system’s', () => {
    const all = items(buildMenuTemplate(options('darwin', true)))
    expect(all.find((item) => item.id === 'close-panel')?.accelerator).toBeUndefined()
    expect(all.find((item) => item.id === 'check-status')?.accelerator).toBe('CmdOrCtrl+Shift+S')
  })

  it('opens the data and the log folders from Help', () => {
    const opts = options('linux', true)
    const all = items(buildMenuTemplate(opts))
    ;(all.find((item) => item.id === 'open-data-folder')?.click as () => void)()
    ;(all.find((item) => item.id === 'open-log-folder')?.click as () => void)()
    expect(opts.opened).toEqual(['data', 'logs'])
  })

  it('is handed to Electron as the application menu', () => {
    installMenu(options('linux', true))
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1)
  })
})
