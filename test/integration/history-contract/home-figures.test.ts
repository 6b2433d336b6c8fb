/**
 * The home screen's figures, "Needs attention" and the end-of-day report (issue 20) over a seeded
 * history on each engine, every figure computed by hand beforehand (in the comments), exact to the sen:
 * refunds and voids on the day they were approved, a discount, Needs review left out, an unknown
 * outcome, a payment at 23:59:59.999 and one at 00:00 Malaysia time (UTC+8), a month boundary.
 *
 * Now is Monday 23 November 2026, 10:00 in Malaysia (02:00 UTC): today is 16:00 UTC on the 22nd to
 * 16:00 UTC on the 23rd; this week began on Monday the 23rd; this month on 1 November (16:00 UTC on 31 October).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { endOfDayReport, homeAttention, homeFigures, homePeriods } from '../../../src-main/services/home-figures'
import { reportCsvLines } from '../../../src-main/services/report-export'
import { storedResult } from '../../../src-main/services/notification-result'
import { say } from '../../../src-common/said/say'
import type { NewOrder, OrderRow } from '../../../src-main/store/history-types'
import { newOrder } from '../history-fixture'
import { ENGINES, openEngineHistory, type EngineHistory } from './engines'

const NOW = new Date('2026-11-23T02:00:00.000Z')
/** Whose report it is: it heads the report, and a Training or Sandbox one is marked on screen and in print. */
const HEADING = { environment: 'sandbox', shopName: ' Kedai Siti (KL) ' } as const

describe.each(ENGINES)('home figures and the end-of-day report (%s)', (engine) => {
  let f: EngineHistory
  let o: Record<string, OrderRow>
  beforeEach(async () => {
    f = await openEngineHistory(engine)
    o = seed()
  })
  afterEach(() => f.close())

  function paid({ completedAt, gatewayAmountSen, ...fields }: Partial<NewOrder> & { completedAt: string; gatewayAmountSen?: number }): OrderRow {
    const row = f.history.orders.insert(newOrder({ ...fields, status: 'PENDING' }))
    return f.history.orders.update(row.id, { status: 'PAID', rawStatus: 'SUCCESS', completedAt, ...(gatewayAmountSen ? { gatewayAmountSen } : {}) }, completedAt)
  }

  function id(name: string): number {
    const row = o[name]
    if (!row) throw new Error(`no order ${name}`)
    return row.id
  }

  function refund(order: OrderRow, amountSen: number, type: 'VOID' | 'FULL_REFUND' | 'PARTIAL_REFUND', status: 'SUCCESS' | 'PENDING' | 'FAILED', askedAt: string, answeredAt: string): void {
    const row = f.history.refunds.insert({
      orderId: order.id,
      requestId: `RF-${String(order.id)}-${String(amountSen)}-${status}`,
      amountSen,
      type,
      status: 'PENDING',
      external: false,
      createdBy: 'Ravi',
      createdAt: askedAt,
    })
    if (status !== 'PENDING') f.history.refunds.update(row.id, { status, rawStatus: status }, answeredAt)
  }

  function seed(): Record<string, OrderRow> {
    const rows: Record<string, OrderRow> = {}
    // Paid at 00:00:00.000 Malaysia time on the 23rd: today. Made the evening before.
    rows.A = paid({ invoiceNumber: 'INV-A', amountSen: 120_50, createdAt: '2026-11-22T15:50:00.000Z', completedAt: '2026-11-22T16:00:00.000Z' })
    rows.B = paid({
      invoiceNumber: 'INV-B',
      kind: 'generic_link',
      channel: 'INTERNET_BANKING_FPX',
      amountSen: 89_90,
      createdBy: 'Kumar',
      createdAt: '2026-11-23T01:20:00.000Z',
      completedAt: '2026-11-23T01:30:00.000Z',
    })
    rows.C = paid({
      invoiceNumber: 'INV-C',
      kind: 'phone_order',
      amountSen: 250_00,
      createdBy: 'Kumar (approved by Ravi)',
      createdAt: '2026-11-23T00:14:00.000Z',
      completedAt: '2026-11-23T00:15:00.000Z',
    })
    // Paid RM 95.00 of RM 100.00 (a promotion): counts for what was paid.
    rows.D = paid({
      invoiceNumber: 'INV-D',
      kind: 'generic_link',
      channel: 'EWALLET_TNG',
      amountSen: 100_00,
      createdAt: '2026-11-23T00:55:00.000Z',
      completedAt: '2026-11-23T01:00:00.000Z',
      gatewayAmountSen: 95_00,
    })
    // The gateway said paid, for more than the order: Needs review, not paid.
    rows.E = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-E', amountSen: 300_00, createdAt: '2026-11-23T01:40:00.000Z' }))
    rows.E = f.history.orders.update(
      rows.E.id,
      { review: { reason: 'amount', gatewayStatus: 'SUCCESS', gatewayAmountSen: 350_00, gatewayCurrency: 'MYR', source: 'check', at: '2026-11-23T01:45:00.000Z' } },
      '2026-11-23T01:45:00.000Z',
    )
    rows.F = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-F', kind: 'phone_order', amountSen: 70_00, status: 'OUTCOME_UNKNOWN', createdAt: '2026-11-23T01:59:00.000Z' }))
    // Paid at 23:59:59.999 on the 22nd (yesterday), voided today.
    rows.G = paid({ invoiceNumber: 'INV-G', amountSen: 40_00, createdAt: '2026-11-22T15:00:00.000Z', completedAt: '2026-11-22T15:59:59.999Z' })
    // Paid on Friday the 20th (last week), refunded in full on Sunday the 22nd (last week, yesterday).
    rows.H = paid({ invoiceNumber: 'INV-H', kind: 'generic_link', channel: 'BNPL_ATOME', amountSen: 500_00, createdAt: '2026-11-20T03:50:00.000Z', completedAt: '2026-11-20T04:00:00.000Z' })
    rows.I = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-I', amountSen: 60_00, status: 'FAILED', createdAt: '2026-11-23T00:05:00.000Z' }))
    // 23:59 on 31 October (last month), and 00:00 on 1 November (this month).
    rows.J = paid({ invoiceNumber: 'INV-J', amountSen: 77_00, createdAt: '2026-10-31T15:50:00.000Z', completedAt: '2026-10-31T15:59:00.000Z' })
    rows.K = paid({ invoiceNumber: 'INV-K', amountSen: 33_00, createdAt: '2026-10-31T15:55:00.000Z', completedAt: '2026-10-31T16:00:00.000Z' })
    // Waiting links: one expires within the hour, one after it, one already has.
    rows.L = f.history.orders.insert(
      newOrder({ invoiceNumber: 'INV-L', kind: 'generic_link', channel: 'EWALLET_TNG', amountSen: 15_00, createdAt: '2026-11-23T01:00:00.000Z', linkExpiresAt: '2026-11-23T02:30:00.000Z' }),
    )
    rows.M = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-M', amountSen: 16_00, createdAt: '2026-11-23T01:10:00.000Z', linkExpiresAt: '2026-11-23T03:30:00.000Z' }))
    rows.N = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-N', amountSen: 17_00, createdAt: '2026-11-22T01:00:00.000Z', linkExpiresAt: '2026-11-23T01:00:00.000Z' }))

    refund(rows.C, 50_00, 'PARTIAL_REFUND', 'SUCCESS', '2026-11-23T01:44:00.000Z', '2026-11-23T01:45:00.000Z')
    refund(rows.C, 20_00, 'PARTIAL_REFUND', 'PENDING', '2026-11-23T01:50:00.000Z', '')
    refund(rows.G, 40_00, 'VOID', 'SUCCESS', '2026-11-23T00:29:00.000Z', '2026-11-23T00:30:00.000Z')
    f.history.orders.update(rows.G.id, { status: 'VOIDED' }, '2026-11-23T00:30:00.000Z')
    // Asked on Sunday at 17:59 Malaysia time, approved at 18:00.
    refund(rows.H, 500_00, 'FULL_REFUND', 'SUCCESS', '2026-11-22T09:59:00.000Z', '2026-11-22T10:00:00.000Z')
    f.history.orders.update(rows.H.id, { status: 'REFUNDED' }, '2026-11-22T10:00:00.000Z')
    refund(rows.A, 10_00, 'PARTIAL_REFUND', 'FAILED', '2026-11-23T01:00:00.000Z', '2026-11-23T01:01:00.000Z')

    const notification = f.history.notifications.insert({
      requestId: 'NOTIF-1',
      rawBody: '{}',
      token: null,
      invoiceNumber: 'INV-B',
      scheme: 'card',
      headers: {},
      verified: true,
      orderId: rows.B.id,
      receivedAt: '2026-11-23T01:31:00.000Z',
    })
    // As the listener writes it: the result's id and values (services/notification-result.ts).
    f.history.notifications.markFailed(notification.id, storedResult(say('said.notifications.failed', { reason: 'the order could not be updated' })), '2026-11-23T01:31:01.000Z')
    return rows
  }

  it('periods are Malaysia days: today, the week from Monday, the month, each beside the one before', () => {
    expect(homePeriods(NOW)).toEqual({
      today: { current: { from: '2026-11-23', to: '2026-11-24' }, previous: { from: '2026-11-22', to: '2026-11-23' } },
      week: { current: { from: '2026-11-23', to: '2026-11-30' }, previous: { from: '2026-11-16', to: '2026-11-23' } },
      month: { current: { from: '2026-11-01', to: '2026-12-01' }, previous: { from: '2026-10-01', to: '2026-11-01' } },
    })
    // 23:59 on Sunday in Malaysia is still last week's Sunday; 00:00 on the 1st is the new month.
    expect(homePeriods(new Date('2026-11-22T15:59:00.000Z')).week.current).toEqual({ from: '2026-11-16', to: '2026-11-23' })
    expect(homePeriods(new Date('2026-11-30T16:00:00.000Z')).month.current).toEqual({ from: '2026-12-01', to: '2027-01-01' })
  })

  it('today, this week and this month, and the periods before, to the sen', () => {
    const figures = homeFigures(f.history, NOW)
    // Today: A 120.50 + B 89.90 + C 250.00 + D 95.00 = 555.40 (4); refunded C 50.00; voided G 40.00; net 465.40.
    expect(figures.today.current).toEqual({ paidSen: 555_40, paidCount: 4, refundedSen: 50_00, refundCount: 1, voidedSen: 40_00, voidCount: 1, netSen: 465_40 })
    // Yesterday: G 40.00; H's refund 500.00; net −460.00.
    expect(figures.today.previous).toEqual({ paidSen: 40_00, paidCount: 1, refundedSen: 500_00, refundCount: 1, voidedSen: 0, voidCount: 0, netSen: -460_00 })
    expect(figures.week.current).toEqual(figures.today.current)
    // Last week: G 40.00 + H 500.00 = 540.00 (2); refunded 500.00; net 40.00.
    expect(figures.week.previous).toEqual({ paidSen: 540_00, paidCount: 2, refundedSen: 500_00, refundCount: 1, voidedSen: 0, voidCount: 0, netSen: 40_00 })
    // November: K 33.00 + H 500.00 + G 40.00 + today's 555.40 = 1,128.40 (7); refunded 550.00 (2); voided 40.00; net 538.40.
    expect(figures.month.current).toEqual({ paidSen: 1128_40, paidCount: 7, refundedSen: 550_00, refundCount: 2, voidedSen: 40_00, voidCount: 1, netSen: 538_40 })
    // October: J 77.00.
    expect(figures.month.previous).toEqual({ paidSen: 77_00, paidCount: 1, refundedSen: 0, refundCount: 0, voidedSen: 0, voidCount: 0, netSen: 77_00 })
    expect([figures.month.previousFrom, figures.month.previousTo]).toEqual(['2026-10-01', '2026-11-01'])
  })

  it('charts: today by Malaysia hour, the week and month by day, stacked by channel family', () => {
    const figures = homeFigures(f.history, NOW)
    const today = figures.today.chart
    expect(today.labels).toHaveLength(24)
    const series = Object.fromEntries(today.series.map((s) => [s.group, s.paidSen]))
    expect(Object.keys(series)).toEqual(['card', 'fpx', 'ewallet', 'paylater'])
    // A at 00:00 and C at 08:15 (card), B at 09:30 (FPX), D at 09:00 (e-wallet).
    expect(series.card?.[0]).toBe(120_50)
    expect(series.card?.[8]).toBe(250_00)
    expect(series.fpx?.[9]).toBe(89_90)
    expect(series.ewallet?.[9]).toBe(95_00)
    expect(today.series.flatMap((s) => s.paidSen).reduce((a, b) => a + b, 0)).toBe(555_40)
    const month = figures.month.chart
    expect(month.labels).toHaveLength(30)
    const monthly = Object.fromEntries(month.series.map((s) => [s.group, s.paidSen]))
    expect(monthly.card?.[0]).toBe(33_00)
    expect(monthly.paylater?.[19]).toBe(500_00)
    expect(monthly.card?.[21]).toBe(40_00)
    expect(monthly.card?.[22]).toBe(370_50)
    expect(figures.week.chart.labels).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'])
  })

  it('Needs attention: the unknown outcome with its countdown, Needs review, the link expiring within the hour, the refund waiting, the failed notification', () => {
    const attention = homeAttention(f.history, NOW)
    expect(attention.outcomeUnknown.total).toBe(1)
    // Made at 01:59:00: a check is due 60 s later, at 02:00:00: now.
    expect(attention.outcomeUnknown.items).toEqual([
      { key: `order-${String(o.F?.id)}`, orderId: o.F?.id, invoiceNumber: 'INV-F', amountSen: 70_00, detail: 'Test Customer', detailSay: null, at: '2026-11-23T01:59:00.000Z', checkDueInMs: 0 },
    ])
    expect(homeAttention(f.history, new Date('2026-11-23T01:59:30.000Z')).outcomeUnknown.items[0]?.checkDueInMs).toBe(30_000)
    expect(attention.needsReview.items.map((item) => [item.invoiceNumber, item.detail])).toEqual([['INV-E', 'Test Customer: paid more than the order']])
    // The same words as an id with values, worded on screen in the desk's language.
    expect(attention.needsReview.items[0]?.detailSay).toEqual({ id: 'said.attention.paidMore', values: { customer: 'Test Customer' } })
    expect(attention.linksExpiring).toMatchObject({ total: 1, items: [{ invoiceNumber: 'INV-L', at: '2026-11-23T02:30:00.000Z' }] })
    // A card page lives 60 minutes: listed only in its last quarter hour, not the moment it is sent.
    f.history.orders.insert(newOrder({ invoiceNumber: 'INV-CARD-NEW', createdAt: '2026-11-23T01:50:00.000Z', linkExpiresAt: '2026-11-23T02:50:00.000Z' }))
    f.history.orders.insert(newOrder({ invoiceNumber: 'INV-CARD-OLD', createdAt: '2026-11-23T01:10:00.000Z', linkExpiresAt: '2026-11-23T02:10:00.000Z' }))
    expect(homeAttention(f.history, NOW).linksExpiring.items.map((item) => item.invoiceNumber)).toEqual(['INV-CARD-OLD', 'INV-L'])
    expect(attention.refundsWaiting).toMatchObject({ total: 1, items: [{ orderId: o.C?.id, invoiceNumber: 'INV-C', amountSen: 20_00 }] })
    expect(attention.notificationsFailed).toMatchObject({
      total: 1,
      items: [
        {
          orderId: o.B?.id,
          invoiceNumber: 'INV-B',
          detail: 'Could not be acted on (the order could not be updated); the status tracker follows the order',
          detailSay: { id: 'said.notifications.failed', values: { reason: 'the order could not be updated' } },
        },
      ],
    })
  })

  it('the end-of-day report of the 23rd: by channel, kind and operator, refunds and voids, statuses, every order not final', () => {
    const report = endOfDayReport(f.history, { from: '2026-11-23', to: '2026-11-23' }, NOW, HEADING)
    expect(report.totals).toEqual(homeFigures(f.history, NOW).today.current)
    expect(report).toMatchObject({ environment: 'sandbox', shopName: 'Kedai Siti (KL)' })
    const lines = (list: { key: string; paidSen: number; paidCount: number; refundedSen: number; voidedSen: number; netSen: number }[]) =>
      list.map((l) => [l.key, l.paidSen, l.paidCount, l.refundedSen, l.voidedSen, l.netSen])
    // Card: A 120.50 + C 250.00 = 370.50 (2), C's refund 50.00, G's void 40.00: net 280.50.
    expect(lines(report.byChannel)).toEqual([
      ['CARD', 370_50, 2, 50_00, 40_00, 280_50],
      ['INTERNET_BANKING_FPX', 89_90, 1, 0, 0, 89_90],
      ['EWALLET_TNG', 95_00, 1, 0, 0, 95_00],
    ])
    expect(report.byChannel.map((l) => l.label)).toEqual(['Card', 'FPX online banking', "Touch 'n Go eWallet"])
    // Card links: A 120.50, G's void 40.00; links on other channels: B + D = 184.90; phone orders: C 250.00 less 50.00.
    expect(lines(report.byKind)).toEqual([
      ['card_link', 120_50, 1, 0, 40_00, 80_50],
      ['generic_link', 184_90, 2, 0, 0, 184_90],
      ['phone_order', 250_00, 1, 50_00, 0, 200_00],
    ])
    // Paid by who made the order (Aisyah: A + D; Kumar: B + C, C approved for him by Ravi: his line, found by QA), refunds and voids by who asked (Ravi).
    expect(lines(report.byOperator)).toEqual([
      ['Aisyah', 215_50, 2, 0, 0, 215_50],
      ['Kumar', 339_90, 2, 0, 0, 339_90],
      ['Ravi', 0, 0, 50_00, 40_00, -90_00],
    ])
    for (const list of [report.byChannel, report.byKind, report.byOperator]) {
      expect(list.reduce((total, line) => total + line.netSen, 0)).toBe(report.totals.netSen)
    }
    // Made on the 23rd: B, C, D paid; E (review), L, M waiting; F unknown; I failed. A was made the evening before.
    expect(report.byStatus).toEqual([
      { status: 'PAID', count: 3 },
      { status: 'FAILED', count: 1 },
      { status: 'PENDING', count: 3 },
      { status: 'OUTCOME_UNKNOWN', count: 1 },
    ])
    expect(report.needsReview).toBe(1)
    expect(report.notFinal.total).toBe(4)
    expect(report.notFinal.orders.map((order) => order.invoiceNumber).sort()).toEqual(['INV-E', 'INV-F', 'INV-L', 'INV-M'])
    const csv = reportCsvLines(report)
    expect(csv[0]).toBe('section,key,name,paid_count,paid,refund_count,refunded,void_count,voided,net,currency\r\n')
    expect(csv[1]).toContain('total,all,')
    expect(csv[1]).toContain(',4,555.40,1,50.00,1,40.00,465.40,MYR\r\n')
    expect(csv).toContain('operator,Ravi,Ravi,0,0.00,1,50.00,1,40.00,-90.00,MYR\r\n')
    // An order not final says when it was made in the shop's time (01:40 UTC is 09:40 in Malaysia).
    expect(csv.find((line) => line.startsWith('not_final,INV-E,'))).toContain('Test Customer, made 2026-11-23 09:40 Malaysia time",,300.00,')
    // What staff typed stays text that no spreadsheet runs.
    expect(reportCsvLines({ ...report, byOperator: [{ ...(report.byOperator[0] as (typeof report.byOperator)[number]), key: '=cmd', label: '=cmd' }] })).toContain(
      "operator,'=cmd,'=cmd,2,215.50,0,0.00,0,0.00,215.50,MYR\r\n",
    )
  })

  it('a date range: 1 to 23 November adds up to the month so far', () => {
    const report = endOfDayReport(f.history, { from: '2026-11-01', to: '2026-11-23' }, NOW, HEADING)
    expect(report.totals).toEqual(homeFigures(f.history, NOW).month.current)
    expect(endOfDayReport(f.history, { from: '2026-10-31', to: '2026-10-31' }, NOW, HEADING).totals.paidSen).toBe(77_00)
  })

  it('kept current by the writes themselves: an unknown outcome settled paid, a review decided, a refund approved, a write rolled back', () => {
    const before = homeFigures(f.history, NOW).today.current
    f.history.orders.update(id('F'), { status: 'PAID', completedAt: '2026-11-23T02:01:00.000Z' }, '2026-11-23T02:01:00.000Z')
    f.history.orders.update(id('E'), { review: null, status: 'PAID', completedAt: '2026-11-23T02:02:00.000Z', gatewayAmountSen: 350_00 }, '2026-11-23T02:02:00.000Z')
    const waiting = f.history.refunds.forOrder(id('C')).find((r) => r.status === 'PENDING')
    if (!waiting) throw new Error('no refund waiting')
    f.history.refunds.update(waiting.id, { status: 'SUCCESS' }, '2026-11-23T02:03:00.000Z')
    // A later change of an approved refund's message does not move its day.
    f.history.refunds.update(waiting.id, { message: 'Approved' }, '2026-11-25T00:00:00.000Z')
    const after = homeFigures(f.history, NOW).today.current
    // + F 70.00 + E 350.00 (paid as the gateway said); + 20.00 refunded.
    expect(after).toEqual({ ...before, paidSen: before.paidSen + 420_00, paidCount: 6, refundedSen: 70_00, refundCount: 2, netSen: before.netSen + 420_00 - 20_00 })
    // A rolled back write leaves the summary as it was.
    expect(() =>
      f.history.transaction(() => {
        f.history.orders.update(id('B'), { status: 'FAILED' }, '2026-11-23T02:04:00.000Z')
        throw new Error('rolled back')
      }),
    ).toThrow('rolled back')
    expect(homeFigures(f.history, NOW).today.current).toEqual(after)
    // The summary always equals the orders and refunds summed afresh.
    const fresh = f.db.prepare(`select cast(sum(coalesce(gateway_amount_sen, amount_sen)) as bigint) from orders where status in ('PAID', 'REFUNDED', 'VOIDED') and review is null`).pluck().get()
    const summary = f.history.reports.hours('0000', '9999').reduce((total, row) => total + row.paidSen, 0)
    expect(summary).toBe(Number(fresh))
  })

  /** The summary's refunds and voids equal those of counted payments summed afresh (sen and counts). */
  function expectRefundsSummedAfresh(): void {
    const fresh = f.db
      .prepare(
        `select cast(coalesce(sum(r.amount_sen), 0) as bigint) as sen, count(*) as n from refunds r join orders o on o.id = r.order_id
        where r.status = 'SUCCESS' and r.approved_at is not null and o.status in ('PAID', 'REFUNDED', 'VOIDED') and o.review is null`,
      )
      .get() as { sen: unknown; n: unknown }
    const rows = f.history.reports.hours('0000', '9999')
    expect(rows.reduce((sum, row) => sum + row.refundedSen + row.voidedSen, 0)).toBe(Number(fresh.sen))
    expect(rows.reduce((sum, row) => sum + row.refundCount + row.voidCount, 0)).toBe(Number(fresh.n))
  }

  it('a refund of a payment waiting for review counts no more than the payment: not until staff decide paid, never once decided not paid', () => {
    const before = homeFigures(f.history, NOW).today.current
    const reportBefore = endOfDayReport(f.history, { from: '2026-11-23', to: '2026-11-23' }, NOW, HEADING)
    // A refund made elsewhere (the gateway's back office) on E, told by the gateway and approved at 09:50 today.
    refund(o.E as OrderRow, 30_00, 'PARTIAL_REFUND', 'SUCCESS', '2026-11-23T01:49:00.000Z', '2026-11-23T01:50:00.000Z')
    expect(homeFigures(f.history, NOW).today.current).toEqual(before)
    const report = endOfDayReport(f.history, { from: '2026-11-23', to: '2026-11-23' }, NOW, HEADING)
    expect(report.totals).toEqual(reportBefore.totals)
    expect(report.byKind).toEqual(reportBefore.byKind)
    expect(report.byOperator).toEqual(reportBefore.byOperator)
    // E is listed apart, with its refund, as the order waiting for review.
    expect(report.needsReview).toBe(1)
    expect(report.notFinal.orders.map((order) => order.invoiceNumber)).toContain('INV-E')
    expectRefundsSummedAfresh()

    // Decided paid as the gateway said (RM 350.00): the payment and its refund count, each on its own time.
    f.history.orders.update(id('E'), { review: null, status: 'PAID', completedAt: '2026-11-23T02:02:00.000Z', gatewayAmountSen: 350_00 }, '2026-11-23T02:02:00.000Z')
    expect(homeFigures(f.history, NOW).today.current).toEqual({
      ...before,
      paidSen: before.paidSen + 350_00,
      paidCount: before.paidCount + 1,
      refundedSen: before.refundedSen + 30_00,
      refundCount: before.refundCount + 1,
      netSen: before.netSen + 320_00,
    })
    const decided = endOfDayReport(f.history, { from: '2026-11-23', to: '2026-11-23' }, NOW, HEADING)
    expect(decided.byKind.find((line) => line.key === 'card_link')).toMatchObject({ paidSen: 120_50 + 350_00, refundedSen: 30_00 })
    expectRefundsSummedAfresh()

    // Back to review (a fix made by hand), then decided not paid: neither the payment nor its refund.
    f.history.orders.update(id('E'), { review: o.E?.review ?? null, status: 'PENDING', completedAt: null, gatewayAmountSen: null }, '2026-11-23T02:03:00.000Z')
    expect(homeFigures(f.history, NOW).today.current).toEqual(before)
    f.history.orders.update(id('E'), { review: null, status: 'FAILED', completedAt: '2026-11-23T02:04:00.000Z' }, '2026-11-23T02:04:00.000Z')
    expect(homeFigures(f.history, NOW).today.current).toEqual(before)
    expect(endOfDayReport(f.history, { from: '2026-11-23', to: '2026-11-23' }, NOW, HEADING).totals).toEqual(reportBefore.totals)
    expectRefundsSummedAfresh()
  })
})
