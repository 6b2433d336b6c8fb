/**
 * Team mode's change relay against a real PostgreSQL (a fresh database of the run's throw-away
 * cluster): an `orders.changed` on one desk's bus reaches the other desk's bus exactly once and never
 * comes back; another channel hears nothing; forged notifications are ignored; a relay whose session
 * is killed reconnects by itself and hears later events.
 *
 * "Exactly once" and "never" are proven with barriers, not sleeps: PostgreSQL delivers the
 * notifications of a channel in commit order, so once a later notification has arrived, any copy of an
 * earlier one would have arrived before it.
 */
import { randomUUID } from 'node:crypto'
import { connect, createServer, type Socket } from 'node:net'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, TeamView } from '../../src-preload/contract'
import { createEventBus, type EventBus } from '../../src-main/bridge/event-bus'
import { createLogger, memorySink } from '../../src-main/log'
import { ChangeRelay, type ChangeRelayOptions } from '../../src-main/team/change-relay'
import { freePort } from '../support/free-port'
import { freshDatabase } from '../support/postgres'

const CHANNEL = 'mbo_changes_test'
const OTHER_CHANNEL = 'mbo_changes_other'
const WAIT = 5_000

let db: Awaited<ReturnType<typeof freshDatabase>>
let admin: pg.Client
const running: ChangeRelay[] = []
const servers: { close(): Promise<void> }[] = []

beforeAll(async () => {
  db = await freshDatabase('team_relay')
  admin = new pg.Client({ connectionString: db.url })
  await admin.connect()
})

afterAll(async () => {
  await admin.end()
  await db.drop()
})

afterEach(async () => {
  await Promise.all(running.splice(0).map((relay) => relay.stop()))
  await Promise.all(servers.splice(0).map((server) => server.close()))
})

interface Seen {
  name: EventName
  payload: unknown
}

interface Desk {
  deskId: string
  bus: EventBus
  relay: ChangeRelay
  /** Every event on this desk's bus (local and relayed), in order. */
  seen: Seen[]
  lines: string[]
  /** Resolves with the first event on the bus (already seen, or later) that matches; rejects after WAIT. */
  receives(name: EventName, payload: unknown): Promise<void>
  resyncs: number
  /** Resolves on the relay's next onResync; rejects after WAIT. */
  resynced(): Promise<void>
}

async function desk(channel = CHANNEL, options: Partial<ChangeRelayOptions> = {}): Promise<Desk> {
  const bus = createEventBus()
  const sink = memorySink()
  const seen: Seen[] = []
  const waiters = new Set<() => void>()
  const resyncWaiters = new Set<() => void>()
  const deskId = randomUUID()
  bus.subscribe((name, payload) => {
    seen.push({ name, payload })
    for (const waiter of waiters) waiter()
  })
  const state = { resyncs: 0 }
  const relay = new ChangeRelay({
    connection: { connectionString: db.url },
    channel,
    deskId,
    events: bus,
    log: createLogger(sink),
    retryMs: 100,
    heartbeatMs: 1_000,
    onResync: () => {
      state.resyncs++
      for (const waiter of resyncWaiters) waiter()
    },
    ...options,
  })
  running.push(relay)
  await relay.start()
  const wait = (set: Set<() => void>, done: () => boolean, what: string): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const check = (): void => {
        if (!done()) return
        clearTimeout(timer)
        set.delete(check)
        resolve()
      }
      const timer = setTimeout(() => {
        set.delete(check)
        reject(new Error(`${what} did not happen within ${WAIT} ms`))
      }, WAIT)
      set.add(check)
      check()
    })
  return {
    deskId,
    bus,
    relay,
    seen,
    lines: sink.lines,
    receives: (name, payload) => wait(waiters, () => seen.some((event) => event.name === name && JSON.stringify(event.payload) === JSON.stringify(payload)), `${name} ${JSON.stringify(payload)}`),
    get resyncs() {
      return state.resyncs
    },
    resynced: () => {
      const before = state.resyncs
      return wait(resyncWaiters, () => state.resyncs > before, 'a resync')
    },
  }
}

const changed = (id: number): Seen => ({ name: 'orders.changed', payload: { id } })

function logged(d: Desk, event: string): Record<string, unknown>[] {
  return d.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry['event'] === event)
}

/** A notification sent by someone else than a relay (a forger, or a barrier). */
async function notify(channel: string, payload: string): Promise<void> {
  await admin.query('select pg_notify($1, $2)', [channel, payload])
}

describe('the change relay', () => {
  it('carries orders.changed from one desk to the other exactly once, never back, and not to another channel', async () => {
    const a = await desk()
    const b = await desk()
    const elsewhere = await desk(OTHER_CHANNEL)

    a.bus.emit('orders.changed', { id: 42 })
    await b.receives('orders.changed', { id: 42 })
    // Barriers: a later event from A at B, one from B at A, one on the other channel.
    a.bus.emit('orders.changed', { id: 43 })
    await b.receives('orders.changed', { id: 43 })
    b.bus.emit('orders.changed', { id: 99 })
    await a.receives('orders.changed', { id: 99 })
    await notify(OTHER_CHANNEL, JSON.stringify({ desk: 'barrier', name: 'orders.changed', payload: { id: 7 } }))
    await elsewhere.receives('orders.changed', { id: 7 })

    expect(a.seen).toEqual([changed(42), changed(43), changed(99)])
    expect(b.seen).toEqual([changed(42), changed(43), changed(99)])
    expect(elsewhere.seen).toEqual([changed(7)])
  })

  it('carries only the relayed events, and only from other desks', async () => {
    const a = await desk()
    const b = await desk()
    a.bus.emit('listener.changed', {})
    a.bus.emit('orders.changed', { id: 1 })
    await b.receives('orders.changed', { id: 1 })
    // The same desk id on the channel (an old notification of this process): ignored.
    await notify(CHANNEL, JSON.stringify({ desk: b.deskId, name: 'orders.changed', payload: { id: 2 } }))
    a.bus.emit('orders.changed', { id: 3 })
    await b.receives('orders.changed', { id: 3 })
    expect(b.seen).toEqual([changed(1), changed(3)])
  })

  it('ignores forged notifications, logging each kind of fault once and never their text', async () => {
    const a = await desk()
    const forged = [
      'not json at all',
      'not json at all, again',
      '42',
      JSON.stringify({ name: 'orders.changed', payload: { id: 5 } }), // no desk
      JSON.stringify({ desk: 'forger', name: 'orders.changed', payload: { id: 'secret-looking-text' } }),
      JSON.stringify({ desk: 'forger', name: 'orders.changed', payload: { id: 5, extra: 'x'.repeat(100) } }), // extra keys are stripped by the schema, so this one passes
      JSON.stringify({ desk: 'forger', name: 'orders.changed' }),
      JSON.stringify({ desk: 'forger', name: 'environment.changed', payload: { environment: 'production' } }), // valid, but not relayed
      JSON.stringify({ desk: 'forger', name: 'no.such.event', payload: {} }),
    ]
    for (const text of forged) await notify(CHANNEL, text)
    await notify(CHANNEL, JSON.stringify({ desk: 'barrier', name: 'orders.changed', payload: { id: 6 } }))
    await a.receives('orders.changed', { id: 6 })

    expect(a.seen).toEqual([changed(5), changed(6)])
    const reasons = logged(a, 'team.relay.ignored').map((entry) => entry['reason'])
    expect(reasons.sort()).toEqual(['bad_payload', 'bad_shape', 'not_json', 'not_relayed'])
    expect(a.lines.join('')).not.toContain('secret-looking-text')
  })

  it('drops and logs an event too large for NOTIFY, and carries the next one', async () => {
    const view: TeamView = {
      mode: 'team',
      connection: null,
      passwordSet: true,
      state: 'connected',
      problem: 'x'.repeat(9_000),
      leader: false,
      leaderDesk: null,
      deskName: 'Desk A',
      schemaVersion: 1,
      import: null,
      clockAheadSeconds: 0,
    }
    const relayed: EventName[] = ['orders.changed', 'team.changed']
    const a = await desk(CHANNEL, { relayed })
    const b = await desk(CHANNEL, { relayed })
    a.bus.emit('team.changed', view)
    a.bus.emit('team.changed', { ...view, problem: 'short' })
    await b.receives('team.changed', { ...view, problem: 'short' })
    expect(b.seen).toEqual([{ name: 'team.changed', payload: { ...view, problem: 'short' } }])
    expect(logged(a, 'team.relay.too_large')).toEqual([expect.objectContaining({ name: 'team.changed' })])
  })

  it('reconnects by itself after its session is killed, and hears later events', async () => {
    const a = await desk()
    const b = await desk()
    a.bus.emit('orders.changed', { id: 10 })
    await b.receives('orders.changed', { id: 10 })

    const resynced = b.resynced()
    const killed = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [`mbo-relay:${b.deskId}`])
    expect(killed.rowCount).toBe(1)
    // Emitted while B's session is gone (or going): kept, and sent once B is back.
    b.bus.emit('orders.changed', { id: 20 })
    await resynced
    expect(logged(b, 'team.relay.lost')).toHaveLength(1)
    expect(logged(b, 'team.relay.reconnected')).toHaveLength(1)
    await a.receives('orders.changed', { id: 20 })

    a.bus.emit('orders.changed', { id: 11 })
    await b.receives('orders.changed', { id: 11 })
    // And B still sends; a barrier for "once" on both sides.
    b.bus.emit('orders.changed', { id: 12 })
    await a.receives('orders.changed', { id: 12 })
    expect(b.seen).toEqual([changed(10), changed(20), changed(11), changed(12)])
    expect(a.seen).toEqual([changed(10), changed(20), changed(11), changed(12)])
  })

  it('starts while the database cannot be reached without crashing, and keeps its events for when it can', async () => {
    const port = await freePort()
    const a = await desk(CHANNEL, { connection: { host: '127.0.0.1', port, database: db.name, user: 'app', password: 'never-logged' } })
    a.bus.emit('orders.changed', { id: 1 })
    a.bus.emit('orders.changed', { id: 2 })
    a.bus.emit('orders.changed', { id: 1 }) // the same message waits once
    await expect.poll(() => logged(a, 'team.relay.unreachable').length, { timeout: WAIT, interval: 10 }).toBe(1)
    expect(a.seen).toEqual([changed(1), changed(2), changed(1)])

    // The database appears on that port (a proxy to it): A connects by itself and sends what waited.
    const b = await desk()
    const resynced = a.resynced()
    await forward(port)
    await resynced
    await b.receives('orders.changed', { id: 2 })
    a.bus.emit('orders.changed', { id: 3 })
    await b.receives('orders.changed', { id: 3 })
    expect(b.seen).toEqual([changed(1), changed(2), changed(3)])
    expect(logged(a, 'team.relay.unreachable')).toHaveLength(1) // retried every 100 ms, logged once
    expect(logged(a, 'team.relay.reconnected')).toEqual([expect.objectContaining({ sent: 2, dropped: 0 })])
    expect(a.lines.join('')).not.toContain('never-logged')
  })

  it('refuses a channel that is not [a-z0-9_]{1,63}', () => {
    for (const channel of ['', 'Mbo', 'mbo-changes', 'a'.repeat(64), 'x"; drop table orders; --']) {
      expect(() => new ChangeRelay({ connection: {}, channel, deskId: 'd', events: createEventBus(), log: createLogger(memorySink()) })).toThrow(RangeError)
    }
  })
})

/** Makes the test database reachable on `port` too: a plain TCP forwarder. */
async function forward(port: number): Promise<void> {
  const target = new URL(db.url)
  const sockets = new Set<Socket>()
  const track = (socket: Socket): void => {
    sockets.add(socket)
    socket.on('error', () => socket.destroy())
    socket.on('close', () => sockets.delete(socket))
  }
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname)
    track(client)
    track(upstream)
    client.pipe(upstream).pipe(client)
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  })
  servers.push({
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
}
