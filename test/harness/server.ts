/**
 * The browser harness: the real back end (from src-main/backend.ts) in this Node process, the built
 * renderer served over http on loopback, and a `window.api` with the contract's shape whose calls
 * travel over loopback HTTP instead of Electron IPC. Lets real Chromium drive the app where the
 * Electron binary cannot be had.
 *
 * Only the holder of the per-run token gets in: /__harness/enter?token=… trades it for an HttpOnly,
 * SameSite=Strict cookie; every other request needs that cookie, the right Host (no DNS rebinding),
 * and calls also a custom header (no cross-site form posts).
 */
import { build } from 'esbuild'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, relative, resolve, sep, isAbsolute } from 'node:path'
import { EventEmitter, once } from 'node:events'
import { createBackend, type Backend, type BackendConfig } from '../../src-main/backend'
import { openHistoryDatabase } from '../../src-main/store/history-file'
import { seedOrders } from '../../src-main/store/seed'
import { CONTENT_SECURITY_POLICY } from '../../src-main/security/csp'

const projectRoot = resolve(__dirname, '../..')
const MAX_CALL_BODY = 1024 * 1024
const COOKIE = 'harness_session'

export interface HarnessOptions {
  /** The built renderer; defaults to out/renderer. */
  rendererDir?: string
  /** A fresh temporary folder when omitted, removed on close. */
  dataDir?: string
  port?: number
  /** Keychain service name; a fresh one per harness by default, so runs never share secrets. */
  keychainService?: string
  /** Where Sandbox and Production calls go (e.g. a local training gateway with other credentials). */
  gatewayUrls?: BackendConfig['gatewayUrls']
  /** Fills the Training history with this many realistic orders before the back end starts. */
  seedOrders?: number
  /** False keeps the status tracker's schedule still (see BackendConfig.statusTracker); on by default. */
  statusTracker?: boolean
}

export interface Harness {
  /** Origin of the server, e.g. http://127.0.0.1:43123 */
  readonly origin: string
  /** Open this address first: it trades the token for the session cookie and shows the app. */
  readonly entryUrl: string
  readonly token: string
  readonly dataDir: string
  readonly backend: Backend
  /**
   * Moves the app's clock (and with it the training gateway's, which reads it) forward, so that a test
   * reaches a due status check or an expiry without waiting. The page's own clock is not moved.
   */
  advanceClock(ms: number): Promise<void>
  /** Resolves once `count` pages listen to the back end's events. */
  waitForEventClients(count: number): Promise<void>
  close(): Promise<void>
}

/** Seeds the Training database the way `npm run seed` does, before the back end opens it. */
async function seedTraining(dataDir: string, count: number): Promise<void> {
  const { db } = await openHistoryDatabase(dataDir, 'training')
  try {
    seedOrders(db, { count, seed: 7 })
  } finally {
    db.close()
  }
}

let pageApiScript: Promise<string> | undefined

/** The harness's `window.api`, bundled once per process. */
function buildPageApi(): Promise<string> {
  pageApiScript ??= build({
    entryPoints: [join(__dirname, 'page-api.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0]
    if (!file) throw new Error('esbuild produced no page-api bundle')
    return file.text
  })
  return pageApiScript
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

function sameSecret(given: string | undefined, token: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  })
  response.end(body)
}

async function readBody(request: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_CALL_BODY) return null
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const rendererDir = resolve(options.rendererDir ?? join(projectRoot, 'out/renderer'))
  const indexHtml = readFileSync(join(rendererDir, 'index.html'), 'utf8')
  const pageApi = await buildPageApi()
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mbo-harness-'))
  const { version } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }
  if (options.seedOrders) await seedTraining(dataDir, options.seedOrders)
  let clockOffsetMs = 0
  const backend = await createBackend({
    dataDir,
    now: () => new Date(Date.now() + clockOffsetMs),
    appName: 'Merchant Back Office',
    appVersion: version,
    runtime: 'harness',
    keychainService: options.keychainService ?? `merchant-back-office-harness-${randomBytes(6).toString('hex')}`,
    ...(options.gatewayUrls ? { gatewayUrls: options.gatewayUrls } : {}),
    ...(options.statusTracker === undefined ? {} : { statusTracker: options.statusTracker }),
  })
  const token = randomBytes(32).toString('base64url')
  const clients = new EventEmitter()
  let clientCount = 0
  let expectedHost = ''

  // The page's script tag goes before the app's module so that window.api exists when the app starts.
  const servedIndex = indexHtml.replace('<script type="module"', '<script src="/__harness/api.js"></script>\n    <script type="module"')

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.headers.host !== expectedHost) return send(response, 421, 'Wrong host')
    const url = new URL(request.url ?? '/', `http://${expectedHost}`)

    if (url.pathname === '/__harness/enter' && request.method === 'GET') {
      if (!sameSecret(url.searchParams.get('token') ?? undefined, token)) return send(response, 401, 'Wrong or missing token')
      response.writeHead(303, { Location: '/', 'Set-Cookie': `${COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`, 'Cache-Control': 'no-store' })
      response.end()
      return
    }
    if (!sameSecret(cookieValue(request, COOKIE), token)) {
      return send(response, 401, 'Open the address that `npm run harness` printed (it carries this run\'s token).')
    }

    if (url.pathname.startsWith('/__harness/call/')) {
      if (request.method !== 'POST') return send(response, 405, 'POST only')
      if (request.headers['x-harness-call'] !== '1') return send(response, 403, 'Missing X-Harness-Call header')
      const origin = request.headers.origin
      if (origin !== undefined && origin !== `http://${expectedHost}`) return send(response, 403, 'Foreign origin')
      const raw = await readBody(request)
      if (raw === null) return send(response, 413, 'Call body too large')
      let body: unknown
      try {
        body = JSON.parse(raw)
      } catch {
        return send(response, 400, 'Call body is not JSON')
      }
      const name = decodeURIComponent(url.pathname.slice('/__harness/call/'.length))
      const input = typeof body === 'object' && body !== null ? (body as { input?: unknown }).input : undefined
      const result = await backend.dispatch(name, input)
      return send(response, 200, JSON.stringify(result), 'application/json')
    }

    if (url.pathname === '/__harness/events' && request.method === 'GET') {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' })
      response.write(': connected\n\n')
      const unsubscribe = backend.events.subscribe((name, payload) => {
        response.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`)
      })
      clientCount += 1
      clients.emit('change')
      request.on('close', () => {
        unsubscribe()
        clientCount -= 1
        clients.emit('change')
      })
      return
    }

    if (request.method !== 'GET' && request.method !== 'HEAD') return send(response, 405, 'Method not allowed')
    if (url.pathname === '/__harness/api.js') return send(response, 200, pageApi, CONTENT_TYPES['.js'])
    if (url.pathname === '/' || url.pathname === '/index.html') return send(response, 200, servedIndex, CONTENT_TYPES['.html'])

    const file = resolve(rendererDir, `.${decodeURIComponent(url.pathname)}`)
    const inside = relative(rendererDir, file)
    if (inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) return send(response, 404, 'Not found')
    let content: Buffer
    try {
      content = await readFile(file)
    } catch {
      return send(response, 404, 'Not found')
    }
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    response.end(content)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      backend.log.error('harness.request_failed', { error: error instanceof Error ? error.message : String(error) })
      if (!response.headersSent) send(response, 500, 'Harness error')
      else response.end()
    })
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  expectedHost = `127.0.0.1:${port}`
  const origin = `http://${expectedHost}`

  return {
    origin,
    entryUrl: `${origin}/__harness/enter?token=${token}`,
    token,
    dataDir,
    backend,
    async advanceClock(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward')
      clockOffsetMs += ms
      // The training gateway reads the moved clock already; this sends the notifications that fell due.
      await backend.training()?.simulator.advanceClock(0)
    },
    async waitForEventClients(count) {
      while (clientCount < count) await once(clients, 'change')
    },
    async close() {
      server.closeAllConnections()
      server.close()
      await once(server, 'close')
      await backend.close()
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
