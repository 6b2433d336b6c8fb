/**
 * The same orders on SQLite and on PostgreSQL give the same answers: a few thousand made-up orders
 * (store/seed.ts) written to both, then hundreds of searches (text drawn from the data and odd input,
 * every filter, cursors, page sizes) compared row for row, with their counts, and the customers'
 * search-as-you-type. The contract suite (history-contract/) says what the answers are; this says
 * that the two engines agree where nobody wrote the answer down.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CustomerRow, NewCustomer, NewOrder, OrderKind, OrderRow, OrderSearch, OrderStatus } from '../../src-main/store/history-types'
import { PgOrderSearch } from '../../src-main/store/postgres/order-search-pg'
import { createRandom, seedOrders } from '../../src-main/store/seed'
import { openEngineHistory, type EngineHistory } from './history-contract/engines'
import { newOrder, openHistory, type HistoryFixture } from './history-fixture'

const ORDERS = 3_000
const NOW = new Date('2026-11-21T00:00:00.000Z')
const STATUSES: OrderStatus[] = ['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'VOIDED', 'OUTCOME_UNKNOWN']
const KINDS: OrderKind[] = ['card_link', 'generic_link', 'phone_order']
const CHANNELS = ['CARD', 'INTERNET_BANKING_FPX', 'EWALLET_TNG', 'EWALLET_GRABPAY', 'BNPL_ATOME']
const ODD = [
  '"',
  '*',
  'a',
  'z',
  'x',
  '1',
  '60',
  '0',
  '+6',
  '@',
  '.',
  '-',
  '_',
  '%',
  '\\',
  "o'",
  'bin',
  'a/l',
  'siew-ling',
  'siew ling',
  'ling',
  'gmail',
  'gmail.com',
  '.com',
  'inv',
  'INV-2026',
  'pay-2026',
  'dk',
  'NOT',
  'OR',
  'é',
  'ß',
  '🙂',
  '\u0000',
  'nur\u0007aisyah',
  '  ',
  '012-',
  '(012)',
  '+60 1',
  '4',
  '42',
  '424',
]

/** `value` without the named fields. */
function without<T extends object, K extends keyof T>(value: T, ...keys: K[]): Omit<T, K> {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !keys.includes(key as K))) as Omit<T, K>
}

function sampleQueries(rows: OrderRow[], count: number): OrderSearch[] {
  const random = createRandom(7)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const some = <T>(items: readonly T[]): T[] => items.filter(() => random() < 0.3)
  const day = (offset: number): string => new Date(NOW.getTime() - offset * 86_400_000).toISOString()
  const prefix = (text: string | null): string => (text ?? 'x').slice(0, 1 + Math.floor(random() * Math.max(1, (text ?? 'x').length)))
  const texts: (() => string)[] = [
    () => prefix(pick(pick(rows).customerName.split(' '))),
    () => pick(rows).customerName.split(' ').slice(0, 2).join(' '),
    () => prefix(pick(rows).customerEmail),
    () => {
      const phone = pick(rows).customerPhone ?? '0123456789'
      const digits = phone.replace(/\D/g, '')
      return pick([phone, digits, digits.slice(0, 6), `0${digits.replace(/^60|^0/, '')}`, `+60 ${digits.replace(/^60|^0/, '').slice(0, 2)}-${digits.replace(/^60|^0/, '').slice(2, 5)}`])
    },
    () => prefix(pick(rows).invoiceNumber),
    // The last digits of an invoice, as a customer reads them out: with some, all or none of its zeros.
    () => {
      const group =
        pick(rows)
          .invoiceNumber.match(/[0-9]+/g)
          ?.at(-1) ?? '0'
      return group.slice(Math.floor(random() * group.length))
    },
    () => pick(rows.filter((row) => row.cardLast4 !== null)).cardLast4 ?? '4242',
    () => prefix(pick(rows).gatewayReferenceId),
    () => prefix(pick(rows).requestId),
    () => prefix(pick(rows.filter((row) => row.paymentId !== null)).paymentId),
    () => pick(ODD),
    () => `${pick(ODD)} ${prefix(pick(rows).customerName)}`,
  ]
  const queries: OrderSearch[] = []
  for (let i = 0; i < count; i += 1) {
    const query: OrderSearch = { limit: pick([1, 7, 50, 500]) }
    if (random() < 0.7) query.text = pick(texts)()
    if (random() < 0.3) query.statuses = some(STATUSES)
    if (random() < 0.2) query.kinds = some(KINDS)
    if (random() < 0.2) query.channels = some(CHANNELS)
    if (random() < 0.25) query.createdFrom = day(Math.floor(random() * 380))
    if (random() < 0.25) query.createdTo = day(Math.floor(random() * 380))
    if (random() < 0.2) query.amountMinSen = Math.floor(random() * 100_000)
    if (random() < 0.2) query.amountMaxSen = Math.floor(random() * 400_000)
    if (random() < 0.1) query.needsReview = true
    if (random() < 0.3) query.beforeId = 1 + Math.floor(random() * (rows.length + 10))
    queries.push(query)
  }
  return queries
}

describe('SQLite and PostgreSQL agree', () => {
  let sqlite: HistoryFixture
  let postgres: EngineHistory
  let rows: OrderRow[]

  beforeAll(async () => {
    sqlite = await openHistory()
    postgres = await openEngineHistory('postgres')
    seedOrders(sqlite.db, { count: ORDERS, seed: 11, now: NOW })
    // Some orders wait for review, and some change after they were written.
    for (let id = 5; id <= ORDERS; id += 97) {
      const review = { reason: 'amount' as const, gatewayStatus: 'SUCCESS', gatewayAmountSen: 1, gatewayCurrency: 'MYR', source: 'check' as const, at: NOW.toISOString() }
      sqlite.history.orders.update(id, { review, status: 'OUTCOME_UNKNOWN' }, NOW.toISOString())
    }
    for (let id = 3; id <= ORDERS; id += 89) sqlite.history.orders.update(id, { customerName: "Nur Siew-Ling O'Brien", cardLast4: '0042' }, NOW.toISOString())
    // The same rows, in the same order (so the same ids), written to PostgreSQL through the repositories.
    const customers = sqlite.db.prepare('select id from customers order by id').pluck().all() as number[]
    postgres.history.transaction(() => {
      for (const id of customers) {
        const copy: NewCustomer = without(sqlite.history.customers.get(id) as CustomerRow, 'id', 'updatedAt')
        expect(postgres.history.customers.insert(copy).id).toBe(id)
      }
      rows = (sqlite.db.prepare('select id from orders order by id').pluck().all() as number[]).map((id) => sqlite.history.orders.get(id) as OrderRow)
      for (const row of rows) {
        const { id, review, completedAt } = row
        const copy: NewOrder = without(row, 'id', 'review', 'gatewayAmountSen', 'updatedAt', 'completedAt')
        expect(postgres.history.orders.insert(copy).id).toBe(id)
        if (review !== null || completedAt !== null) postgres.history.orders.update(id, { review, completedAt }, NOW.toISOString())
      }
    })
  }, 120_000)
  afterAll(async () => {
    sqlite.close()
    await postgres.close()
  })

  it('on every search: the same rows, the same cursor, the same count', () => {
    const queries = sampleQueries(rows, 400)
    let nonEmpty = 0
    for (const query of queries) {
      const label = JSON.stringify(query)
      const a = sqlite.history.orders.search(query)
      const b = postgres.history.orders.search(query)
      expect(
        b.rows.map((row) => row.id),
        label,
      ).toEqual(a.rows.map((row) => row.id))
      expect(b.nextBeforeId, label).toBe(a.nextBeforeId)
      const counted = without(query, 'limit')
      expect(postgres.history.orders.count(counted), label).toBe(sqlite.history.orders.count(counted))
      if (a.rows.length > 0) nonEmpty += 1
    }
    // The queries find things, not only nothing.
    expect(nonEmpty).toBeGreaterThan(200)
  })

  it('in every step of the PostgreSQL plan: the newest orders first, then the indexes, then invoice prefixes from their B-tree', () => {
    // The same search with a window of 40 orders, at most 200 more in order, and "dense" invoice
    // prefixes from 20: every step runs.
    const engines = [false, true].map((estimates) => new PgOrderSearch(postgres.db, { window: 40, dense: 20, stretch: 200, estimates }))
    for (const query of sampleQueries(rows, 300)) {
      const label = JSON.stringify(query)
      const expected = sqlite.history.orders.search(query).rows.map((row) => row.id)
      for (const engine of engines) {
        const found = postgres.db.transaction(() => engine.fetch(query, query.limit))()
        expect(
          found.map((row) => row.id),
          label,
        ).toEqual(expected)
      }
    }
    const [small] = engines as [PgOrderSearch]
    for (const text of ['INV-2026', 'inv-2026-00', 'INV-2025-0001', 'INV', 'inv-2026-001 siti', 'INV-2026-00 1', '2026', '0001', '001 siti', '12', '000']) {
      for (const beforeId of [undefined, 2_500, 900]) {
        const query = { text, limit: 50, beforeId }
        const found = postgres.db.transaction(() => small.fetch(query, query.limit))()
        expect(
          found.map((row) => row.id),
          JSON.stringify(query),
        ).toEqual(sqlite.history.orders.search(query).rows.map((row) => row.id))
      }
    }
  })

  it('row for row, field for field', () => {
    const a = sqlite.history.orders.search({ limit: 500 }).rows
    const b = postgres.history.orders.search({ limit: 500 }).rows
    expect(b.map((row) => without(row, 'updatedAt'))).toEqual(a.map((row) => without(row, 'updatedAt')))
  })

  it('on the customers search-as-you-type', () => {
    const random = createRandom(3)
    const customers = sqlite.db.prepare('select name, email, phone from customers').all() as { name: string; email: string | null; phone: string | null }[]
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
    const texts = [
      ...ODD,
      ...Array.from({ length: 150 }, () => {
        const c = pick(customers)
        const field = pick([c.name.split(' ')[0] ?? '', c.name, c.email ?? '', c.phone ?? '', (c.phone ?? '').replace(/\D/g, '').slice(0, 5)])
        return field.slice(0, 1 + Math.floor(random() * field.length))
      }),
    ]
    for (const text of texts) {
      for (const limit of [5, 20]) {
        expect(
          postgres.history.customers.search(text, limit).map((c) => c.id),
          JSON.stringify(text),
        ).toEqual(sqlite.history.customers.search(text, limit).map((c) => c.id))
      }
    }
  })

  it('a period that ended before the newest orders were made, one of its orders among them with its date set back', () => {
    // PostgreSQL skips reading the newest orders (its step 1) for such a period: the order written
    // last, dated 200 days back, must still be found, by both engines alike.
    const created = new Date(NOW.getTime() - 200 * 86_400_000).toISOString()
    const order = newOrder({ status: 'FAILED', createdAt: created, customerName: 'Siti Late Entry' })
    const id = sqlite.history.orders.insert(order).id
    expect(postgres.history.orders.insert(order).id).toBe(id)
    const small = new PgOrderSearch(postgres.db, { window: 40, dense: 20, stretch: 200 })
    const day = (offset: number): string => new Date(NOW.getTime() - offset * 86_400_000).toISOString()
    const queries: OrderSearch[] = [
      { statuses: ['FAILED'], createdFrom: day(215), createdTo: day(185), limit: 50 },
      { statuses: ['FAILED', 'PAID'], createdTo: day(185), limit: 7 },
      { createdFrom: day(201), createdTo: day(199), limit: 50 },
      { text: 'siti', createdTo: day(150), limit: 50 },
    ]
    for (const query of queries) {
      const expected = sqlite.history.orders.search(query).rows.map((row) => row.id)
      expect(expected[0], JSON.stringify(query)).toBe(id)
      const found = postgres.db.transaction(() => small.fetch(query, query.limit))()
      expect(
        found.map((row) => row.id),
        JSON.stringify(query),
      ).toEqual(expected)
      expect(postgres.history.orders.search(query).rows.map((row) => row.id)).toEqual(expected)
    }
  })

  it('ids by status, oldest first', () => {
    for (const statuses of [['PENDING'], ['OUTCOME_UNKNOWN', 'PENDING'], ['PAID', 'FAILED', 'EXPIRED']] as OrderStatus[][]) {
      expect(postgres.history.orders.idsWithStatus(statuses)).toEqual(sqlite.history.orders.idsWithStatus(statuses))
    }
  })
})
