/**
 * Randomised faults over many phone orders and refunds against the training gateway, with concurrent
 * double submissions (the same charge twice at once, the same refund twice at once, two charges of
 * the same customer, card and amount under two invoice numbers at once) and, now and then, two
 * different intents at once.
 *
 * Before each intent a fault may be armed at the training gateway for the operation it will call
 * (reset or 500 before or after the operation is applied, a cut answer, a wrong signature, latency;
 * a hung answer under SOAK=1 only: it costs the 5-s response timeout in real time). What must hold:
 * - no INTERNAL answer, ever;
 * - at most one approved charge per intent, and at most one refund sent per refund intent;
 * - every unknown outcome (charge or refund) is refused a status check until 60 s have passed on the
 *   app's clock and settled by one after that (retried if the check itself meets a fault);
 * - at the end the local history equals the training gateway's books: paid orders ↔ charges,
 *   refunds ↔ refunds, nothing left unknown, and no status check ever made too early.
 *
 * Sizes: 100 intents (npm test), 2,000 under SOAK=1. The seed is printed; ATTACK_SEED replays it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { historyFile } from '../../src-main/store/history-file'
import type { CallName, ChargeResult, RefundResult, Result } from '../../src-preload/contract'
import { startTrainingBackend, type TrainingTestBackend } from '../integration/training-fixture'
import { rng, size, SOAK, suiteSeed, timeLimit, type Rng } from './attack-env'
import { approvedCharges, booksDisagreement, openReader, type Db } from './books'

const INTENTS = size(100, 2_000)
const SEED = suiteSeed('money-faults')
const random: Rng = rng(SEED)

let app: TrainingTestBackend
let sim: Simulator
let reader: Db

interface Card {
  customerId: number
  cardId: number
  number: string
}
const cards: Card[] = []
/** Every answer the app gave, by call and code (printed at the end). */
const tally = new Map<string, number>()
/** What went wrong, each with its intent; the run goes on so that one report shows every kind. */
const violations: string[] = []

/** Violations grouped by kind (their text up to the first digit), each kind's count and first three. */
function grouped(lines: string[]): Record<string, string[]> {
  const groups: Record<string, string[]> = {}
  for (const line of lines) {
    const kind = line.replace(/(INV-|\d|\{).*$/, '').trim()
    const group = (groups[kind] ??= [])
    group.push(line)
  }
  return Object.fromEntries(Object.entries(groups).map(([kind, group]) => [`${kind} (${String(group.length)})`, group.slice(0, 3)]))
}
function check(ok: boolean, message: string): void {
  if (!ok) violations.push(message)
}
/** Invoice numbers that form one intent (a twin submission has two). */
const intents: string[][] = []
let invoiceSeq = 0

const TEST_CARDS = ['5120910000000038', '4509198934905332', '5120910000000038', '5120910000000046', '5120910000000053']

beforeAll(async () => {
  // Every unknown outcome is to be settled by a status check 60 s later (what this attacks): the training
  // gateway's notifications, on by default in Training, must not settle them first.
  app = await startTrainingBackend({ notificationListener: false })
  const training = app.backend.training()
  if (!training) throw new Error('the training gateway is not running')
  sim = training.simulator
  reader = openReader(historyFile(app.dataDir, 'training'))
  const { settings } = await app.call('settings.get')
  // The shortest response timeout there is, so that a hung answer gives up quickly; signatures checked or not, at random.
  await app.call('settings.update', {
    ...settings,
    gateway: { ...settings.gateway, responseTimeoutSeconds: 5, blockOnBadSignature: random.chance(0.5) },
    phoneOrders: { ...settings.phoneOrders, chargeLimitSen: 1_000_00 },
  })
  for (const [index, number] of TEST_CARDS.entries()) {
    const customer = await app.call('customers.save', { name: `Pelanggan ${String(index + 1)}`, email: `c${String(index + 1)}@example.my`, phone: '' })
    const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: number })) as { token: { id: string } }
    const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: `${number.slice(0, 6)}******${number.slice(-4)}`, brand: 'card' })
    cards.push({ customerId: customer.id, cardId: card.id, number })
  }
}, 30_000)

afterAll(async () => {
  reader.close()
  await app.close()
})

async function dispatch(name: CallName, input: unknown): Promise<Result<unknown>> {
  const result = await app.backend.dispatch(name, input)
  const key = `${name} ${result.ok ? 'ok' : result.error.code}`
  tally.set(key, (tally.get(key) ?? 0) + 1)
  if (!result.ok && result.error.code === 'INTERNAL') violations.push(`INTERNAL from ${name} ${JSON.stringify(input)}`)
  return result
}

const FAULTS_ALWAYS = [
  { kind: 'reset', phase: 'before' },
  { kind: 'reset', phase: 'after' },
  { kind: 'error500', phase: 'before' },
  { kind: 'error500', phase: 'after' },
  { kind: 'malformed_json', phase: 'after' },
  { kind: 'bad_signature', phase: 'after' },
  { kind: 'latency', phase: 'after', ms: 20 },
] as const
const FAULTS = SOAK ? [...FAULTS_ALWAYS, { kind: 'hang', phase: 'after' } as const] : FAULTS_ALWAYS

async function maybeFault(operation: 'charge' | 'refund' | 'status', probability: number): Promise<string> {
  if (!random.chance(probability)) return 'no fault'
  const fault = random.pick(FAULTS)
  await app.control('POST', '/faults', { operation, count: 1, ...fault })
  return `${fault.kind} ${fault.phase}`
}

const nextInvoice = (): string => `INV-MF-${String(++invoiceSeq).padStart(5, '0')}`

/** Orders and refunds left unknown (or waiting) by an intent: settled once 60 s have passed. */
interface Unsettled {
  orders: Set<number>
  refunds: Set<number>
}

function noteCharge(result: Result<unknown>, unsettled: Unsettled): void {
  if (!result.ok) return
  const charge = result.value as ChargeResult
  if (charge.detail.order.status === 'OUTCOME_UNKNOWN' || charge.detail.order.status === 'PENDING') unsettled.orders.add(charge.detail.order.id)
}

function noteRefund(result: Result<unknown>, unsettled: Unsettled): void {
  if (!result.ok) return
  const refund = (result.value as RefundResult).refund
  if (refund.status === 'OUTCOME_UNKNOWN' || refund.status === 'PENDING') unsettled.refunds.add(refund.id)
}

async function chargeIntent(unsettled: Unsettled): Promise<string> {
  const card = random.pick(cards)
  const amountSen = random.int(1_00, 500_00)
  const base = { customerId: card.customerId, cardId: card.cardId, amountSen, descriptor: '', note: 'attack run', confirmDuplicate: random.chance(0.3) }
  const mode = random.pick(['single', 'single', 'same twice', 'twin invoices'] as const)
  const fault = await maybeFault('charge', 0.5)
  const first = nextInvoice()
  if (mode === 'single') {
    intents.push([first])
    noteCharge(await dispatch('phoneOrders.charge', { ...base, invoiceNumber: first }), unsettled)
  } else if (mode === 'same twice') {
    intents.push([first])
    const answers = await Promise.all([dispatch('phoneOrders.charge', { ...base, invoiceNumber: first }), dispatch('phoneOrders.charge', { ...base, invoiceNumber: first })])
    for (const answer of answers) noteCharge(answer, unsettled)
    // One order per invoice number: the other is refused with a typed error.
    check(answers.filter((answer) => answer.ok).length <= 1, `${first} fired twice at once was accepted twice: ${describeAnswers(answers)}`)
  } else {
    const second = nextInvoice()
    intents.push([first, second])
    // A double click in two windows: same customer, card and amount, two invoice numbers, no "charge again".
    const answers = await Promise.all([
      dispatch('phoneOrders.charge', { ...base, confirmDuplicate: false, invoiceNumber: first }),
      dispatch('phoneOrders.charge', { ...base, confirmDuplicate: false, invoiceNumber: second }),
    ])
    for (const answer of answers) noteCharge(answer, unsettled)
  }
  return `charge ${mode} of ${first} (${card.number.slice(-4)}, ${String(amountSen)} sen, ${fault})`
}

function describeAnswers(answers: Result<unknown>[]): string {
  return answers.map((answer) => (answer.ok ? 'ok' : answer.error.code)).join(', ')
}

interface Refundable {
  id: number
  invoiceNumber: string
  remainingSen: number
  paidSen: number
  canVoid: boolean
}

function refundable(): Refundable[] {
  const rows = reader
    .prepare(
      `select o.id, o.invoice_number as invoiceNumber, o.amount_sen as paidSen,
              o.amount_sen - coalesce((select sum(amount_sen) from refunds r where r.order_id = o.id and r.status in ('SUCCESS', 'PENDING', 'OUTCOME_UNKNOWN')), 0) as remainingSen,
              (select count(*) from refunds r where r.order_id = o.id and r.status != 'FAILED') = 0 as canVoid
       from orders o where o.kind = 'phone_order' and o.status = 'PAID'`,
    )
    .all() as (Omit<Refundable, 'canVoid'> & { canVoid: number })[]
  return rows.filter((row) => row.remainingSen > 0).map((row) => ({ ...row, canVoid: row.canVoid === 1 }))
}

async function refundIntent(unsettled: Unsettled): Promise<string> {
  const candidates = refundable()
  if (candidates.length === 0) return chargeIntent(unsettled)
  const order = random.pick(candidates)
  // Settled at the gateway (part refunds possible) or not yet (only a void of the whole).
  if (random.chance(0.6)) await app.control('POST', '/settle', { invoice_number: order.invoiceNumber })
  const kind = order.canVoid && random.chance(0.3) ? 'VOID' : random.chance(0.3) ? 'FULL' : 'PARTIAL'
  const amountSen = kind === 'PARTIAL' ? random.int(1, order.remainingSen) : order.remainingSen
  const twice = random.chance(0.4)
  const fault = await maybeFault('refund', 0.5)
  const before = [...sim.state.refunds.values()].filter((refund) => refund.invoiceNumber === order.invoiceNumber).length
  const request = { orderId: order.id, kind, amountSen }
  const answers = twice ? await Promise.all([dispatch('refunds.request', request), dispatch('refunds.request', request)]) : [await dispatch('refunds.request', request)]
  for (const answer of answers) noteRefund(answer, unsettled)
  const sent = [...sim.state.refunds.values()].filter((refund) => refund.invoiceNumber === order.invoiceNumber).length - before
  check(sent <= 1, `the same ${kind} refund of ${order.invoiceNumber} (${String(amountSen)} sen) fired twice at once was sent ${String(sent)} times: ${describeAnswers(answers)}`)
  return `refund ${kind}${twice ? ' twice at once' : ''} of ${order.invoiceNumber} (${String(amountSen)} sen, ${fault})`
}

/** Every unknown outcome: refused a check before 60 s, settled by one after (a check that meets a fault is tried again later). */
async function settle(unsettled: Unsettled): Promise<void> {
  if (unsettled.orders.size === 0 && unsettled.refunds.size === 0) return
  for (const id of unsettled.orders) {
    const early = await dispatch('orders.checkStatus', { id })
    check(!early.ok && early.error.code === 'TOO_EARLY', `order ${String(id)} was checked before 60 s: ${early.ok ? 'ok' : early.error.code}`)
  }
  for (const id of unsettled.refunds) {
    const early = await dispatch('refunds.checkStatus', { refundId: id })
    check(!early.ok && early.error.code === 'TOO_EARLY', `refund ${String(id)} was checked before 60 s: ${early.ok ? 'ok' : early.error.code}`)
  }
  for (let round = 0; round < 6 && (unsettled.orders.size > 0 || unsettled.refunds.size > 0); round += 1) {
    app.advance(61_000)
    await maybeFault('status', 0.2)
    for (const id of [...unsettled.orders]) {
      const checked = await dispatch('orders.checkStatus', { id })
      if (checked.ok && !['OUTCOME_UNKNOWN', 'PENDING'].includes((checked.value as { order: { status: string } }).order.status)) unsettled.orders.delete(id)
    }
    for (const id of [...unsettled.refunds]) {
      const checked = await dispatch('refunds.checkStatus', { refundId: id })
      if (checked.ok && !['OUTCOME_UNKNOWN', 'PENDING'].includes((checked.value as RefundResult).refund.status)) unsettled.refunds.delete(id)
    }
    await app.control('DELETE', '/faults')
  }
  check(unsettled.orders.size === 0 && unsettled.refunds.size === 0, `left unsettled after six checks: orders ${[...unsettled.orders].join(', ')} refunds ${[...unsettled.refunds].join(', ')}`)
}

/** Unknown orders the app knows of (a twin whose answer was lost is one even if its call was refused afterwards). */
function unknownInHistory(unsettled: Unsettled): void {
  for (const id of reader.prepare("select id from orders where status in ('OUTCOME_UNKNOWN', 'PENDING') and kind = 'phone_order'").pluck().all() as number[]) unsettled.orders.add(id)
  for (const id of reader.prepare("select id from refunds where status in ('OUTCOME_UNKNOWN', 'PENDING')").pluck().all() as number[]) unsettled.refunds.add(id)
}

it(
  `${String(INTENTS)} phone orders and refunds with random faults and double submissions: at most one charge or refund per intent, every unknown settled, the history equals the gateway's books`,
  async () => {
    const log: string[] = []
    const charged = new Set<string>()
    try {
      for (let step = 0; step < INTENTS; step += 1) {
        const unsettled: Unsettled = { orders: new Set(), refunds: new Set() }
        const intent = (): Promise<string> => (random.chance(0.35) ? refundIntent(unsettled) : chargeIntent(unsettled))
        // Now and then two different intents at once.
        const settled = await Promise.allSettled(random.chance(0.2) ? [intent(), intent()] : [intent()])
        const done = settled.map((outcome) => {
          if (outcome.status === 'rejected') throw outcome.reason
          return outcome.value
        })
        log.push(...done.map((line) => `${String(step)}: ${line}`))
        await app.control('DELETE', '/faults')
        unknownInHistory(unsettled)
        await settle(unsettled)
        const approved = approvedCharges(sim.state)
        for (const invoices of intents) {
          const times = invoices.reduce((sum, invoice) => sum + (approved.get(invoice) ?? 0), 0)
          const key = invoices.join(' + ')
          if (times > 1 && !charged.has(key)) {
            charged.add(key)
            violations.push(`intent ${key} was charged ${String(times)} times (step ${String(step)})`)
          }
        }
      }
    } finally {
      if (violations.length > 0) console.log(`[attack] money-faults: the last intents (seed ${String(SEED)}):\n  ${log.slice(-8).join('\n  ')}`)
      console.log(
        `[attack] money-faults: ${String(INTENTS)} intents, ${String(sim.state.orders.size)} charges and ${String(sim.state.refunds.size)} refunds at the gateway; answers: ${[...tally].map(([key, count]) => `${key} ${String(count)}`).join(', ')}`,
      )
    }
    expect({
      violations: grouped(violations),
      'the history against the gateway’s books': booksDisagreement(reader, sim.state).slice(0, 10),
      'status checks made too early': sim.state.earlyStatusChecks,
    }).toEqual({ violations: {}, 'the history against the gateway’s books': [], 'status checks made too early': [] })
    expect(reader.pragma('integrity_check', { simple: true })).toBe('ok')
  },
  timeLimit(60_000, SOAK ? 2_000 : 500, INTENTS),
)
