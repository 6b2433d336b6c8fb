/**
 * The built renderer is served from `app://bundle/` rather than `file://`: a standard, secure origin
 * of its own, so "our own page" has one exact meaning and the CSP arrives as a real header.
 */
import { net, protocol } from 'electron'
import { isAbsolute, normalize, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CONTENT_SECURITY_POLICY } from '../security/csp'

export const APP_SCHEME = 'app'
export const APP_HOST = 'bundle'
export const APP_START_URL = `${APP_SCHEME}://${APP_HOST}/index.html`

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }])
}

/** The file under `rendererDir` that an app:// address names, or null if it names anything else. */
export function resolveBundleFile(rendererDir: string, requestUrl: string): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return null
  let pathname: string
  try {
    pathname = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  if (pathname.includes('\0')) return null
  const root = resolve(rendererDir)
  const file = resolve(root, normalize(`.${pathname === '/' ? '/index.html' : pathname}`))
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return null
  return file
}

export function serveAppProtocol(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveBundleFile(rendererDir, request.url)
    if (!file) return new Response('Not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(response.body, { status: response.status, headers })
  })
}
