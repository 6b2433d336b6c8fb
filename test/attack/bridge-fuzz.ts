/**
 * Property-based fuzzing of every call of the bridge, through the real dispatch of a real back end in
 * Training (its history a real SQLite file, the training gateway over loopback HTTP). The calls are
 * fuzzed in three parts, one test file each (bridge-fuzz-*.test.ts), so that vitest's workers share
 * them: one file of every call took five minutes, longer than every other test file together.
 *
 * For each call of the contract: deterministic examples (every special value at every place of a valid
 * input) and random ones (fast-check, seeded: wrong types, huge strings, prototype-pollution keys,
 * NaN / Infinity / -0 / fractional sen, control characters, full-text syntax, valid inputs with one
 * thing broken). Each must answer `{ ok: true, value }` or `{ ok: false, error: { code, message } }` with
 * a code other than INTERNAL, never throw, never touch Object.prototype; a refusal writes nothing to
 * the history (every row of every table compared before and after) and moves no money at the training
 * gateway; an accepted call leaves the history and the gateway's books in agreement.
 *
 * Sizes: 40 random inputs per call after the examples (npm test); 2,000 under SOAK=1.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe as suite, expect, it } from 'vitest'
import { historyFile } from '../../src-main/store/history-file'
import type { Simulator } from '../../src-main/simulator'
import Database from 'better-sqlite3'
import { deskFile } from '../../src-main/operators/desk-database'
import { callNames, type CallName, type EnvironmentSettings, type Result, type SessionView } from '../../src-preload/contract'
import { TEST_OPERATORS } from '../harness/operators'
import { cardLink } from '../integration/link-requests'
import { startTrainingBackend, type TrainingTestBackend } from '../integration/training-fixture'
import { size, suiteSeed, timeLimit } from './attack-env'
import { booksDisagreement, gatewayFingerprint, historyFingerprint, openReader, type Db } from './books'
import { describe, examplesNear, inputsNear } from './hostile'

const RUNS = size(40, 2_000)
/** Calls that try a real connection (to a team database) for every input that passes the contract: slower per run. */
const NETWORK_CALLS: ReadonlySet<CallName> = new Set(['team.probe', 'team.create', 'team.join'])
/** Nothing listens here: Sandbox and Production calls fail fast instead of leaving the machine. */
const NOWHERE = 'http://127.0.0.1:9'
/** Refusals that come after the gateway was asked: the attempt is on record (written ahead), nothing moved. */
const ASKED_THE_GATEWAY: ReadonlySet<string> = new Set(['GATEWAY_REJECTED', 'GATEWAY_UNAVAILABLE'])
/** A refusal that is itself on record: the wrong PIN that locked an operator out is audited. */
const AUDITED_REFUSALS: ReadonlySet<string> = new Set(['LOCKED_OUT'])
/**
 * Tables a refusal may still write: a check asked too early moves the order's next check in the
 * status tracker's schedule (to 60 s after the last request), whatever the schedule said before.
 */
const REFUSAL_WRITES: Readonly<Record<string, readonly string[]>> = { TOO_EARLY: ['tracking'] }

/** The calls of one prefix fuzzed in one file; the Record makes a new prefix in the contract fail the typecheck until it has a part. */
type CallPrefix = CallName extends `${infer Prefix}.${string}` ? Prefix : never
export type BridgePart = 'desk' | 'payments' | 'history'
const PART_OF: Record<CallPrefix, BridgePart> = {
  app: 'desk',
  session: 'desk',
  operators: 'desk',
  approvals: 'desk',
  audit: 'desk',
  team: 'desk',
  environment: 'desk',
  welcome: 'desk',
  settings: 'desk',
  credentials: 'desk',
  gateway: 'desk',
  listener: 'desk',
  links: 'payments',
  customers: 'payments',
  cards: 'payments',
  phoneOrders: 'payments',
  orders: 'history',
  refunds: 'history',
  tracker: 'history',
  home: 'history',
  report: 'history',
}

function partOf(name: CallName): BridgePart {
  return PART_OF[name.slice(0, name.indexOf('.')) as CallPrefix]
}

let app: TrainingTestBackend
let reader: Db
let sim: Simulator
let baseline: EnvironmentSettings
let scene: Scene
/** The desk database, to put the operators back after the fuzzing of sign-in and PINs. */
let desk: Db
let operatorsAtStart: Record<string, unknown>[] = []
const DESK_CALLS = (name: CallName): boolean => name.startsWith('session.') || name.startsWith('operators.') || name === 'approvals.grant'

interface Scene {
  customerId: number
  cardId: number
  spareCardId: number
  paidOrderId: number
  linkOrderId: number
  attemptId: number
  refundId: number
  /** The test Clerk, whom the operators calls change (never the Admin the suite runs as). */
  clerkId: number
}

/** A valid input for every call (the type makes a new call in the contract fail to compile here until it has one). */
const VALID = {
  'app.info': () => undefined,
  'app.setLanguage': () => ({ language: 'ms' }),
  'session.status': () => undefined,
  'session.setup': () => ({ login: 'second', name: 'Second Admin', pin: '97531086' }),
  'session.signIn': () => ({ login: TEST_OPERATORS.admin.login, pin: TEST_OPERATORS.admin.pin }),
  'session.signOut': () => undefined,
  'session.lock': () => undefined,
  'session.changePin': () => ({ currentPin: TEST_OPERATORS.admin.pin, newPin: TEST_OPERATORS.admin.pin }),
  'operators.list': () => undefined,
  'operators.create': () => ({ login: 'nurul', name: 'Nurul Huda', role: 'clerk', pin: '97531086' }),
  'operators.update': (s) => ({ id: s.clerkId, name: TEST_OPERATORS.clerk.name, role: 'clerk', active: true }),
  'operators.resetPin': (s) => ({ id: s.clerkId, pin: TEST_OPERATORS.clerk.pin }),
  'approvals.grant': (s) => ({ call: 'refunds.request', subjectId: s.paidOrderId, login: TEST_OPERATORS.supervisor.login, pin: TEST_OPERATORS.supervisor.pin }),
  'audit.list': () => ({ actor: 'aisyah', action: 'refund', from: '2020-01-01T00:00:00Z', limit: 50 }),
  'audit.exportCsv': () => ({ action: 'settings' }),
  'team.get': () => undefined,
  'team.probe': () => ({ connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null }, password: 'pw' }),
  'team.create': () => ({ connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null }, password: 'pw', importHistory: false }),
  'team.join': () => ({
    connection: { host: '127.0.0.1', port: 1, database: 'shop', user: 'app', tls: 'off', caFile: null },
    password: 'pw',
    teamKey: 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE-FFFFF-GGGGG-22222',
  }),
  'team.importHistory': () => undefined,
  'team.leave': () => undefined,
  'environment.switch': () => ({ environment: 'training', confirmProduction: false }),
  'welcome.finish': () => undefined,
  'settings.get': () => undefined,
  'settings.update': () => baseline,
  'credentials.get': () => undefined,
  'credentials.update': () => ({ environment: 'sandbox', clientId: 'BRN-FUZZ-0001', apiKeyTrailingColon: false, secretKey: 'SK-fuzz-0001', apiKey: 'fuzz_api_key' }),
  'credentials.removeSecret': () => ({ environment: 'sandbox', secret: 'apiKey' }),
  'gateway.testConnection': () => ({ environment: 'training' }),
  'orders.search': () => ({
    text: 'INV',
    statuses: ['PAID', 'PENDING'],
    kinds: ['phone_order', 'card_link'],
    channels: ['CARD'],
    createdFrom: '2020-01-01T00:00:00.000Z',
    createdTo: '2100-01-01T00:00:00+08:00',
    amountMinSen: 0,
    amountMaxSen: 1_000_000,
    limit: 50,
    beforeId: 1_000,
  }),
  'orders.count': () => ({ text: 'Siti', statuses: ['PAID', 'PENDING'], createdFrom: '2020-01-01T00:00:00.000Z', amountMinSen: 1, needsReview: false }),
  'orders.get': (s) => ({ id: s.paidOrderId }),
  'orders.attempt': (s) => ({ id: s.attemptId }),
  'orders.exportCsv': () => ({ text: 'Siti', statuses: ['PAID'], amountMinSen: 1 }),
  'orders.cancelExport': () => ({ jobId: 'no-such-job' }),
  'orders.checkStatus': (s) => ({ id: s.linkOrderId }),
  'orders.cancelLink': (s) => ({ id: s.linkOrderId, reason: 'The customer paid in the shop' }),
  'orders.resolveReview': (s) => ({ id: s.paidOrderId, decision: 'not_paid', reason: 'The bank statement shows no such payment' }),
  'links.prepare': () => undefined,
  'links.banks': () => undefined,
  'links.create': () => cardLink({ invoiceNumber: 'INV-FUZZ-LINK-2', amountSen: 10_00 }),
  'customers.search': () => ({ text: 'Siti' }),
  'customers.get': (s) => ({ id: s.customerId }),
  'customers.save': () => ({ name: 'Nurul Huda', email: 'nurul@example.my', phone: '013-222 3344' }),
  'cards.add': (s) => ({ customerId: s.customerId, token: 'tok-fuzz-0001', masked: '512091******0038', brand: 'mastercard' }),
  'cards.remove': (s) => ({ cardId: s.spareCardId }),
  'phoneOrders.prepare': () => undefined,
  'phoneOrders.check': (s) => ({ customerId: s.customerId, cardId: s.cardId, invoiceNumber: 'INV-FUZZ-PAID', amountSen: 50_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }),
  'phoneOrders.charge': (s) => ({ customerId: s.customerId, cardId: s.cardId, invoiceNumber: 'INV-FUZZ-CHARGE', amountSen: 12_34, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: true }),
  'phoneOrders.override': (s) => ({ orderId: s.paidOrderId, reason: 'Bank confirmed by phone: no charge' }),
  'phoneOrders.receipt': (s) => ({ orderId: s.paidOrderId }),
  'refunds.request': (s) => ({ orderId: s.paidOrderId, kind: 'PARTIAL', amountSen: 1_00 }),
  'refunds.checkStatus': (s) => ({ refundId: s.refundId }),
  'refunds.register': (s) => ({ orderId: s.paidOrderId, requestId: 'BACKOFFICE-REFUND-0001' }),
  'tracker.status': () => undefined,
  'tracker.refreshAll': () => undefined,
  'tracker.cancelRefresh': () => undefined,
  'listener.status': () => undefined,
  'home.figures': () => undefined,
  'home.attention': () => undefined,
  'report.get': () => ({ from: '2026-11-01', to: '2026-11-21' }),
  'report.exportCsv': () => ({ from: '2026-11-21', to: '2026-11-21' }),
  'report.savePdf': () => ({ from: '2026-11-21', to: '2026-11-21' }),
} satisfies Record<CallName, (scene: Scene) => unknown>

async function ok<T>(name: CallName, input?: unknown): Promise<T> {
  return (await app.call(name, input)) as T
}

/** CSV exports started by accepted inputs: the back end is closed only once they have finished (its close does not wait for them). */
const exportsRunning = new Set<string>()
const exportsFinished = new Set<string>()
let exportsDone: () => void = () => undefined

const PROTOTYPES = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype] as const
const ownNames = (): string[][] => PROTOTYPES.map((proto) => Object.getOwnPropertyNames(proto).sort())
let pristine: string[][] = []

function prototypeProblem(): string | null {
  const now = ownNames()
  for (const [index, names] of now.entries()) {
    const before = pristine[index] ?? []
    const added = names.filter((name) => !before.includes(name))
    if (added.length > 0) return `a prototype gained ${added.join(', ')}`
  }
  const probe = {} as Record<string, unknown>
  for (const key of ['polluted', 'isAdmin']) if (probe[key] !== undefined) return `Object.prototype.${key} is set`
  if (typeof probe['toString'] !== 'function') return 'Object.prototype.toString was replaced'
  return null
}

function resultProblem(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return `not a result: ${describe(result)}`
  const { ok: isOk } = result as { ok?: unknown }
  if (isOk === true) return 'value' in result ? null : 'ok without a value'
  if (isOk !== false) return `ok is ${describe(isOk)}`
  const { error } = result as { error?: unknown }
  if (typeof error !== 'object' || error === null) return 'a failure without an error'
  const { code, message, field } = error as { code?: unknown; message?: unknown; field?: unknown }
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(code)) return `error code ${describe(code)}`
  if (typeof message !== 'string' || message === '') return 'an error without a message'
  if (field !== undefined && typeof field !== 'string') return `field ${describe(field)}`
  if (code === 'INTERNAL') return `INTERNAL: ${message}`
  if (/SQLITE|constraint failed|TypeError|ReferenceError|\bat .+:\d+:\d+/.test(message)) return `a raw error in the message: ${message}`
  return null
}

/**
 * The desk as it was: the wrong PINs of the fuzzing lock operators out, a fuzzed PIN change or
 * update may change them; the suite goes on as its Admin, signed in.
 */
async function restoreDesk(): Promise<void> {
  const restore = desk.prepare(
    'update operators set login = @login, name = @name, role = @role, active = @active, pin_hash = @pin_hash, failed_count = 0, last_failed_at = null, locked_until = null where id = @id',
  )
  desk.transaction(() => {
    for (const row of operatorsAtStart) restore.run(row)
  })()
  const status = await ok<SessionView>('session.status')
  if (status.operator?.login !== TEST_OPERATORS.admin.login || status.locked) await app.call('session.signIn', { login: TEST_OPERATORS.admin.login, pin: TEST_OPERATORS.admin.pin })
}

/** After an accepted call that changed where the fuzzing happens, put the scene back. */
async function putBack(name: CallName): Promise<void> {
  if (DESK_CALLS(name)) await restoreDesk()
  if (name === 'environment.switch' || name === 'settings.update' || name === 'credentials.update') {
    const info = await ok<{ environment: string }>('app.info')
    if (info.environment !== 'training') await app.call('environment.switch', { environment: 'training' })
    await app.call('settings.update', baseline)
  }
}

interface Tally {
  runs: number
  accepted: number
  codes: Map<string, number>
}

/** After an accepted call: follow a CSV export it started, put the scene back. */
async function accepted(name: CallName, value: unknown): Promise<void> {
  const { jobId } = (value ?? {}) as { jobId?: unknown }
  if (name === 'orders.exportCsv' && typeof jobId === 'string' && !exportsFinished.has(jobId)) exportsRunning.add(jobId)
  await putBack(name)
}

async function fuzz(name: CallName, tally: Tally, seed: number): Promise<void> {
  const valid: unknown = VALID[name](scene)
  // A valid input the contract has come to refuse would leave the call fuzzed only at its door.
  const first = await app.backend.dispatch(name, valid)
  if (first.ok) await accepted(name, first.value)
  else if (first.error.code === 'INVALID_INPUT') throw new Error(`${name}: this suite's valid input is refused (${first.error.field ?? ''}: ${first.error.message}); update VALID`)
  const property = fc.asyncProperty(inputsNear(valid), async (input) => {
    const before = historyFingerprint(reader)
    const beforeWithout = new Map(Object.entries(REFUSAL_WRITES).map(([code, tables]) => [code, historyFingerprint(reader, tables)]))
    const booksBefore = gatewayFingerprint(sim.state)
    let result: Result<unknown>
    try {
      result = await app.backend.dispatch(name, input)
    } catch (error) {
      throw new Error(`dispatch threw instead of answering: ${error instanceof Error ? error.message : String(error)}`)
    }
    tally.runs += 1
    const polluted = prototypeProblem()
    if (polluted) throw new Error(polluted)
    const problem = resultProblem(result)
    if (problem) throw new Error(problem)
    if (result.ok) {
      tally.accepted += 1
      await accepted(name, result.value)
      const disagreement = booksDisagreement(reader, sim.state, { settled: false })
      if (disagreement.length > 0) throw new Error(`the history and the gateway's books disagree: ${disagreement.join('; ')}`)
      return
    }
    const { code } = result.error
    tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1)
    if (gatewayFingerprint(sim.state) !== booksBefore) throw new Error(`refused (${code}) but the training gateway's books changed`)
    if (DESK_CALLS(name)) await restoreDesk()
    const except = REFUSAL_WRITES[code] ?? []
    const unchanged = except.length === 0 ? historyFingerprint(reader) === before : historyFingerprint(reader, except) === beforeWithout.get(code)
    if (!ASKED_THE_GATEWAY.has(code) && !AUDITED_REFUSALS.has(code) && !unchanged) throw new Error(`refused (${code}: ${result.error.message}) but the history changed`)
  })
  const examples = examplesNear(valid).map((example) => [example] as [unknown])
  // fast-check counts the examples among the runs: the random inputs come on top of them.
  const details = await fc.check(property, { seed, numRuns: examples.length + RUNS, examples })
  if (details.failed) {
    const [counterexample] = details.counterexample ?? [undefined]
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)
    throw new Error(
      `${name}: ${cause}\n  input: ${describe(counterexample)}\n  replay: seed ${String(details.seed)}, path "${details.counterexamplePath ?? ''}" (ATTACK_SEED as printed above), after ${String(details.numRuns)} runs and ${String(details.numShrinks)} shrinks`,
    )
  }
}

/** Fuzzes the calls of one part, on a Training back end of its own (each file runs in a worker of its own). */
export function fuzzTheBridge(part: BridgePart): void {
  const seed = suiteSeed(`bridge-fuzz-${part}`)

  beforeAll(async () => {
    app = await startTrainingBackend({ gatewayUrls: { sandbox: NOWHERE, production: NOWHERE }, staff: true })
    desk = new Database(deskFile(app.dataDir))
    desk.pragma('busy_timeout = 5000')
    operatorsAtStart = desk.prepare('select * from operators').all() as Record<string, unknown>[]
    const clerk = operatorsAtStart.find((row) => row['login'] === TEST_OPERATORS.clerk.login)
    const training = app.backend.training()
    if (!training) throw new Error('the training gateway is not running')
    sim = training.simulator
    reader = openReader(historyFile(app.dataDir, 'training'))
    baseline = (await app.call('settings.get')).settings
    app.backend.events.subscribe((name, payload) => {
      if (name !== 'export.finished') return
      const { jobId } = payload as { jobId: string }
      exportsFinished.add(jobId)
      exportsRunning.delete(jobId)
      if (exportsRunning.size === 0) exportsDone()
    })

    const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    const cardFor = async (cardNumber: string): Promise<number> => {
      const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: cardNumber })) as { token: { id: string } }
      return (await app.call('cards.add', { customerId: customer.id, token: token.id, masked: `${cardNumber.slice(0, 6)}******${cardNumber.slice(-4)}`, brand: 'mastercard' })).id
    }
    const cardId = await cardFor('5120910000000038')
    const spareCardId = await cardFor('4509198934905332')
    const paid = await app.call('phoneOrders.charge', { customerId: customer.id, cardId, invoiceNumber: 'INV-FUZZ-PAID', amountSen: 50_00, descriptor: '', note: '', confirmDuplicate: false })
    expect(paid.outcome).toBe('approved')
    // Before settlement a part is refused by the gateway: a refund on record, nothing refunded.
    const refund = await app.call('refunds.request', { orderId: paid.detail.order.id, kind: 'PARTIAL', amountSen: 1_00 })
    const link = await app.call('links.create', cardLink({ invoiceNumber: 'INV-FUZZ-LINK-1' }))
    scene = {
      customerId: customer.id,
      cardId,
      spareCardId,
      paidOrderId: paid.detail.order.id,
      linkOrderId: link.order.id,
      attemptId: paid.detail.timeline.find((entry) => entry.attemptId !== null)?.attemptId ?? 0,
      refundId: refund.refund.id,
      clerkId: Number(clerk?.['id']),
    }
  }, 30_000)

  afterAll(async () => {
    if (exportsRunning.size > 0) await new Promise<void>((resolve) => (exportsDone = resolve))
    reader.close()
    desk.close()
    await app.close()
  })

  suite(`the bridge under hostile input: ${part}`, () => {
    beforeAll(() => {
      pristine = ownNames()
    })

    for (const name of callNames.filter((call) => partOf(call) === part)) {
      it(
        `${name}: a typed refusal or a valid value; a refusal writes nothing and moves no money`,
        async () => {
          const tally: Tally = { runs: 0, accepted: 0, codes: new Map() }
          try {
            await fuzz(name, tally, seed)
          } finally {
            const codes = [...tally.codes].map(([code, count]) => `${code} ${String(count)}`).join(', ')
            console.log(`[attack] bridge ${name}: ${String(tally.runs)} inputs, ${String(tally.accepted)} accepted; refused: ${codes || 'none'}`)
          }
          // Still alive and answering.
          expect((await app.backend.dispatch('app.info', undefined)).ok).toBe(true)
        },
        timeLimit(NETWORK_CALLS.has(name) ? 240_000 : 60_000, 100, RUNS),
      )
    }

    it('every run left the history sound', () => {
      expect(reader.pragma('integrity_check', { simple: true })).toBe('ok')
      expect(reader.pragma('foreign_key_check')).toEqual([])
    })
  })
}
