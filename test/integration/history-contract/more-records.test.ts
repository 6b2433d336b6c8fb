/**
 * The rest of what runs on a history's database, on each engine: the audit log screen's filters,
 * the status tracker's schedule, the environment's settings and its invoice sequence.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createLogger, memorySink } from '../../../src-main/log'
import { nextInvoiceNumber, noteInvoiceUsed } from '../../../src-main/services/invoice-numbers'
import { DEFAULT_ENVIRONMENT_SETTINGS, EnvironmentSettingsStore } from '../../../src-main/settings/environment-settings'
import { newOrder } from '../history-fixture'
import { ENGINES, openEngineHistory, type EngineHistory } from './engines'

describe.each(ENGINES)('more records (%s)', (engine) => {
  let f: EngineHistory
  beforeEach(async () => {
    f = await openEngineHistory(engine)
  })
  afterEach(() => f.close())

  it('audit log pages: who (part of the name, any case, or who approved), what (an action or its family), when; newest first with the invoice', () => {
    const order = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-AUDIT-1' }))
    const append = (actor: string, action: string, at: string, extra: { orderId?: number; approvedBy?: string } = {}): number =>
      f.history.audit.append({ actor, action, orderId: extra.orderId ?? null, details: { n: 1 }, at, approvedBy: extra.approvedBy ?? null }).id
    const a = append('Nur Aisyah', 'refund.request', '2026-01-01T10:00:00.000Z', { orderId: order.id, approvedBy: 'Supervisor Lim' })
    const b = append('Kumar', 'refund.approve', '2026-01-02T10:00:00.000Z')
    const c = append('Aisyah_2', 'refunds.export', '2026-01-03T10:00:00.000Z')
    const d = append('50% Off Desk', 'order.create', '2026-01-04T10:00:00.000Z', { orderId: order.id })
    const ids = (query: Parameters<typeof f.history.audit.page>[0], limit = 10, beforeId?: number): number[] => f.history.audit.page(query, limit, beforeId).map((row) => row.id)

    expect(ids({})).toEqual([d, c, b, a])
    expect(ids({ actor: 'AISYAH' })).toEqual([c, a])
    expect(ids({ actor: 'lim' })).toEqual([a])
    // LIKE's own characters are plain text here.
    expect(ids({ actor: '_' })).toEqual([c])
    expect(ids({ actor: '%' })).toEqual([d])
    expect(ids({ action: 'refund' })).toEqual([b, a])
    expect(ids({ action: 'refund.approve' })).toEqual([b])
    expect(ids({ action: 'refunds' })).toEqual([c])
    expect(ids({ from: '2026-01-02T10:00:00.000Z', to: '2026-01-03T10:00:00.000Z' })).toEqual([c, b])
    expect(ids({}, 2)).toEqual([d, c])
    expect(ids({}, 2, c)).toEqual([b, a])
    expect(f.history.audit.page({ actor: 'desk' }, 10)).toEqual([
      { id: d, at: '2026-01-04T10:00:00.000Z', actor: '50% Off Desk', action: 'order.create', orderId: order.id, invoiceNumber: 'INV-AUDIT-1', approvedBy: null, details: '{"n":1}' },
    ])
    expect(f.history.audit.page({ actor: 'kumar' }, 10)[0]).toMatchObject({ orderId: null, invoiceNumber: null })
  })

  it('tracking: follows a subject once, reschedules it, lists what is due, and stops', () => {
    const t = f.history.tracking
    t.add('order', 1, '2026-01-01T00:10:00.000Z')
    t.add('order', 1, '2026-01-01T00:00:00.000Z')
    t.add('refund', 7, '2026-01-01T00:05:00.000Z')
    expect(t.get('order', 1)).toEqual({ subject: 'order', subjectId: 1, checks: 0, nextAt: '2026-01-01T00:10:00.000Z' })
    t.set({ subject: 'order', subjectId: 1, checks: 3, nextAt: '2026-01-01T00:20:00.000Z' })
    t.set({ subject: 'order', subjectId: 2, checks: 0, nextAt: null })
    expect(t.get('order', 1)).toMatchObject({ checks: 3 })
    expect(t.due('2026-01-01T00:15:00.000Z', 10)).toEqual([{ subject: 'refund', subjectId: 7, checks: 0, nextAt: '2026-01-01T00:05:00.000Z' }])
    expect(t.activeOf('order').map((row) => row.subjectId)).toEqual([1])
    expect(t.activeOf('refund').map((row) => row.subjectId)).toEqual([7])
    expect([t.count(), t.dueCount('2026-01-01T00:30:00.000Z'), t.nextAt()]).toEqual([2, 2, '2026-01-01T00:05:00.000Z'])
    expect(t.subjectIds('order')).toEqual(new Set([1, 2]))
    t.remove('refund', 7)
    expect(t.get('refund', 7)).toBeNull()
    expect(t.nextAt()).toBe('2026-01-01T00:20:00.000Z')
  })

  it('tracking: the followed orders with what their due time is read from, the last request heard of among all of theirs', () => {
    const t = f.history.tracking
    const heard = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-FOLLOW-1', createdAt: '2026-01-01T00:00:00.000Z' }))
    const quiet = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-FOLLOW-2', createdAt: '2026-01-01T00:01:00.000Z' }))
    const stopped = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-FOLLOW-3' }))
    const request = { orderId: heard.id, operation: 'status', method: 'GET' as const, path: '/orders/v1/status/INV-FOLLOW-1', requestBody: null }
    const answer = { httpStatus: 200, responseBody: '{}', signature: 'HMACSHA256=abc', outcome: 'ok' as const, errorCode: null, errorMessage: null, durationMs: 50 }
    f.history.attempts.record({ ...request, requestId: 'r-1', startedAt: '2026-01-01T00:02:00.000Z' }, { ...answer, finishedAt: '2026-01-01T00:02:01.000Z' })
    f.history.attempts.record({ ...request, requestId: 'r-2', startedAt: '2026-01-01T00:05:00.000Z' }, { ...answer, finishedAt: '2026-01-01T00:05:02.000Z' })
    // Begun and never answered: heard of when it left.
    f.history.attempts.begin({ ...request, requestId: 'r-3', startedAt: '2026-01-01T00:07:00.000Z' })
    f.history.orders.update(
      quiet.id,
      { review: { reason: 'amount', gatewayStatus: 'SUCCESS', gatewayAmountSen: 1, gatewayCurrency: 'MYR', source: 'check', at: '2026-01-01T00:03:00.000Z' } },
      '2026-01-01T00:03:00.000Z',
    )
    t.add('order', quiet.id, '2026-01-01T00:04:00.000Z')
    t.add('order', heard.id, '2026-01-01T00:09:00.000Z')
    t.set({ subject: 'order', subjectId: stopped.id, checks: 2, nextAt: null })
    t.add('refund', 1, '2026-01-01T00:00:00.000Z')
    expect(t.followedOrders()).toEqual([
      {
        subject: 'order',
        subjectId: quiet.id,
        checks: 0,
        nextAt: '2026-01-01T00:04:00.000Z',
        status: 'PENDING',
        inReview: true,
        createdAt: '2026-01-01T00:01:00.000Z',
        completedAt: null,
        lastHeardAt: null,
      },
      {
        subject: 'order',
        subjectId: heard.id,
        checks: 0,
        nextAt: '2026-01-01T00:09:00.000Z',
        status: 'PENDING',
        inReview: false,
        createdAt: '2026-01-01T00:00:00.000Z',
        completedAt: null,
        lastHeardAt: '2026-01-01T00:07:00.000Z',
      },
    ])
  })

  it('settings: the defaults, then what was written, written again over it', () => {
    const store = new EnvironmentSettingsStore(f.db, createLogger(memorySink()), () => new Date('2026-01-01T00:00:00.000Z'))
    expect(store.read()).toEqual(DEFAULT_ENVIRONMENT_SETTINGS)
    const changed = { ...DEFAULT_ENVIRONMENT_SETTINGS, links: { ...DEFAULT_ENVIRONMENT_SETTINGS.links, invoicePrefix: 'SHOP-' } }
    store.write(changed)
    expect(store.read()).toEqual(changed)
    store.write({ ...changed, tracker: { enabled: false, concurrency: 2 } })
    expect(store.read().tracker).toEqual({ enabled: false, concurrency: 2 })
  })

  it('invoice numbers: the next free one, past those orders took', () => {
    expect(nextInvoiceNumber(f.history, 'INV-')).toBe('INV-000001')
    f.history.orders.insert(newOrder({ invoiceNumber: 'INV-000001' }))
    expect(nextInvoiceNumber(f.history, 'INV-')).toBe('INV-000002')
    noteInvoiceUsed(f.history, 'INV-', 'INV-000041', new Date('2026-01-01T00:00:00.000Z'))
    expect(nextInvoiceNumber(f.history, 'INV-')).toBe('INV-000042')
    noteInvoiceUsed(f.history, 'INV-', 'INV-000007', new Date('2026-01-01T00:00:00.000Z'))
    noteInvoiceUsed(f.history, 'INV-', 'OTHER-9', new Date('2026-01-01T00:00:00.000Z'))
    expect(nextInvoiceNumber(f.history, 'INV-')).toBe('INV-000042')
  })
})
