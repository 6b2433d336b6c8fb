import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { devServerRefusal, isLoopbackHost, trustedDevServerUrl } from '../../../src-main/electron/dev-server'
import { createLogger, memorySink } from '../../../src-main/log'
import { callChannel } from '../../../src-preload/contract'
import type * as FakeElectronModule from './fake-electron'

type FakeElectron = typeof FakeElectronModule

vi.mock('electron', () => import('./fake-electron'))
vi.mock('../../../src-main/backend', async () => {
  const { createEventBus } = await import('../../../src-main/bridge/event-bus')
  const { createLogger, memorySink } = await import('../../../src-main/log')
  return {
    createBackend: vi.fn(() => ({
      dispatch: vi.fn(() => Promise.resolve({ ok: true, value: 'answer' })),
      events: createEventBus(),
      log: createLogger(memorySink()),
      close: vi.fn(async () => {}),
    })),
  }
})

describe('which dev-server address may be used', () => {
  it('accepts only loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.255.0.9', '[::1]']) expect(isLoopbackHost(host)).toBe(true)
    for (const host of ['evil.example', 'localhost.evil.example', '128.0.0.1', '10.0.0.1', '0.0.0.0', '[::ffff:7f00:1]', '[::]', '127.0.0.1.nip.io']) {
      expect(isLoopbackHost(host)).toBe(false)
    }
  })

  it('refuses every address when packaged, and non-loopback, non-http or credentialled ones when not', () => {
    expect(devServerRefusal('http://localhost:5173/', true)).toBe('packaged')
    expect(devServerRefusal('http://localhost:5173/', false)).toBeNull()
    expect(devServerRefusal('https://127.0.0.1:5173/', false)).toBeNull()
    expect(devServerRefusal('http://127.1:5173/', false)).toBeNull()
    expect(devServerRefusal('http://[::1]:5173/', false)).toBeNull()
    expect(devServerRefusal('https://evil.example/', false)).toBe('not_loopback')
    expect(devServerRefusal('http://192.168.1.20:5173/', false)).toBe('not_loopback')
    expect(devServerRefusal('file:///tmp/index.html', false)).toBe('not_http')
    expect(devServerRefusal('javascript:alert(1)', false)).toBe('not_http')
    expect(devServerRefusal('http://user:pw@localhost:5173/', false)).toBe('has_credentials')
    expect(devServerRefusal('not a url', false)).toBe('not_a_url')
  })

  it('logs why an address is ignored, without the address', () => {
    const sink = memorySink()
    expect(trustedDevServerUrl('https://evil.example/x', { isPackaged: false, log: createLogger(sink) })).toBeUndefined()
    expect(sink.lines).toHaveLength(1)
    expect(sink.lines[0]).toContain('"dev_server_url.ignored"')
    expect(sink.lines[0]).toContain('"not_loopback"')
    expect(sink.lines[0]).not.toContain('evil.example')
    expect(trustedDevServerUrl(undefined, { isPackaged: true, log: createLogger(sink) })).toBeUndefined()
    expect(sink.lines).toHaveLength(1)
  })
})

/** Runs src-main/electron/main.ts (the app's entry) with this environment, against the fake Electron. */
async function startMain(env: string | undefined, isPackaged: boolean) {
  vi.resetModules()
  // The mocked 'electron', i.e. the same fake the entry will import (./fake-electron itself may be a
  // fresh copy after resetModules).
  const electron = (await import('electron')) as unknown as FakeElectron
  electron.resetFakeElectron()
  electron.app.isPackaged = isPackaged
  if (env === undefined) delete process.env['ELECTRON_RENDERER_URL']
  else process.env['ELECTRON_RENDERER_URL'] = env
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
  await import('../../../src-main/electron/main')
  electron.app.becomeReady()
  await new Promise((resolve) => setImmediate(resolve))
  const window = electron.FakeBrowserWindow.created[0]
  if (!window) throw new Error('no window was opened')
  const handler = electron.ipcMain.handlers.get(callChannel('app.info')) as (event: object, input: unknown) => Promise<unknown>
  /** Calls app.info as if the window's main frame showed `url`. */
  const callFrom = (url: string): Promise<unknown> => {
    window.webContents.mainFrame.url = url
    return handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, undefined)
  }
  const logged = stderr.mock.calls.map(([line]) => String(line)).join('')
  return { electron, window, callFrom, logged }
}

describe('the app entry and ELECTRON_RENDERER_URL', () => {
  const saved = process.env['ELECTRON_RENDERER_URL']
  beforeEach(() => {
    vi.restoreAllMocks()
  })
  afterEach(async () => {
    const electron = (await import('electron')) as unknown as FakeElectron
    electron.app.isPackaged = false
    if (saved === undefined) delete process.env['ELECTRON_RENDERER_URL']
    else process.env['ELECTRON_RENDERER_URL'] = saved
    vi.restoreAllMocks()
  })

  const forbidden = { ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) as unknown } }

  it('packaged: ignores the variable, loads app://bundle/ and trusts only app://', async () => {
    const { window, callFrom, logged } = await startMain('http://localhost:5173/', true)
    expect(window.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
    expect(window.loadURL).toHaveBeenCalledTimes(1)
    await expect(callFrom('http://localhost:5173/')).resolves.toEqual(forbidden)
    await expect(callFrom('app://bundle/index.html')).resolves.toEqual({ ok: true, value: 'answer' })
    expect(logged).toContain('"reason":"packaged"')
  })

  it('packaged with a foreign address: still app://bundle/ only', async () => {
    const { window, callFrom } = await startMain('https://evil.example/', true)
    expect(window.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
    await expect(callFrom('https://evil.example/')).resolves.toEqual(forbidden)
  })

  it('not packaged with a non-loopback address: ignored with a log line', async () => {
    const { window, callFrom, logged } = await startMain('http://192.168.1.20:5173/', false)
    expect(window.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
    await expect(callFrom('http://192.168.1.20:5173/')).resolves.toEqual(forbidden)
    await expect(callFrom('app://bundle/index.html')).resolves.toEqual({ ok: true, value: 'answer' })
    expect(logged).toContain('"reason":"not_loopback"')
  })

  it('not packaged with a loopback address: the dev server is used and trusted', async () => {
    const { window, callFrom, logged } = await startMain('http://localhost:5173/', false)
    expect(window.loadURL).toHaveBeenCalledWith('http://localhost:5173/')
    await expect(callFrom('http://localhost:5173/')).resolves.toEqual({ ok: true, value: 'answer' })
    await expect(callFrom('app://bundle/index.html')).resolves.toEqual(forbidden)
    expect(logged).toBe('')
  })

  it('not packaged and no variable: app://bundle/', async () => {
    const { window } = await startMain(undefined, false)
    expect(window.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
  })
})
