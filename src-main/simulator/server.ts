/**
 * startSimulator: the training gateway on a plain node:http server. It starts in-process (backend.ts,
 * tests) or from the command line (cli.ts), on a random loopback port by default.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { booksText, createBooksKeeper, loadBooks, restoreBooks, type BooksWarning } from './books'
import { createSimClock, type NowFn, type SimClock } from './clock'
import type { SimContext } from './context'
import type { Credentials } from './credentials'
import { cardServerError, genericError, methodNotAllowed, notFoundPath, payloadTooLarge } from './errors'
import { FaultBox } from './faults'
import { readBody, writeResponse, type SimRequest, type SimResponse } from './http'
import { IdempotencyStore } from './idempotency'
import { createNotifier } from './notifier'
import { createPageLinks } from './page-links'
import { isDrop, runApiCall, type Handled } from './pipeline'
import { matchRoute } from './routes'
import { SimState } from './state'
import { expireDueGenericPayments } from './v3-outcomes'

export const DEFAULTS = {
  host: '127.0.0.1',
  clientId: 'BRN-0001-TEST',
  secretKey: 'SK-test-0123456789',
  apiKey: 'doku_key_test',
  timestampToleranceSeconds: 300,
} as const

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  clientId?: string
  secretKey?: string
  apiKey?: string
  /** Where notifications (card and v3) go; none are sent without it. */
  notifyUrl?: string | null
  /** The base time source; the control API moves an offset on top of it. Default Date.now. */
  now?: NowFn
  /** The /__sim/ control API; default on when listening on a loopback address. Even then only loopback callers may use it. */
  controlApi?: boolean
  /** Largest accepted drift of Request-Timestamp from the simulator clock, either way. Default 300 s. */
  timestampToleranceSeconds?: number
  /** The address to put in links, when it differs from the listening address (e.g. behind a proxy). */
  publicUrl?: string
  /**
   * Where the simulator keeps its books (orders, charges, tokens, refunds, v3 payments, kept
   * idempotent answers, the clock's offset) across restarts: loaded at start, written atomically after
   * every request that changed them, before the answer leaves. None: the books live in memory only.
   */
  stateFile?: string
  /** Told when the books cannot be read or written (the simulator carries on). Default: process.emitWarning. */
  onWarning?: BooksWarning
  /**
   * The merchant's name as the gateway knows it, shown on the customer pages ("Merchant"); asked each
   * time a page is drawn, so the app's Training can follow its shop name as staff change it. Default none.
   */
  merchantName?: string | (() => string)
}

export interface Simulator {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly baseUrl: string
  readonly port: number
  readonly clock: SimClock
  /** Live state, for in-process callers that want to look without the control API. */
  readonly state: SimState
  /** Moves the clock forward and sends the notification retries that fell due. */
  advanceClock(ms: number): Promise<void>
  setNotifyUrl(url: string | null): void
  /** Stops listening, drops open connections (including hung ones) and stops notifying. */
  close(): Promise<void>
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost'])
const isLoopbackAddress = (address: string | undefined): boolean => address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))

const API_PREFIXES = ['/credit-card/', '/orders/', '/cancellation/', '/tokenization/']

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const host = options.host ?? DEFAULTS.host
  const controlApi = options.controlApi ?? LOOPBACK_HOSTS.has(host)
  const credentials: Credentials = {
    clientId: options.clientId ?? DEFAULTS.clientId,
    secretKey: options.secretKey ?? DEFAULTS.secretKey,
    apiKey: options.apiKey ?? DEFAULTS.apiKey,
    timestampToleranceMs: (options.timestampToleranceSeconds ?? DEFAULTS.timestampToleranceSeconds) * 1000,
  }
  const warn: BooksWarning = options.onWarning ?? ((message) => process.emitWarning(message))
  const books = options.stateFile === undefined ? null : loadBooks(options.stateFile, warn)
  const clock = createSimClock(options.now, books?.clockOffsetMs ?? 0)
  let baseUrl = ''
  const ctx: SimContext = {
    state: new SimState(),
    clock,
    credentials,
    notifier: createNotifier({ clock, credentials, url: options.notifyUrl ?? null }),
    idempotency: new IdempotencyStore(),
    faults: new FaultBox(),
    pageLinks: createPageLinks(),
    baseUrl: () => baseUrl,
    merchantName: typeof options.merchantName === 'function' ? options.merchantName : () => (options.merchantName as string | undefined) ?? '',
  }
  if (books) restoreBooks(books, ctx.state, ctx.idempotency)
  const keeper = options.stateFile === undefined ? null : createBooksKeeper(options.stateFile, () => booksText(ctx.state, ctx.idempotency, clock.offsetMs()), warn)
  /** Writes the books if anything changed; called before any answer leaves. */
  const keepBooks = (): void => keeper?.save()

  const sockets = new Set<Socket>()

  async function route(req: SimRequest): Promise<{ handled: Handled; operation: string | null }> {
    const match = matchRoute(req.method, req.path)
    if (match.kind === 'no_path') return { handled: notFoundPath(), operation: null }
    if (match.kind === 'wrong_method') return { handled: methodNotAllowed(match.allowed), operation: null }
    const found = match.route
    switch (found.kind) {
      case 'api':
        return {
          handled: await runApiCall({ ctx, scheme: found.scheme, operationName: found.operationName, operation: found.operation, req, param: match.param }),
          operation: found.operationName,
        }
      case 'page':
        return { handled: found.handle(ctx, req, match.param), operation: null }
      case 'control':
        if (!controlApi || !req.loopback) return { handled: notFoundPath(), operation: null }
        return { handled: await found.handle(ctx, req, match.param), operation: null }
    }
  }

  function serverError(path: string): SimResponse {
    return API_PREFIXES.some((prefix) => path.startsWith(prefix)) ? cardServerError(path, clock.now()) : genericError(500, 'internal_error', 'internal error')
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/'
    const queryAt = rawUrl.indexOf('?')
    const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt)
    const method = req.method ?? 'GET'
    const body = await readBody(req)
    if (!body.ok) {
      if (body.reason === 'too_large') writeResponse(res, payloadTooLarge())
      return
    }
    const simRequest: SimRequest = {
      method,
      path,
      query: new URLSearchParams(queryAt === -1 ? '' : rawUrl.slice(queryAt + 1)),
      headers: req.headers,
      body: body.body,
      loopback: isLoopbackAddress(req.socket.remoteAddress),
    }
    let handled: Handled
    let operation: string | null = null
    try {
      ;({ handled, operation } = await route(simRequest))
    } catch {
      // A bug in one handler must not take the gateway down: answer 500 like the real one would.
      handled = serverError(path)
    }
    // What is answered (or applied and then lost on purpose by a fault) is in the books first.
    keepBooks()
    if (operation !== null) {
      const requestId = req.headers['request-id']
      ctx.state.recordCall({
        at: clock.now(),
        operation,
        method,
        path,
        requestId: typeof requestId === 'string' ? requestId : null,
        status: isDrop(handled) ? 0 : handled.status,
      })
    }
    if (isDrop(handled)) {
      // hang: keep the connection open and never answer; reset: tear it down with a TCP RST.
      if (handled.drop === 'reset') req.socket.resetAndDestroy()
      return
    }
    writeResponse(res, handled)
  }

  const server = createServer({ keepAliveTimeout: 5_000 }, (req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) writeResponse(res, genericError(500, 'internal_error', 'internal error'))
    })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
    else socket.destroy()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  baseUrl = (options.publicUrl ?? `http://${shownHost}:${address.port}`).replace(/\/$/, '')

  // v3 payments expire (and notify) when their time passes on the simulator clock, not only when looked at.
  const expiryTimer = setInterval(() => {
    if (expireDueGenericPayments(ctx) > 0) keepBooks()
  }, 1_000)
  expiryTimer.unref()

  let closing: Promise<void> | null = null
  return {
    baseUrl,
    port: address.port,
    clock,
    state: ctx.state,
    async advanceClock(ms) {
      clock.advance(ms)
      expireDueGenericPayments(ctx)
      keepBooks()
      await ctx.notifier.runDue()
    },
    setNotifyUrl: (url) => ctx.notifier.setUrl(url),
    close() {
      closing ??= (async () => {
        clearInterval(expiryTimer)
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        for (const socket of sockets) socket.destroy()
        server.closeAllConnections()
        await Promise.all([closed, ctx.notifier.close()])
      })()
      return closing
    },
  }
}
