/**
 * The wire's body reading: an answer in many chunks is read whole, one over 4 MB is refused with
 * ResponseTooLargeError without being read to the end, one dripped a byte at a time is cut off at the
 * deadline with DeadlineExceededError and its connection closed.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { DeadlineExceededError, GatewayHttp, ResponseTooLargeError } from '../../src-main/gateway/http'

let server: Server | null = null
let http: GatewayHttp | null = null
afterEach(async () => {
  await http?.close()
  http = null
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = null
})

/** A server answering every request with `chunks` chunks of `chunkBytes` bytes ("é" and ASCII). */
async function serve(chunks: number, chunkBytes: number): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json', 'X-Two': ['a', 'b'] })
    const chunk = Buffer.alloc(chunkBytes, 'é')
    let sent = 0
    const next = (): void => {
      while (sent < chunks) {
        sent++
        if (!response.write(chunk)) {
          response.once('drain', next)
          return
        }
      }
      response.end()
    }
    next()
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/`
}

/**
 * A server that answers its first request with headers and then one byte of a JSON body every 200 ms,
 * for ever, and any later one at once; it counts its connections and tells when the first one closes.
 */
async function serveDrip(): Promise<{ baseUrl: string; connections: () => number; firstClosed: Promise<void> }> {
  let connections = 0
  let requests = 0
  let firstClosed!: () => void
  const closed = new Promise<void>((resolve) => (firstClosed = resolve))
  server = createServer((_request, response) => {
    requests += 1
    if (requests > 1) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
      return
    }
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.flushHeaders()
    const drip = setInterval(() => response.write('{'), 200)
    response.on('close', () => clearInterval(drip))
  })
  server.on('connection', (socket: Socket) => {
    connections += 1
    if (connections === 1) socket.on('close', () => firstClosed())
  })
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { baseUrl: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, connections: () => connections, firstClosed: closed }
}

const settings = { connectTimeoutMs: 2_000, headersTimeoutMs: 5_000, bodyTimeoutMs: 5_000, maxConcurrency: 2 }

describe('GatewayHttp', () => {
  it('reads an answer in many chunks whole, with its headers', async () => {
    const baseUrl = await serve(50, 1_000)
    http = new GatewayHttp(settings)
    const response = await http.request({ baseUrl, method: 'GET', path: '/status', headers: {} })
    expect(response.status).toBe(200)
    expect(response.body).toBe(Buffer.alloc(50_000, 'é').toString('utf8'))
    expect(response.headers['x-two']).toBe('a, b')
  })

  it('refuses an answer over 4 MB', async () => {
    const baseUrl = await serve(65, 64 * 1024)
    http = new GatewayHttp(settings)
    await expect(http.request({ baseUrl, method: 'GET', path: '/status', headers: {} })).rejects.toBeInstanceOf(ResponseTooLargeError)
  })

  it('cuts off an answer dripped a byte at a time at the deadline, and does not use its connection again', async () => {
    const drip = await serveDrip()
    // A deadline of 0.5 s; the body timeout (per chunk) is far above the drip's 200 ms and never trips.
    http = new GatewayHttp({ connectTimeoutMs: 200, headersTimeoutMs: 300, bodyTimeoutMs: 60_000, maxConcurrency: 1 })
    await expect(http.request({ baseUrl: drip.baseUrl, method: 'GET', path: '/status', headers: {} })).rejects.toBeInstanceOf(DeadlineExceededError)
    await drip.firstClosed
    // The pool's only connection was dropped with the cut-off answer: the next request opens another.
    expect((await http.request({ baseUrl: drip.baseUrl, method: 'GET', path: '/status', headers: {} })).body).toBe('{}')
    expect(drip.connections()).toBe(2)
  })
})
