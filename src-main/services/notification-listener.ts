/**
 * The notification listener (off by default): started, moved or stopped to match the active
 * environment's Settings. Each POST is verified with the card scheme or the generic one (Request-Target
 * = the configured path, digest over the raw body), written durably whatever its body, answered 200
 * `{}`, and only then handed to the status tracker. A forged one is answered 401 and leaves nothing
 * but a counter and a log line; a repeated Request-Id is answered 200 and changes nothing.
 */
import type { ListenerStatus } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import type { NotificationScheme } from '../gateway/client'
import { startNotificationServer, type NotificationServer, type ReceivedRequest, type Verdict } from '../listener/notification-server'
import type { ServiceContext } from './context'
import { notificationView, storeNotification } from './notifications'
import type { StatusTracker } from './status-tracker'

const RECENT = 20

interface Bind {
  host: string
  port: number
  path: string
}

const sameBind = (a: Bind | null, b: Bind | null): boolean => a?.host === b?.host && a?.port === b?.port && a?.path === b?.path

export class NotificationListener {
  private server: NotificationServer | null = null
  private bound: Bind | null = null
  private error: string | null = null
  private readonly counts = { accepted: 0, repeated: 0, badSignature: 0, tooLarge: 0 }
  /** Starts and stops run one after another, never interleaved. */
  private changing: Promise<void> = Promise.resolve()

  constructor(
    private readonly ctx: ServiceContext,
    private readonly tracker: StatusTracker,
    /** Told the listener's address when it starts (null when it stops): Training points its gateway at it. */
    private readonly onAddress: (url: string | null) => void,
  ) {}

  /** Brings the listener in line with the active environment's Settings. */
  apply(): Promise<void> {
    this.changing = this.changing.then(() => this.reconcile())
    return this.changing
  }

  private async reconcile(): Promise<void> {
    const { enabled, host, port, path } = this.ctx.settings().listener
    const wanted: Bind | null = enabled ? { host, port, path } : null
    if (sameBind(wanted, this.bound) && (this.server !== null || wanted === null)) return
    await this.stopServer()
    if (!wanted) {
      this.error = null
      this.ctx.events.emit('listener.changed', {})
      return
    }
    try {
      this.server = await startNotificationServer({
        ...wanted,
        receive: (request) => this.receive(request, wanted.path),
        refused: (reason) => {
          if (reason === 'too_large') this.counts.tooLarge++
          this.ctx.log.warn('listener.refused', { reason })
        },
      })
      this.bound = wanted
      this.error = null
      this.ctx.log.info('listener.started', { url: this.server.url })
      this.onAddress(this.server.url)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      this.error =
        code === 'EADDRINUSE'
          ? `Port ${String(port)} on ${host} is taken by another program: choose another port.`
          : code === 'EADDRNOTAVAIL'
            ? `${host} is not an address of this computer.`
            : code === 'EACCES'
              ? `Not allowed to listen on port ${String(port)}.`
              : `The listener could not start (${code ?? 'unknown error'}).`
      this.bound = null
      this.ctx.log.warn('listener.failed', { code: code ?? null })
    }
    this.ctx.events.emit('listener.changed', {})
  }

  private async stopServer(): Promise<void> {
    if (!this.server) return
    const server = this.server
    this.server = null
    this.bound = null
    this.onAddress(null)
    await server.close()
    this.ctx.log.info('listener.stopped')
  }

  async close(): Promise<void> {
    await this.changing
    await this.stopServer()
  }

  private async receive(request: ReceivedRequest, path: string): Promise<Verdict> {
    let scheme: NotificationScheme | null = null
    try {
      const client = await this.ctx.gateway()
      scheme = client.verifyNotification({ headers: request.headers, body: request.body, target: path })
    } catch (error) {
      // Without credentials nothing can be verified, so nothing is taken.
      if (!(error instanceof AppError)) throw error
    }
    if (!scheme) {
      this.counts.badSignature++
      this.ctx.log.warn('listener.bad_signature', { requestId: request.headers['request-id'] ?? null, bytes: request.body.length })
      return { status: 401 }
    }
    // Validly signed: kept whatever its body holds (a form the app does not know is still a trigger to look).
    const stored = storeNotification(this.ctx.history(), { headers: request.headers, rawBody: request.body.toString('utf8'), scheme }, this.ctx.now())
    if (stored.verdict === 'repeated') {
      this.counts.repeated++
      return { status: 200 }
    }
    this.counts.accepted++
    return {
      status: 200,
      after: () => {
        this.tracker.handleNotification(stored.id)
        this.ctx.events.emit('listener.changed', {})
      },
    }
  }

  status(): ListenerStatus {
    const { enabled, path, publicBaseUrl } = this.ctx.settings().listener
    const running = this.server !== null
    return {
      enabled,
      running,
      registerUrl: !enabled ? null : publicBaseUrl ? `${publicBaseUrl.replace(/\/$/, '')}${path}` : (this.server?.url ?? null),
      localUrl: this.server?.url ?? null,
      error: this.error,
      counts: { ...this.counts, unmatched: this.ctx.history().notifications.unmatchedCount() },
      recent: this.ctx.history().notifications.recent(RECENT).map(notificationView),
    }
  }
}
