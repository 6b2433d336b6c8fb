/**
 * The preload runs sandboxed in the renderer with access to Electron's IPC. It exposes exactly the
 * contract's functions as `window.api` and nothing else.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { buildApi } from './build-api'
import { callChannel, eventChannel } from './bridge-names'
import type { Result } from './contract'

const api = buildApi({
  invoke: (name, input) => ipcRenderer.invoke(callChannel(name), input) as Promise<Result<unknown>>,
  subscribe: (event, listener) => {
    const channel = eventChannel(event)
    // Wrapped so the renderer never receives the IpcRendererEvent (it carries `sender`).
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload)
    ipcRenderer.on(channel, wrapped)
    return () => {
      ipcRenderer.removeListener(channel, wrapped)
    }
  },
})

contextBridge.exposeInMainWorld('api', api)
