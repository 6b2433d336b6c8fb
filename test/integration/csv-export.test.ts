import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEventBus } from '../../src-main/bridge/event-bus'
import { createLogger, memorySink } from '../../src-main/log'
import { CSV_HEADER, CsvExports, csvLine, myrDecimal } from '../../src-main/services/csv-export'
import { seedOrders } from '../../src-main/store/seed'
import type { EventName } from '../../src-preload/contract'
import { openHistory, type HistoryFixture } from './history-fixture'

describe('CSV export', () => {
  let fixture: HistoryFixture
  beforeAll(async () => {
    fixture = await openHistory('mbo-export-')
    seedOrders(fixture.history, { count: 3_000, seed: 3, now: new Date('2026-11-20T00:00:00Z') })
  })
  afterAll(() => fixture.close())

  interface Finished {
    status: string
    file: string | null
    rows: number
  }

  function exporter(target: string) {
    const events = createEventBus()
    const seen: { name: EventName; payload: unknown }[] = []
    let progressed = (): void => {}
    const firstProgress = new Promise<void>((resolve) => (progressed = resolve))
    const finished = new Promise<Finished>((resolve) => {
      events.subscribe((name, payload) => {
        seen.push({ name, payload })
        if (name === 'export.progress') progressed()
        if (name === 'export.finished') resolve(payload as Finished)
      })
    })
    const exports = new CsvExports({
      orders: () => fixture.history.orders,
      events,
      log: createLogger(memorySink()),
      now: () => new Date('2026-11-21T08:00:00Z'),
      chooseFile: () => Promise.resolve(target),
    })
    return { exports, seen, firstProgress, finished }
  }

  it('writes exactly the rows of the filters, newest first, with exact amounts and ISO times', async () => {
    const filters = { statuses: ['PAID' as const], amountMinSen: 10_000, amountMaxSen: 50_000 }
    const expected = [...fixture.history.orders.each(filters)]
    expect(expected.length).toBeGreaterThan(500)
    const { exports, seen, finished } = exporter(join(fixture.dir, 'paid.csv'))
    const started = await exports.start(filters)
    expect(started.total).toBe(expected.length)
    const result = await finished
    expect(result).toMatchObject({ status: 'done', rows: expected.length })
    const text = readFileSync(result.file ?? '', 'utf8')
    expect(text.startsWith(CSV_HEADER)).toBe(true)
    const lines = text.trimEnd().split('\r\n').slice(1)
    expect(lines.map((line) => line.split(',')[0])).toEqual(expected.map((row) => row.invoiceNumber))
    const first = expected[0]
    if (!first) throw new Error('no rows')
    const gateway = first.gatewayAmountSen === null ? '' : myrDecimal(first.gatewayAmountSen)
    expect(lines[0]).toContain(`,${String(Math.trunc(first.amountSen / 100))}.${String(first.amountSen % 100).padStart(2, '0')},${gateway},MYR,`)
    // A payment the gateway discounted: what was paid beside the order's amount, as the report counts it.
    expect(csvLine({ ...first, amountSen: 4_50, gatewayAmountSen: 4_00 })).toContain(',4.50,4.00,MYR,')
    expect(lines[0]).toContain(`,${first.createdAt},`)
    expect(seen.filter((event) => event.name === 'export.progress').length).toBeGreaterThan(1)
  })

  it('stops when cancelled and keeps no file', async () => {
    const target = join(fixture.dir, 'everything.csv')
    const { exports, firstProgress, finished } = exporter(target)
    const started = await exports.start({})
    expect(started.total).toBe(3_000)
    await firstProgress
    expect(exports.cancel(started.jobId ?? '')).toBe(true)
    const result = await finished
    expect(result).toMatchObject({ status: 'cancelled', file: null })
    expect(existsSync(target)).toBe(false)
    expect(readdirSync(fixture.dir).some((name) => name.endsWith('.partial'))).toBe(false)
  })
})
