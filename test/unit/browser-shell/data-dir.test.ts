import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { defaultDataDir, PRODUCT_NAME } from '../../../src-main/browser-shell/data-dir'
import { browserOpener } from '../../../src-main/browser-shell/open-browser'

describe("browser mode's data folder is the desktop app's (Electron's userData)", () => {
  it("is named after package.json's productName, as Electron names it", () => {
    const { productName } = JSON.parse(readFileSync('package.json', 'utf8')) as { productName: string }
    expect(PRODUCT_NAME).toBe(productName)
  })

  it('Linux: $XDG_CONFIG_HOME, else ~/.config', () => {
    expect(defaultDataDir({ platform: 'linux', env: {}, home: '/home/aminah' })).toBe('/home/aminah/.config/Merchant Back Office')
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '' }, home: '/home/aminah' })).toBe('/home/aminah/.config/Merchant Back Office')
    expect(defaultDataDir({ platform: 'linux', env: { XDG_CONFIG_HOME: '/srv/conf' }, home: '/home/aminah' })).toBe('/srv/conf/Merchant Back Office')
    expect(defaultDataDir({ platform: 'freebsd', env: {}, home: '/home/aminah' })).toBe('/home/aminah/.config/Merchant Back Office')
  })

  it('macOS: ~/Library/Application Support, whatever XDG says', () => {
    expect(defaultDataDir({ platform: 'darwin', env: { XDG_CONFIG_HOME: '/srv/conf' }, home: '/Users/aminah' })).toBe('/Users/aminah/Library/Application Support/Merchant Back Office')
  })

  it("Windows: %APPDATA% (the roaming profile), else the profile's AppData\\Roaming", () => {
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\aminah\\AppData\\Roaming' }, home: 'C:\\Users\\aminah' })).toBe('C:\\Users\\aminah\\AppData\\Roaming\\Merchant Back Office')
    expect(defaultDataDir({ platform: 'win32', env: {}, home: 'C:\\Users\\aminah' })).toBe('C:\\Users\\aminah\\AppData\\Roaming\\Merchant Back Office')
  })
})

describe('opening the system browser', () => {
  const url = 'http://127.0.0.1:41234/__app/enter?token=abc-DEF_123'
  it('uses xdg-open, open or start', () => {
    expect(browserOpener('linux', url)).toEqual({ command: 'xdg-open', args: [url] })
    expect(browserOpener('darwin', url)).toEqual({ command: 'open', args: [url] })
    expect(browserOpener('win32', url)).toEqual({ command: 'cmd', args: ['/c', 'start', '""', url] })
  })
})
