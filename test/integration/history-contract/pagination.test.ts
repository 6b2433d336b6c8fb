/** Keyset pagination's contract, run on each engine: every row once, in order, whatever is written between pages. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrderSearch, OrderStatus } from '../../../src-main/store/history-types'
import { newOrder } from '../history-fixture'
import { ENGINES, openEngineHistory, type EngineHistory } from './engines'

const STATUSES: OrderStatus[] = ['PAID', 'PAID', 'PAID', 'PENDING', 'FAILED', 'EXPIRED']
const NAMES = ['Nurul Huda', 'Lim Mei Ling', 'Arjun Kumar', 'Ahmad Faiz']
const COUNT = 1_200

describe.each(ENGINES)('keyset pagination (%s)', (engine) => {
  let f: EngineHistory
  beforeAll(async () => {
    f = await openEngineHistory(engine)
    f.history.transaction(() => {
      for (let i = 0; i < COUNT; i += 1) {
        f.history.orders.insert(
          newOrder({
            invoiceNumber: `INV-PAGE-${String(i).padStart(5, '0')}`,
            status: STATUSES[i % STATUSES.length],
            kind: i % 5 === 0 ? 'phone_order' : 'card_link',
            customerName: NAMES[i % NAMES.length],
            amountSen: (i * 7_919) % 100_000,
            createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
          }),
        )
      }
    })
  })
  afterAll(() => f.close())

  /** Every row of the query by walking pages of `limit`, and the number of pages. */
  function walk(query: Omit<OrderSearch, 'limit' | 'beforeId'>, limit: number, between?: () => void): { ids: number[]; pages: number } {
    const ids: number[] = []
    let beforeId: number | undefined
    let pages = 0
    for (;;) {
      const page = f.history.orders.search({ ...query, limit, beforeId })
      pages += 1
      expect(page.rows.length).toBeLessThanOrEqual(limit)
      ids.push(...page.rows.map((row) => row.id))
      if (page.nextBeforeId === null) break
      expect(page.rows.length).toBe(limit)
      expect(page.nextBeforeId).toBe(page.rows.at(-1)?.id)
      beforeId = page.nextBeforeId
      between?.()
    }
    return { ids, pages }
  }

  function all(query: Omit<OrderSearch, 'limit' | 'beforeId'>): number[] {
    return (f.db.prepare('select id from orders order by id desc').pluck().all() as number[]).filter((id) => {
      const row = f.history.orders.get(id)
      if (!row) return false
      return (
        (!query.statuses || query.statuses.includes(row.status)) &&
        (!query.kinds || query.kinds.includes(row.kind)) &&
        (query.amountMinSen === undefined || row.amountSen >= query.amountMinSen) &&
        (query.amountMaxSen === undefined || row.amountSen <= query.amountMaxSen) &&
        (query.createdFrom === undefined || row.createdAt >= query.createdFrom) &&
        (query.createdTo === undefined || row.createdAt < query.createdTo)
      )
    })
  }

  const shapes: [string, Omit<OrderSearch, 'limit' | 'beforeId'>][] = [
    ['no condition', {}],
    ['one status', { statuses: ['FAILED'] }],
    ['several statuses (merged walks)', { statuses: ['PENDING', 'EXPIRED', 'FAILED'] }],
    ['kind and status', { kinds: ['phone_order'], statuses: ['PAID'] }],
    ['narrow amount range (range index)', { amountMinSen: 10_000, amountMaxSen: 12_000 }],
    ['wide amount range', { amountMinSen: 1_000 }],
    ['date range', { createdFrom: '2026-01-10T00:00:00.000Z', createdTo: '2026-02-01T00:00:00.000Z' }],
    ['text', { text: 'huda' }],
    ['text and filters', { text: 'inv-page', statuses: ['PAID'], amountMaxSen: 50_000 }],
  ]

  it.each(shapes)('walks every row exactly once: %s', (_label, query) => {
    const expected = query.text === undefined ? all(query) : f.history.orders.search({ ...query, limit: 500 }).rows.map((row) => row.id)
    expect(expected.length).toBeGreaterThan(10)
    for (const limit of [1, 7, 50, 500]) {
      if (limit === 1 && expected.length > 300) continue
      const { ids, pages } = walk(query, limit)
      expect(ids).toEqual(expected)
      expect(pages).toBe(Math.ceil(expected.length / limit))
    }
    expect(f.history.orders.count(query)).toBe(expected.length)
    expect([...f.history.orders.each(query)].map((row) => row.id)).toEqual(expected)
  })

  it('has no gaps or repeats when orders are added between page fetches', () => {
    const before = all({ statuses: ['PAID'] })
    let added = 0
    const { ids } = walk({ statuses: ['PAID'] }, 25, () => {
      // New orders arrive while staff read page after page; they belong before page 1, not in the walk.
      f.history.orders.insert(newOrder({ invoiceNumber: `INV-LIVE-${String(added)}`, status: 'PAID', createdAt: '2026-12-01T00:00:00.000Z' }))
      added += 1
    })
    expect(added).toBeGreaterThan(10)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(before)
    const existing = f.db.prepare('select id from orders order by id desc').pluck().all() as number[]
    const text = walk({ text: 'inv' }, 100, () => {
      f.history.orders.insert(newOrder({ invoiceNumber: `INV-LIVE-${String(added)}`, createdAt: '2026-12-02T00:00:00.000Z' }))
      added += 1
    })
    expect(text.ids).toEqual(existing)
  })
})
