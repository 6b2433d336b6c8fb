import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callChannel, callNames } from '../../../src-preload/contract'
import { app, dialog, FakeBrowserWindow, ipcMain, Menu, protocol, resetFakeElectron, session } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

const backendFactory = vi.hoisted(() => ({ fail: false, config: null as null | { languageChosen?: (language: 'en' | 'ms' | null) => void } }))
vi.mock('../../../src-main/backend', async () => {
  const { createEventBus } = await import('../../../src-main/bridge/event-bus')
  const { createLogger, memorySink } = await import('../../../src-main/log')
  return {
    createBackend: vi.fn((config: NonNullable<typeof backendFactory.config>) => {
      backendFactory.config = config
      if (backendFactory.fail) throw new Error('The local database could not be opened')
      return {
        dispatch: vi.fn(() => Promise.resolve({ ok: true, value: null })),
        events: createEventBus(),
        log: createLogger(memorySink()),
        close: vi.fn(async () => {}),
      }
    }),
  }
})

/** Lets the whenReady().then(...) continuation run to its end (it awaits only promises, no I/O). */
async function afterReady(): Promise<void> {
  app.becomeReady()
  await new Promise((resolve) => setImmediate(resolve))
}

describe('starting the app', () => {
  beforeEach(() => {
    resetFakeElectron()
    backendFactory.fail = false
  })
  afterEach(() => {
    vi.clearAllMocks()
  })

  it('quits at once when another instance holds the single-instance lock', async () => {
    app.gotLock = false
    const { startApp } = await import('../../../src-main/electron/app')
    expect(startApp()).toBe(false)
    expect(app.quit).toHaveBeenCalled()
    expect(protocol.registerSchemesAsPrivileged).not.toHaveBeenCalled()
  })

  it('sandboxes every renderer and registers the app scheme before ready', async () => {
    const { startApp } = await import('../../../src-main/electron/app')
    expect(startApp()).toBe(true)
    expect(app.enableSandbox).toHaveBeenCalled()
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalled()
    expect(FakeBrowserWindow.created).toHaveLength(0)
  })

  it('when ready: denies permissions, serves the bundle, registers every call and opens our page', async () => {
    const { startApp } = await import('../../../src-main/electron/app')
    startApp()
    await afterReady()
    expect(session.defaultSession.setPermissionRequestHandler).toHaveBeenCalled()
    expect(protocol.handlers.has('app')).toBe(true)
    expect([...ipcMain.handlers.keys()].sort()).toEqual(callNames.map(callChannel).sort())
    const [window] = FakeBrowserWindow.created
    expect(window?.loadURL).toHaveBeenCalledWith('app://bundle/index.html')
    expect((window?.options['webPreferences'] as Record<string, unknown>)['sandbox']).toBe(true)
  })

  it('shows the menu in the desk’s language, the system’s until one is chosen, and again at each change', async () => {
    app.systemLanguages = ['ms-MY', 'en-GB']
    const { startApp } = await import('../../../src-main/electron/app')
    startApp()
    await afterReady()
    const tops = (): unknown[] => {
      const menu = vi.mocked(Menu.setApplicationMenu).mock.lastCall?.[0] as { template: { label?: string }[] } | undefined
      return (menu?.template ?? []).map((item) => item.label)
    }
    expect(tops()).toContain('&Bantuan')
    backendFactory.config?.languageChosen?.('en')
    expect(tops()).toContain('&Help')
    backendFactory.config?.languageChosen?.(null)
    expect(tops()).toContain('&Bantuan')
    expect(Menu.setApplicationMenu).toHaveBeenCalledTimes(3)
  })

  it('focuses the open window when a second instance starts', async () => {
    const { startApp } = await import('../../../src-main/electron/app')
    startApp()
    await afterReady()
    app.emit('second-instance')
    expect(FakeBrowserWindow.created[0]?.focus).toHaveBeenCalled()
    expect(FakeBrowserWindow.created).toHaveLength(1)
  })

  it('loads the dev server in development', async () => {
    const { startApp } = await import('../../../src-main/electron/app')
    startApp({ devServerUrl: 'http://localhost:5173/' })
    await afterReady()
    expect(FakeBrowserWindow.created[0]?.loadURL).toHaveBeenCalledWith('http://localhost:5173/')
  })

  it('says why and exits when the back end cannot start, instead of showing nothing', async () => {
    backendFactory.fail = true
    const { startApp } = await import('../../../src-main/electron/app')
    startApp()
    await afterReady()
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Merchant Back Office could not start', 'The local database could not be opened')
    expect(app.exit).toHaveBeenCalledWith(1)
    expect(FakeBrowserWindow.created).toHaveLength(0)
  })

  it('says so in the desk’s language when it cannot start, before the back end has read the settings', async () => {
    // An English system, a desk set to Malay: the box is the desk's.
    app.systemLanguages = ['en-GB']
    writeFileSync(join(app.userData, 'app-settings.json'), JSON.stringify({ language: 'ms' }))
    backendFactory.fail = true
    const { startApp } = await import('../../../src-main/electron/app')
    startApp()
    await afterReady()
    expect(dialog.showErrorBox).toHaveBeenCalledWith('Merchant Back Office tidak dapat dimulakan', 'The local database could not be opened')
  })

  describe('with browser mode on the same data folder', () => {
    const lockFile = (): string => join(app.userData, 'instance.lock')
    const browserLock = (pid: number): void => {
      writeFileSync(lockFile(), JSON.stringify({ pid, mode: 'browser', url: 'http://127.0.0.1:41234/', startedAt: new Date().toISOString(), processStart: null }))
    }

    it('refuses to start while browser mode runs there, says where, and quits', async () => {
      browserLock(process.ppid) // a live process that is not this one
      const { startApp } = await import('../../../src-main/electron/app')
      expect(startApp()).toBe(false)
      expect(dialog.showErrorBox).toHaveBeenCalledWith(
        'Merchant Back Office is already running',
        expect.stringContaining(`already running (in your browser at http://127.0.0.1:41234/ — pid ${process.ppid})`),
      )
      expect(app.quit).toHaveBeenCalled()
      expect(app.enableSandbox).not.toHaveBeenCalled()
      await afterReady()
      expect(FakeBrowserWindow.created).toHaveLength(0)
      expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ mode: 'browser', pid: process.ppid })
    })

    it('says it in the system’s language while the desk has none chosen', async () => {
      app.systemLanguages = ['ms-MY']
      browserLock(process.ppid)
      const { startApp } = await import('../../../src-main/electron/app')
      expect(startApp()).toBe(false)
      expect(dialog.showErrorBox).toHaveBeenCalledWith(
        'Merchant Back Office sudah berjalan',
        `Merchant Back Office sudah berjalan (dalam pelayar anda di http://127.0.0.1:41234/ — pid ${String(process.ppid)}) dengan folder data yang sama. Gunakannya di sana, atau hentikannya (Ctrl+C di tempat ia dimulakan) sebelum membuka aplikasi desktop.`,
      )
    })

    it('takes over the lock of a browser mode that died, holds it while running and gives it back on quit', async () => {
      const dead = spawnSync(process.execPath, ['-e', '']).pid
      browserLock(dead)
      const { startApp } = await import('../../../src-main/electron/app')
      expect(startApp()).toBe(true)
      await afterReady()
      expect(FakeBrowserWindow.created).toHaveLength(1)
      expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ mode: 'desktop', pid: process.pid, url: null })
      app.emit('will-quit')
      await vi.waitFor(() => expect(existsSync(lockFile())).toBe(false))
    })
  })
})
