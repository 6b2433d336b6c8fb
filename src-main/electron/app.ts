/**
 * The Electron application: lifecycle, the single-instance lock, the window and the glue between the
 * window and the back end. Everything that is not glue lives in the back end (../backend.ts).
 */
import { app, dialog, ipcMain, screen, session, shell, type BrowserWindow } from 'electron'
import { join } from 'node:path'
import { createBackend, type Backend } from '../backend'
import { languageFromSystem, type Language } from '../../src-common/languages'
import { acquireInstanceLock, describeHolder, type InstanceLock } from '../instance-lock'
import { appSettingsFile, readAppSettings } from '../settings/app-settings'
import { APP_START_URL, registerAppScheme, serveAppProtocol } from './app-protocol'
import { denyAllPermissions, guardAllWebContents } from './guards'
import { forwardEvents, registerIpc } from './ipc'
import { createMainWindow } from './main-window'
import { saveReportPdf } from './report-pdf'
import { installMenu } from './menu'
import { shellWords, type ShellWords } from '../shell-words'
import { readWindowState, trackWindowState } from './window-state'

const PRODUCT_NAME = 'Merchant Back Office'

/** Where the Electron build of better-sqlite3 lives (see scripts/build-electron-native.mjs). */
export function electronSqliteBinding(appPath: string, electronVersion: string): string {
  return join(appPath, 'native', `electron-${electronVersion}`, 'better_sqlite3.node')
}

export interface StartOptions {
  /** Set by electron-vite in development: the dev server's address. */
  devServerUrl?: string | undefined
}

/**
 * Returns false when another instance already runs: another desktop app (this one then quits and
 * that one comes forward), or browser mode on the same data folder (this one says so and quits).
 */
export function startApp(options: StartOptions = {}): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit()
    return false
  }
  // The menu's, the save dialogs' and these boxes' words, in the desk's language: the one its settings
  // file names (read before anything else, so that a box shown before the back end starts has it),
  // the system's until one is chosen; the back end tells of a change, and the menu is shown again.
  const wordsFor = (language: Language | null): ShellWords => shellWords(language ?? languageFromSystem(app.getPreferredSystemLanguages()))
  let words = wordsFor(readAppSettings(appSettingsFile(app.getPath('userData'))).language)
  const name = { name: PRODUCT_NAME }
  // Browser mode (src-main/browser-shell/) takes the same lock on the same folder: one history, one process.
  const taken = acquireInstanceLock(app.getPath('userData'), { mode: 'desktop' })
  if (!taken.ok) {
    dialog.showErrorBox(words('said.shell.start.runningTitle', name), words('said.shell.start.running', { ...name, where: describeHolder(taken.holder, words) }))
    app.quit()
    return false
  }
  const instanceLock: InstanceLock = taken.lock
  app.enableSandbox()
  registerAppScheme()

  const startUrl = options.devServerUrl ?? APP_START_URL
  let window: BrowserWindow | null = null
  let backend: Backend | null = null
  const getWindow = (): BrowserWindow | null => window
  let showMenu: (() => void) | null = null
  const languageChosen = (language: Language | null): void => {
    words = wordsFor(language)
    showMenu?.()
  }

  app.on('second-instance', () => {
    if (!window) return
    if (window.isMinimized()) window.restore()
    window.focus()
  })

  const openWindow = (): void => {
    const stateFile = join(app.getPath('userData'), 'window-state.json')
    const workAreas = screen.getAllDisplays().map((display) => display.workArea)
    window = createMainWindow({
      preload: join(__dirname, '../preload/index.js'),
      state: readWindowState(stateFile, workAreas),
      title: PRODUCT_NAME,
      devTools: !app.isPackaged,
      // resources/icon.png (npm run icons); packaged, it is inside app.asar (electron-builder.yml).
      icon: join(app.getAppPath(), 'resources', 'icon.png'),
    })
    trackWindowState(window, stateFile)
    window.on('closed', () => {
      window = null
    })
    void window.loadURL(startUrl)
  }

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (app.isReady() && !window) openWindow()
  })
  app.on('will-quit', () => {
    const closing = backend?.close() ?? Promise.resolve()
    backend = null
    void closing.finally(() => instanceLock.release())
  })

  const start = async (): Promise<void> => {
    const electronVersion = process.versions.electron
    backend = await createBackend({
      dataDir: app.getPath('userData'),
      appName: PRODUCT_NAME,
      appVersion: app.getVersion(),
      runtime: 'electron',
      electronVersion,
      // Packaged, electron-builder has built better-sqlite3 for this Electron in node_modules itself.
      ...(app.isPackaged ? {} : { sqliteNativeBinding: electronSqliteBinding(app.getAppPath(), electronVersion) }),
      chooseExportFile: async (suggestedName) => {
        const options = { title: words('said.shell.dialog.exportCsv'), defaultPath: join(app.getPath('documents'), suggestedName), filters: [{ name: 'CSV', extensions: ['csv'] }] }
        const choice = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
        return choice.canceled || !choice.filePath ? null : choice.filePath
      },
      saveReportPdf: (suggestedName) => saveReportPdf({ window, dialog, documents: app.getPath('documents'), title: words('said.shell.dialog.savePdf') }, suggestedName),
      languageChosen,
    })
    denyAllPermissions(session.defaultSession)
    guardAllWebContents(app, { startUrl, openExternal: (url) => shell.openExternal(url), log: backend.log })
    serveAppProtocol(join(__dirname, '../renderer'))
    registerIpc(ipcMain, backend.dispatch, getWindow, startUrl, backend.log)
    forwardEvents(backend.events, getWindow)
    const events = backend.events
    const dataDir = app.getPath('userData')
    const log = backend.log
    showMenu = () =>
      installMenu({
        platform: process.platform,
        isPackaged: app.isPackaged,
        productName: PRODUCT_NAME,
        words,
        send: (action) => events.emit('app.shortcut', { action }),
        openFolder: (folder) => {
          void shell.openPath(folder === 'data' ? dataDir : join(dataDir, 'logs')).then((problem) => {
            if (problem) log.warn('folder.open_failed', { folder, problem })
          })
        },
      })
    showMenu()
    openWindow()
  }

  void app.whenReady().then(async () => {
    try {
      await start()
    } catch (error) {
      // Nothing has been shown yet: without this box the app would seem to do nothing at all.
      const message = error instanceof Error ? error.message : String(error)
      dialog.showErrorBox(words('said.shell.start.failedTitle', name), message)
      instanceLock.release()
      app.exit(1)
    }
  })
  return true
}
