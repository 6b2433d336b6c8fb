/**
 * One PostgreSQL session that answers synchronously, so that the history's repositories and the
 * services' transactions run unchanged on either engine (see docs/team.md, "Why synchronous").
 *
 * The session lives in a worker thread running `pg`; each call posts the query with its number to it
 * and blocks this thread on an Atomics.wait until the worker has posted the answer back (read with
 * receiveMessageOnPort) and stored that number, for at most `callTimeoutMs`. A call that times out or
 * finds the session broken ends the worker: the session closes, PostgreSQL rolls back whatever
 * transaction it had open, and the next call starts a new one. A transaction therefore never spans
 * an await: while it runs, nothing else on this thread can interleave, exactly as with better-sqlite3.
 *
 * The worker never opens a second session by itself: a session ended between two statements of a
 * transaction (a DBA's pg_terminate_backend, a server restart, a pooler) would have the rest run in
 * autocommit on the new one, and the COMMIT only warn, so the caller would send a charge whose
 * write-ahead is half gone (found by review). Once its session ended, it answers "unreachable" and
 * the caller's probe starts a new worker.
 */
import { createRequire } from 'node:module'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import type { ClientConfig } from 'pg'

export interface QueryResult {
  rows: Record<string, unknown>[]
  rowCount: number
  /** The statement's command tag (COMMIT; ROLLBACK when a COMMIT found the transaction failed). */
  command: string
}

/** The database could not be reached, or stopped answering: nothing of the call is known to have been kept. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DatabaseUnreachableError'
  }
}

/** PostgreSQL refused the statement (a constraint, a syntax error): `code` is its SQLSTATE. */
export class DatabaseError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly constraint: string | undefined,
  ) {
    super(message)
    this.name = 'DatabaseError'
  }
}

export interface SyncConnectionOptions {
  connection: ClientConfig
  /** The longest a call may block this thread (connect included); default 10 s. */
  callTimeoutMs?: number
  /**
   * Called when the database stops answering. From then on every call fails at once, without
   * waiting for a timeout again, until `markReachable()` (the caller probes the database itself).
   */
  onUnreachable?: (message: string) => void
}

/**
 * In a packaged app `pg` resolves inside app.asar, which a worker thread cannot read (Electron's asar
 * support is for the main thread): electron-builder.yml unpacks pg and its dependencies beside it,
 * and the worker loads them from app.asar.unpacked. Any other path is returned as it is.
 */
export function outsideAsar(path: string): string {
  return path.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2')
}

type Answer = { ok: true; rows: Record<string, unknown>[]; rowCount: number; command: string } | { ok: false; unreachable: boolean; message: string; code?: string; constraint?: string }

// Plain JavaScript: it runs in a worker without the TypeScript toolchain. Integers of 8 bytes (ids,
// counts) come back as numbers, as better-sqlite3 gives them; ours stay far below 2^53.
const WORKER_SOURCE = `
const { workerData } = require('node:worker_threads')
const pg = require(workerData.pgPath)
pg.types.setTypeParser(20, (text) => Number(text))
const { port, signal, connection } = workerData
let client = null
let ended = null
const CONNECTION_CODES = /^(08|57P0[123]|53300)/
async function open() {
  const next = new pg.Client(connection)
  next.on('error', (error) => { ended = ended ?? String(error.message ?? error); client = null })
  next.on('end', () => { ended = ended ?? 'The team database session ended.'; client = null })
  await next.connect()
  client = next
}
function answer(sequence, message) {
  port.postMessage(message)
  Atomics.store(signal, 0, sequence)
  Atomics.notify(signal, 0)
}
port.on('message', async ({ sql, params, sequence }) => {
  try {
    if (ended !== null) return answer(sequence, { ok: false, unreachable: true, message: ended })
    if (client === null) await open()
    const result = await client.query({ text: sql, values: params })
    answer(sequence, { ok: true, rows: result.rows ?? [], rowCount: result.rowCount ?? 0, command: String(result.command ?? '') })
  } catch (error) {
    const code = typeof error.code === 'string' ? error.code : undefined
    const unreachable = client === null || code === undefined || CONNECTION_CODES.test(code)
    answer(sequence, { ok: false, unreachable, message: String(error.message ?? error), code, constraint: error.constraint })
  }
})
`

export class SyncConnection {
  private worker: Worker | null = null
  private port: MessagePort | null = null
  /** The number of the last call the worker answered (1, 2, … per call, wrapping below 2^31). */
  private readonly signal = new Int32Array(new SharedArrayBuffer(4))
  private sequence = 0
  private readonly callTimeoutMs: number
  private closed = false
  private down: string | null = null

  constructor(private readonly options: SyncConnectionOptions) {
    this.callTimeoutMs = options.callTimeoutMs ?? 10_000
  }

  /** Runs one statement with positional parameters ($1, $2…). */
  query(sql: string, params: readonly unknown[] = []): QueryResult {
    if (this.closed) throw new DatabaseUnreachableError('The team database connection was closed.')
    if (this.down !== null) throw new DatabaseUnreachableError(this.down)
    const port = this.ensureWorker()
    this.sequence = (this.sequence % 0x7fffffff) + 1
    const sequence = this.sequence
    port.postMessage({ sql, params, sequence })
    // The worker stores the number of the call it answered, then wakes this thread. A wake-up that is
    // not this call's (the previous call's notify, late because the worker was descheduled between its
    // store and its notify) is waited through: this call's answer is only read once it is there.
    const deadline = performance.now() + this.callTimeoutMs
    let seen = Atomics.load(this.signal, 0)
    while (seen !== sequence && performance.now() < deadline) {
      Atomics.wait(this.signal, 0, seen, deadline - performance.now())
      seen = Atomics.load(this.signal, 0)
    }
    const message = seen === sequence ? (receiveMessageOnPort(port)?.message as Answer | undefined) : undefined
    if (message === undefined) throw this.lost(`The team database did not answer within ${String(this.callTimeoutMs / 1000)} s.`)
    if (message.ok) return { rows: message.rows, rowCount: message.rowCount, command: message.command }
    if (message.unreachable) throw this.lost(message.message)
    throw new DatabaseError(message.message, message.code, message.constraint)
  }

  get reachable(): boolean {
    return this.down === null
  }

  /** The caller's probe reached the database again: calls may try it again. */
  markReachable(): void {
    this.down = null
  }

  private lost(message: string): DatabaseUnreachableError {
    this.reset()
    this.down = message
    this.options.onUnreachable?.(message)
    return new DatabaseUnreachableError(message)
  }

  /** Ends the session (an open transaction is rolled back by PostgreSQL). */
  close(): void {
    this.closed = true
    this.reset()
  }

  private ensureWorker(): MessagePort {
    if (this.port) return this.port
    const { port1, port2 } = new MessageChannel()
    const pgPath = outsideAsar(createRequire(__filename).resolve('pg'))
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port: port2, signal: this.signal, connection: this.options.connection, pgPath },
      transferList: [port2],
    })
    // The worker holds no timer of its own: it must not keep the app alive.
    this.worker.unref()
    port1.unref()
    this.port = port1
    return port1
  }

  private reset(): void {
    const worker = this.worker
    this.worker = null
    this.port?.close()
    this.port = null
    void worker?.terminate()
  }
}
