/**
 * Desks of a team for tests: each a back end in its own process (desk-process.ts) on its own data
 * folder and keychain, in Sandbox against one simulator started here, sharing one movable clock.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startSimulator, type Simulator } from '../../../src-main/simulator'
import type { CallError, CallName, CallOutput, Result, TeamConnection } from '../../../src-preload/contract'
import { SANDBOX } from '../sandbox-fixture'
import type { DeskProcessConfig, FromDesk, ToDesk } from './desk-process'

const CHILD = join(__dirname, 'desk-process.ts')

export interface Desk {
  name: string
  process: ChildProcess
  call<K extends CallName>(name: K, input?: unknown): Promise<CallOutput<K>>
  failure(name: CallName, input?: unknown): Promise<CallError>
  result(name: CallName, input?: unknown): Promise<Result<unknown>>
  signIn(): Promise<void>
  /** Resolves with the first event of this name (and payload test) emitted from now on. */
  nextEvent(name: string, test?: (payload: unknown) => boolean, timeoutMs?: number): Promise<{ payload: unknown; at: number }>
  events: { name: string; payload: unknown; at: number }[]
  kill(): Promise<void>
  close(): Promise<void>
}

export type DeskOptions = Partial<Pick<DeskProcessConfig, 'statusTracker' | 'leaderIntervalMs' | 'trackerPollMs' | 'teamTimeFromDatabase'>> & {
  /** The desk's computer clock this far ahead of the shop's (negative: behind). */
  clockAheadMs?: number
}

export interface Shop {
  sim: Simulator
  /** Moves the clock of the simulator and of every desk. */
  advance(ms: number): void
  now(): Date
  control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>>
  startDesk(name: string, options?: DeskOptions): Promise<Desk>
  close(): Promise<void>
}

/** The team database of a test: a fresh PostgreSQL database on the loopback cluster, TLS off. */
export function teamConnection(url: string): TeamConnection {
  const parsed = new URL(url)
  return { host: parsed.hostname, port: Number(parsed.port), database: parsed.pathname.slice(1), user: decodeURIComponent(parsed.username), tls: 'off', caFile: null }
}

export async function startShop(): Promise<Shop> {
  let offsetMs = 0
  const now = (): Date => new Date(Date.now() + offsetMs)
  const sim = await startSimulator({ port: 0, ...SANDBOX, now: () => now().getTime() })
  const desks = new Set<Desk>()

  async function startDesk(name: string, options: DeskOptions = {}): Promise<Desk> {
    const dataDir = mkdtempSync(join(tmpdir(), `mbo-team-${name}-`))
    const config: DeskProcessConfig = {
      dataDir,
      keychainService: `mbo-team-${randomUUID()}`,
      deskName: name,
      gatewayUrl: sim.baseUrl,
      offsetMs: offsetMs + (options.clockAheadMs ?? 0),
      teamTimeFromDatabase: options.teamTimeFromDatabase ?? true,
      statusTracker: options.statusTracker ?? false,
      leaderIntervalMs: options.leaderIntervalMs ?? 300,
      trackerPollMs: options.trackerPollMs ?? 100,
    }
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, DESK_PROCESS: JSON.stringify(config) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
    const pending = new Map<number, (result: Result<unknown>) => void>()
    const waiters = new Set<{ name: string; test: (payload: unknown) => boolean; resolve: (event: { payload: unknown; at: number }) => void }>()
    const events: Desk['events'] = []
    let nextId = 1
    let exited = false
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: FromDesk) => {
        if (message.type === 'ready') resolve()
        else if (message.type === 'failed') reject(new Error(`desk ${name} did not start: ${message.message}`))
        else if (message.type === 'result') {
          pending.get(message.id)?.(message.result)
          pending.delete(message.id)
        } else {
          events.push(message)
          for (const waiter of [...waiters]) {
            if (waiter.name === message.name && waiter.test(message.payload)) {
              waiters.delete(waiter)
              waiter.resolve(message)
            }
          }
        }
      })
      child.on('exit', (code) => {
        exited = true
        reject(new Error(`desk ${name} exited with ${String(code)}`))
        for (const [, settle] of pending) settle({ ok: false, error: { code: 'DESK_EXITED', message: `desk ${name} exited` } })
        pending.clear()
      })
    })
    await ready
    const request = (message: ToDesk & { id: number }): Promise<Result<unknown>> =>
      new Promise((resolve) => {
        pending.set(message.id, resolve)
        child.send(message)
      })
    const result = (callName: CallName, input?: unknown): Promise<Result<unknown>> => request({ type: 'call', id: nextId++, name: callName, input })
    const desk: Desk = {
      name,
      process: child,
      events,
      result,
      async call(callName, input) {
        const answer = await result(callName, input)
        if (!answer.ok) throw new Error(`${name} ${callName}: ${answer.error.code} ${answer.error.message}`)
        return answer.value as CallOutput<typeof callName>
      },
      async failure(callName, input) {
        const answer = await result(callName, input)
        if (answer.ok) throw new Error(`${name} ${callName} should have failed`)
        return answer.error
      },
      async signIn() {
        await request({ type: 'signIn', id: nextId++ })
      },
      nextEvent(eventName, test = () => true, timeoutMs = 10_000) {
        return new Promise((resolve, reject) => {
          const waiter = { name: eventName, test, resolve: (event: { payload: unknown; at: number }) => (clearTimeout(timer), resolve(event)) }
          const timer = setTimeout(() => {
            waiters.delete(waiter)
            reject(new Error(`desk ${name}: no ${eventName} within ${String(timeoutMs)} ms`))
          }, timeoutMs)
          waiters.add(waiter)
        })
      },
      async kill() {
        if (exited) return
        const gone = new Promise((resolve) => child.once('exit', resolve))
        child.kill('SIGKILL')
        await gone
        desks.delete(desk)
      },
      async close() {
        if (!exited) {
          const gone = new Promise((resolve) => child.once('exit', resolve))
          child.send({ type: 'close', id: nextId++ })
          await gone
        }
        desks.delete(desk)
        if (process.env['KEEP_DESK_DIRS'] === undefined) rmSync(dataDir, { recursive: true, force: true })
      },
    }
    desks.add(desk)
    // Sandbox, with the simulator's credentials.
    await desk.call('credentials.update', { environment: 'sandbox', ...SANDBOX })
    await desk.call('environment.switch', { environment: 'sandbox' })
    return desk
  }

  return {
    sim,
    now,
    startDesk,
    advance(ms) {
      offsetMs += ms
      for (const desk of desks) desk.process.send({ type: 'advance', ms } satisfies ToDesk)
    },
    async control(method, path, body) {
      const response = await fetch(`${sim.baseUrl}/__sim${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const json = (await response.json()) as Record<string, unknown>
      if (!response.ok) throw new Error(`control ${path}: ${String(response.status)} ${JSON.stringify(json)}`)
      return json
    },
    async close() {
      await Promise.all([...desks].map((desk) => desk.close()))
      await sim.close()
    },
  }
}
