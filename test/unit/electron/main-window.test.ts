import { beforeEach, describe, expect, it, vi } from 'vitest'
import { createMainWindow } from '../../../src-main/electron/main-window'
import { FakeBrowserWindow, resetFakeElectron } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

describe('the main window', () => {
  beforeEach(resetFakeElectron)

  it('is isolated, sandboxed and without Node, with our preload', () => {
    createMainWindow({ preload: '/app/out/preload/index.js', state: { width: 1300, height: 900, maximized: false }, title: 'T', devTools: false })
    const [window] = FakeBrowserWindow.created
    const prefs = window?.options['webPreferences'] as Record<string, unknown>
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      preload: '/app/out/preload/index.js',
      devTools: false,
    })
  })

  it('opens at the remembered size and place, hidden until painted, and maximised if it was', () => {
    createMainWindow({ preload: 'p', state: { x: 40, y: 50, width: 1300, height: 900, maximized: true }, title: 'T', devTools: true })
    const [window] = FakeBrowserWindow.created
    expect(window?.options).toMatchObject({ x: 40, y: 50, width: 1300, height: 900, show: false })
    expect(window?.show).not.toHaveBeenCalled()
    window?.emit('ready-to-show')
    expect(window?.maximize).toHaveBeenCalled()
    expect(window?.show).toHaveBeenCalled()
  })

  it('lets the system place a window that has no remembered position', () => {
    createMainWindow({ preload: 'p', state: { width: 1280, height: 820, maximized: false }, title: 'T', devTools: true })
    const [window] = FakeBrowserWindow.created
    expect(window?.options).not.toHaveProperty('x')
    expect(window?.options).not.toHaveProperty('y')
  })
})
