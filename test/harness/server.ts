/**
 * The end-to-end tests' way into the app: browser mode itself (src-main/browser-shell/), the server
 * `npm start` runs where Electron cannot, with what tests need around it and nothing else: a fresh
 * temporary data folder and keychain service per run, a clock the test moves, seeded orders, the test
 * operators (./operators.ts) with one of them signed in (an Admin unless told), and a wait for the
 * page's event stream.
 */
import { randomBytes } from 'node:crypto'
import { once, EventEmitter } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Backend, BackendConfig } from '../../src-main/backend'
import { startBrowserShell } from '../../src-main/browser-shell/server'
import { ensurePrivateDir } from '../../src-main/private-files'
import { readAppSettings, writeAppSettings } from '../../src-main/settings/app-settings'
import { openHistoryDatabase } from '../../src-main/store/history-file'
import { seedOrders } from '../../src-main/store/seed'
import type { SettingsView } from '../../src-preload/contract'
import { prepareOperators, signInAs, TEST_PIN_COST, type SignedInAs } from './operators'

export { TEST_OPERATORS, type SignedInAs, type TestOperator } from './operators'

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
  /**
   * Who is signed in when the page opens: 'admin' by default. The three test operators of
   * ./operators.ts (admin aisyah, supervisor ravi, clerk mei) exist unless 'none', which starts a desk
   * without operators (the first start asks for the first Admin).
   */
  operators?: SignedInAs
  /**
   * The Training idle lock in minutes (Settings; 5 by default, 1–240), set before the page opens. A
   * spec that moves the clock past it without a call finds the desk locked.
   */
  idleLockMinutes?: number
  /**
   * Where the app's clock (and the training gateway's) starts, as an ISO time; it runs on from there
   * and `advanceClock` moves it. Now by default. For specs that need a time of day: a payment made
   * just before the gateway's daily settlement, settled a few minutes later (refunds), or one made
   * at noon, far from it.
   */
  clockStartsAt?: string
  /**
   * The first-run welcome: a fresh desk shows it once, to its first Admin, in Training. Off by default:
   * the harness marks it done before the back end starts (in `app-settings.json`, as finishing it would),
   * so that specs of other screens start on Orders as before. True leaves the desk as a newcomer finds
   * it (test/e2e/welcome.spec.ts).
   */
  welcome?: boolean
  /**
   * Training's notification listener, on by default in Training (its gateway notifies it of a payment
   * at once). It listens on a port the system picks (BackendConfig.trainingListenerPort 0), so that
   * specs side by side never fight over Settings' 9900 (nor take it from a desk's app), unless
   * `'settings-port'`: Settings' port, as a desk's. `false` keeps it off whatever Settings say: a spec
   * that pays on the training gateway and wants the order to wait for its status check says so.
   */
  listener?: false | 'settings-port'
  /**
   * scrypt's cost for the desk's PINs (BackendConfig.pinCost): the tests' lower TEST_PIN_COST by
   * default; the renderer bench, which times a sign-in, asks for the desk's own (PIN_COST).
   */
  pinCost?: number
}

export interface Harness {
  /** Origin of the server, e.g. http://127.0.0.1:43123 */
  readonly origin: string
  /** Open this address first: it trades its one-time token for the session cookie and shows the app. */
  readonly entryUrl: string
  /** Another one-time address, e.g. for a second browser context. */
  newEntryUrl(): string
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

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const ownDataDir = options.dataDir === undefined
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'mbo-harness-'))
  const seed = options.seedOrders
  if (options.welcome !== true) {
    ensurePrivateDir(dataDir)
    const file = join(dataDir, 'app-settings.json')
    writeAppSettings(file, { ...readAppSettings(file), welcome: 'done' })
  }
  let clockOffsetMs = options.clockStartsAt === undefined ? 0 : Date.parse(options.clockStartsAt) - Date.now()
  if (Number.isNaN(clockOffsetMs)) throw new RangeError(`clockStartsAt is not a time: ${String(options.clockStartsAt)}`)
  let shell
  try {
    shell = await startBrowserShell({
      dataDir,
      now: () => new Date(Date.now() + clockOffsetMs),
      keychainService: options.keychainService ?? `merchant-back-office-harness-${randomBytes(6).toString('hex')}`,
      pinCost: options.pinCost ?? TEST_PIN_COST,
      ...(options.rendererDir ? { rendererDir: options.rendererDir } : {}),
      ...(options.port === undefined ? {} : { port: options.port }),
      ...(options.gatewayUrls ? { gatewayUrls: options.gatewayUrls } : {}),
      ...(options.statusTracker === undefined ? {} : { statusTracker: options.statusTracker }),
      ...(options.listener === false ? { notificationListener: false } : {}),
      ...(options.listener === 'settings-port' ? {} : { trainingListenerPort: 0 }),
      ...(seed ? { beforeBackend: (dir: string) => seedTraining(dir, seed) } : {}),
    })
  } catch (error) {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const { backend } = shell
  try {
    const signedIn = options.operators ?? 'admin'
    await prepareOperators(backend.dispatch, signedIn === 'none' ? 'none' : 'admin', { staff: true })
    if (options.idleLockMinutes !== undefined) {
      if (signedIn === 'none') throw new Error('idleLockMinutes needs an Admin: not with operators "none"')
      const view = (await backend.dispatch('settings.get', undefined)) as { ok: true; value: SettingsView }
      const settings = { ...view.value.settings, session: { idleLockMinutes: options.idleLockMinutes } }
      const saved = await backend.dispatch('settings.update', settings)
      if (!saved.ok) throw new Error(`idleLockMinutes: ${saved.error.message}`)
    }
    if (signedIn !== 'none' && signedIn !== 'admin') await signInAs(backend.dispatch, signedIn)
  } catch (error) {
    await shell.close()
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  const clients = new EventEmitter()
  shell.onEventClientsChange(() => clients.emit('change'))

  return {
    origin: shell.origin,
    entryUrl: shell.entryUrl,
    newEntryUrl: () => shell.newEntryUrl(),
    dataDir: shell.dataDir,
    backend,
    async advanceClock(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward')
      clockOffsetMs += ms
      // The training gateway reads the moved clock already; this sends the notifications that fell due.
      await backend.training()?.simulator.advanceClock(0)
    },
    async waitForEventClients(count) {
      while (shell.eventClientCount() < count) await once(clients, 'change')
    },
    async close() {
      await shell.close()
      if (ownDataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
