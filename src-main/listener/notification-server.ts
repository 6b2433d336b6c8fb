/**
 * The HTTP side of the notification listener: POST on one path, bodies up to 256 KiB, the answer the
 * receiver decides, and the receiver's follow-up work only after the answer has gone out (the
 * gateway waits for the 200; acting on the notification need not keep it waiting).
 *
 * Hostile clients are bounded too: a request must arrive whole within 10 s (checked every second,
 * not Node's default 30 s), at most 256 connections are open at once (more are dropped as they
 * arrive), and an oversized body, chunked or declared, is answered 413 in a way that reaches the
 * client (see MAX_DRAINED_BYTES).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const MAX_NOTIFICATION_BYTES = 256 * 1024
/** Headers and the whole body must have arrived within this long, or the connection is closed. */
export const REQUEST_TIMEOUT_MS = 10_000
/** How often Node looks for requests past their time (its default, 30 s, let slow clients stay 3× too long). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1_000
/** Open connections at once; the gateway needs a handful, so this only stops a flood. */
export const MAX_CONNECTIONS = 256
/**
 * How much of an oversized body is read (and thrown away) before the 413 is sent. Closing a socket
 * while the client is still sending makes the client's next write fail with a reset (and a socket
 * closed with unread bytes sends a reset itself), so the client never reads the 413 already on its
 * way; reading the rest first lets the answer arrive. Past this much (or past REQUEST_TIMEOUT_MS) the
 * connection is cut after the 413 has been written. Reading costs no memory: the bytes are dropped.
 */
export const MAX_DRAINED_BYTES = 4 * 1024 * 1024

export interface ReceivedRequest {
  /** Lower-case header names; a repeated header keeps its first value. */
  headers: Readonly<Record<string, string | undefined>>
  body: Buffer
}

export interface Verdict {
  status: 200 | 400 | 401
  /** Runs after the answer was sent. */
  after?: () => void
}

export interface NotificationServerOptions {
  host: string
  port: number
  path: string
  receive: (request: ReceivedRequest) => Promise<Verdict>
  /** Every refusal the server makes itself (size, method, path), for the counters and the log. */
  refused: (reason: 'too_large' | 'wrong_path' | 'wrong_method') => void
  /** Defaults to MAX_CONNECTIONS. */
  maxConnections?: number
}

export interface NotificationServer {
  /** `http://host:port/path` as it listens. */
  readonly url: string
  close(): Promise<void>
}

const ANSWERS: Record<Verdict['status'] | 404 | 405 | 413 | 500, string> = {
  200: '{}',
  400: '{"error":{"code":"invalid_request","message":"The body is not a card notification"}}',
  401: '{"error":{"code":"invalid_signature","message":"The signature does not match"}}',
  404: '{"error":{"code":"not_found","message":"Not found"}}',
  405: '{"error":{"code":"method_not_allowed","message":"Use POST"}}',
  413: '{"error":{"code":"too_large","message":"The body is larger than 256 KiB"}}',
  500: '{"error":{"code":"internal","message":"The notification could not be stored; send it again"}}',
}

/**
 * `after` runs on the next turn once the answer has gone out (the receiver's follow-up work);
 * `flushed` at once (for closing the connection).
 */
function answer(response: ServerResponse, status: keyof typeof ANSWERS, after?: () => void, flushed?: () => void): void {
  const body = ANSWERS[status]
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...(status === 413 ? { Connection: 'close' } : {}) })
  response.end(body, () => {
    flushed?.()
    if (after) setImmediate(after)
  })
}

function headersOf(request: IncomingMessage): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value[0] : value
  return headers
}

function pathOf(url: string | undefined): string {
  const raw = url ?? '/'
  const end = raw.search(/[?#]/)
  return end === -1 ? raw : raw.slice(0, end)
}

export function startNotificationServer(options: NotificationServerOptions): Promise<NotificationServer> {
  const server = createServer({ connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS, requestTimeout: REQUEST_TIMEOUT_MS, headersTimeout: REQUEST_TIMEOUT_MS }, (request, response) => {
    if (pathOf(request.url) !== options.path) {
      options.refused('wrong_path')
      request.resume()
      answer(response, 404)
      return
    }
    if (request.method !== 'POST') {
      options.refused('wrong_method')
      request.resume()
      answer(response, 405)
      return
    }
    const declared = Number(request.headers['content-length'] ?? '0')
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    const tooLarge = (): void => {
      over = true
      chunks.length = 0
      options.refused('too_large')
      // Small enough to read and throw away: answer once it has all arrived (on 'end' below).
      // Too big for that: answer now; the socket is closed once the answer has gone out.
      if (declared > MAX_DRAINED_BYTES) answer(response, 413)
    }
    if (declared > MAX_NOTIFICATION_BYTES) tooLarge()
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (over) {
        if (size > MAX_DRAINED_BYTES && !response.headersSent) {
          // A chunked body that goes on and on: stop reading, answer, and close after the answer.
          request.pause()
          answer(response, 413, undefined, () => request.socket.destroy())
        }
        return
      }
      if (size > MAX_NOTIFICATION_BYTES) {
        tooLarge()
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => {
      if (over) {
        if (!response.headersSent) answer(response, 413)
        return
      }
      options.receive({ headers: headersOf(request), body: Buffer.concat(chunks) }).then(
        (verdict) => {
          answer(response, verdict.status, verdict.after)
        },
        () => {
          // Not stored: a 5xx makes the gateway send it again later.
          answer(response, 500)
        },
      )
    })
    request.on('error', () => undefined)
  })
  server.keepAliveTimeout = 5_000
  // Past the cap Node closes each new connection as it is accepted.
  server.maxConnections = options.maxConnections ?? MAX_CONNECTIONS
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => {
      server.off('error', reject)
      const address = server.address() as AddressInfo
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
      resolve({
        url: `http://${host}:${String(address.port)}${options.path}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}
