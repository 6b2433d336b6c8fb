/**
 * A real back end on a temporary data folder with its own keychain service, for integration tests.
 * The status tracker's schedule is still unless the test turns it on (`statusTracker: true`).
 * Training's notification listener is on, as Settings say by default, on a port of its own
 * (`settingsListenerPort`); a test that wants it off says so (`notificationListener: false`).
 *
 * Every back end has its first Admin, named `actor` ('aisyah' unless told), made with session.setup
 * and signed in after each build and restart, so that what tests do is written under that name. A
 * test may start with the three test operators (test/harness/operators.ts) signed in as another role,
 * or with no operator at all.
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend, type BackendConfig } from '../../src-main/backend'
import { createLogger, fileSink } from '../../src-main/log'
import type { CallError, CallName, CallOutput, Result, SessionView } from '../../src-preload/contract'
import { prepareOperators, signInAs, TEST_OPERATORS, TEST_PIN_COST, type SignedInAs, type TestOperator } from '../harness/operators'

export interface TestBackendOptions extends Partial<BackendConfig> {
  /** The first Admin's name, written as `createdBy` / `actor` on what tests do; 'aisyah' by default. */
  actor?: string
  /** Who is signed in after each build: 'admin' by default; 'none' leaves a desk without operators. */
  signedIn?: SignedInAs
  /** Also create the Supervisor and the Clerk of test/harness/operators.ts. */
  staff?: boolean
  /**
   * True (the default): when a call through `call`/`failure` finds the desk locked because the test
   * moved the clock past the idle lock, the same operator signs in again (and continues) and the call
   * is made again. Tests of the idle lock itself turn it off.
   */
  relock?: boolean
  /**
   * Training's notification listener (on by default in Training) listens on a port the system picks
   * (BackendConfig.trainingListenerPort 0), so that test back ends side by side never fight over
   * Settings' 9900 (nor take it from a desk's app), unless this is true: Settings' port, as a desk's.
   * A test that wants the listener off says so: `notificationListener: false`.
   */
  settingsListenerPort?: boolean
}

export interface TestBackend {
  backend: Backend
  dataDir: string
  keychainService: string
  /** The first Admin of this back end (login, name, PIN). */
  admin: TestOperator
  /** Calls through the bridge's dispatch, as the renderer would; throws on an error result. */
  call<K extends CallName>(name: K, input?: unknown): Promise<CallOutput<K>>
  /** Calls through the bridge and returns its error; fails the test if the call succeeds. */
  failure(name: CallName, input: unknown): Promise<CallError>
  /** Signs in as a test operator (the staff must exist: `staff: true`); kept across restarts. */
  signInAs(role: SignedInAs): Promise<void>
  restart(): Promise<void>
  /** Closes the back end but keeps its data folder, to look at what it left. */
  stop(): Promise<void>
  close(): Promise<void>
}

function loginFor(name: string): string {
  const login = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, 32)
  return login.length >= 2 ? login : `${login}-admin`
}

export async function startTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const { actor, signedIn = 'admin', staff, relock = true, settingsListenerPort = false, ...config } = options
  const dataDir = config.dataDir ?? mkdtempSync(join(tmpdir(), 'mbo-it-'))
  const keychainService = config.keychainService ?? `mbo-it-${randomUUID()}`
  const admin: TestOperator = actor === undefined ? TEST_OPERATORS.admin : { ...TEST_OPERATORS.admin, login: loginFor(actor), name: actor }
  let role: SignedInAs = signedIn
  const build = async (): Promise<Backend> => {
    const backend = await createBackend({
      appName: 'Merchant Back Office',
      appVersion: '0.0.0-test',
      runtime: 'test',
      log: createLogger(fileSink(join(dataDir, 'logs', 'main.log'))),
      statusTracker: false,
      pinCost: TEST_PIN_COST,
      ...(settingsListenerPort ? {} : { trainingListenerPort: 0 }),
      ...config,
      dataDir,
      keychainService,
    })
    try {
      await prepareOperators(backend.dispatch, role, { admin, staff: staff === true })
    } catch (error) {
      await backend.close()
      throw error
    }
    return backend
  }
  let running = true
  /** Through the bridge; a desk locked by a moved clock is signed into again by the same operator. */
  const dispatch = async (name: CallName, input: unknown): Promise<Result<unknown>> => {
    const result = await handle.backend.dispatch(name, input)
    if (result.ok || result.error.code !== 'SIGNED_OUT' || !relock || role === 'none') return result
    const status = await handle.backend.dispatch('session.status', undefined)
    if (!status.ok || !(status.value as SessionView).locked) return result
    await signInAs(handle.backend.dispatch, role, admin)
    return handle.backend.dispatch(name, input)
  }
  const handle: TestBackend = {
    backend: await build(),
    dataDir,
    keychainService,
    admin,
    async call(name, input) {
      const result = await dispatch(name, input)
      if (!result.ok) throw Object.assign(new Error(`${name}: ${result.error.code} ${result.error.message}`), { callError: result.error })
      return result.value as CallOutput<typeof name>
    },
    async failure(name, input) {
      const result = await dispatch(name, input)
      if (result.ok) throw new Error(`${name} should have failed`)
      return result.error
    },
    async signInAs(next) {
      role = next
      if (next === 'none') await handle.call('session.signOut')
      else await signInAs(handle.backend.dispatch, next, admin)
    },
    async restart() {
      await handle.stop()
      handle.backend = await build()
      running = true
    },
    async stop() {
      if (running) await handle.backend.close()
      running = false
    },
    async close() {
      await handle.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return handle
}
