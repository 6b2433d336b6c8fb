/**
 * The wire's body reading: an answer in many chunks is read whole, one over 4 MB is refused with
 * ResponseTooLargeError without being read to the end.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { GatewayHttp, ResponseTooLargeError } from '../../src-main/gateway/http'

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
})
