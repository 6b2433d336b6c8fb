/**
 * The child process of kill-restart.test.ts: opens the back end on the given data folder (Sandbox, its
 * gateway a simulator in the parent) and works as hard as a busy desk, three workers at once: phone
 * charges, voids of what it charged, payment links and new customers, until the parent kills it with
 * SIGKILL. Each worker says on stdout what it starts and what came back, one JSON object a line:
 *   {"ev":"start","op":"charge","invoice":"K3-0001"}
 *   {"ev":"done","op":"charge","invoice":"K3-0001","ok":true,"status":"PAID","orderId":12}
 * Run: node --import tsx busy-child.ts   (its settings in the BUSY_CHILD environment variable, JSON)
 */
import { createBackend } from '../../src-main/backend'
import { prepareOperators, TEST_PIN_COST } from '../harness/operators'
import type { ChargeResult, OrderDetail, RefundResult, Result } from '../../src-preload/contract'
import { cardLink } from '../integration/link-requests'
import { rng } from './attack-env'

export interface BusyChildConfig {
  dataDir: string
  keychainService: string
  gatewayUrl: string
  /** The app's clock offset (the parent's simulator shares it). */
  offsetMs: number
  /** Invoice numbers of this run start with it. */
  prefix: string
  cards: { customerId: number; cardId: number }[]
  seed: number
}

export type ChildLine =
  | { ev: 'ready' }
  | { ev: 'start'; op: 'charge' | 'void' | 'link' | 'customer'; invoice: string }
  | { ev: 'done'; op: 'charge' | 'void' | 'link' | 'customer'; invoice: string; ok: boolean; status: string | null; orderId: number | null }

function say(line: ChildLine): void {
  process.stdout.write(`${JSON.stringify(line)}\n`)
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env['BUSY_CHILD'] ?? '{}') as BusyChildConfig
  const random = rng(config.seed)
  const backend = await createBackend({
    dataDir: config.dataDir,
    keychainService: config.keychainService,
    gatewayUrls: { sandbox: config.gatewayUrl },
    appName: 'Merchant Back Office',
    appVersion: '0.0.0-test',
    runtime: 'test',
    now: () => new Date(Date.now() + config.offsetMs),
    statusTracker: false,
    pinCost: TEST_PIN_COST,
    trainingListenerPort: 0,
  })
  await prepareOperators(backend.dispatch, 'admin')
  const paid: { orderId: number; invoice: string; amountSen: number }[] = []
  let sequence = 0
  say({ ev: 'ready' })

  async function work(): Promise<void> {
    for (;;) {
      const roll = random.next()
      const invoice = `${config.prefix}-${String(++sequence).padStart(4, '0')}`
      if (roll < 0.6) {
        const card = random.pick(config.cards)
        const amountSen = random.int(1_00, 900_00)
        say({ ev: 'start', op: 'charge', invoice })
        const result = (await backend.dispatch('phoneOrders.charge', { ...card, invoiceNumber: invoice, amountSen, descriptor: '', note: '', confirmDuplicate: true })) as Result<ChargeResult>
        const order = result.ok ? result.value.detail.order : null
        if (order?.status === 'PAID') paid.push({ orderId: order.id, invoice, amountSen })
        say({ ev: 'done', op: 'charge', invoice, ok: result.ok, status: order?.status ?? (result.ok ? null : result.error.code), orderId: order?.id ?? null })
      } else if (roll < 0.75 && paid.length > 0) {
        const [target] = paid.splice(random.int(0, paid.length - 1), 1)
        if (!target) continue
        say({ ev: 'start', op: 'void', invoice: target.invoice })
        const result = (await backend.dispatch('refunds.request', { orderId: target.orderId, kind: 'VOID', amountSen: target.amountSen })) as Result<RefundResult>
        say({ ev: 'done', op: 'void', invoice: target.invoice, ok: result.ok, status: result.ok ? result.value.detail.order.status : result.error.code, orderId: target.orderId })
      } else if (roll < 0.9) {
        say({ ev: 'start', op: 'link', invoice })
        const result = (await backend.dispatch('links.create', cardLink({ invoiceNumber: invoice, amountSen: random.int(1_00, 900_00) }))) as Result<OrderDetail>
        say({ ev: 'done', op: 'link', invoice, ok: result.ok, status: result.ok ? result.value.order.status : result.error.code, orderId: result.ok ? result.value.order.id : null })
      } else {
        say({ ev: 'start', op: 'customer', invoice })
        const result = await backend.dispatch('customers.save', { name: `Busy ${invoice}`, email: `${invoice.toLowerCase()}@example.my`, phone: '' })
        say({ ev: 'done', op: 'customer', invoice, ok: result.ok, status: null, orderId: null })
      }
    }
  }

  await Promise.all([work(), work(), work()])
}

main().catch((error: unknown) => {
  process.stderr.write(`busy-child: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
  process.exit(1)
})
