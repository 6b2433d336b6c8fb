/**
 * After a full run with known credentials (a distinctive Secret Key and API Key for Sandbox, the
 * gateway a simulator that knows them), known raw card tokens and full card numbers (entered on the
 * gateway's hosted page, saved from it, reported by notifications and status checks, pasted by staff),
 * none of them appears in:
 * - any file under the app's data folder, read as bytes: the history file, its WAL (scanned while the
 *   app runs, before a checkpoint), again after a checkpoint and after the app closed; settings, logs,
 *   exports;
 * - any bridge output or event payload of the run;
 * - the built renderer (out/renderer), when a build is present.
 * The files the app wrote are private: 0600, and its folders 0700.
 * Fixed size (no random part): it runs the same under SOAK=1.
 */
import Database from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULTS, startSimulator, TEST_CARDS, type Simulator } from '../../src-main/simulator'
import { historyFile } from '../../src-main/store/history-file'
import type { CallName, OrderDetail, Result } from '../../src-preload/contract'
import { startTestBackend, type TestBackend } from '../integration/backend-fixture'
import { cardLink, genericLink } from '../integration/link-requests'
import { SANDBOX } from '../integration/sandbox-fixture'
import { listenerOn, nextEvent } from './listener-kit'

const CREDENTIALS = {
  clientId: 'BRN-SECRETS-0001',
  secretKey: `SK-secret-scan-${randomBytes(16).toString('hex')}`,
  apiKey: `doku_secret_scan_${randomBytes(16).toString('hex')}`,
}
/** Cards entered on the hosted page or tokenised at the gateway during the run. */
const PANS = ['5120910000000012', '4509198934905316', '5120910000000038']
/** The card paid with in Training, on the training gateway's page. */
const TRAINING_PAN = '4509198934905332'
const trainingTokens = new Set<string>()

let offsetMs = 0
const now = (): Date => new Date(Date.now() + offsetMs)
let sim: Simulator
let app: TestBackend
const outputs: string[] = []
const eventPayloads: string[] = []
const tokens = new Set<string>()
/** Files scanned at each moment, for the report. */
const scanned: Record<string, number> = {}

async function call<T>(name: CallName, input?: unknown): Promise<T> {
  const result = (await app.backend.dispatch(name, input)) as Result<T>
  outputs.push(`${name}: ${JSON.stringify(result)}`)
  if (!result.ok) throw new Error(`${name}: ${result.error.code} ${result.error.message}`)
  return result.value
}

async function control(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${sim.baseUrl}/__sim${path}`, { method, headers: { 'Content-Type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  const json = (await response.json()) as Record<string, unknown>
  if (!response.ok) throw new Error(`control ${path}: ${String(response.status)} ${JSON.stringify(json)}`)
  return json
}

function secrets(): Record<string, string> {
  const found: Record<string, string> = {
    'the Secret Key': CREDENTIALS.secretKey,
    'the API Key': CREDENTIALS.apiKey,
    'the API Key as Basic credentials': Buffer.from(`${CREDENTIALS.apiKey}:`).toString('base64'),
    'the API Key as Basic credentials (no colon)': Buffer.from(CREDENTIALS.apiKey).toString('base64'),
  }
  for (const pan of PANS) found[`the card number ${pan.slice(0, 6)}…${pan.slice(-4)}`] = pan
  for (const token of sim.state.tokens.keys()) tokens.add(token)
  for (const token of tokens) found[`the card token ${token.slice(0, 4)}…`] = token
  return found
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : []
  })
}

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => [join(dir, entry.name), ...foldersUnder(join(dir, entry.name))])
}

/** Which secret is in which file, read as bytes. */
function leaksInFiles(dir: string, moment: string, known: Record<string, string> = secrets()): string[] {
  const leaks: string[] = []
  const files = filesUnder(dir)
  scanned[moment] = files.length
  const wanted = Object.entries(known).map(([name, secret]) => [name, Buffer.from(secret, 'utf8')] as const)
  for (const file of files) {
    const bytes = readFileSync(file)
    for (const [name, secret] of wanted) if (bytes.includes(secret)) leaks.push(`${name} in ${relative(dir, file)} (${moment})`)
  }
  return leaks
}

function leaksIn(texts: string[], where: string): string[] {
  const leaks: string[] = []
  for (const [name, secret] of Object.entries(secrets())) {
    const hit = texts.find((text) => text.includes(secret))
    if (hit) leaks.push(`${name} in ${where}: ${hit.slice(0, 120)}…`)
  }
  return leaks
}

const leaks: string[] = []

beforeAll(async () => {
  sim = await startSimulator({ port: 0, ...CREDENTIALS, now: () => now().getTime() })
  app = await startTestBackend({ gatewayUrls: { sandbox: sim.baseUrl }, now })
  app.backend.events.subscribe((name, payload) => eventPayloads.push(`${name}: ${JSON.stringify(payload)}`))

  // First in Training (where the app starts): a link paid on the training gateway's page, the card saved by the status check.
  const training = app.backend.training()
  if (!training) throw new Error('the training gateway is not running')
  const trainingLink = await call<OrderDetail>('links.create', cardLink({ invoiceNumber: 'INV-TRAINING-1', amountSen: 30_00 }))
  const trainingPay = await fetch(`${training.baseUrl}/__sim/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ invoice_number: 'INV-TRAINING-1', card_number: TRAINING_PAN, save_card: true }),
  })
  trainingTokens.add(String(((await trainingPay.json()) as Record<string, unknown>)['token_id']))
  offsetMs += 61_000
  await call('orders.checkStatus', { id: trainingLink.order.id })
  for (const token of training.simulator.state.tokens.keys()) trainingTokens.add(token)

  // Then Sandbox, with the merchant's own credentials.
  await call('credentials.update', { environment: 'sandbox', ...CREDENTIALS, apiKeyTrailingColon: true })
  await call('environment.switch', { environment: 'sandbox' })
  await call('gateway.testConnection', { environment: 'sandbox' })
  const url = await listenerOn(app)
  sim.setNotifyUrl(url.toString())

  // A card link paid on the hosted page with the card saved: the notification carries the token.
  const link = await call<OrderDetail>('links.create', cardLink({ invoiceNumber: 'INV-SECRET-1', amountSen: 250_00 }))
  const paidByNotification = nextEvent(app, 'orders.changed', (payload) => (payload as { id: number }).id === link.order.id)
  const paid = await control('POST', '/pay', { invoice_number: 'INV-SECRET-1', card_number: PANS[0], save_card: true })
  tokens.add(String(paid['token_id']))
  await paidByNotification
  // Another paid with the listener unheard: the first SUCCESS status check reports its token instead.
  const second = await call<OrderDetail>('links.create', cardLink({ invoiceNumber: 'INV-SECRET-2', amountSen: 75_00 }))
  sim.setNotifyUrl(null)
  const paidSecond = await control('POST', '/pay', { invoice_number: 'INV-SECRET-2', card_number: PANS[1], save_card: true })
  tokens.add(String(paidSecond['token_id']))
  sim.setNotifyUrl(url.toString())
  offsetMs += 61_000
  await call('orders.checkStatus', { id: second.order.id })

  // Phone orders: the saved card, and a token staff pasted; one answer lost and settled by a check.
  const { customers } = await call<{ customers: { id: number; externalId: string }[] }>('customers.search', { text: 'siti@example.my' })
  const customer = customers[0]
  if (!customer) throw new Error('the paying customer was not saved')
  const saved = (await call<{ cards: { id: number }[] }>('customers.get', { id: customer.id })).cards[0]
  if (!saved) throw new Error('the card was not saved from the hosted page')
  const charged = await call<{ detail: OrderDetail }>('phoneOrders.charge', {
    customerId: customer.id,
    cardId: saved.id,
    invoiceNumber: 'INV-SECRET-3',
    amountSen: 42_00,
    descriptor: '',
    note: '',
    confirmDuplicate: false,
  })
  const pasted = (await control('POST', '/tokens', { customer_id: customer.externalId, card_number: PANS[2] })) as { token: { id: string } }
  tokens.add(pasted.token.id)
  const card = await call<{ id: number }>('cards.add', { customerId: customer.id, token: pasted.token.id, masked: '512091******0038', brand: 'mastercard' })
  await control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
  const lost = await call<{ detail: OrderDetail }>('phoneOrders.charge', {
    customerId: customer.id,
    cardId: card.id,
    invoiceNumber: 'INV-SECRET-4',
    amountSen: 13_00,
    descriptor: '',
    note: '',
    confirmDuplicate: true,
  })
  offsetMs += 61_000
  await call('orders.checkStatus', { id: lost.detail.order.id })
  // A void, notified too; a generic link (the API Key's scheme); a card removed (Unbind Token).
  await call('refunds.request', { orderId: charged.detail.order.id, kind: 'VOID', amountSen: 42_00 })
  await call('links.banks')
  await call('links.create', genericLink('INTERNET_BANKING_FPX', { invoiceNumber: 'INV-SECRET-5', bankCode: 'MBB0228' }))
  await call('cards.remove', { cardId: card.id })

  // Everything staff could open: every order, its attempts (requests and answers), the customer, the listener, an export.
  const { rows } = await call<{ rows: { id: number }[] }>('orders.search', { limit: 100 })
  for (const row of rows) {
    const detail = await call<OrderDetail>('orders.get', { id: row.id })
    for (const entry of detail.timeline) if (entry.attemptId !== null) await call('orders.attempt', { id: entry.attemptId })
  }
  await call('customers.get', { id: customer.id })
  await call('listener.status')
  await call('tracker.refreshAll')
  const exported = nextEvent(app, 'export.finished')
  await call('orders.exportCsv', {})
  await exported
  await call('credentials.get')
  await call('settings.get')
}, 60_000)

afterAll(async () => {
  await app.close()
  await sim.close()
})

describe('after a full run with known secrets', () => {
  it('the run used the secrets and tokens it looks for', () => {
    expect(tokens.size).toBeGreaterThanOrEqual(2)
    expect([...sim.state.orders.values()].some((order) => order.kind === 'CHARGE' && order.status === 'VOIDED')).toBe(true)
    expect(sim.state.calls.some((entry) => entry.operation === 'v3_create_payment' && entry.status < 300)).toBe(true)
  })

  it('the files it wrote, the history’s WAL included, are private (0600) in private folders (0700)', () => {
    const loose: string[] = []
    for (const folder of foldersUnder(app.dataDir)) {
      const mode = statSync(folder).mode & 0o777
      if (mode & 0o077) loose.push(`${relative(app.dataDir, folder)}/ is ${mode.toString(8)}`)
    }
    // Exports go where staff choose (a save dialog in the app); here they land in the data folder.
    for (const file of filesUnder(app.dataDir).filter((path) => !relative(app.dataDir, path).startsWith('exports'))) {
      const mode = statSync(file).mode & 0o777
      if (mode & 0o077) loose.push(`${relative(app.dataDir, file)} is ${mode.toString(8)}`)
    }
    expect(loose).toEqual([])
  })

  it('no secret, token or card number is in any file of the data folder, before and after a checkpoint and after closing', async () => {
    // Before a checkpoint: the recent pages are in the WAL.
    expect(existsSync(`${historyFile(app.dataDir, 'sandbox')}-wal`)).toBe(true)
    leaks.push(...leaksInFiles(app.dataDir, 'running, before a checkpoint'))
    // A second connection, as any reader of the file could: the checkpoint moves the WAL's pages into the file.
    const other = new Database(historyFile(app.dataDir, 'sandbox'))
    try {
      other.pragma('busy_timeout = 5000')
      other.pragma('wal_checkpoint(TRUNCATE)')
    } finally {
      other.close()
    }
    leaks.push(...leaksInFiles(app.dataDir, 'running, after a checkpoint'))
    await app.stop()
    leaks.push(...leaksInFiles(app.dataDir, 'after closing'))
    expect([...new Set(leaks)], `files scanned: ${JSON.stringify(scanned)}`).toEqual([])
  })

  it('no secret, token or card number crossed the bridge or travelled in an event', () => {
    expect(outputs.length).toBeGreaterThan(20)
    expect(eventPayloads.length).toBeGreaterThan(5)
    expect([...leaksIn(outputs, 'a bridge output'), ...leaksIn(eventPayloads, 'an event')]).toEqual([])
  })

  it('in Training too, no raw card token or full card number is kept in the data folder (the training gateway’s books included)', () => {
    const known: Record<string, string> = { [`the card number ${TRAINING_PAN.slice(0, 6)}…${TRAINING_PAN.slice(-4)}`]: TRAINING_PAN }
    for (const token of trainingTokens) known[`the training card token ${token.slice(0, 4)}…`] = token
    expect(trainingTokens.size).toBeGreaterThan(0)
    expect(leaksInFiles(app.dataDir, 'Training, after closing', known)).toEqual([])
  })

  const renderer = join(__dirname, '../../out/renderer')
  it.skipIf(!existsSync(renderer))('the built renderer (out/renderer, skipped when there is no build) holds no secret, token or card number', () => {
    const known = {
      ...secrets(),
      'the simulator’s default Secret Key': DEFAULTS.secretKey,
      'the simulator’s default API Key': DEFAULTS.apiKey,
      'the Sandbox test Secret Key': SANDBOX.secretKey,
      'the Sandbox test API Key': SANDBOX.apiKey,
      ...Object.fromEntries(TEST_CARDS.map((card) => [`the test card ${card.number}`, card.number])),
    }
    const found: string[] = []
    for (const file of filesUnder(renderer)) {
      const text = readFileSync(file)
      for (const [name, secret] of Object.entries(known)) if (text.includes(Buffer.from(secret))) found.push(`${name} in ${relative(renderer, file)}`)
    }
    expect(found).toEqual([])
  })
})
