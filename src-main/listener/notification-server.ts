/**
 * The HTTP side of the notification listener: POST on one path, bodies up to 256 KiB, the answer the
 * receiver decides, and the receiver's follow-up work only after the answer has gone out (the
 * gateway waits for the 200; acting on the notification need not keep it waiting).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const MAX_NOTIFICATION_BYTES = 256 * 1024

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

function answer(response: ServerResponse, status: keyof typeof ANSWERS, after?: () => void): void {
  const body = ANSWERS[status]
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), ...(status === 413 ? { Connection: 'close' } : {}) })
  response.end(body, () => {
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
  const server = createServer((request, response) => {
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
    if (declared > MAX_NOTIFICATION_BYTES) {
      options.refused('too_large')
      answer(response, 413)
      request.destroy()
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let over = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_NOTIFICATION_BYTES) {
        if (!over) {
          over = true
          options.refused('too_large')
          answer(response, 413)
          request.destroy()
        }
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => {
      if (over) return
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
  server.requestTimeout = 10_000
  server.headersTimeout = 10_000
  server.keepAliveTimeout = 5_000
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
