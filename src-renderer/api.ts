/**
 * The renderer's only way out: `window.api`, put there by the preload (Electron) or by browser mode
 * (src-preload/browser-api.ts). Its shape is the contract's; the renderer imports nothing else from outside.
 */
import type { Api, CallError } from '../src-preload/contract'

declare global {
  interface Window {
    readonly api?: Api
  }
}

/** What every store reports when the page has no `window.api` (opened outside the app). */
export const NO_BRIDGE: CallError = {
  code: 'BRIDGE_UNREACHABLE',
  message: 'This page is not connected to the app. Open it from the app, or from the address `npm start` prints in browser mode.',
}

export function getApi(): Api | null {
  return window.api ?? null
}
