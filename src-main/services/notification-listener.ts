/**
 * The notification listener (off by default): started, moved or stopped to match the active
 * environment's Settings. Each POST is verified with the card scheme or the generic one (Request-Target
 * = the configured path, digest over the raw body), written durably whatever its body, answered 200
 * `{}`, and only then handed to the status tracker. A forged one is answered 401 and leaves nothing
 * but a counter and a log line; a repeated Request-Id is answered 200 and changes nothing.
 *
 * Group commit: the notifications verified in one turn of the event loop are written in one
 * transaction (one commit, one fsync under synchronous = FULL) and each is answered only after that
 * commit; under load the gateway's notifications arrive together, so the fsync, which was nearly all
 * of the time, is shared. Acting on them is grouped the same way after their answers went out. A
 * group that cannot be written whole is written one by one, so one bad notification costs only its
 * own 500.
 */
import type { ListenerStatus } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { englishOf } from '../../src-common/said/english'
import { say, type Said } from '../../src-common/said/say'
import type { NotificationScheme } from '../gateway/client'
import { startNotificationServer, type NotificationServer, type ReceivedRequest, type Verdict } from '../listener/notification-server'
import type { ServiceContext } from './context'
import type { History } from '../store/history'
import { notificationView, storeNotification, type Stored, type ToActOn } from './notifications'
import type { ActedOn, StatusTracker } from './status-tracker'

const RECENT = 20

interface Bind {
  host: string
  port: number
  path: string
}

const sameBind = (a: Bind | null, b: Bind | null): boolean => a?.host === b?.host && a?.port === b?.port && a?.path === b?.path

/** Where Training's listener goes when Settings' address cannot be used: this computer only, as the training gateway is. */
const FALLBACK_HOST = '127.0.0.1'

/** Why a server could not listen on `host:port`, in main's words (the system's code when it is none of the known ones). */
function bindProblem(code: string | undefined, { host, port }: Bind): Said {
  const values = { host, port: String(port) }
  if (code === 'EADDRINUSE') return say('said.listener.portTaken', values)
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') return say('said.listener.notThisComputer', values)
  if (code === 'EACCES') return say('said.listener.notAllowed', values)
  return say('said.listener.failed', { ...values, code: code ?? 'unknown error' })
}

/** A verified notification waiting for its group's commit. */
interface Waiting {
  received: Parameters<typeof storeNotification>[1]
  at: Date
  resolve: (stored: Stored) => void
  reject: (error: unknown) => void
}

/** The notifications of one turn, for one history (an environment switch starts another group). */
interface Group {
  history: History
  waiting: Waiting[]
}

export class NotificationListener {
  private server: NotificationServer | null = null
  private bound: Bind | null = null
  /** Why it is not running, while that lasts. */
  private error: Said | null = null
  /** Training: why, and where it listens instead of Settings' address, while that lasts. */
  private fallback: Said | null = null
  private readonly counts = { accepted: 0, repeated: 0, badSignature: 0, tooLarge: 0 }
  /** Starts and stops run one after another, never interleaved. */
  private changing: Promise<void> = Promise.resolve()
  /** Verified, not yet committed: written together at the end of this turn. */
  private group: Group | null = null
  /** Stored and answered, not yet acted on: acted on in the next turn's transaction (with their bodies as read when stored). */
  private toHandle: { history: History; notifications: ToActOn[] } | null = null
  private flushing = false

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
    this.error = null
    this.fallback = null
    if (!wanted) {
      this.ctx.events.emit('listener.changed', {})
      return
    }
    try {
      this.server = await this.listen(wanted)
      this.bound = wanted
      this.ctx.log.info('listener.started', { url: this.server.url })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      const problem = bindProblem(code, wanted)
      this.ctx.log.warn('listener.failed', { code: code ?? null })
      // Training's gateway is told wherever the listener is, and nothing is registered anywhere: any free loopback port serves.
      if (this.ctx.environment() === 'training') await this.fallBack(wanted)
      if (this.server) {
        this.fallback = say('said.listener.fallback', { problem, url: this.server.url })
      } else {
        this.error = say('said.listener.chooseAnother', { problem })
        this.bound = null
      }
    }
    if (this.server) this.onAddress(this.server.url)
    this.ctx.events.emit('listener.changed', {})
  }

  private listen(bind: Bind): Promise<NotificationServer> {
    return startNotificationServer({
      ...bind,
      receive: (request) => this.receive(request, bind.path),
      refused: (reason) => {
        if (reason === 'too_large') this.counts.tooLarge++
        this.ctx.log.warn('listener.refused', { reason })
      },
    })
  }

  /** Training, Settings' address unusable (the port taken, say): a port the system picks on loopback, the same path. Bound as Settings say, so saving them unchanged does not move it again. */
  private async fallBack(wanted: Bind): Promise<void> {
    try {
      this.server = await this.listen({ host: FALLBACK_HOST, port: 0, path: wanted.path })
      this.bound = wanted
      this.ctx.log.info('listener.started', { url: this.server.url, instead: `${wanted.host}:${String(wanted.port)}` })
    } catch (error) {
      this.ctx.log.warn('listener.fallback_failed', { code: (error as NodeJS.ErrnoException).code ?? null })
    }
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
    const stored = await this.store({ headers: request.headers, rawBody: request.body.toString('utf8'), scheme })
    if (stored.verdict === 'repeated') {
      this.counts.repeated++
      return { status: 200 }
    }
    this.counts.accepted++
    return { status: 200, after: () => this.handleSoon({ id: stored.id, read: stored.read }) }
  }

  /** Resolves once the notification is committed (with the others of this turn); rejects if it could not be. */
  private store(received: Waiting['received']): Promise<Stored> {
    const history = this.ctx.history()
    return new Promise<Stored>((resolve, reject) => {
      if (this.group && this.group.history !== history) this.flush()
      this.group ??= { history, waiting: [] }
      this.group.waiting.push({ received, at: this.ctx.now(), resolve, reject })
      this.flushSoon()
    })
  }

  /** Acting on a notification once its answer went out: in the next turn's transaction. */
  private handleSoon(notification: ToActOn): void {
    const history = this.ctx.history()
    if (this.toHandle && this.toHandle.history !== history) this.flush()
    this.toHandle ??= { history, notifications: [] }
    this.toHandle.notifications.push(notification)
    this.flushSoon()
  }

  private flushSoon(): void {
    if (this.flushing) return
    this.flushing = true
    setImmediate(() => {
      this.flushing = false
      this.flush()
    })
  }

  /**
   * One transaction, one commit: the notifications verified in this turn are stored, and those
   * answered in the previous turn are acted on. Then each stored one is answered, and the tracker
   * tells what changed. Never throws (it runs from a timer).
   */
  private flush(): void {
    const group = this.group
    const handling = this.toHandle
    this.group = null
    this.toHandle = null
    // Notifications of an environment no longer active are acted on when it is opened again (they are stored unhandled).
    const current = this.ctx.history()
    const notifications = handling && handling.history === current ? handling.notifications : []
    const history = group?.history ?? current
    const together = notifications.length === 0 || history === current
    let done: { stored: Stored[] | null; acted: ActedOn | null } = { stored: null, acted: null }
    try {
      done = history.transaction(() => ({
        stored: group ? group.waiting.map((w) => storeNotification(history, w.received, w.at)) : null,
        acted: together && notifications.length > 0 ? this.tracker.actOnNotifications(notifications) : null,
      }))
    } catch (error) {
      this.ctx.log.warn('listener.group_failed', { stored: group?.waiting.length ?? 0, acted: notifications.length, error: error instanceof Error ? error.message : String(error) })
    }
    const { stored, acted } = done
    if (group) this.answerGroup(group, stored)
    try {
      if (acted) this.tracker.announce(acted)
      else if (notifications.length > 0) this.tracker.handleNotifications(notifications)
      if (notifications.length > 0) this.ctx.events.emit('listener.changed', {})
    } catch (error) {
      // Stored and answered: what was not acted on now is acted on at the next start.
      this.ctx.log.warn('listener.handle_failed', { count: notifications.length, error: error instanceof Error ? error.message : String(error) })
    }
  }

  /** Answers the group as committed; if the group could not be, stores each alone: only one that cannot be stored is refused (500, sent again later). */
  private answerGroup(group: Group, stored: Stored[] | null): void {
    if (stored) {
      group.waiting.forEach((w, i) => w.resolve(stored[i] as Stored))
      return
    }
    for (const w of group.waiting) {
      try {
        w.resolve(group.history.transaction(() => storeNotification(group.history, w.received, w.at)))
      } catch (error) {
        w.reject(error)
      }
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
      error: this.error ? englishOf(this.error) : null,
      errorSay: this.error,
      fallback: this.fallback ? { message: englishOf(this.fallback), say: this.fallback } : null,
      counts: { ...this.counts, unmatched: this.ctx.history().notifications.unmatchedCount() },
      recent: this.ctx.history().notifications.recent(RECENT).map(notificationView),
    }
  }
}
