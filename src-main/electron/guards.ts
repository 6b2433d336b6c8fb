/**
 * What keeps the renderer in its box: no permission is ever granted, no navigation leaves our own
 * page, no window is ever opened (https links go to the system browser after a check), no <webview>.
 */
import type { App, Session, WebContents } from 'electron'
import { checkExternalUrl } from '../security/external-url'
import type { Logger } from '../log'

/** True if `url` is on the same scheme and host as the page the window was started on. */
export function isOwnPage(url: string, startUrl: string): boolean {
  try {
    const target = new URL(url)
    const start = new URL(startUrl)
    return target.protocol === start.protocol && target.host === start.host
  } catch {
    return false
  }
}

export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => {
    callback(false)
  })
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

export interface GuardOptions {
  startUrl: string
  openExternal: (url: string) => Promise<void>
  log: Logger
}

export function guardWebContents(contents: WebContents, options: GuardOptions): void {
  const refuseForeignNavigation = (event: { preventDefault(): void; url: string }): void => {
    if (isOwnPage(event.url, options.startUrl)) return
    event.preventDefault()
    options.log.warn('navigation.refused', { scheme: safeScheme(event.url) })
  }
  contents.on('will-navigate', refuseForeignNavigation)
  contents.on('will-redirect', refuseForeignNavigation)
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    const check = checkExternalUrl(url)
    if (check.ok) {
      options.openExternal(check.url).catch((error: unknown) => {
        options.log.warn('open_external.failed', { error: error instanceof Error ? error.message : String(error) })
      })
    } else {
      options.log.warn('window_open.refused', { reason: check.reason })
    }
    return { action: 'deny' }
  })
}

/** Guards every web contents the app ever creates, including ones we did not create on purpose. */
export function guardAllWebContents(app: App, options: GuardOptions): void {
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, options)
  })
}

function safeScheme(url: string): string {
  try {
    return new URL(url).protocol
  } catch {
    return 'invalid'
  }
}
