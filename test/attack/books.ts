/**
 * What the attack suites compare: the app's history file read through a second, read-only connection
 * (row counts and a fingerprint of every row), and the training gateway's books (its charges and
 * refunds), side by side with the local history.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import type { SimState } from '../../src-main/simulator/state'

export type Db = Database.Database

/** The tables the app writes (the full-text shadow tables follow them by triggers). */
export const TABLES = ['customers', 'orders', 'attempts', 'events', 'saved_cards', 'refunds', 'notifications', 'audit_log', 'tracking', 'settings', 'history_meta'] as const

export function openReader(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  db.pragma('busy_timeout = 5000')
  return db
}

export function rowCounts(db: Db): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const table of TABLES) counts[table] = db.prepare(`select count(*) from ${table}`).pluck().get() as number
  return counts
}

/** The fingerprints last read through a connection, and the file's data_version they were read at. */
const lastRead = new WeakMap<Db, { version: number; prints: Map<string, string> }>()

/**
 * A hash of every row of every table the app writes (but `except`): any insert, update or delete changes it.
 * Read again only when the file changed: SQLite's `data_version` of this connection changes whenever
 * another connection commits to the file, so while it stands still so does every row. (The fuzzing
 * read every row twice a call: as the history grew, that was four fifths of its time.)
 */
export function historyFingerprint(db: Db, except: readonly string[] = []): string {
  // Read before the rows: a commit between the two leaves a newer fingerprint under an older version, read again next time.
  const version = db.pragma('data_version', { simple: true }) as number
  let cache = lastRead.get(db)
  if (cache?.version !== version) {
    cache = { version, prints: new Map() }
    lastRead.set(db, cache)
  }
  const key = except.join('\u0000')
  let print = cache.prints.get(key)
  if (print === undefined) {
    print = readFingerprint(db, except)
    cache.prints.set(key, print)
  }
  return print
}

function readFingerprint(db: Db, except: readonly string[]): string {
  const hash = createHash('sha256')
  for (const table of TABLES.filter((name) => !except.includes(name))) {
    hash.update(`\u0000${table}\u0000`)
    for (const row of db.prepare(`select * from ${table} order by rowid`).raw().iterate()) {
      hash.update(JSON.stringify(row, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.toString('hex') : typeof value === 'bigint' ? value.toString() : value)))
    }
  }
  return hash.digest('hex')
}

/** What the gateway would pay out or took back: orders (status, refunded), refunds, tokens, generic payments. */
export function gatewayFingerprint(state: SimState): string {
  return JSON.stringify({
    orders: [...state.orders.values()].map((order) => [order.requestId, order.invoiceNumber, order.amountSen, order.status, order.refundedSen]),
    refunds: [...state.refunds.values()].map((refund) => [refund.requestId, refund.amountSen, refund.status]),
    tokens: [...state.tokens.values()].map((token) => [token.id, token.status]),
    payments: [...state.genericPayments.values()].map((payment) => [payment.id, payment.status]),
  })
}

const PAID_AT_GATEWAY: Record<string, string> = { SUCCESS: 'PAID', REFUNDED: 'REFUNDED', VOIDED: 'VOIDED', FAILED: 'FAILED' }

interface LocalOrder {
  id: number
  invoice_number: string
  amount_sen: number
  status: string
  request_id: string | null
  kind: string
}
interface LocalRefund {
  request_id: string
  amount_sen: number
  status: string
  invoice_number: string
}

/**
 * Where the local history and the gateway's books disagree about charges (phone orders) and refunds,
 * one line each; empty when they agree. Every charge the gateway holds is a local phone order with the
 * same Request-Id, amount and status; every local phone order that is paid (or later refunded or
 * voided) is a charge at the gateway; no order or refund is left unknown or pending; every refund at
 * the gateway is a local refund with the same outcome and amount, and every local refund that
 * succeeded is one at the gateway. `settled: false` lets orders and refunds still wait.
 */
export function booksDisagreement(db: Db, state: SimState, options: { settled: boolean } = { settled: true }): string[] {
  const problems: string[] = []
  const orders = db.prepare("select id, invoice_number, amount_sen, status, request_id, kind from orders where kind = 'phone_order'").all() as LocalOrder[]
  const byRequestId = new Map(orders.filter((order) => order.request_id !== null).map((order) => [order.request_id, order]))
  const charges = [...state.orders.values()].filter((order) => order.kind === 'CHARGE')
  for (const charge of charges) {
    const local = byRequestId.get(charge.requestId)
    if (!local) {
      problems.push(`gateway charge ${charge.invoiceNumber} (${charge.requestId}, ${charge.status}) has no local order`)
      continue
    }
    const expected = PAID_AT_GATEWAY[charge.status] ?? charge.status
    if (local.status !== expected) problems.push(`${charge.invoiceNumber}: gateway ${charge.status}, local ${local.status}`)
    if (local.amount_sen !== charge.amountSen) problems.push(`${charge.invoiceNumber}: gateway ${String(charge.amountSen)} sen, local ${String(local.amount_sen)} sen`)
  }
  const charged = new Set(charges.map((charge) => charge.requestId))
  for (const order of orders) {
    if (options.settled && (order.status === 'OUTCOME_UNKNOWN' || order.status === 'PENDING' || order.status === 'UNKNOWN')) problems.push(`${order.invoice_number} is left ${order.status}`)
    if (['PAID', 'REFUNDED', 'VOIDED'].includes(order.status) && (order.request_id === null || !charged.has(order.request_id))) {
      problems.push(`${order.invoice_number} is ${order.status} here but the gateway holds no such charge`)
    }
  }
  const refunds = db.prepare('select r.request_id, r.amount_sen, r.status, o.invoice_number from refunds r join orders o on o.id = r.order_id').all() as LocalRefund[]
  const localRefunds = new Map(refunds.map((refund) => [refund.request_id, refund]))
  for (const refund of state.refunds.values()) {
    const local = localRefunds.get(refund.requestId)
    if (!local) {
      problems.push(`gateway refund ${refund.requestId} of ${refund.invoiceNumber} (${refund.status}) has no local refund`)
      continue
    }
    if (local.status !== refund.status) problems.push(`refund ${refund.requestId} of ${refund.invoiceNumber}: gateway ${refund.status}, local ${local.status}`)
    if (refund.status === 'SUCCESS' && local.amount_sen !== refund.amountSen)
      problems.push(`refund ${refund.requestId}: gateway ${String(refund.amountSen)} sen, local ${String(local.amount_sen)} sen`)
  }
  for (const refund of refunds) {
    if (options.settled && (refund.status === 'OUTCOME_UNKNOWN' || refund.status === 'PENDING')) problems.push(`refund ${refund.request_id} of ${refund.invoice_number} is left ${refund.status}`)
    if (refund.status === 'SUCCESS' && !state.refunds.has(refund.request_id))
      problems.push(`refund ${refund.request_id} of ${refund.invoice_number} succeeded here but the gateway holds no such refund`)
  }
  return problems
}

/** Charges the gateway approved, per invoice number. */
export function approvedCharges(state: SimState): Map<string, number> {
  const counts = new Map<string, number>()
  for (const order of state.orders.values()) {
    if (order.kind !== 'CHARGE' || order.status === 'FAILED' || order.status === 'PENDING') continue
    counts.set(order.invoiceNumber, (counts.get(order.invoiceNumber) ?? 0) + 1)
  }
  return counts
}
