/**
 * What the search rests on in the SQLite file: the FTS5 index kept by triggers, and the time-order
 * flag of history_meta. What the search answers is the contract, history-contract/search.test.ts,
 * run on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OrderSearch, OrderStatus } from '../../src-main/store/history-types'
import { seedOrders } from '../../src-main/store/seed'
import { newOrder, openHistory, type HistoryFixture } from './history-fixture'

describe('order search internals (SQLite)', () => {
  let f: HistoryFixture
  beforeEach(async () => {
    f = await openHistory()
  })
  afterEach(() => f.close())

  const timeOrdered = (): unknown => f.db.prepare("select value from history_meta where key = 'orders_time_ordered'").pluck().get()
  const ftsIntegrity = (): void => {
    f.db.exec("insert into orders_fts (orders_fts, rank) values ('integrity-check', 0)")
  }

  it('clears the time-order flag for good when an order is older than one before it, and still finds by date', () => {
    const first = f.history.orders.insert(newOrder({ createdAt: '2026-03-01T00:00:00.000Z' }))
    f.history.orders.insert(newOrder({ createdAt: '2026-03-02T00:00:00.000Z' }))
    expect(timeOrdered()).toBe(1)
    const late = f.history.orders.insert(newOrder({ createdAt: '2026-01-01T00:00:00.000Z' }))
    expect(timeOrdered()).toBe(0)
    f.history.orders.insert(newOrder({ createdAt: '2026-04-01T00:00:00.000Z' }))
    expect(timeOrdered()).toBe(0)
    expect(f.history.orders.search({ createdTo: '2026-03-02T00:00:00.000Z', limit: 10 }).rows.map((row) => row.id)).toEqual([late.id, first.id])
  })

  it('keeps the FTS5 index sound through inserts, updates of searched and other fields, and deletes', () => {
    const a = f.history.orders.insert(newOrder({ customerName: 'Siti Aminah', customerPhone: '+60 12-345 6789', cardLast4: '4242' }))
    const b = f.history.orders.insert(newOrder({ customerName: 'Tan Wei Ming' }))
    f.history.orders.update(a.id, { cardLast4: '9876', status: 'PAID' }, '2026-06-01T00:00:00.000Z')
    f.db.prepare("update orders set customer_email = 'wm.tan@newmail.my' where id = ?").run(b.id)
    f.db.prepare('delete from orders where id = ?').run(b.id)
    ftsIntegrity()
    expect(f.history.orders.search({ text: '9876', limit: 10 }).rows.map((row) => row.id)).toEqual([a.id])
    expect(f.history.orders.search({ text: 'wm.tan', limit: 10 }).rows).toEqual([])
  })

  it('finds text with statuses the same whichever plan runs: through the text (a common status) or through the statuses (few in the period)', () => {
    // 6,000 orders, most of them paid: PAID has more than the 4,000 candidates the status plan takes.
    const now = new Date('2026-11-01T00:00:00.000Z')
    seedOrders(f.db, { count: 6_000, seed: 5, now })
    const count = (status: OrderStatus): number => f.db.prepare('select count(*) from orders where status = ?').pluck().get(status) as number
    expect(count('PAID')).toBeGreaterThan(4_000)
    expect(count('FAILED')).toBeLessThan(4_000)
    const names = f.db.prepare('select customer_name from orders where id % 500 = 0').pluck().all() as string[]
    const createdFrom = new Date(now.getTime() - 120 * 86_400_000).toISOString()
    /** Every order the text finds in the period, page by page, newest first: what the statuses then narrow. */
    const allFor = (query: OrderSearch): { id: number; status: OrderStatus }[] => {
      const found: { id: number; status: OrderStatus }[] = []
      let beforeId: number | undefined
      do {
        const page = f.history.orders.search({ ...query, limit: 500, ...(beforeId === undefined ? {} : { beforeId }) })
        found.push(...page.rows.map((row) => ({ id: row.id, status: row.status })))
        beforeId = page.nextBeforeId ?? undefined
      } while (beforeId !== undefined)
      return found
    }
    let matched = 0
    for (const name of names) {
      const text = name.split(' ')[0] ?? ''
      const everyMatch = allFor({ text, createdFrom, limit: 500 })
      for (const statuses of [['PAID'], ['FAILED'], ['FAILED', 'OUTCOME_UNKNOWN'], ['PAID', 'REFUNDED']] as OrderStatus[][]) {
        const expected = everyMatch.filter((row) => statuses.includes(row.status)).map((row) => row.id)
        const found = f.history.orders.search({ text, statuses, createdFrom, limit: 7 })
        expect(
          found.rows.map((row) => row.id),
          `${text} ${statuses.join('+')}`,
        ).toEqual(expected.slice(0, 7))
        expect(f.history.orders.count({ text, statuses, createdFrom }), `${text} ${statuses.join('+')}`).toBe(expected.length)
        matched += expected.length
      }
    }
    expect(matched).toBeGreaterThan(100)
  })
})
