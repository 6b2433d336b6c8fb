/**
 * The orders screen's count is exact and is the export's: for each set of filters, `orders.count`
 * (through the bridge, as the renderer calls it) equals the rows a search pages through, the total the
 * export announces and the rows its file holds, and the export's message says it in words ("1 order").
 */
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ordersText } from '../../src-common/count-text'
import { openHistoryDatabase } from '../../src-main/store/history-file'
import { seedOrders } from '../../src-main/store/seed'
import type { ExportFinished, OrderFilters, OrderView } from '../../src-preload/contract'
import { startTestBackend, type TestBackend } from './backend-fixture'

const SEEDED = 1_628

describe('orders.count', () => {
  let app: TestBackend
  let exportsDir: string
  let sample: OrderView[]

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mbo-count-'))
    const { db } = await openHistoryDatabase(dataDir, 'training')
    try {
      seedOrders(db, { count: SEEDED, seed: 19, now: new Date('2026-11-20T00:00:00Z') })
    } finally {
      db.close()
    }
    exportsDir = mkdtempSync(join(tmpdir(), 'mbo-count-exports-'))
    let files = 0
    app = await startTestBackend({
      dataDir,
      chooseExportFile: () => {
        files += 1
        return Promise.resolve(join(exportsDir, `orders-${String(files)}.csv`))
      },
    })
    sample = (await app.call('orders.search', { limit: 500 })).rows
  }, 60_000)
  afterAll(async () => {
    await app.close()
  })

  /** Every row the list would show for these filters, page after page. */
  async function listed(filters: OrderFilters): Promise<string[]> {
    const invoices: string[] = []
    let beforeId: number | undefined
    for (;;) {
      const page = await app.call('orders.search', { ...filters, limit: 500, ...(beforeId === undefined ? {} : { beforeId }) })
      invoices.push(...page.rows.map((row) => row.invoiceNumber))
      if (page.nextBeforeId === null) return invoices
      beforeId = page.nextBeforeId
    }
  }

  /** Exports the filters through the bridge and waits for the file. */
  async function exported(filters: OrderFilters): Promise<{ total: number; finished: ExportFinished; invoices: string[] }> {
    let resolve: (finished: ExportFinished) => void = () => {}
    const done = new Map<string, ExportFinished>()
    const unsubscribe = app.backend.events.subscribe((name, payload) => {
      if (name !== 'export.finished') return
      const finished = payload as ExportFinished
      done.set(finished.jobId, finished)
      resolve(finished)
    })
    try {
      const started = await app.call('orders.exportCsv', filters)
      const jobId = started.jobId ?? ''
      const finished = done.get(jobId) ?? (await new Promise<ExportFinished>((r) => (resolve = (f) => f.jobId === jobId && r(f))))
      const lines = readFileSync(finished.file ?? '', 'utf8')
        .trimEnd()
        .split('\r\n')
        .slice(1)
      return { total: started.total, finished, invoices: lines.map((line) => line.split(',')[0] ?? '') }
    } finally {
      unsubscribe()
    }
  }

  it('counts every order, and as many as the export writes', async () => {
    const { total } = await app.call('orders.count', {})
    expect(total).toBe(SEEDED)
    const result = await exported({})
    expect(result.total).toBe(SEEDED)
    expect(result.invoices).toHaveLength(SEEDED)
    expect(result.finished.message).toBe('Exported 1,628 orders.')
  })

  it('agrees with the list and the export for each set of filters', async () => {
    const someone = sample.find((row) => row.customerName.includes(' '))
    const dated = sample.map((row) => row.createdAt).sort()
    if (!someone || dated.length < 10) throw new Error('the seed is too small')
    const sets: [string, OrderFilters][] = [
      ['a status', { statuses: ['PAID'] }],
      ['several statuses', { statuses: ['FAILED', 'EXPIRED', 'CANCELLED'] }],
      ['a kind and a channel', { kinds: ['phone_order'], channels: ['CARD'] }],
      ['a first name', { text: someone.customerName.split(' ')[0] ?? '' }],
      ['an invoice prefix', { text: sample[0]?.invoiceNumber.slice(0, -2) ?? '' }],
      ['an amount range', { amountMinSen: 10_000, amountMaxSen: 50_000 }],
      ['a date range', { createdFrom: dated[2] ?? '', createdTo: dated.at(-3) ?? '' }],
      ['waiting links', { statuses: ['PENDING'], kinds: ['card_link', 'generic_link'] }],
      ['text, status and amount together', { text: someone.customerName.split(' ')[0] ?? '', statuses: ['PAID', 'REFUNDED'], amountMinSen: 1_000 }],
    ]
    for (const [what, filters] of sets) {
      const { total } = await app.call('orders.count', filters)
      const rows = await listed(filters)
      expect(total, what).toBe(rows.length)
      const result = await exported(filters)
      expect(result.total, what).toBe(total)
      expect(result.invoices, what).toEqual(rows)
      expect(result.finished.message, what).toBe(`Exported ${ordersText(total)}.`)
    }
  })

  it('says one order, and no orders, in words', async () => {
    const invoice = sample[5]?.invoiceNumber ?? ''
    expect(await app.call('orders.count', { text: invoice })).toEqual({ total: 1 })
    const one = await exported({ text: invoice })
    expect(one.invoices).toEqual([invoice])
    expect(one.finished.message).toBe('Exported 1 order.')

    const none = { text: 'zz-no-such-order-zz' }
    expect(await app.call('orders.count', none)).toEqual({ total: 0 })
    expect((await exported(none)).finished.message).toBe('Exported 0 orders.')
  })

  it('is refused, like the search, to a desk with nobody signed in', async () => {
    await app.backend.dispatch('session.signOut', undefined)
    const refused = await app.failure('orders.count', {})
    expect(refused.code).toBe('SIGNED_OUT')
    await app.signInAs('admin')
  })
})
