/**
 * Which address the window starts on in development. electron-vite sets `ELECTRON_RENDERER_URL` to its
 * dev server; that address becomes the start URL *and* the one origin the IPC glue trusts, so honouring
 * it blindly would hand the whole `window.api` to any page an environment variable points at (without
 * the CSP header `app://` sends). It is therefore read only when the app is not packaged, and only when
 * it names a loopback http(s) server; anything else is ignored with a log line and the app loads
 * `app://bundle/` as it would when built.
 */
import type { Logger } from '../log'

export type DevServerRefusal = 'packaged' | 'not_a_url' | 'not_http' | 'not_loopback' | 'has_credentials'

/** 127.0.0.0/8, [::1] and localhost. The WHATWG parser has already normalised `127.1`, `0x7f.0.0.1`… */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost' || hostname === '[::1]') return true
  const parts = hostname.split('.')
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return false
  return parts[0] === '127'
}

/** Why `raw` must not be used as the dev server's address, or null when it may. */
export function devServerRefusal(raw: string, isPackaged: boolean): DevServerRefusal | null {
  if (isPackaged) return 'packaged'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'not_a_url'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'not_http'
  if (url.username !== '' || url.password !== '') return 'has_credentials'
  if (!isLoopbackHost(url.hostname)) return 'not_loopback'
  return null
}

/** The dev server's address when it may be used, otherwise undefined (and a warning in the log). */
export function trustedDevServerUrl(raw: string | undefined, options: { isPackaged: boolean; log: Pick<Logger, 'warn'> }): string | undefined {
  if (raw === undefined || raw === '') return undefined
  const refusal = devServerRefusal(raw, options.isPackaged)
  if (refusal === null) return raw
  // The address itself is not logged: it is whatever the environment held.
  options.log.warn('dev_server_url.ignored', { reason: refusal })
  return undefined
}
