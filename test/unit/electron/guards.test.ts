import { beforeEach, describe, expect, it, vi } from 'vitest'
import { denyAllPermissions, guardAllWebContents, guardWebContents, isOwnPage } from '../../../src-main/electron/guards'
import { createLogger, memorySink } from '../../../src-main/log'
import { app, FakeWebContents, resetFakeElectron, session } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

const START = 'app://bundle/index.html'

function navigationEvent(url: string): { url: string; preventDefault: ReturnType<typeof vi.fn> } {
  return { url, preventDefault: vi.fn() }
}

function guarded(): { contents: FakeWebContents; openExternal: ReturnType<typeof vi.fn>; log: string[] } {
  const contents = new FakeWebContents()
  const openExternal = vi.fn(async () => {})
  const sink = memorySink()
  guardWebContents(contents as never, { startUrl: START, openExternal, log: createLogger(sink) })
  return { contents, openExternal, log: sink.lines }
}

describe('permissions', () => {
  beforeEach(resetFakeElectron)

  it('are all refused, whatever is asked', () => {
    denyAllPermissions(session.defaultSession as never)
    const request = session.defaultSession.setPermissionRequestHandler.mock.calls[0]?.[0] as (contents: unknown, permission: string, callback: (granted: boolean) => void) => void
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'fullscreen']) {
      const callback = vi.fn()
      request({}, permission, callback)
      expect(callback).toHaveBeenCalledWith(false)
    }
    const check = session.defaultSession.setPermissionCheckHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean
    expect(check({}, 'media', 'app://bundle', {})).toBe(false)
    const device = session.defaultSession.setDevicePermissionHandler.mock.calls[0]?.[0] as (...args: unknown[]) => boolean
    expect(device({ deviceType: 'usb' })).toBe(false)
  })
})

describe('navigation', () => {
  it('stays on our own page', () => {
    expect(isOwnPage('app://bundle/index.html#orders', START)).toBe(true)
    expect(isOwnPage('app://bundle/other.html', START)).toBe(true)
    expect(isOwnPage('app://evil/index.html', START)).toBe(false)
    expect(isOwnPage('https://bundle/index.html', START)).toBe(false)
    expect(isOwnPage('file:///etc/passwd', START)).toBe(false)
    expect(isOwnPage('not a url', START)).toBe(false)
    expect(isOwnPage('http://localhost:5173/', 'http://localhost:5173/')).toBe(true)
    expect(isOwnPage('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
  })

  it('to anything else is refused, by link or by redirect', () => {
    const { contents, log } = guarded()
    for (const eventName of ['will-navigate', 'will-redirect']) {
      const away = navigationEvent('https://phishing.example/login')
      contents.emit(eventName, away)
      expect(away.preventDefault).toHaveBeenCalled()
      const home = navigationEvent('app://bundle/index.html')
      contents.emit(eventName, home)
      expect(home.preventDefault).not.toHaveBeenCalled()
    }
    expect(log.some((line) => line.includes('navigation.refused'))).toBe(true)
  })

  it('never attaches a <webview>', () => {
    const { contents } = guarded()
    const event = { preventDefault: vi.fn() }
    contents.emit('will-attach-webview', event, {}, {})
    expect(event.preventDefault).toHaveBeenCalled()
  })
})

describe('window.open', () => {
  it('never opens a window; an https link goes to the system browser', () => {
    const { contents, openExternal } = guarded()
    const open = contents.windowOpenHandler as (details: { url: string }) => { action: string }
    expect(open({ url: 'https://www.doku.com/help' })).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledWith('https://www.doku.com/help')
  })

  it('does not hand anything but https to the system', () => {
    const { contents, openExternal } = guarded()
    const open = contents.windowOpenHandler as (details: { url: string }) => { action: string }
    for (const url of ['http://example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share', 'https://user:pw@example.com', 'app://bundle/index.html']) {
      expect(open({ url })).toEqual({ action: 'deny' })
    }
    expect(openExternal).not.toHaveBeenCalled()
  })

  it("hands the training gateway's loopback pages and mailto drafts to the system, and logs why others are refused", () => {
    const { contents, openExternal, log } = guarded()
    const open = contents.windowOpenHandler as (details: { url: string }) => { action: string }
    for (const url of ['http://127.0.0.1:4010/pay/ABC', 'http://localhost:4010/pay/ABC', 'mailto:siti@example.my?subject=Payment%20link']) {
      expect(open({ url })).toEqual({ action: 'deny' })
      expect(openExternal).toHaveBeenLastCalledWith(url)
    }
    expect(openExternal).toHaveBeenCalledTimes(3)
    expect(open({ url: 'https://user:pw@example.com' })).toEqual({ action: 'deny' })
    expect(openExternal).toHaveBeenCalledTimes(3)
    expect(log.some((line) => line.includes('window_open.refused') && line.includes('the address carries a user name or password'))).toBe(true)
  })

  it('guards every web contents the app creates', () => {
    resetFakeElectron()
    const openExternal = vi.fn(async () => {})
    guardAllWebContents(app as never, { startUrl: START, openExternal, log: createLogger(memorySink()) })
    const contents = new FakeWebContents()
    app.emit('web-contents-created', {}, contents)
    expect(contents.windowOpenHandler).toBeTypeOf('function')
    const away = navigationEvent('https://elsewhere.example')
    contents.emit('will-navigate', away)
    expect(away.preventDefault).toHaveBeenCalled()
  })
})
