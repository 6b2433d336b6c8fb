/**
 * The notification listener's HTTP server against hostile clients, over raw loopback sockets (a real
 * HTTP client would hide what is under test): slow requests are cut off after about 10 s, not Node's
 * 30-s check; connections past the cap are dropped; an oversized body, chunked or declared, is
 * answered 413 rather than reset. Each of these failed before issue 14 (finding 7) was fixed.
 */
import { execFile } from 'node:child_process'
import { connect, type Socket } from 'node:net'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_CONNECTIONS, MAX_DRAINED_BYTES, MAX_NOTIFICATION_BYTES, startNotificationServer, type NotificationServer } from '../../src-main/listener/notification-server'

const PATH = '/doku/notifications'
const run = promisify(execFile)

interface Harness {
  server: NotificationServer
  port: number
  refusals: string[]
  received: number
}

let harness: Harness | null = null
afterEach(async () => {
  await harness?.server.close()
  harness = null
})

async function startServer(): Promise<Harness> {
  const h: Harness = { server: null as unknown as NotificationServer, port: 0, refusals: [], received: 0 }
  h.server = await startNotificationServer({
    host: '127.0.0.1',
    port: 0,
    path: PATH,
    receive: () => {
      h.received++
      return Promise.resolve({ status: 200 })
    },
    refused: (reason) => h.refusals.push(reason),
  })
  h.port = Number(new URL(h.server.url).port)
  harness = h
  return h
}

interface Exchange {
  socket: Socket
  /** Resolves when the socket has closed, with everything the server sent and how long it took. */
  closed: Promise<{ received: string; afterMs: number; error: string | null }>
  /** Resolves with what the server sent once `text` is among it. */
  saw(text: string): Promise<string>
}

/** Opens a raw connection; `onConnect` writes whatever the hostile client sends. */
function open(port: number, onConnect: (socket: Socket) => void = () => undefined): Exchange {
  const started = Date.now()
  const socket = connect({ host: '127.0.0.1', port })
  let received = ''
  let error: string | null = null
  const waiting: { text: string; resolve: (all: string) => void }[] = []
  socket.setEncoding('latin1')
  socket.on('data', (chunk: string) => {
    received += chunk
    for (const wait of waiting.filter((w) => received.includes(w.text))) {
      waiting.splice(waiting.indexOf(wait), 1)
      wait.resolve(received)
    }
  })
  socket.on('error', (cause: NodeJS.ErrnoException) => {
    error = cause.code ?? cause.message
  })
  socket.once('connect', () => onConnect(socket))
  const closed = new Promise<{ received: string; afterMs: number; error: string | null }>((resolve) => {
    socket.once('close', () => resolve({ received, afterMs: Date.now() - started, error }))
  })
  const saw = (text: string): Promise<string> => (received.includes(text) ? Promise.resolve(received) : new Promise((resolve) => waiting.push({ text, resolve })))
  return { socket, closed, saw }
}

/** Writes `piece` every `everyMs` until the socket closes: a client that never finishes its request. */
function trickle(socket: Socket, piece: string, everyMs: number): void {
  const timer = setInterval(() => {
    if (!socket.destroyed && socket.writable) socket.write(piece)
  }, everyMs)
  socket.once('close', () => clearInterval(timer))
}

/**
 * A client in its own process (as the gateway is) that sends `head`, then a body of `size` bytes in
 * 16-KiB writes, each on the turn after the last was taken, as an HTTP client streaming a body does; chunk-encoded
 * when `chunked`. In the test's own process the client's writes all land in the kernel's buffers before
 * the server runs, which hides the reset a real client gets when the server closes while it is still
 * sending.
 */
const STREAMING_CLIENT = `
const { connect } = require('node:net')
const { port, head, size, chunked } = JSON.parse(process.argv[1])
const piece = Buffer.alloc(16 * 1024, 'x')
const parts = []
for (let left = size; left > 0; left -= piece.length) {
  const data = piece.subarray(0, Math.min(left, piece.length))
  parts.push(chunked ? Buffer.concat([Buffer.from(data.length.toString(16) + '\\r\\n'), data, Buffer.from('\\r\\n')]) : data)
}
if (chunked) parts.push(Buffer.from('0\\r\\n\\r\\n'))
const socket = connect({ host: '127.0.0.1', port })
let received = ''
let error = null
socket.setEncoding('latin1')
socket.on('data', (chunk) => { received += chunk })
socket.on('error', (cause) => { error = cause.code || cause.message })
socket.on('close', () => process.stdout.write(JSON.stringify({ received, error })))
socket.on('connect', () => {
  socket.write(head)
  const next = (at) => {
    if (at >= parts.length || socket.destroyed) return
    socket.write(parts[at], (failed) => { if (!failed) setImmediate(next, at + 1) })
  }
  next(0)
})
`

async function streamingClient(port: number, head: string, size: number, chunked: boolean): Promise<{ received: string; error: string | null }> {
  const { stdout } = await run(process.execPath, ['-e', STREAMING_CLIENT, JSON.stringify({ port, head, size, chunked })], { timeout: 30_000 })
  return JSON.parse(stdout) as { received: string; error: string | null }
}

describe('the notification listener against hostile clients', () => {
  it('cuts off a client that sends its headers, or its body, slowly after about 10 s (not 30)', async () => {
    const { port, received } = await startServer()
    const slowHeaders = open(port, (socket) => {
      socket.write(`POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n`)
      trickle(socket, 'X-Slow: a\r\n', 500)
    })
    const slowBody = open(port, (socket) => {
      socket.write(`POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{`)
      trickle(socket, ' ', 500)
    })
    const [headers, body] = await Promise.all([slowHeaders.closed, slowBody.closed])
    for (const result of [headers, body]) {
      expect(result.afterMs).toBeGreaterThanOrEqual(9_000)
      expect(result.afterMs).toBeLessThan(20_000)
      expect(result.received).toMatch(/^HTTP\/1\.1 408 /)
    }
    expect(received).toBe(0)
  }, 45_000)

  it('drops connections past the cap, and serves new ones once others have gone', async () => {
    const { port } = await startServer()
    const get = `GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`
    // Each held connection has been accepted and answered (405, kept alive), so the server counts it.
    const held = Array.from({ length: MAX_CONNECTIONS }, () => open(port, (socket) => socket.write(get)))
    await Promise.all(held.map((exchange) => exchange.saw('\r\n\r\n')))
    for (const exchange of held) expect(exchange.socket.destroyed).toBe(false)

    const extra = await open(port, (socket) => socket.write(get)).closed
    expect(extra.received).toBe('')

    for (const exchange of held) exchange.socket.destroy()
    await Promise.all(held.map((exchange) => exchange.closed))
    // The server notices the closes on its own turn; a new client is served within a few tries.
    let served = ''
    for (let attempt = 0; attempt < 50 && served === ''; attempt++) {
      const next = open(port, (socket) => socket.write(`GET ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`))
      served = (await next.closed).received
    }
    expect(served).toMatch(/^HTTP\/1\.1 405 /)
  })

  const post = (headers: string): string => `POST ${PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n`

  it('answers a chunked body of 300 KiB, or of 3 MiB, with 413 instead of a reset', async () => {
    const h = await startServer()
    for (const size of [300 * 1024, 3 * 1024 * 1024]) {
      const result = await streamingClient(h.port, post('Transfer-Encoding: chunked\r\n'), size, true)
      expect(result.received, `chunked ${String(size)} bytes`).toMatch(/^HTTP\/1\.1 413 /)
      expect(result.received).toContain('"too_large"')
      expect(result.error, `chunked ${String(size)} bytes`).toBeNull()
    }
    // Past what the server is willing to read and throw away (MAX_DRAINED_BYTES) it stops reading and
    // closes once its 413 is written: the client may then see a reset, but the server is not held.
    const endless = await streamingClient(h.port, post('Transfer-Encoding: chunked\r\n'), MAX_DRAINED_BYTES * 3, true)
    expect(endless.received === '' || endless.received.startsWith('HTTP/1.1 413 ')).toBe(true)
    expect(h.refusals).toEqual(['too_large', 'too_large', 'too_large'])
    expect(h.received).toBe(0)
  })

  it('answers a declared Content-Length over the limit with 413, whether the body follows or not', async () => {
    const h = await startServer()
    for (const size of [MAX_NOTIFICATION_BYTES + 44 * 1024, 3 * 1024 * 1024]) {
      const result = await streamingClient(h.port, post(`Content-Length: ${String(size)}\r\n`), size, false)
      expect(result.received, `declared ${String(size)} bytes`).toMatch(/^HTTP\/1\.1 413 /)
      expect(result.error, `declared ${String(size)} bytes`).toBeNull()
    }

    // 10 GiB announced and nothing sent: answered at once, without waiting for any of it.
    const huge = await open(h.port, (socket) => socket.write(post(`Content-Length: ${String(10 * 1024 ** 3)}\r\n`))).closed
    expect(huge.received).toMatch(/^HTTP\/1\.1 413 /)
    expect(huge.afterMs).toBeLessThan(5_000)

    expect(h.refusals).toEqual(['too_large', 'too_large', 'too_large'])
    expect(h.received).toBe(0)
  })
})
