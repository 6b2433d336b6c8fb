/**
 * The renderer's only way out: `window.api`, put there by the preload (Electron) or by browser mode
 * (src-preload/browser-api.ts). Its shape is the contract's; the renderer imports nothing else from outside.
 *
 * Every call goes through one watch: an answer of SIGNED_OUT (nobody signed in, or the screen locked
 * by main) tells the session, which shows the sign-in or lock screen, wherever the call was made; and
 * an error that comes with main's words as an id (`say`) has its `message` worded here, the one place,
 * in the desk's language (docs/i18n.md, "Main's words").
 */
import type { Api, CallError, Result } from '../src-preload/contract'
import { saidText } from './i18n/said-text'

declare global {
  interface Window {
    readonly api?: Api
  }
}

/**
 * The error with `message` a getter that words `say` in the language of the moment each time it is
 * read, so that an error on screen follows a switch at the next render; main's English when the id
 * is unknown here. Every `error.message` of the screens and stores then speaks the desk's language
 * (and a phone order's pre-check problems, which are errors a charge would answer, read through it too).
 */
export function inDesksLanguage<E extends CallError>(error: E): E {
  const said = error.say
  if (!said) return error
  const english = error.message
  const spoken = { ...error }
  Object.defineProperty(spoken, 'message', { get: () => saidText(said, english), enumerable: true, configurable: true })
  return spoken
}

/** What every store reports when the page has no `window.api` (opened outside the app). */
export const NO_BRIDGE: CallError = inDesksLanguage({
  code: 'BRIDGE_UNREACHABLE',
  message: 'This page is not connected to the app. Open it from the app, or from the address `npm start` prints in browser mode.',
  say: { id: 'said.bridge.unreachable' },
})

const signedOutListeners = new Set<(error: CallError) => void>()

/** Called whenever any call answers SIGNED_OUT; returns the unsubscribe. */
export function onSignedOut(listener: (error: CallError) => void): () => void {
  signedOutListeners.add(listener)
  return () => signedOutListeners.delete(listener)
}

function watchResult<T>(result: Result<T>): Result<T> {
  if (result.ok) return result
  const error = inDesksLanguage(result.error)
  if (error.code === 'SIGNED_OUT') for (const listener of signedOutListeners) listener(error)
  return error === result.error ? result : { ok: false, error }
}

type Group = Record<string, unknown>

/** The same api, each call's answer watched. window.api is frozen, so the proxies stand on empty targets. */
function watched(source: Api): Api {
  const groups = new Map<string, Group>()
  const bySource = source as unknown as Record<string, unknown>
  return new Proxy({} as Api, {
    get(_target, domain) {
      if (typeof domain !== 'string') return undefined
      const group = bySource[domain]
      if (typeof group !== 'object' || group === null) return group
      let proxy = groups.get(domain)
      if (!proxy) {
        proxy = new Proxy<Group>(
          {},
          {
            get(_inner, action) {
              if (typeof action !== 'string') return undefined
              const live = bySource[domain] as Group
              const fn = live[action]
              if (typeof fn !== 'function') return fn
              return async (...args: unknown[]) => watchResult(await (fn as (...a: unknown[]) => Promise<Result<unknown>>).apply(live, args))
            },
          },
        )
        groups.set(domain, proxy)
      }
      return proxy
    },
  })
}

let cache: { source: Api; api: Api } | null = null

export function getApi(): Api | null {
  const source = window.api
  if (!source) return null
  if (cache?.source !== source) cache = { source, api: watched(source) }
  return cache.api
}
