/**
 * The home screen's figures and "Needs attention", and the end-of-day report (issue 20): one query
 * layer over the history's `reports` repository, so that the screen and the report add up the same
 * way. Everything is integer sen from the local history; docs/home-and-report.md says what each
 * figure means.
 *
 * Days are Malaysia days: UTC+8 all year (no daylight saving), so a Malaysia day is the 24 UTC hours
 * from 16:00 UTC the day before, and a week (Monday to Sunday) or a month is a whole range of hours.
 */
import type { Attention, AttentionItem, ChannelGroup, EndOfDayReport, Environment, HomeFigures, PeriodFigures, ReportPeriod, Takings } from '../../src-preload/contract'
import { actingOperator } from '../../src-common/actor'
import { CHANNEL_NAMES, isGenericChannel } from '../../src-common/channels'
import { CHANNEL_GROUPS, channelGroup } from '../../src-common/channel-groups'
import type { History } from '../store/history'
import type { OrderKind, OrderRow, OrderStatus } from '../store/history-types'
import { orderView } from './orders'
import { statusCheckDueAt } from './status-checks'
import { readResult } from './notification-result'
import { say, type Said } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Malaysia time is UTC+8, all year. */
export const MALAYSIA_OFFSET_MS = 8 * HOUR_MS
/** Rows of each "Needs attention" list (the total says how many there are in all). */
const ATTENTION_ROWS = 20
/** Orders not final listed in the report (the total says how many there are). */
const REPORT_OPEN_ROWS = 500

/** The Malaysia calendar day of an instant, `YYYY-MM-DD`. */
export function malaysiaDay(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 10)
}

/** An instant as a Malaysia shop reads it, to the minute: `YYYY-MM-DD HH:MM` (Malaysia time). */
export function malaysiaDateTime(at: Date): string {
  return new Date(at.getTime() + MALAYSIA_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ')
}

/** The instant a Malaysia day (`YYYY-MM-DD`) begins. */
export function malaysiaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - MALAYSIA_OFFSET_MS)
}

/** The UTC hour key of an instant, as the summary files it (`YYYY-MM-DDTHH`). */
export function hourKey(at: Date): string {
  return at.toISOString().slice(0, 13)
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

function addMonths(day: string, months: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1)).toISOString().slice(0, 10)
}

/** Malaysia days, `to` exclusive. */
interface DayRange {
  from: string
  to: string
}

/** Today, this week (from Monday) and this month, each with the period before it, as Malaysia days. */
export function homePeriods(now: Date): Record<'today' | 'week' | 'month', { current: DayRange; previous: DayRange }> {
  const today = malaysiaDay(now)
  const weekday = (new Date(`${today}T00:00:00.000Z`).getUTCDay() + 6) % 7
  const monday = addDays(today, -weekday)
  const first = `${today.slice(0, 8)}01`
  return {
    today: { current: { from: today, to: addDays(today, 1) }, previous: { from: addDays(today, -1), to: today } },
    week: { current: { from: monday, to: addDays(monday, 7) }, previous: { from: addDays(monday, -7), to: monday } },
    month: { current: { from: first, to: addMonths(first, 1) }, previous: { from: addMonths(first, -1), to: first } },
  }
}

function hoursOf(range: DayRange): { from: string; to: string } {
  return { from: hourKey(malaysiaMidnight(range.from)), to: hourKey(malaysiaMidnight(range.to)) }
}

const ZERO: Takings = { paidSen: 0, paidCount: 0, refundedSen: 0, refundCount: 0, voidedSen: 0, voidCount: 0, netSen: 0 }

function add(total: Takings, row: Omit<Takings, 'netSen'>): Takings {
  const next = {
    paidSen: total.paidSen + row.paidSen,
    paidCount: total.paidCount + row.paidCount,
    refundedSen: total.refundedSen + row.refundedSen,
    refundCount: total.refundCount + row.refundCount,
    voidedSen: total.voidedSen + row.voidedSen,
    voidCount: total.voidCount + row.voidCount,
  }
  return { ...next, netSen: next.paidSen - next.refundedSen - next.voidedSen }
}

function total(rows: readonly Omit<Takings, 'netSen'>[]): Takings {
  return rows.reduce(add, ZERO)
}

/** The Malaysia hour (0–23) of a UTC hour key. */
function malaysiaHour(hour: string): number {
  return (Number(hour.slice(11, 13)) + 8) % 24
}

function chart(history: History, range: DayRange, by: 'hour' | 'day'): PeriodFigures['chart'] {
  const hours = hoursOf(range)
  const labels: string[] = []
  if (by === 'hour') for (let h = 0; h < 24; h += 1) labels.push(`${String(h).padStart(2, '0')}:00`)
  else for (let day = range.from; day < range.to; day = addDays(day, 1)) labels.push(day)
  const series = new Map<ChannelGroup, number[]>(CHANNEL_GROUPS.map((group) => [group, labels.map(() => 0)]))
  const dayIndex = new Map(labels.map((label, index) => [label, index]))
  for (const row of history.reports.paidBy(by, hours.from, hours.to)) {
    const index = by === 'hour' ? malaysiaHour(row.bucket) : (dayIndex.get(row.bucket) ?? -1)
    const values = series.get(channelGroup(row.channel))
    if (values && index >= 0) values[index] = (values[index] ?? 0) + row.paidSen
  }
  // "Other" only when a channel the app does not know took money.
  return {
    labels,
    series: [...series].filter(([group, values]) => group !== 'other' || values.some((value) => value !== 0)).map(([group, paidSen]) => ({ group, paidSen })),
  }
}

/** A period's figures, summed in the database. */
function periodTotal(history: History, range: DayRange): Takings {
  const hours = hoursOf(range)
  return total(history.reports.channelTotals(hours.from, hours.to))
}

/** Today, this week and this month beside the period before each, with their charts; each read of the summary one range of its key. */
export function homeFigures(history: History, now: Date): HomeFigures {
  const periods = homePeriods(now)
  // One snapshot for all: a payment recorded meanwhile is in every figure or in none.
  return history.transaction(() => {
    const figures = (name: 'today' | 'week' | 'month'): PeriodFigures => {
      const { current, previous } = periods[name]
      return {
        from: current.from,
        to: current.to,
        current: periodTotal(history, current),
        previous: periodTotal(history, previous),
        previousFrom: previous.from,
        previousTo: previous.to,
        chart: chart(history, current, name === 'today' ? 'hour' : 'day'),
      }
    }
    return { at: now.toISOString(), today: figures('today'), week: figures('week'), month: figures('month') }
  })
}

/** An item's words: data as it is (a customer's name), or a message of main's catalogue, worded on screen. */
const wordsOf = (detail: string | Said): Pick<AttentionItem, 'detail' | 'detailSay'> => (typeof detail === 'string' ? { detail, detailSay: null } : { detail: englishOf(detail), detailSay: detail })

function orderItem(order: OrderRow, detail: string | Said, at: string | null, checkDueInMs: number | null = null): AttentionItem {
  return { key: `order-${String(order.id)}`, orderId: order.id, invoiceNumber: order.invoiceNumber, amountSen: order.amountSen, ...wordsOf(detail), at, checkDueInMs }
}

/**
 * A card payment page lives 60 minutes from the moment it is made (the gateway's rule), so "within the
 * hour" would list every card link the moment it is sent; it needs a person in its last quarter hour.
 */
const CARD_PAGE_ATTENTION_MS = 15 * 60 * 1000

/**
 * What needs a person now, each list the oldest (or soonest) first, at most 20 rows with the total.
 * Links expiring within the hour: in 60 minutes or less (a card page: in its last 15 minutes).
 */
export function homeAttention(history: History, now: Date): Attention {
  const unknown = history.reports.outcomeUnknown(ATTENTION_ROWS)
  const review = history.reports.needingReview(ATTENTION_ROWS)
  const expiring = history.reports.linksExpiring(now.toISOString(), new Date(now.getTime() + HOUR_MS).toISOString(), new Date(now.getTime() + CARD_PAGE_ATTENTION_MS).toISOString(), ATTENTION_ROWS)
  const refunds = history.reports.refundsWaiting(ATTENTION_ROWS)
  const failed = history.reports.failedNotifications(ATTENTION_ROWS)
  return {
    outcomeUnknown: {
      total: unknown.total,
      items: unknown.rows.map((order) => {
        const due = statusCheckDueAt(history, order)
        return orderItem(order, order.customerName, order.createdAt, due ? Math.max(0, due.getTime() - now.getTime()) : null)
      }),
    },
    needsReview: {
      total: review.total,
      items: review.rows.map((order) =>
        orderItem(
          order,
          say(order.review?.reason === 'currency' ? 'said.attention.paidInAnotherCurrency' : 'said.attention.paidMore', { customer: order.customerName }),
          order.review?.at ?? order.updatedAt,
        ),
      ),
    },
    linksExpiring: { total: expiring.total, items: expiring.rows.map((order) => orderItem(order, order.customerName, order.linkExpiresAt)) },
    refundsWaiting: {
      total: refunds.total,
      items: refunds.rows.map(({ refund, invoiceNumber }) => ({
        key: `refund-${String(refund.id)}`,
        orderId: refund.orderId,
        invoiceNumber,
        amountSen: refund.amountSen,
        ...wordsOf(say(refund.status === 'OUTCOME_UNKNOWN' ? 'said.attention.refundUnknown' : 'said.attention.refundWaiting', { by: refund.createdBy })),
        at: refund.createdAt,
        checkDueInMs: null,
      })),
    },
    notificationsFailed: {
      total: failed.total,
      items: failed.rows.map((notification) => ({
        key: `notification-${String(notification.id)}`,
        orderId: notification.orderId,
        invoiceNumber: notification.invoiceNumber,
        amountSen: null,
        // The result is the listener's own note, kept when it was acted on (an id, or an older row's text).
        ...wordsOf(notification.result === null ? say('said.attention.notActedOn') : readResult(notification.result)),
        at: notification.receivedAt,
        checkDueInMs: null,
      })),
    },
  }
}

const KIND_NAMES: Record<OrderKind, string> = { card_link: 'Card payment link', generic_link: 'Payment link (FPX, e-wallet, pay later)', phone_order: 'Phone order' }
const STATUS_ORDER: readonly OrderStatus[] = ['PAID', 'REFUNDED', 'VOIDED', 'FAILED', 'EXPIRED', 'CANCELLED', 'PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN']

function channelName(channel: string): string {
  return channel === 'CARD' ? 'Card' : isGenericChannel(channel) ? CHANNEL_NAMES[channel] : channel
}

type Line = Takings & { key: string; label: string }

class Lines {
  private readonly lines = new Map<string, Line>()
  add(key: string, label: string, row: Partial<Omit<Takings, 'netSen'>>): void {
    const line = this.lines.get(key) ?? { key, label, ...ZERO }
    this.lines.set(key, { key, label, ...add(line, { ...ZERO, ...row }) })
  }
  list(): Line[] {
    return [...this.lines.values()]
  }
}

/** Whose report it is: the history's environment and the shop's name, which head the report and its print. */
export interface ReportHeading {
  environment: Environment
  shopName: string
}

/**
 * The report of Malaysia days `from` to `to` (both included), read in one snapshot. `heading` is
 * required, not defaulted: a Training report printed without its mark looks like a real one.
 */
export function endOfDayReport(history: History, period: ReportPeriod, now: Date, heading: ReportHeading): EndOfDayReport {
  return history.transaction(() => report(history, period, now, heading))
}

function report(history: History, period: ReportPeriod, now: Date, heading: ReportHeading): EndOfDayReport {
  const range = { from: period.from, to: addDays(period.to, 1) }
  const hours = hoursOf(range)
  const rows = history.reports.channelTotals(hours.from, hours.to)
  const byChannel = new Lines()
  for (const row of rows) byChannel.add(row.channel, channelName(row.channel), row)
  const byKind = new Lines()
  const byOperator = new Lines()
  for (const group of history.reports.paidGroups(hours.from, hours.to)) {
    byKind.add(group.kind, KIND_NAMES[group.kind], { paidSen: group.paidSen, paidCount: group.paidCount })
    // One line per operator: what a Supervisor approved for them counts as theirs (found by QA: "Mei Ling" and "Mei Ling (approved by Ravi)" were two lines).
    byOperator.add(actingOperator(group.operator), actingOperator(group.operator), { paidSen: group.paidSen, paidCount: group.paidCount })
  }
  for (const group of history.reports.refundGroups(hours.from, hours.to)) {
    const money = group.void ? { voidedSen: group.amountSen, voidCount: group.count } : { refundedSen: group.amountSen, refundCount: group.count }
    byKind.add(group.kind, KIND_NAMES[group.kind], money)
    byOperator.add(actingOperator(group.operator), actingOperator(group.operator), money)
  }
  const counts = history.reports.statusCounts(hours.from, hours.to)
  const notFinal = history.reports.notFinal(hours.from, hours.to, REPORT_OPEN_ROWS)
  const groupRank = (channel: string): number => CHANNEL_GROUPS.indexOf(channelGroup(channel))
  return {
    from: period.from,
    to: period.to,
    at: now.toISOString(),
    environment: heading.environment,
    shopName: heading.shopName.trim(),
    totals: total(rows),
    byChannel: byChannel
      .list()
      .filter((line) => line.paidCount + line.refundCount + line.voidCount > 0)
      .sort((a, b) => groupRank(a.key) - groupRank(b.key) || a.label.localeCompare(b.label))
      .map((line) => ({ ...line, group: channelGroup(line.key) })),
    byKind: byKind.list().sort((a, b) => Object.keys(KIND_NAMES).indexOf(a.key) - Object.keys(KIND_NAMES).indexOf(b.key)),
    byOperator: byOperator.list().sort((a, b) => a.label.localeCompare(b.label)),
    byStatus: STATUS_ORDER.filter((status) => (counts.byStatus[status] ?? 0) > 0).map((status) => ({ status, count: counts.byStatus[status] ?? 0 })),
    needsReview: counts.review,
    notFinal: { total: notFinal.total, orders: notFinal.rows.map(orderView) },
  }
}
