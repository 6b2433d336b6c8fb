import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { seedOrders } from '../../src-main/store/seed'
import { englishOf } from '../../src-common/said/english'
import type { Said } from '../../src-common/said/say'
import { switchLanguage } from '../../src-renderer/i18n/i18n'
import { saidText } from '../../src-renderer/i18n/said-text'
import { openHistory, type HistoryFixture } from './history-fixture'

const NOW = new Date('2026-11-21T00:00:00.000Z')

describe('seedOrders', () => {
  let a: HistoryFixture
  let b: HistoryFixture
  beforeEach(async () => {
    a = await openHistory()
    b = await openHistory()
  })
  afterEach(() => {
    a.close()
    b.close()
  })

  it('gives every timeline entry its words by id, so that a demo history reads in the desk language', async () => {
    seedOrders(a.history, { count: 400, seed: 3, now: NOW })
    const events = a.db.prepare('select type, summary, details from events').all() as { type: string; summary: string; details: string | null }[]
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(['created', 'status_changed', 'notification']))
    const said = events.map((event) => (JSON.parse(event.details ?? '{}') as { say?: Said }).say)
    expect(said.every((entry) => entry !== undefined)).toBe(true)
    const english = said.map((entry) => (entry ? englishOf(entry) : ''))
    // The summary (main's English, what an English desk shows) says the same.
    expect(events.map((event) => event.summary)).toEqual(english)
    expect(english).toContain('Link created: waiting for the customer to pay')
    expect(english).toContain('Pending → Paid (gateway says SUCCESS)')
    expect(english).toContain('Gateway notification received')
    expect(english).toContain('Marked cancelled here. The gateway has no cancel call, so the link stays open there.')
    expect(english.filter((text) => text.includes('CANCELLED'))).toEqual([])
    // A phone order is no link, whatever became of it.
    const phoneOrders = a.db.prepare("select e.details from events e join orders o on o.id = e.order_id where o.kind = 'phone_order'").pluck().all() as string[]
    expect(phoneOrders.length).toBeGreaterThan(0)
    expect(phoneOrders.map((details) => englishOf((JSON.parse(details) as { say: Said }).say)).filter((text) => /link/i.test(text))).toEqual([])
    expect(
      english.some((text) => /^Phone order: MOTO charge of (Visa|Mastercard|JCB|American Express|AMEX) /.test(text)),
      english.find((text) => text.startsWith('Phone')),
    ).toBe(true)
    await switchLanguage('ms')
    try {
      const malay = said.map((entry, i) => (entry ? saidText(entry, events[i]?.summary ?? '') : ''))
      expect(malay).toContain('Menunggu → Dibayar (gerbang pembayaran menyatakan SUCCESS)')
      expect(malay).toContain('Pemberitahuan gerbang pembayaran diterima')
      // None falls back to main's English.
      for (const [i, text] of malay.entries()) expect(text, events[i]?.summary).not.toBe(english[i])
    } finally {
      await switchLanguage('en')
    }
  })

  it('is deterministic for a seed, and writes searchable, realistic orders in time order', () => {
    const result = seedOrders(a.history, { count: 3_000, seed: 9, now: NOW, batchSize: 700 })
    seedOrders(b.db, { count: 3_000, seed: 9, now: NOW })
    expect(result).toMatchObject({ orders: 3_000, firstId: 1, lastId: 3_000 })
    const dump = (f: HistoryFixture): unknown[] => f.db.prepare('select * from orders order by id').all()
    expect(dump(a)).toEqual(dump(b))

    const rows = a.db.prepare('select * from orders order by id').all() as {
      created_at: string
      status: string
      kind: string
      channel: string
      amount_sen: number
      invoice_number: string
      card_last4: string | null
      card_masked: string | null
      request_id: string
      customer_phone: string | null
      link_expires_at: string | null
      completed_at: string | null
    }[]
    const first = rows[0]
    const last = rows.at(-1)
    expect(first && last).toBeTruthy()
    expect(Date.parse(first?.created_at ?? '')).toBeGreaterThanOrEqual(NOW.getTime() - 365 * 86_400_000)
    expect(Date.parse(last?.created_at ?? '')).toBeLessThanOrEqual(NOW.getTime())
    expect(rows.every((row, i) => i === 0 || row.created_at >= (rows[i - 1]?.created_at ?? ''))).toBe(true)
    expect(a.db.prepare("select value from history_meta where key = 'orders_time_ordered'").pluck().get()).toBe(1)

    const share = (test: (row: (typeof rows)[number]) => boolean): number => rows.filter(test).length / rows.length
    expect(share((row) => row.status === 'PAID')).toBeGreaterThan(0.6)
    for (const status of ['PENDING', 'FAILED', 'EXPIRED', 'REFUNDED', 'CANCELLED'])
      expect(
        share((row) => row.status === status),
        status,
      ).toBeGreaterThan(0)
    for (const channel of ['CARD', 'INTERNET_BANKING_FPX', 'EWALLET_TNG', 'EWALLET_GRABPAY', 'EWALLET_SHOPEEPAY', 'BNPL_ATOME'])
      expect(
        share((row) => row.channel === channel),
        channel,
      ).toBeGreaterThan(0)
    expect(share((row) => row.kind === 'phone_order')).toBeGreaterThan(0.1)
    expect(rows.every((row) => row.amount_sen >= 500 && row.amount_sen <= 500_000 && Number.isInteger(row.amount_sen))).toBe(true)
    expect(rows.every((row) => /^INV-\d{4}-\d{6,}$/.test(row.invoice_number))).toBe(true)
    expect(rows.every((row) => /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(row.request_id))).toBe(true)
    expect(rows.filter((row) => row.kind === 'phone_order').every((row) => row.card_last4 !== null && /^\d{4}$/.test(row.card_last4))).toBe(true)
    // A link nobody paid shows no card, and an expired one ended when its link did, in the past.
    const unpaidLinks = rows.filter((row) => row.kind !== 'phone_order' && ['PENDING', 'EXPIRED', 'CANCELLED'].includes(row.status))
    expect(unpaidLinks.length).toBeGreaterThan(50)
    expect(unpaidLinks.filter((row) => row.card_last4 !== null || row.card_masked !== null)).toEqual([])
    const expired = rows.filter((row) => row.status === 'EXPIRED')
    expect(expired.length).toBeGreaterThan(20)
    expect(expired.filter((row) => row.completed_at === null || row.completed_at !== row.link_expires_at || Date.parse(row.completed_at) > NOW.getTime())).toEqual([])
    expect(rows.filter((row) => row.kind !== 'phone_order' && row.channel === 'CARD' && row.status === 'PAID').every((row) => row.card_last4 !== null)).toBe(true)
    expect(rows.filter((row) => row.customer_phone !== null).every((row) => /^(\+?60|0)1\d/.test(row.customer_phone?.replace(/[\s-]/g, '') ?? ''))).toBe(true)
    expect(a.db.prepare('select count(*) from events').pluck().get()).toBe(result.events)
    expect(result.events).toBeGreaterThan(3_000)

    // What was seeded is found through the search, e.g. by the phone as written.
    const sample = rows[1234]
    expect(a.history.orders.search({ text: sample?.invoice_number ?? '', limit: 5 }).rows.map((row) => row.id)).toEqual([1235])
    expect(a.history.orders.search({ text: sample?.request_id ?? '', limit: 5 }).rows.map((row) => row.id)).toEqual([1235])
    a.db.exec("insert into orders_fts (orders_fts, rank) values ('integrity-check', 0)")

    // A second run appends after what is there.
    expect(seedOrders(a.db, { count: 10, seed: 10, now: NOW })).toMatchObject({ firstId: 3_001, lastId: 3_010 })
  })
})
