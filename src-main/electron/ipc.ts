/**
 * Registers one ipcMain handler per contract call. Each handler first checks that the call comes from
 * the main frame of our own window showing our own page; anything else is refused without running.
 */
import type { BrowserWindow, IpcMain, IpcMainInvokeEvent } from 'electron'
import { BridgeErrorCode, callChannel, callNames, eventChannel, type Result } from '../../src-preload/contract'
import type { Dispatch } from '../bridge/dispatch'
import type { EventBus } from '../bridge/event-bus'
import type { Logger } from '../log'
import { isOwnPage } from './guards'

export type WindowGetter = () => BrowserWindow | null

export function isFromOwnWindow(event: IpcMainInvokeEvent, window: BrowserWindow | null, startUrl: string): boolean {
  if (!window || window.isDestroyed()) return false
  if (event.sender.id !== window.webContents.id) return false
  const frame = event.senderFrame
  if (!frame || frame !== event.sender.mainFrame) return false
  return isOwnPage(frame.url, startUrl)
}

export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, getWindow: WindowGetter, startUrl: string, log: Logger): void {
  for (const name of callNames) {
    ipcMain.handle(callChannel(name), async (event, input: unknown): Promise<Result<unknown>> => {
      if (!isFromOwnWindow(event, getWindow(), startUrl)) {
        log.warn('ipc.refused', { call: name })
        return { ok: false, error: { code: BridgeErrorCode.forbidden, message: 'This call is only accepted from the app window.' } }
      }
      return dispatch(name, input)
    })
  }
}

export function forwardEvents(events: EventBus, getWindow: WindowGetter): () => void {
  return events.subscribe((name, payload) => {
    const window = getWindow()
    if (window && !window.isDestroyed()) window.webContents.send(eventChannel(name), payload)
  })
}
