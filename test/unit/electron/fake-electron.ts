/**
 * A stand-in for the parts of Electron the glue uses, recording what the glue asked of it. Tests load
 * it with `vi.mock('electron', () => import('./fake-electron'))`, so src-main/electron/ runs unchanged.
 */
import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { vi } from 'vitest'

type Handler = (...args: never[]) => unknown

export class FakeWebContents extends EventEmitter {
  static nextId = 1
  readonly id = FakeWebContents.nextId++
  readonly mainFrame = { url: '' }
  windowOpenHandler: Handler | undefined
  readonly send = vi.fn()
  setWindowOpenHandler(handler: Handler): void {
    this.windowOpenHandler = handler
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  bounds = { x: 10, y: 20, width: 1200, height: 800 }
  normalBounds = { x: 10, y: 20, width: 1200, height: 800 }
  maximized = false
  destroyed = false
  readonly loadURL = vi.fn((url: string) => {
    this.webContents.mainFrame.url = url
    return Promise.resolve()
  })
  readonly show = vi.fn()
  readonly focus = vi.fn()
  readonly restore = vi.fn()
  readonly maximize = vi.fn(() => {
    this.maximized = true
  })
  constructor(readonly options: Record<string, unknown>) {
    super()
    FakeBrowserWindow.created.push(this)
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  isMaximized(): boolean {
    return this.maximized
  }
  isMinimized(): boolean {
    return false
  }
  getBounds(): typeof this.bounds {
    return this.bounds
  }
  getNormalBounds(): typeof this.normalBounds {
    return this.normalBounds
  }
}
export const BrowserWindow = FakeBrowserWindow

class FakeApp extends EventEmitter {
  gotLock = true
  /** A fresh folder per reset: the glue takes the instance lock in it. */
  userData = mkdtempSync(join(tmpdir(), 'mbo-fake-user-data-'))
  isPackaged = false
  /** What the system says its user reads, first choice first. */
  systemLanguages = ['en-GB']
  readonly getPreferredSystemLanguages = vi.fn(() => this.systemLanguages)
  readonly requestSingleInstanceLock = vi.fn(() => this.gotLock)
  readonly quit = vi.fn()
  readonly exit = vi.fn()
  readonly enableSandbox = vi.fn()
  readonly getPath = vi.fn(() => this.userData)
  readonly getVersion = vi.fn(() => '9.9.9')
  readonly getAppPath = vi.fn(() => '/opt/mbo')
  readonly isReady = vi.fn(() => true)
  private resolveReady: () => void = () => {}
  private ready = this.notReady()
  readonly whenReady = vi.fn(() => this.ready)
  becomeReady(): void {
    this.resolveReady()
  }
  notReady(): Promise<void> {
    this.ready = new Promise<void>((resolve) => {
      this.resolveReady = resolve
    })
    return this.ready
  }
}
export const app = new FakeApp()

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, handler: Handler) => {
    ipcMain.handlers.set(channel, handler)
  }),
}

export const protocol = {
  registerSchemesAsPrivileged: vi.fn(),
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
    protocol.handlers.set(scheme, handler)
  }),
}

export const net = {
  // Electron's net.fetch reads file:// URLs; Node's fetch cannot, so read the file here.
  fetch: vi.fn(async (url: string) => {
    const { readFile } = await import('node:fs/promises')
    const { fileURLToPath } = await import('node:url')
    try {
      return new Response(await readFile(fileURLToPath(url)), { status: 200, headers: { 'Content-Type': 'text/html' } })
    } catch {
      return new Response('missing', { status: 404 })
    }
  }),
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  },
}

export const shell = { openExternal: vi.fn(async () => {}), openPath: vi.fn(() => Promise.resolve('')) }
export const Menu = {
  buildFromTemplate: vi.fn((template: unknown[]) => ({ template })),
  setApplicationMenu: vi.fn(),
}
export const screen = { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) }
export const dialog = { showErrorBox: vi.fn() }

export const contextBridge = { exposeInMainWorld: vi.fn() }
export const ipcRenderer = Object.assign(new EventEmitter(), { invoke: vi.fn() })

export function resetFakeElectron(): void {
  FakeBrowserWindow.created = []
  app.removeAllListeners()
  app.gotLock = true
  app.systemLanguages = ['en-GB']
  rmSync(app.userData, { recursive: true, force: true })
  app.userData = mkdtempSync(join(tmpdir(), 'mbo-fake-user-data-'))
  void app.notReady()
  ipcMain.handlers.clear()
  protocol.handlers.clear()
  ipcRenderer.removeAllListeners()
}
