/**
 * The renderer's only way out: `window.api`, put there by the preload (Electron) or by the browser test
 * harness. Its shape is the contract's; the renderer imports nothing else from outside.
 */
import type { Api } from '../src-preload/contract'

declare global {
  interface Window {
    readonly api?: Api
  }
}

export function getApi(): Api | null {
  return window.api ?? null
}
