/**
 * Team mode: carries this desk's change events to every other desk of the team, and theirs to this
 * desk, over PostgreSQL LISTEN/NOTIFY, so that a screen showing an order another desk just changed
 * refetches it.
 *
 * One dedicated `pg.Client` (never a pooled one: LISTEN belongs to one session) both listens on the
 * channel and sends. Each relayed event on the local bus becomes `select pg_notify(channel, json)`
 * with json = {"desk", "name", "payload"}. A notification from another desk whose name is relayed and
 * whose payload passes the contract's schema is emitted on the local bus, and not sent out again (no
 * loops, no echo). Notifications from this desk (same deskId) are ignored; anything malformed is
 * ignored and logged once per kind of fault.
 *
 * Delivery is best effort, as LISTEN/NOTIFY is. While this desk is not connected, its own events
 * wait (the last 1000 distinct ones) and go out on the next connection, so a short outage loses none
 * of them (stop() discards them); other desks' events of that time are missed. The relay reconnects
 * by itself (every retryMs, ~2 s), LISTENs again, sends what waited, and then calls onResync: whoever
 * shows data should refetch it then. It also checks its session every heartbeatMs, so a silent
 * connection (a network partition) is found and replaced within about heartbeatMs + max(heartbeatMs,
 * 1 s).
 */
import pg from 'pg'
import { queryInTurn } from './query-in-turn'
import { events, isEventName, type EventName } from '../../src-preload/contract'
import type { EventBus } from '../bridge/event-bus'
import type { Logger } from '../log'
import { closeSession, describeError, tuneServerKeepalive } from './leader-election'

export interface ChangeRelayOptions {
  /** Where the team database is: the caller builds it. This module sets application_name and keepAlive. */
  connection: pg.ClientConfig
  /** One per environment, e.g. 'mbo_changes_sandbox': 1 to 63 of [a-z0-9_]. */
  channel: string
  /** Random per process: notifications carrying it are this desk's own and are ignored. */
  deskId: string
  events: EventBus
  log: Logger
  /** The events carried; default ['orders.changed']. */
  relayed?: readonly EventName[]
  /** After a connection was lost (or the first one failed), how long before the next try; default 2000 ms. */
  retryMs?: number
  /** How often the session is checked with `select 1`; default 5000 ms. */
  heartbeatMs?: number
  /**
   * Called after the relay LISTENs again following a gap (a lost connection, or a first connect that
   * failed): events of other desks during the gap were missed, so screens should refetch.
   */
  onResync?: () => void
}

const DEFAULT_RELAYED: readonly EventName[] = ['orders.changed']
const DEFAULT_RETRY_MS = 2_000
const DEFAULT_HEARTBEAT_MS = 5_000
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_999
/** Messages kept while not connected; beyond it the oldest are dropped (they only say "refetch"). */
const MAX_PENDING = 1_000
const CHANNEL = /^[a-z0-9_]{1,63}$/
const DESK_ID = /^[\x21-\x7e]{1,64}$/

type Fault = 'not_json' | 'bad_shape' | 'not_relayed' | 'bad_payload'

export class ChangeRelay {
  private readonly options: ChangeRelayOptions
  private readonly relayed: ReadonlySet<EventName>
  private readonly retryMs: number
  private readonly heartbeatMs: number
  private readonly queryTimeoutMs: number
  private client: pg.Client | null = null
  private unsubscribe: (() => void) | null = null
  private retryTimer: NodeJS.Timeout | null = null
  private heartbeatTimer: NodeJS.Timeout | null = null
  private pinging = false
  private connecting: Promise<void> | null = null
  private started = false
  private stopped = false
  /** From a lost connection or failed connect until the next LISTEN: logged once, then onResync. */
  private outage = false
  private droppedInOutage = 0
  /** Messages waiting for a connection: message → event name, oldest first. */
  private readonly pending = new Map<string, string>()
  private sendFailing = false
  private readonly faultsLogged = new Set<Fault>()
  /** The event being emitted from another desk right now: the bus hands it back to us, and we must not send it out. */
  private replaying: { name: EventName; json: string } | null = null

  constructor(options: ChangeRelayOptions) {
    if (!CHANNEL.test(options.channel)) throw new RangeError('channel must be 1 to 63 of a-z, 0-9 and _')
    if (!DESK_ID.test(options.deskId)) throw new RangeError('deskId must be 1 to 64 printable ASCII characters')
    const relayed = options.relayed ?? DEFAULT_RELAYED
    for (const name of relayed) if (!isEventName(name)) throw new RangeError(`Unknown event: ${String(name)}`)
    this.options = options
    this.relayed = new Set(relayed)
    this.retryMs = options.retryMs ?? DEFAULT_RETRY_MS
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS
    this.queryTimeoutMs = Math.max(this.heartbeatMs, 1_000)
  }

  /**
   * Subscribes to the bus and connects. Resolves once it LISTENs, or once the first try failed
   * (logged; it keeps trying every retryMs by itself). Never rejects on a database problem.
   */
  async start(): Promise<void> {
    if (this.started || this.stopped) return
    this.started = true
    this.unsubscribe = this.options.events.subscribe((name, payload) => this.send(name, payload))
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.heartbeatMs)
    this.heartbeatTimer.unref()
    await this.connect()
  }

  /** Unsubscribes, stops retrying and closes the session. Calling it again does nothing. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    this.unsubscribe?.()
    this.unsubscribe = null
    if (this.retryTimer) clearTimeout(this.retryTimer)
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer)
    this.retryTimer = null
    this.heartbeatTimer = null
    const client = this.client
    this.client = null
    if (client) await closeSession(client)
  }

  /** A local event: to the other desks, unless it is one of theirs being replayed here. */
  private send(name: EventName, payload: unknown): void {
    if (!this.relayed.has(name)) return
    const json = JSON.stringify(payload)
    if (this.replaying && this.replaying.name === name && this.replaying.json === json) return
    const message = JSON.stringify({ desk: this.options.deskId, name, payload })
    const bytes = Buffer.byteLength(message, 'utf8')
    if (bytes > MAX_PAYLOAD_BYTES) {
      this.options.log.warn('team.relay.too_large', { name, bytes })
      return
    }
    this.post(name, message)
  }

  /**
   * Sends one message now, or keeps it for the next connection (in order, once per distinct message,
   * at most MAX_PENDING) when there is none or the connection fails under it.
   */
  private post(name: string, message: string): void {
    const client = this.client
    if (!client) {
      this.keep(name, message)
      return
    }
    queryInTurn(client, 'select pg_notify($1, $2)', [this.options.channel, message]).then(
      () => {
        if (this.sendFailing) this.options.log.info('team.relay.send_recovered', {})
        this.sendFailing = false
      },
      (error: unknown) => {
        if (!this.sendFailing) this.options.log.warn('team.relay.send_failed', { name, error: describeError(error) })
        this.sendFailing = true
        // The statement failed in a session that lives on (severity ERROR): the server would refuse
        // it again, dropped. Anything else (the session ended: FATAL, as on pg_terminate_backend; the
        // connection failed or timed out): kept for a new session.
        if (error instanceof pg.DatabaseError && error.severity === 'ERROR') return
        this.keep(name, message)
        this.lose(client, error)
      },
    )
  }

  private keep(name: string, message: string): void {
    if (this.pending.has(message)) return
    this.pending.set(message, name)
    if (this.pending.size <= MAX_PENDING) return
    const oldest = this.pending.keys().next().value
    if (oldest !== undefined) this.pending.delete(oldest)
    if (this.droppedInOutage++ === 0) this.options.log.warn('team.relay.dropped', { name, reason: 'too many waiting for a connection', kept: MAX_PENDING })
  }

  /** A notification on our session: another desk's event, to the local bus (once, never back out). */
  private receive(message: pg.Notification): void {
    if (message.channel !== this.options.channel) return
    const text = message.payload ?? ''
    let parsed: unknown
    try {
      parsed = JSON.parse(text)
    } catch {
      this.fault('not_json', text)
      return
    }
    if (typeof parsed !== 'object' || parsed === null) {
      this.fault('bad_shape', text)
      return
    }
    const { desk, name, payload } = parsed as { desk?: unknown; name?: unknown; payload?: unknown }
    if (typeof desk !== 'string' || typeof name !== 'string') {
      this.fault('bad_shape', text)
      return
    }
    if (desk === this.options.deskId) return
    if (!isEventName(name) || !this.relayed.has(name)) {
      this.fault('not_relayed', text)
      return
    }
    const checked = events[name].safeParse(payload)
    if (!checked.success) {
      this.fault('bad_payload', text)
      return
    }
    this.replaying = { name, json: JSON.stringify(checked.data) }
    try {
      // The schema just passed, so emit's own parse does too; a listener that throws is its own bug.
      this.options.events.emit(name, checked.data)
    } catch (error) {
      this.options.log.error('team.relay.listener_failed', { name, error: describeError(error) })
    } finally {
      this.replaying = null
    }
  }

  private fault(kind: Fault, text: string): void {
    if (this.faultsLogged.has(kind)) return
    this.faultsLogged.add(kind)
    // Never the notification's text itself: anyone who can connect can send one.
    this.options.log.warn('team.relay.ignored', { reason: kind, bytes: Buffer.byteLength(text, 'utf8') })
  }

  /** One try to connect and LISTEN; on failure, another after retryMs. Never rejects; never two at once. */
  private connect(): Promise<void> {
    this.connecting ??= this.tryConnect().finally(() => {
      this.connecting = null
    })
    return this.connecting
  }

  private async tryConnect(): Promise<void> {
    if (this.stopped || this.client) return
    const { connection, deskId, channel, log } = this.options
    const client = new pg.Client({
      ...connection,
      application_name: `mbo-relay:${deskId}`.slice(0, 63),
      keepAlive: true,
      keepAliveInitialDelayMillis: connection.keepAliveInitialDelayMillis ?? this.heartbeatMs,
      connectionTimeoutMillis: connection.connectionTimeoutMillis ?? 10_000,
      query_timeout: connection.query_timeout ?? this.queryTimeoutMs,
      statement_timeout: connection.statement_timeout ?? this.queryTimeoutMs,
    })
    client.on('error', (error) => this.lose(client, error))
    client.on('end', () => this.lose(client, new Error('The connection to the team database ended')))
    client.on('notification', (message) => this.receive(message))
    try {
      await client.connect()
      await tuneServerKeepalive(client, this.heartbeatMs)
      // The channel is only [a-z0-9_] (checked in the constructor), so quoting it is enough.
      await queryInTurn(client, `listen "${channel}"`)
    } catch (error) {
      void closeSession(client)
      if (!this.outage) log.warn('team.relay.unreachable', { channel, error: describeError(error) })
      this.outage = true
      this.scheduleRetry()
      return
    }
    if (this.isStopped()) {
      void closeSession(client)
      return
    }
    this.client = client
    this.sendFailing = false
    const waiting = [...this.pending]
    this.pending.clear()
    for (const [message, name] of waiting) this.post(name, message)
    if (this.outage) {
      log.info('team.relay.reconnected', { channel, sent: waiting.length, dropped: this.droppedInOutage })
      this.outage = false
      this.droppedInOutage = 0
      try {
        this.options.onResync?.()
      } catch (error) {
        log.error('team.relay.on_resync_failed', { error: describeError(error) })
      }
    } else {
      log.info('team.relay.listening', { channel })
    }
  }

  /** stop() may have run during an await (a plain read of this.stopped there is narrowed away by TypeScript). */
  private isStopped(): boolean {
    return this.stopped
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null
      void this.connect()
    }, this.retryMs)
    this.retryTimer.unref()
  }

  private async heartbeat(): Promise<void> {
    const client = this.client
    if (!client || this.pinging) return
    this.pinging = true
    try {
      await queryInTurn(client, 'select 1')
    } catch (error) {
      this.lose(client, error)
    } finally {
      this.pinging = false
    }
  }

  /** The session failed: drop it and try again after retryMs. */
  private lose(client: pg.Client, error: unknown): void {
    if (client !== this.client) return
    this.client = null
    if (!this.outage) this.options.log.warn('team.relay.lost', { channel: this.options.channel, error: describeError(error) })
    this.outage = true
    void closeSession(client)
    this.scheduleRetry()
  }
}
