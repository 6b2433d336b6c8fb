/**
 * The wire: one keep-alive undici Pool per gateway origin, with connect, header and body timeouts and a
 * bound on concurrent requests (requests beyond it wait in the pool's queue). Knows nothing of
 * signing or of what the bodies mean.
 */
import { Pool } from 'undici'

export interface HttpSettings {
  connectTimeoutMs: number
  headersTimeoutMs: number
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

export class GatewayHttp {
  private readonly pools = new Map<string, Pool>()

  constructor(private readonly settings: HttpSettings) {}

  private pool(baseUrl: string): Pool {
    const origin = new URL(baseUrl).origin
    let pool = this.pools.get(origin)
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.settings.maxConcurrency,
        connectTimeout: this.settings.connectTimeoutMs,
        headersTimeout: this.settings.headersTimeoutMs,
        bodyTimeout: this.settings.bodyTimeoutMs,
        keepAliveTimeout: 30_000,
      })
      // No RetryAgent: undici never re-sends a request by itself; whether to retry is the client's call.
      this.pools.set(origin, pool)
    }
    return pool
  }

  async request(request: HttpRequest): Promise<HttpResponse> {
    const prefix = new URL(request.baseUrl).pathname.replace(/\/$/, '')
    const response = await this.pool(request.baseUrl).request({
      method: request.method,
      path: prefix + request.path,
      headers: request.headers,
      body: request.body,
    })
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > MAX_RESPONSE_BYTES) {
        response.body.destroy()
        throw new ResponseTooLargeError('The gateway answer is too large')
      }
      chunks.push(chunk)
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(response.headers)) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value
      else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ')
    }
    return { status: response.statusCode, headers, body: Buffer.concat(chunks).toString('utf8') }
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()]
    this.pools.clear()
    await Promise.all(pools.map((pool) => pool.destroy()))
  }
}
