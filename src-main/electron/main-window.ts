/**
 * The one application window, secure by construction: the renderer is isolated, sandboxed and without
 * Node; it reaches main only through the preload's `window.api`.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron'
import { MIN_WINDOW_SIZE, type WindowState } from './window-state'

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  safeDialogs: true,
} as const satisfies BrowserWindowConstructorOptions['webPreferences']

export interface MainWindowOptions {
  preload: string
  state: WindowState
  title: string
  devTools: boolean
  /** The window's icon (Linux shows it; Windows and macOS take the executable's). */
  icon?: string | undefined
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const { state } = options
  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: MIN_WINDOW_SIZE.width,
    minHeight: MIN_WINDOW_SIZE.height,
    title: options.title,
    show: false,
    backgroundColor: '#f6f7f9',
    ...(options.icon ? { icon: options.icon } : {}),
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload: options.preload, devTools: options.devTools },
  })
  window.once('ready-to-show', () => {
    if (state.maximized) window.maximize()
    window.show()
  })
  return window
}
