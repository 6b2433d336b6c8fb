/**
 * `window.api` in browser mode (src-main/browser-shell/): the same contract as the Electron preload's,
 * over loopback HTTP (calls) and server-sent events (events). The browser shell bundles it with esbuild
 * at start and serves it as /__app/api.js, before the app's own script.
 *
 * Calls carry the session cookie (same origin) and the custom X-App-Call header, which a cross-site
 * form or a simple request cannot set, and the call key (X-App-Key; `?key=` on the event stream),
 * which the cookie does not give: a cookie is sent to every port of 127.0.0.1, this origin's
 * localStorage is read by no other port (src-main/browser-shell/server.ts).
 */
import { buildApi } from './build-api'
import { BridgeErrorCode, EVENT_NAMES } from './bridge-names'
import type { Api, EventName, Result } from './contract'

const KEY_STORE = 'mbo.callKey'

/** The call key the entry's redirect put in the address's fragment (taken out of it at once), else the one kept. */
function callKey(): string {
  const given = new URLSearchParams(location.hash.slice(1)).get('key')
  if (!given) return localStorage.getItem(KEY_STORE) ?? ''
  localStorage.setItem(KEY_STORE, given)
  history.replaceState(history.state, '', `${location.pathname}${location.search}`)
  return given
}

const key = callKey()
const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
const source = new EventSource(`/__app/events?key=${encodeURIComponent(key)}`)
for (const name of EVENT_NAMES) {
  source.addEventListener(name, (event) => {
    const payload: unknown = JSON.parse((event as MessageEvent<string>).data)
    for (const listener of listeners.get(name) ?? []) listener(payload)
  })
}

const api: Api = buildApi({
  async invoke(name, input) {
    const response = await fetch(`/__app/call/${encodeURIComponent(name)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-App-Call': '1', 'X-App-Key': key },
      body: JSON.stringify({ input }),
    })
    if (!response.ok) {
      return { ok: false, error: { code: BridgeErrorCode.unreachable, message: `The app answered ${response.status}: ${await response.text()}` } }
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
