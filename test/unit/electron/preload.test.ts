import { beforeAll, describe, expect, it, vi } from 'vitest'
import { callNames, type Api } from '../../../src-preload/contract'
import { contextBridge, ipcRenderer } from './fake-electron'

vi.mock('electron', () => import('./fake-electron'))

describe('the preload', () => {
  let api: Api
  beforeAll(async () => {
    await import('../../../src-preload/index')
    const call = contextBridge.exposeInMainWorld.mock.calls[0] as unknown as [string, Api]
    expect(call[0]).toBe('api')
    api = call[1]
  })

  it('exposes one function per contract call and `on`, nothing generic', () => {
    const shape = Object.fromEntries(Object.entries(api).map(([key, value]) => [key, typeof value === 'function' ? 'function' : Object.keys(value as object)]))
    const expected: Record<string, string[] | string> = { on: 'function' }
    for (const name of callNames) {
      const [domain = '', action = ''] = name.split('.')
      expected[domain] = [...((expected[domain] as string[] | undefined) ?? []), action]
    }
    expect(shape).toEqual(expected)
    expect(shape['app']).toEqual(['info', 'setLanguage'])
    expect(api).not.toHaveProperty('invoke')
    expect(api).not.toHaveProperty('send')
    expect(Object.isFrozen(api)).toBe(true)
    expect(Object.isFrozen(api.app)).toBe(true)
  })

  it("sends a call on its own channel and returns main's answer", async () => {
    ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { version: '1' } })
    await expect(api.app.info()).resolves.toEqual({ ok: true, value: { version: '1' } })
    expect(ipcRenderer.invoke).toHaveBeenCalledWith('call:app.info', undefined)
  })

  it('turns a call that cannot reach main into an error result, not a throw', async () => {
    ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'call:app.info'"))
    const result = await api.app.info()
    expect(result).toMatchObject({ ok: false, error: { code: 'BRIDGE_UNREACHABLE' } })
  })

  it('delivers events without the IPC event object, and unsubscribes', () => {
    const listener = vi.fn()
    const unsubscribe = api.on('environment.changed', listener)
    ipcRenderer.emit('event:environment.changed', { sender: 'secret-ish' }, { environment: 'sandbox' })
    expect(listener).toHaveBeenCalledWith({ environment: 'sandbox' })
    expect(listener.mock.calls[0]).toHaveLength(1)
    unsubscribe()
    ipcRenderer.emit('event:environment.changed', {}, { environment: 'production' })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(ipcRenderer.listenerCount('event:environment.changed')).toBe(0)
  })

  it('refuses to subscribe to an event the contract does not declare', () => {
    expect(() => api.on('secrets.leaked' as never, () => {})).toThrow(/Unknown event/)
  })
})
