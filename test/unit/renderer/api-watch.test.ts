import { describe, expect, it } from 'vitest'

// A frozen window.api, as the preload gives it: the watch must stand on it without changing it.
const api = Object.freeze({
  orders: Object.freeze({
    search: () => Promise.resolve({ ok: false, error: { code: 'SIGNED_OUT', message: 'Sign in first.' } }),
    get: () => Promise.resolve({ ok: true, value: { id: 1 } }),
  }),
  on: () => () => {},
})
Object.defineProperty(globalThis, 'window', { value: { api }, configurable: true })
const { getApi, onSignedOut } = await import('../../../src-renderer/api')

describe("the renderer's api", () => {
  it('tells the session when any call answers SIGNED_OUT, and passes every answer on as it is', async () => {
    const heard: string[] = []
    const stop = onSignedOut((error) => heard.push(error.message))
    const watched = getApi()
    expect(watched).not.toBeNull()
    const search = await (watched as unknown as typeof api).orders.search()
    expect(search).toEqual({ ok: false, error: { code: 'SIGNED_OUT', message: 'Sign in first.' } })
    expect(await (watched as unknown as typeof api).orders.get()).toEqual({ ok: true, value: { id: 1 } })
    expect(heard).toEqual(['Sign in first.'])
    expect(typeof (watched as unknown as typeof api).on).toBe('function')
    stop()
    await (watched as unknown as typeof api).orders.search()
    expect(heard).toHaveLength(1)
    expect(getApi()).toBe(watched)
  })
})
