/**
 * `window.api` for the browser harness: the same contract as the preload's, over loopback HTTP (calls)
 * and server-sent events (events). Bundled by server.ts and served as /__harness/api.js.
 */
import { buildApi } from '../../src-preload/build-api'
import { BridgeErrorCode, eventNames, type Api, type EventName, type Result } from '../../src-preload/contract'

const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
const source = new EventSource('/__harness/events')
for (const name of eventNames) {
  source.addEventListener(name, (event) => {
    const payload: unknown = JSON.parse((event as MessageEvent<string>).data)
    for (const listener of listeners.get(name) ?? []) listener(payload)
  })
}

const api: Api = buildApi({
  async invoke(name, input) {
    const response = await fetch(`/__harness/call/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Harness-Call': '1' },
      body: JSON.stringify({ input }),
    })
    if (!response.ok) {
      return { ok: false, error: { code: BridgeErrorCode.unreachable, message: `The harness answered ${response.status}: ${await response.text()}` } }
    }
    return (await response.json()) as Result<unknown>
  },
  subscribe(event, listener) {
    let set = listeners.get(event)
    if (!set) listeners.set(event, (set = new Set()))
    set.add(listener)
    return () => {
      set.delete(listener)
    }
  },
})

Object.defineProperty(window, 'api', { value: api, writable: false, configurable: false })
