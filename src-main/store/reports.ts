/**
 * What the home screen and the end-of-day report read (issue 20), the same SQL on both engines:
 * - the takings per hour and channel (the `takings` summary of migration 8 / team migration 4, kept
 *   by triggers in the transactions that change orders and refunds);
 * - the report's breakdowns of a period by kind and operator, read from the orders and refunds
 *   themselves through their completion and approval indexes, by the summary's own definitions;
 * - the home screen's "Needs attention" lists, each through a small partial index.
 *
 * Periods are half-open ranges of UTC hours, `YYYY-MM-DDTHH` (services/home-figures.ts turns Malaysia
 * days into them). Such an hour compares as text with the ISO times stored: `2026-11-23T15:59:59.999Z`
 * is before `2026-11-23T16`, `2026-11-23T16:00:00.000Z` is not.
 */
import type { SqlDatabase, SqlStatement } from './database'
import { countsAsPaid, PAID_STATUSES } from './migration-8-takings'
import { toOrderRow, type OrderRecord } from './orders'
import type { OrderKind, OrderRow, OrderStatus, RefundRow } from './history-types'

export interface HourTakings {
  /** UTC hour, `YYYY-MM-DDTHH`. */
  hour: string
  channel: string
  paidSen: number
  paidCount: number
  refundedSen: number
  refundCount: number
  voidedSen: number
  voidCount: number
}

/** A period's figures of one channel. */
export type ChannelTakings = Omit<HourTakings, 'hour'>

export interface PaidBucket {
  /** `hour`: the UTC hour key; `day`: the Malaysia day, `YYYY-MM-DD`. */
  bucket: string
  channel: string
  paidSen: number
}

export interface PaidGroup {
  kind: OrderKind
  operator: string
  channel: string
  paidSen: number
  paidCount: number
}

export interface RefundGroup {
  /** The kind and channel of the refunded order; the operator who asked for the refund. */
  kind: OrderKind
  operator: string
  channel: string
  void: boolean
  amountSen: number
  count: number
}

export interface WaitingRefund {
  refund: Pick<RefundRow, 'id' | 'orderId' | 'amountSen' | 'status' | 'createdAt' | 'createdBy'>
  invoiceNumber: string
}

export interface FailedNotification {
  id: number
  receivedAt: string
  invoiceNumber: string | null
  orderId: number | null
  result: string | null
}

export interface Listed<T> {
  rows: T[]
  /** All that match, when more than the rows listed. */
  total: number
}

const PAID = PAID_STATUSES.map((status) => `'${status}'`).join(', ')
/** The statuses of an order whose outcome is not settled yet. */
export const OPEN_STATUSES: readonly OrderStatus[] = ['PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN']
const OPEN = OPEN_STATUSES.map((status) => `'${status}'`).join(', ')

/** In the period by its payment's time: as the summary files it (completion, or creation when none is recorded). */
const PAID_IN = `((completed_at >= @from and completed_at < @to) or (completed_at is null and created_at >= @from and created_at < @to))`

export class ReportsRepository {
  private readonly hoursStatement: SqlStatement
  private readonly channelsStatement: SqlStatement
  private readonly byHourStatement: SqlStatement
  private readonly byDayStatement: SqlStatement
  private readonly paidStatement: SqlStatement
  private readonly refundsStatement: SqlStatement
  private readonly statusStatement: SqlStatement
  private readonly reviewCountStatement: SqlStatement
  private readonly openStatement: SqlStatement
  private readonly openCount: SqlStatement
  private readonly unknownStatement: SqlStatement
  private readonly unknownCount: SqlStatement
  private readonly reviewStatement: SqlStatement
  private readonly reviewTotal: SqlStatement
  private readonly expiringStatement: SqlStatement
  private readonly expiringCount: SqlStatement
  private readonly waitingRefundsStatement: SqlStatement
  private readonly waitingRefundsCount: SqlStatement
  private readonly failedStatement: SqlStatement
  private readonly failedCount: SqlStatement

  constructor(db: SqlDatabase) {
    this.hoursStatement = db.prepare('select * from takings where hour >= ? and hour < ? order by hour, channel')
    // Summed in the database, one range of the primary key each: what the home screen reads (services/home-figures.ts).
    const sums = ['paid_sen', 'paid_count', 'refunded_sen', 'refund_count', 'voided_sen', 'void_count'].map((column) => `cast(sum(${column}) as bigint) as ${column}`).join(', ')
    this.channelsStatement = db.prepare(`select channel, ${sums} from takings where hour >= ? and hour < ? group by channel order by channel`)
    this.byHourStatement = db.prepare('select hour, channel, paid_sen from takings where hour >= ? and hour < ? and paid_sen <> 0 order by hour, channel')
    // A Malaysia day is a UTC day's hours from 00 to 15 and the day before's from 16 to 23: grouped by both halves, joined in JS.
    this.byDayStatement = db.prepare(`select substr(hour, 1, 10) as day, case when substr(hour, 12, 2) >= '16' then 1 else 0 end as late, channel, cast(sum(paid_sen) as bigint) as paid_sen
      from takings where hour >= ? and hour < ? group by substr(hour, 1, 10), case when substr(hour, 12, 2) >= '16' then 1 else 0 end, channel
      order by 1, 2, 3`)
    this.paidStatement = db.prepare(`select kind, created_by as operator, channel, cast(sum(coalesce(gateway_amount_sen, amount_sen)) as bigint) as paid_sen, count(*) as paid_count
      from orders where status in (${PAID}) and review is null and ${PAID_IN}
      group by kind, created_by, channel order by kind, created_by, channel`)
    this.refundsStatement = db.prepare(`select o.kind, r.created_by as operator, o.channel, case when r.type = 'VOID' then 1 else 0 end as is_void,
        cast(sum(r.amount_sen) as bigint) as amount_sen, count(*) as count
      from refunds r join orders o on o.id = r.order_id
      where r.status = 'SUCCESS' and r.approved_at >= @from and r.approved_at < @to and ${countsAsPaid('o')}
      group by o.kind, r.created_by, o.channel, case when r.type = 'VOID' then 1 else 0 end order by 1, 2, 3, 4`)
    this.statusStatement = db.prepare('select status, count(*) as count from orders where created_at >= @from and created_at < @to group by status order by status')
    this.reviewCountStatement = db.prepare('select count(*) from orders where review is not null and created_at >= @from and created_at < @to').pluck()
    const open = `from orders where created_at >= @from and created_at < @to and (status in (${OPEN}) or review is not null)`
    this.openStatement = db.prepare(`select * ${open} order by id limit @limit`)
    this.openCount = db.prepare(`select count(*) ${open}`).pluck()
    this.unknownStatement = db.prepare("select * from orders where status = 'OUTCOME_UNKNOWN' order by id limit ?")
    this.unknownCount = db.prepare("select count(*) from orders where status = 'OUTCOME_UNKNOWN'").pluck()
    this.reviewStatement = db.prepare('select * from orders indexed by orders_needing_review where review is not null order by id limit ?')
    this.reviewTotal = db.prepare('select count(*) from orders indexed by orders_needing_review where review is not null').pluck()
    const expiring =
      "from orders indexed by orders_link_expiry where status = 'PENDING' and link_expires_at is not null and link_expires_at >= @from and link_expires_at <= @to and (channel <> 'CARD' or link_expires_at <= @cardTo)"
    this.expiringStatement = db.prepare(`select * ${expiring} order by link_expires_at, id limit @limit`)
    this.expiringCount = db.prepare(`select count(*) ${expiring}`).pluck()
    const waiting = "from refunds r indexed by refunds_open join orders o on o.id = r.order_id where r.status in ('PENDING', 'OUTCOME_UNKNOWN')"
    this.waitingRefundsStatement = db.prepare(`select r.id, r.order_id, r.amount_sen, r.status, r.created_at, r.created_by, o.invoice_number ${waiting} order by r.id limit ?`)
    this.waitingRefundsCount = db.prepare(`select count(*) ${waiting}`).pluck()
    this.failedStatement = db.prepare('select id, received_at, invoice_number, order_id, result from notifications indexed by notifications_failed where failed = 1 order by id desc limit ?')
    this.failedCount = db.prepare('select count(*) from notifications indexed by notifications_failed where failed = 1').pluck()
  }

  /** The summary's rows of the hours `from` (inclusive) to `to` (exclusive), oldest first. */
  hours(from: string, to: string): HourTakings[] {
    return (this.hoursStatement.all(from, to) as Record<string, unknown>[]).map((r) => ({
      hour: r.hour as string,
      channel: r.channel as string,
      paidSen: Number(r.paid_sen),
      paidCount: Number(r.paid_count),
      refundedSen: Number(r.refunded_sen),
      refundCount: Number(r.refund_count),
      voidedSen: Number(r.voided_sen),
      voidCount: Number(r.void_count),
    }))
  }

  /** The figures of the hours `from` (inclusive) to `to` (exclusive) by channel. */
  channelTotals(from: string, to: string): ChannelTakings[] {
    return (this.channelsStatement.all(from, to) as Record<string, unknown>[]).map((r) => ({
      channel: r.channel as string,
      paidSen: Number(r.paid_sen),
      paidCount: Number(r.paid_count),
      refundedSen: Number(r.refunded_sen),
      refundCount: Number(r.refund_count),
      voidedSen: Number(r.voided_sen),
      voidCount: Number(r.void_count),
    }))
  }

  /** Paid sen of the hours `from` to `to` by UTC hour (`hour`) or Malaysia day (`day`), and channel; buckets with nothing paid left out. */
  paidBy(by: 'hour' | 'day', from: string, to: string): PaidBucket[] {
    if (by === 'hour') {
      return (this.byHourStatement.all(from, to) as Record<string, unknown>[]).map((r) => ({ bucket: r.hour as string, channel: r.channel as string, paidSen: Number(r.paid_sen) }))
    }
    const buckets: PaidBucket[] = []
    for (const r of this.byDayStatement.all(from, to) as Record<string, unknown>[]) {
      const paidSen = Number(r.paid_sen)
      if (paidSen === 0) continue
      const day = r.day as string
      const bucket = Number(r.late) === 1 ? new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10) : day
      buckets.push({ bucket, channel: r.channel as string, paidSen })
    }
    return buckets
  }

  /** Paid orders of the period by kind, operator (who made the order) and channel. */
  paidGroups(from: string, to: string): PaidGroup[] {
    return (this.paidStatement.all({ from, to }) as Record<string, unknown>[]).map((r) => ({
      kind: r.kind as OrderKind,
      operator: r.operator as string,
      channel: r.channel as string,
      paidSen: Number(r.paid_sen),
      paidCount: Number(r.paid_count),
    }))
  }

  /** Refunds and voids approved in the period of payments that count (not waiting for review), by the order's kind and channel and who asked for them. */
  refundGroups(from: string, to: string): RefundGroup[] {
    return (this.refundsStatement.all({ from, to }) as Record<string, unknown>[]).map((r) => ({
      kind: r.kind as OrderKind,
      operator: r.operator as string,
      channel: r.channel as string,
      void: Number(r.is_void) === 1,
      amountSen: Number(r.amount_sen),
      count: Number(r.count),
    }))
  }

  /** Orders made in the period, counted by where they stand now; `review` counts those waiting for a staff decision. */
  statusCounts(from: string, to: string): { byStatus: Partial<Record<OrderStatus, number>>; review: number } {
    const byStatus: Partial<Record<OrderStatus, number>> = {}
    for (const r of this.statusStatement.all({ from, to }) as { status: OrderStatus; count: unknown }[]) byStatus[r.status] = Number(r.count)
    return { byStatus, review: Number(this.reviewCountStatement.get({ from, to })) }
  }

  /** Orders made in the period whose outcome is not settled (waiting, unknown, an unknown word) or waiting for review, oldest first. */
  notFinal(from: string, to: string, limit: number): Listed<OrderRow> {
    return { rows: (this.openStatement.all({ from, to, limit }) as OrderRecord[]).map(toOrderRow), total: Number(this.openCount.get({ from, to })) }
  }

  outcomeUnknown(limit: number): Listed<OrderRow> {
    return { rows: (this.unknownStatement.all(limit) as OrderRecord[]).map(toOrderRow), total: Number(this.unknownCount.get()) }
  }

  needingReview(limit: number): Listed<OrderRow> {
    return { rows: (this.reviewStatement.all(limit) as OrderRecord[]).map(toOrderRow), total: Number(this.reviewTotal.get()) }
  }

  /** Waiting links whose expiry is from `from` to `to` (card pages: to `cardTo`), both inclusive, ISO, soonest first. */
  linksExpiring(from: string, to: string, cardTo: string, limit: number): Listed<OrderRow> {
    return { rows: (this.expiringStatement.all({ from, to, cardTo, limit }) as OrderRecord[]).map(toOrderRow), total: Number(this.expiringCount.get({ from, to, cardTo })) }
  }

  refundsWaiting(limit: number): Listed<WaitingRefund> {
    const rows = (this.waitingRefundsStatement.all(limit) as Record<string, unknown>[]).map((r) => ({
      refund: {
        id: Number(r.id),
        orderId: Number(r.order_id),
        amountSen: Number(r.amount_sen),
        status: r.status as RefundRow['status'],
        createdAt: r.created_at as string,
        createdBy: r.created_by as string,
      },
      invoiceNumber: r.invoice_number as string,
    }))
    return { rows, total: Number(this.waitingRefundsCount.get()) }
  }

  failedNotifications(limit: number): Listed<FailedNotification> {
    const rows = (this.failedStatement.all(limit) as Record<string, unknown>[]).map((r) => ({
      id: Number(r.id),
      receivedAt: r.received_at as string,
      invoiceNumber: (r.invoice_number as string | null) ?? null,
      orderId: r.order_id === null ? null : Number(r.order_id),
      result: (r.result as string | null) ?? null,
    }))
    return { rows, total: Number(this.failedCount.get()) }
  }
}
