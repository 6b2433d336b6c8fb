/**
 * The wire: one keep-alive undici Pool per gateway origin, with connect, header and body timeouts, a
 * deadline on each whole exchange and a bound on concurrent requests (requests beyond it wait in the
 * pool's queue). Knows nothing of signing or of what the bodies mean.
 */
import type { Readable } from 'node:stream'
import { Pool } from 'undici'

export interface HttpSettings {
  connectTimeoutMs: number
  /** From sending the request to the answer's last header. */
  headersTimeoutMs: number
  /** Between two chunks of the answer's body: a slow drip never trips it, the deadline does. */
  bodyTimeoutMs: number
  /** At most this many requests in flight per origin. */
  maxConcurrency: number
}

export interface HttpRequest {
  baseUrl: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string | undefined
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Answers larger than this are not read to the end: no gateway answer is anywhere near it. */
const MAX_RESPONSE_BYTES = 4 * 1024 * 1024

export class ResponseTooLargeError extends Error {
  readonly code = 'RESPONSE_TOO_LARGE'
}

/** The whole exchange outlasted its deadline (see GatewayHttp.deadlineMs); read like any other timeout. */
export class DeadlineExceededError extends Error {
  readonly code = 'ANSWER_DEADLINE'
}

/**
 * The answer's bytes as text, read by the stream's events (an async iterator over the body cost a
 * promise per chunk and the iterator's machinery, at every status check); an answer over
 * MAX_RESPONSE_BYTES is not read further and throws ResponseTooLargeError.
 */
function readBody(body: Readable): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > MAX_RESPONSE_BYTES) {
        body.off('data', onData)
        body.off('end', onEnd)
        body.destroy()
        reject(new ResponseTooLargeError('The gateway answer is too large'))
        return
      }
      chunks.push(chunk)
    }
    const onEnd = (): void => {
      body.off('error', onError)
      resolve(chunks.length === 1 ? (chunks[0] as Buffer).toString('utf8') : Buffer.concat(chunks, size).toString('utf8'))
    }
    const onError = (error: Error): void => {
      body.off('data', onData)
      body.off('end', onEnd)
      reject(error)
    }
    body.on('data', onData)
    body.once('end', onEnd)
    body.once('error', onError)
  })
}

export class GatewayHttp {
  private readonly pools = new Map<string, Pool>()
  /** Each base URL parsed once: its origin's pool and its path prefix (the part before the operation's path). */
  private readonly targets = new Map<string, { pool: Pool; prefix: string }>()
  /**
   * The most one exchange may take, from the call (a wait in the pool's queue included) to the answer's
   * last byte: the connect and answer timeouts together. undici's headersTimeout ends at the headers
   * and its bodyTimeout is per chunk, so a gateway dripping a byte every few seconds (slow, or hostile
   * on the path) would otherwise hold a pool connection, and a charge's wait, as long as it likes. The
   * sum is also the longest call the team leader allows for before it settles an attempt as interrupted
   * (src-main/team/leader-duties.ts).
   */
  private readonly deadlineMs: number

  constructor(private readonly settings: HttpSettings) {
    this.deadlineMs = settings.connectTimeoutMs + settings.headersTimeoutMs
  }

  private target(baseUrl: string): { pool: Pool; prefix: string } {
    const known = this.targets.get(baseUrl)
    if (known) return known
    const url = new URL(baseUrl)
    let pool = this.pools.get(url.origin)
    if (!pool) {
      pool = new Pool(url.origin, {
        connections: this.settings.maxConcurrency,
        connectTimeout: this.settings.connectTimeoutMs,
        headersTimeout: this.settings.headersTimeoutMs,
        bodyTimeout: this.settings.bodyTimeoutMs,
        keepAliveTimeout: 30_000,
      })
      // No RetryAgent: undici never re-sends a request by itself; whether to retry is the client's call.
      this.pools.set(url.origin, pool)
    }
    const target = { pool, prefix: url.pathname.replace(/\/$/, '') }
    this.targets.set(baseUrl, target)
    return target
  }

  /** Throws DeadlineExceededError once deadlineMs has passed, whatever stage the exchange is at. */
  async request(request: HttpRequest): Promise<HttpResponse> {
    const { pool, prefix } = this.target(request.baseUrl)
    // undici ends an aborted request wherever it is (queued, connecting, waiting, reading the body) with
    // the signal's reason, and destroys the socket of one on the wire: a connection left mid-answer is
    // never handed to the next request.
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(new DeadlineExceededError(`The gateway's answer did not end within ${String(this.deadlineMs)} ms`)), this.deadlineMs)
    try {
      const response = await pool.request({
        method: request.method,
        path: prefix + request.path,
        headers: request.headers,
        body: request.body,
        signal: deadline.signal,
      })
      const body = await readBody(response.body)
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(response.headers)) {
        if (typeof value === 'string') headers[name.toLowerCase()] = value
        else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ')
      }
      return { status: response.statusCode, headers, body }
    } finally {
      clearTimeout(timer)
    }
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()]
    this.pools.clear()
    this.targets.clear()
    await Promise.all(pools.map((pool) => pool.destroy()))
  }
}
