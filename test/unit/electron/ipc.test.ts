import { beforeEach, describe, expect, it, vi } from 'vitest'
import { forwardEvents, registerIpc } from '../../../src-main/electron/ipc'
import { createEventBus } from '../../../src-main/bridge/event-bus'
import { createLogger, memorySink } from '../../../src-main/log'
import { callChannel, callNames } from '../../../src-preload/contract'
import { FakeBrowserWindow, FakeWebContents, ipcMain, resetFakeElectron } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

const START = 'app://bundle/index.html'

describe('IPC registration', () => {
  let window: FakeBrowserWindow
  const dispatch = vi.fn(() => Promise.resolve({ ok: true as const, value: 'answer' }))

  beforeEach(async () => {
    resetFakeElectron()
    dispatch.mockClear()
    window = new FakeBrowserWindow({})
    await window.loadURL(START)
    registerIpc(ipcMain as never, dispatch, () => window as never, START, createLogger(memorySink()))
  })

  const invoke = (event: object, input: unknown): Promise<unknown> => {
    const handler = ipcMain.handlers.get(callChannel('app.info')) as (event: object, input: unknown) => Promise<unknown>
    return handler(event, input)
  }

  it('registers exactly one handler per contract call', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(callNames.map(callChannel).sort())
    expect(ipcMain.handle).toHaveBeenCalledTimes(callNames.length)
  })

  it('passes a call from our window to the back end', async () => {
    const contents = window.webContents
    await expect(invoke({ sender: contents, senderFrame: contents.mainFrame }, undefined)).resolves.toEqual({ ok: true, value: 'answer' })
    expect(dispatch).toHaveBeenCalledWith('app.info', undefined)
  })

  it('refuses calls from any other web contents, frame or page', async () => {
    const stranger = new FakeWebContents()
    stranger.mainFrame.url = START
    const ours = window.webContents
    const subframe = { url: START }
    const forbidden = { ok: false, error: { code: 'FORBIDDEN', message: expect.any(String) as unknown } }
    await expect(invoke({ sender: stranger, senderFrame: stranger.mainFrame }, undefined)).resolves.toEqual(forbidden)
    await expect(invoke({ sender: ours, senderFrame: subframe }, undefined)).resolves.toEqual(forbidden)
    await expect(invoke({ sender: ours, senderFrame: null }, undefined)).resolves.toEqual(forbidden)
    ours.mainFrame.url = 'https://evil.example/'
    await expect(invoke({ sender: ours, senderFrame: ours.mainFrame }, undefined)).resolves.toEqual(forbidden)
    ours.mainFrame.url = START
    window.destroyed = true
    await expect(invoke({ sender: ours, senderFrame: ours.mainFrame }, undefined)).resolves.toEqual(forbidden)
    expect(dispatch).not.toHaveBeenCalled()
  })

  it("forwards the back end's events to the window", () => {
    const bus = createEventBus()
    const stop = forwardEvents(bus, () => window as never)
    bus.emit('environment.changed', { environment: 'sandbox' })
    expect(window.webContents.send).toHaveBeenCalledWith('event:environment.changed', { environment: 'sandbox' })
    stop()
    bus.emit('environment.changed', { environment: 'production' })
    expect(window.webContents.send).toHaveBeenCalledTimes(1)
  })
})
