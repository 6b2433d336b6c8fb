/**
 * Browser mode: the real back end (from ../backend.ts) in this Node process, the built renderer served
 * over http on 127.0.0.1, and a `window.api` with the contract's shape (src-preload/browser-api.ts)
 * whose calls travel over loopback HTTP instead of Electron IPC. `npm start` runs it where Electron
 * cannot be had (or with --browser); the end-to-end tests drive it through test/harness/.
 *
 * Only the holder of the one-time address gets in: /__app/enter?token=… trades its token, once, for
 * an HttpOnly, SameSite=Strict session cookie (another random value, never printed); every other
 * request needs that cookie and the right Host (no DNS rebinding); calls also need the X-App-Call
 * header and, when the browser sends one, our own Origin (no cross-site form posts). A cookie is not
 * kept to its port: a page the browser opens on another 127.0.0.1 port (another account's server)
 * is sent it. So calls and events also need the **call key**, a third random value the entry hands
 * the page in the redirect's fragment (which no server is sent), kept by the page in its origin's
 * localStorage (which no other port reads) and sent as X-App-Key (and `?key=` on the event stream).
 * An old address opened again by a browser that holds the cookie is let in without the key. A used address
 * lets no one else in, so the copy of it that opening the browser leaves on a command line (which
 * other accounts of the computer can list) is worth nothing once the browser has entered. The page gets the app's strict CSP. One process per data folder: the
 * instance lock (../instance-lock.ts) is shared with the desktop app.
 *
 * Runs from a checkout: the page's `window.api` is bundled at start with esbuild (a devDependency).
 */
import { build } from 'esbuild'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { EventEmitter, once } from 'node:events'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { createBackend, type Backend, type BackendConfig } from '../backend'
import { acquireInstanceLock, type InstanceLock, type LockHolder } from '../instance-lock'
import { CONTENT_SECURITY_POLICY } from '../security/csp'
import { defaultDataDir, PRODUCT_NAME } from './data-dir'
import { languageFromSystem, type Language } from '../../src-common/languages'
import { shellWords, type ShellWords } from '../shell-words'

const projectRoot = resolve(__dirname, '../..')
const MAX_CALL_BODY = 1024 * 1024
const COOKIE = 'mbo_session'
/** Every route of the shell's own lives under this prefix; everything else is the renderer's files. */
const PREFIX = '/__app/'
export const ENTER_PATH = `${PREFIX}enter`
export const CALL_HEADER = 'x-app-call'
export const KEY_HEADER = 'x-app-key'

export interface BrowserShellOptions {
  /** The built renderer; defaults to out/renderer. */
  rendererDir?: string
  /** Defaults to the desktop app's own per-user folder (see data-dir.ts). */
  dataDir?: string
  /** 0 (the default) takes a free one. */
  port?: number
  /** The app's clock; the tests move it. */
  now?: () => Date
  /** Keychain service name; the tests use a fresh one per run so that runs never share secrets. */
  keychainService?: string
  /** Where Sandbox and Production calls go (e.g. a local training gateway with other credentials). */
  gatewayUrls?: BackendConfig['gatewayUrls']
  /** False keeps the status tracker's schedule still (see BackendConfig.statusTracker); on by default. */
  statusTracker?: boolean
  /** scrypt's cost for PINs (BackendConfig.pinCost): only the end-to-end tests' harness sets it. */
  pinCost?: number
  /** False keeps the notification listener off (BackendConfig.notificationListener): only the tests' harness sets it. */
  notificationListener?: boolean
  /** Training's listener port instead of Settings' (BackendConfig.trainingListenerPort): only the tests' harness sets it. */
  trainingListenerPort?: number
  /** Runs once the lock is ours and before the back end opens the history (the tests seed orders here). */
  beforeBackend?: (dataDir: string) => Promise<void>
  /** Called each time a browser enters with a one-time address. */
  onEnter?: () => void
}

export interface BrowserShell {
  /** Origin of the server, e.g. http://127.0.0.1:43123 */
  readonly origin: string
  /** The first one-time address: it trades its token for the session cookie and shows the app. */
  readonly entryUrl: string
  /** Another one-time address (for another browser, or after the cookie is gone); the unused one before it stops working. */
  newEntryUrl(): string
  readonly dataDir: string
  readonly backend: Backend
  /** How many pages listen to the back end's events now. */
  eventClientCount(): number
  /** Called whenever a page starts or stops listening to events; returns its unsubscribe. */
  onEventClientsChange(listener: () => void): () => void
  /** Stops the server, closes the back end (and with it the history) and releases the lock. */
  close(): Promise<void>
}

/** Another process (desktop app or browser mode) has this data folder. */
export class AlreadyRunningError extends Error {
  constructor(
    readonly holder: LockHolder,
    readonly lockFile: string,
    readonly dataDir: string,
  ) {
    super(`${PRODUCT_NAME} is already running on the data folder ${dataDir} (pid ${holder.pid})`)
    this.name = 'AlreadyRunningError'
  }
}

let pageApiScript: Promise<string> | undefined

/** The page's `window.api`, bundled once per process. */
function buildPageApi(): Promise<string> {
  pageApiScript ??= build({
    entryPoints: [join(projectRoot, 'src-preload', 'browser-api.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    logLevel: 'silent',
  }).then((result) => {
    const file = result.outputFiles[0]
    if (!file) throw new Error('esbuild produced no browser-api bundle')
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

/** On every answer: nothing cached, no sniffing, never framed, no address (with its token) in a Referer. */
const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
} as const

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
  response.writeHead(status, { ...COMMON_HEADERS, 'Content-Type': type, 'Content-Security-Policy': CONTENT_SECURITY_POLICY })
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

function appVersion(): string {
  return (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version
}

/**
 * Takes the data folder's lock (or throws AlreadyRunningError), starts the back end and listens on
 * 127.0.0.1. Whatever fails after the lock is taken gives it back.
 */
export async function startBrowserShell(options: BrowserShellOptions = {}): Promise<BrowserShell> {
  const rendererDir = resolve(options.rendererDir ?? join(projectRoot, 'out', 'renderer'))
  const dataDir = resolve(options.dataDir ?? defaultDataDir({ platform: process.platform, env: process.env, home: homedir() }))
  const indexHtml = readFileSync(join(rendererDir, 'index.html'), 'utf8')

  const taken = acquireInstanceLock(dataDir, { mode: 'browser' })
  if (!taken.ok) throw new AlreadyRunningError(taken.holder, taken.file, dataDir)
  const lock: InstanceLock = taken.lock
  let backend: Backend | null = null
  // The desk's language as the back end tells it (at the start and at each change), for the lines to a browser it does not let in.
  let deskLanguage: Language | null = null
  try {
    const pageApi = await buildPageApi()
    await options.beforeBackend?.(dataDir)
    backend = await createBackend({
      dataDir,
      appName: PRODUCT_NAME,
      appVersion: appVersion(),
      runtime: 'browser',
      ...(options.now ? { now: options.now } : {}),
      ...(options.keychainService ? { keychainService: options.keychainService } : {}),
      ...(options.gatewayUrls ? { gatewayUrls: options.gatewayUrls } : {}),
      ...(options.statusTracker === undefined ? {} : { statusTracker: options.statusTracker }),
      ...(options.pinCost === undefined ? {} : { pinCost: options.pinCost }),
      ...(options.notificationListener === undefined ? {} : { notificationListener: options.notificationListener }),
      ...(options.trainingListenerPort === undefined ? {} : { trainingListenerPort: options.trainingListenerPort }),
      languageChosen: (language) => (deskLanguage = language),
    })
    return await serve(backend, lock, { rendererDir, dataDir, indexHtml, pageApi, port: options.port ?? 0, onEnter: options.onEnter, deskLanguage: () => deskLanguage })
  } catch (error) {
    await backend?.close()
    lock.release()
    throw error
  }
}

interface ServeOptions {
  rendererDir: string
  dataDir: string
  indexHtml: string
  pageApi: string
  port: number
  onEnter: (() => void) | undefined
  /** The desk's language; null until one is chosen. */
  deskLanguage: () => Language | null
}

async function serve(backend: Backend, lock: InstanceLock, options: ServeOptions): Promise<BrowserShell> {
  const { rendererDir, dataDir } = options
  const randomToken = (): string => randomBytes(32).toString('base64url')
  const session = randomToken()
  const callKey = randomToken()
  let entryToken: string | null = null
  const clients = new EventEmitter()
  let clientCount = 0
  let expectedHost = ''

  // Deferred, before the app's module: fetched beside it, and run before it (deferred scripts and modules run in document order), so window.api exists when the app starts.
  const servedIndex = options.indexHtml.replace('<script type="module"', `<script defer src="${PREFIX}api.js"></script>\n    <script type="module"`)

  // A browser not let in is told why in the desk's language, or, until one is chosen, the browser's.
  const wordsFor = (request: IncomingMessage): ShellWords => {
    const preferred = (request.headers['accept-language'] ?? '').split(',').map((tag) => tag.split(';')[0]?.trim() ?? '')
    return shellWords(options.deskLanguage() ?? languageFromSystem(preferred))
  }

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    if (request.headers.host !== expectedHost) return send(response, 421, 'Wrong host')
    const url = new URL(request.url ?? '/', `http://${expectedHost}`)

    const entered = sameSecret(cookieValue(request, COOKIE), session)
    if (url.pathname === ENTER_PATH && request.method === 'GET') {
      if (entryToken !== null && sameSecret(url.searchParams.get('token') ?? undefined, entryToken)) {
        entryToken = null
        options.onEnter?.()
        response.writeHead(303, { ...COMMON_HEADERS, Location: `/#key=${callKey}`, 'Set-Cookie': `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/` })
        response.end()
        return
      }
      // This browser is in already (an old address opened again): let it be.
      if (entered) {
        response.writeHead(303, { ...COMMON_HEADERS, Location: '/' })
        response.end()
        return
      }
      return send(response, 401, wordsFor(request)('said.shell.browser.addressUsed'))
    }
    if (!entered) {
      return send(response, 401, wordsFor(request)('said.shell.browser.openAddress', { name: PRODUCT_NAME }))
    }

    if (url.pathname.startsWith(`${PREFIX}call/`)) {
      if (request.method !== 'POST') return send(response, 405, 'POST only')
      if (request.headers[CALL_HEADER] !== '1') return send(response, 403, 'Missing X-App-Call header')
      const key = request.headers[KEY_HEADER]
      if (!sameSecret(typeof key === 'string' ? key : undefined, callKey)) return send(response, 401, wordsFor(request)('said.shell.browser.openAddress', { name: PRODUCT_NAME }))
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
      const name = decodeURIComponent(url.pathname.slice(`${PREFIX}call/`.length))
      const input = typeof body === 'object' && body !== null ? (body as { input?: unknown }).input : undefined
      const result = await backend.dispatch(name, input)
      return send(response, 200, JSON.stringify(result), 'application/json')
    }

    if (url.pathname === `${PREFIX}events` && request.method === 'GET') {
      if (!sameSecret(url.searchParams.get('key') ?? undefined, callKey)) return send(response, 401, wordsFor(request)('said.shell.browser.openAddress', { name: PRODUCT_NAME }))
      response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': 'text/event-stream', Connection: 'keep-alive' })
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
    if (url.pathname === `${PREFIX}api.js`) return send(response, 200, options.pageApi, CONTENT_TYPES['.js'])
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
    response.writeHead(200, { ...COMMON_HEADERS, 'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
    response.end(content)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      backend.log.error('browser_shell.request_failed', { error: error instanceof Error ? error.message : String(error) })
      if (!response.headersSent) send(response, 500, 'Internal error')
      else response.end()
    })
  })
  server.listen(options.port, '127.0.0.1')
  try {
    await once(server, 'listening')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(`Port ${options.port} on 127.0.0.1 is in use: choose another with --port, or leave --port out for a free one.`)
    }
    throw error
  }
  const { port } = server.address() as AddressInfo
  expectedHost = `127.0.0.1:${port}`
  const origin = `http://${expectedHost}`
  lock.setUrl(`${origin}/`)
  backend.log.info('browser_shell.listening', { origin })

  const newEntryUrl = (): string => {
    entryToken = randomToken()
    return `${origin}${ENTER_PATH}?token=${entryToken}`
  }
  const entryUrl = newEntryUrl()

  let closing: Promise<void> | null = null
  return {
    origin,
    entryUrl,
    newEntryUrl,
    dataDir,
    backend,
    eventClientCount: () => clientCount,
    onEventClientsChange(listener) {
      clients.on('change', listener)
      return () => clients.off('change', listener)
    },
    close() {
      closing ??= (async () => {
        server.closeAllConnections()
        server.close()
        await once(server, 'close')
        try {
          await backend.close()
        } finally {
          lock.release()
        }
      })()
      return closing
    },
  }
}
