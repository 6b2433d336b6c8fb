/**
 * Builds the renderer's `window.api` from the contract over some transport: Electron IPC in the
 * preload, loopback HTTP in the browser test harness. One named function per declared call and a typed
 * `on` for declared events; no generic invoke or send is exposed.
 */
import { BridgeErrorCode, CALL_NAMES, isEventName, type CallName, type EventName } from './bridge-names'
import type { Api, Result } from './contract'

export interface Transport {
  invoke(name: CallName, input: unknown): Promise<Result<unknown>>
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void
}

export function buildApi(transport: Transport): Api {
  const domains: Record<string, Record<string, (input?: unknown) => Promise<Result<unknown>>>> = {}
  for (const name of CALL_NAMES) {
    const [domain, action] = name.split('.') as [string, string]
    const group = (domains[domain] ??= {})
    group[action] = async (input?: unknown) => {
      try {
        return await transport.invoke(name, input)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        return { ok: false, error: { code: BridgeErrorCode.unreachable, message: `The app's back end did not answer: ${message}` } }
      }
    }
  }
  for (const group of Object.values(domains)) Object.freeze(group)
  const on = (event: EventName, listener: (payload: unknown) => void): (() => void) => {
    if (!isEventName(event)) throw new Error(`Unknown event: ${String(event)}`)
    if (typeof listener !== 'function') throw new Error('An event listener must be a function')
    return transport.subscribe(event, listener)
  }
  return Object.freeze({ ...domains, on }) as unknown as Api
}
