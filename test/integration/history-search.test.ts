/**
 * What the search rests on in the SQLite file: the FTS5 index kept by triggers, and the time-order
 * flag of history_meta. What the search answers is the contract, history-contract/search.test.ts,
 * run on both engines.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
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
})
