import type { MenuItemConstructorOptions } from 'electron'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { SHORTCUT_WORDS_EN } from '../../../src-common/shortcut-words/en'
import { SHORTCUTS } from '../../../src-common/shortcuts'
import { buildMenuTemplate, installMenu, type MenuOptions } from '../../../src-main/electron/menu'
import { shellWords } from '../../../src-main/shell-words'
import type { Language } from '../../../src-common/languages'
import { shortcuts as englishPanel } from '../../../src-renderer/i18n/en/shortcuts'
import { shortcuts as malayPanel } from '../../../src-renderer/i18n/ms/shortcuts'
import { Menu, resetFakeElectron } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

function options(platform: NodeJS.Platform, isPackaged: boolean, language: Language = 'en'): MenuOptions & { sent: string[]; opened: string[] } {
  const sent: string[] = []
  const opened: string[] = []
  return {
    platform,
    isPackaged,
    productName: 'Merchant Back Office',
    words: shellWords(language),
    send: (action) => sent.push(action),
    openFolder: (folder) => opened.push(folder),
    sent,
    opened,
  }
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
      expect(item?.label).toBe(SHORTCUT_WORDS_EN[shortcut.action as keyof typeof SHORTCUT_WORDS_EN])
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

  for (const platform of ['linux', 'darwin'] as const) {
    it(`speaks the desk's language: every item a person reads is in Bahasa Melayu on a Malay desk (${platform})`, () => {
      const all = items(buildMenuTemplate(options(platform, true, 'ms')))
      const tops = buildMenuTemplate(options(platform, true, 'ms')).map((item) => item.label)
      expect(tops.slice(platform === 'darwin' ? 1 : 0)).toEqual(['&Fail', '&Edit', '&Paparan', '&Tetingkap', '&Bantuan'])
      const english = new Map(items(buildMenuTemplate(options(platform, true, 'en'))).map((item, index) => [index, item.label]))
      const shown = all.filter((item) => item.type !== 'separator')
      // Every item has its own label (none left to Electron's English role names)…
      expect(shown.filter((item) => !item.label).map((item) => item.role ?? item.id)).toEqual([])
      // …and each differs from the English menu's, but the brand and Edit (the same word in both).
      const same = all.map((item, index) => (item.label !== undefined && item.label === english.get(index) ? item.label : null)).filter((label) => label !== null)
      expect(same).toEqual(platform === 'darwin' ? ['Merchant Back Office', '&Edit'] : ['&Edit'])
      expect(all.find((item) => item.id === 'new-payment-link')?.label).toBe('Pautan pembayaran baharu')
      expect(all.find((item) => item.id === 'open-data-folder')?.label).toBe('Buka folder data')
      expect(all.find((item) => item.id === 'show-about')?.label).toBe('Perihal Merchant Back Office')
    })
  }

  it('is named as it reads by the About panel, which tells where the data folder opens', () => {
    for (const [language, panel] of [
      ['en', englishPanel],
      ['ms', malayPanel],
    ] as const) {
      const words = shellWords(language)
      expect(panel.about.openDesktop).toContain(`${words('said.shell.menu.help').replace('&', '')} › ${words('said.shell.menu.openDataFolder')}`)
    }
  })

  it('is handed to Electron as the application menu', () => {
    installMenu(options('linux', true))
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(1)
  })
})
