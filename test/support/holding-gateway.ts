/**
 * A gateway in front of another (the simulator) that passes every request on as it is, and holds the
 * answer of a request the test names until the test lets it go: a call that is waiting for the
 * gateway's answer, for as long as the test needs, without a timer. The answer is handed on untouched
 * (its signature still holds).
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface HeldAnswer {
  /** Resolves once the gateway has answered the request and the answer is held here. */
  readonly arrived: Promise<void>
  /** Hands the answer on to the app. */
  release(): void
}

export interface HoldingGateway {
  url: string
  /** The next request of this method whose path starts with `pathStart` is passed on and its answer held. */
  hold(method: 'GET' | 'POST', pathStart: string): HeldAnswer
  close(): Promise<void>
}

interface Hold {
  method: string
  pathStart: string
  arrived: () => void
  released: Promise<void>
}

function body(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => resolve(Buffer.concat(chunks)))
    stream.on('error', reject)
  })
}

/** `target()`: the gateway's address, read at each request (a fixture may start the gateway after this). */
export async function startHoldingGateway(target: () => string): Promise<HoldingGateway> {
  const holds: Hold[] = []
  const server: Server = createServer((req, res) => {
    void (async () => {
      const sent = await body(req)
      const upstream = new URL(target())
      const answer = await new Promise<IncomingMessage>((resolve, reject) => {
        const out = httpRequest({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, resolve)
        out.on('error', reject)
        out.end(sent)
      })
      const received = await body(answer)
      const index = holds.findIndex((hold) => hold.method === req.method && (req.url ?? '').startsWith(hold.pathStart))
      const hold = index >= 0 ? holds.splice(index, 1)[0] : undefined
      if (hold) {
        hold.arrived()
        await hold.released
      }
      res.writeHead(answer.statusCode ?? 500, answer.headers)
      res.end(received)
    })().catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    hold(method, pathStart) {
      let arrived = (): void => undefined
      let release = (): void => undefined
      const hold: Hold = {
        method,
        pathStart,
        arrived: () => arrived(),
        released: new Promise<void>((resolve) => (release = resolve)),
      }
      const arrival = new Promise<void>((resolve) => (arrived = resolve))
      holds.push(hold)
      return { arrived: arrival, release: () => release() }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
