/** The small HTTP vocabulary the simulator's modules share: a read request and a response value. */
import type { IncomingMessage, ServerResponse } from 'node:http'

export const MAX_BODY_BYTES = 1024 * 1024

export interface SimRequest {
  method: string
  /** The raw path as sent, without the query: what a client signs as Request-Target. */
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: Buffer
  /** Whether the request came from this machine. */
  loopback: boolean
}

export interface SimResponse {
  status: number
  headers?: Record<string, string>
  body: string | Buffer
}

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' }

/** Reads the body up to the limit; beyond it the rest is drained and discarded so the 413 can be read. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? '0')
    if (Number.isFinite(declared) && declared > limit) {
      req.resume()
      resolve({ ok: false, reason: 'too_large' })
      return
    }
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return
      size += chunk.length
      if (size > limit) {
        tooLarge = true
        chunks.length = 0
        resolve({ ok: false, reason: 'too_large' })
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (!tooLarge) resolve({ ok: true, body: Buffer.concat(chunks) })
    })
    req.on('error', () => resolve({ ok: false, reason: 'aborted' }))
    req.on('aborted', () => resolve({ ok: false, reason: 'aborted' }))
  })
}

export function header(req: SimRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }
}

export function html(status: number, page: string): SimResponse {
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      // The gateway's pages need no script and load nothing from elsewhere.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
    body: page,
  }
}

export function redirect(location: string): SimResponse {
  return { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' }, body: '' }
}

export function writeResponse(res: ServerResponse, response: SimResponse): void {
  if (res.headersSent || res.destroyed) return
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body
  res.writeHead(response.status, { ...response.headers, 'Content-Length': String(body.length) })
  res.end(body)
}

/** Parses a JSON body; `{ ok: false }` when it is not JSON (callers answer 400). */
export function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) as unknown }
  } catch {
    return { ok: false }
  }
}

export function parseForm(body: Buffer): URLSearchParams {
  return new URLSearchParams(body.toString('utf8'))
}
