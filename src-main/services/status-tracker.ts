/**
 * The status tracker: keeps every waiting order and refund current without staff asking.
 *
 * - Schedule: an order's first check is due when its 60-second rule allows (status-checks.ts), later
 *   ones back off 1, 2, 5 and 15 minutes, then hourly, until the order is final; a link is checked once
 *   more just after it expires and then left alone. The schedule is a table (`tracking`), so a restart
 *   takes up where it was. Every check still goes through the service's own 60-second guard.
 * - Bounded: at most `tracker.concurrency` checks in flight; one check per order or refund at a time,
 *   shared with "Check now" (a click while the tracker is asking waits for that answer, never a second
 *   request).
 * - Offline: a check that cannot reach the gateway pauses the tracker; it tries again after 15 s,
 *   30 s, 1, 2, then every 5 minutes (and no sooner than a check is due), one check at a time, and
 *   resumes when one gets through.
 * - "Refresh all pending" asks about everything due now, first, with progress; what is not due yet is
 *   counted and left to the schedule.
 * - Notifications stored by the listener are acted on here, and any left unhandled by a stop are acted
 *   on at start.
 */
import { performance } from 'node:perf_hooks'
import type { OrderDetail, RefreshProgress, RefundResult, TrackerStatus } from '../../src-preload/contract'
import { statusWord } from '../../src-common/status-words'
import { AppError } from '../bridge/app-error'
import type { History } from '../store/history'
import type { OrderRow } from '../store/history-types'
import type { TrackedSubject, TrackingRow } from '../store/tracking'
import type { ServiceContext } from './context'
import { claimWaitingNotifications, handleNotification, type Handled, type ToActOn } from './notifications'
import { isOpen, refundCheckDueAt } from './refund-summary'
import { commitSoon } from './group-commit'
import { CHECKABLE_STATUSES, CheckFailedError, checkDueFrom, orderDetail, statusCheckDueAt, type CheckOptions } from './status-checks'

export const BACKOFF_MS = [60_000, 120_000, 300_000, 900_000, 3_600_000] as const
export const OFFLINE_RETRY_MS = [15_000, 30_000, 60_000, 120_000, 300_000] as const
/** How long after a link's expiry its last check is made: the gateway has had time to call it expired. */
const AFTER_EXPIRY_MS = 5_000
/**
 * Progress events are sent at most this often (a refresh of thousands would otherwise flood the window):
 * at the end of the turn of a change this long after the last one (a turn running anyway, usually the
 * group commit's), else by a timer when this time is up.
 */
const EMIT_EVERY_MS = 100
/**
 * While a refresh runs, the schedule's counts in its progress events (followed, due now, the next
 * check) are read at most this often: each is a count over the schedule's index (0.15–0.23 ms at
 * 10,000 orders), ten events a second, about 0.05 ms of every check at concurrency 4. The refresh's
 * own progress (done, failed) stays at every event.
 */
const COUNTS_DURING_REFRESH_MS = 1_000
/**
 * How long the answer of a check the tracker launched itself may wait for others to share its commit.
 * At concurrency 4 the answers come one per turn and each committed alone: a commit, its fsync and
 * its pages for every check (docs/performance.md, item 14). 300 ms holds about 24 answers at
 * concurrency 4 (100 ms held 8): a third fewer bytes written a check, a quarter fewer wakeups
 * (item 26); longer windows gained nothing more. Only a read waits (what the gateway said; it can
 * be asked again), never a money movement nor a notification's acknowledgement, and the order
 * stays claimed (one check per order, a team's claim) until the commit.
 */
export const COMMIT_WITHIN_MS = 300

export interface TrackerChecks {
  /** Asks, records and applies; the order's detail for a screen is built by `checkOrder` only when one waits for it. */
  order(id: number, options?: CheckOptions): Promise<void>
  refund(id: number): Promise<RefundResult>
}

export interface TrackerOptions {
  ctx: ServiceContext
  checks: TrackerChecks
  /** How often the schedule is looked at (real time); the app's clock decides what is due. */
  pollMs?: number
}

/**
 * How much longer than the 60-second rule the tracker waits before its own look at a card link. A
 * customer sent a link while on the phone pays moments after it was made, and the gateway counts its
 * 60 s from that payment, which the app learns only by asking (or from a notification): 60 s after the
 * link itself would come those moments early. Staff's "Check status" keeps the rule exactly.
 */
export const CARD_LINK_GRACE_MS = 5_000

/** When the tracker itself may ask about an order: the 60-second rule, and a card link's grace. */
function trackerDueAt(history: History, order: OrderRow): Date | null {
  const due = statusCheckDueAt(history, order)
  return due && order.kind === 'card_link' ? new Date(due.getTime() + CARD_LINK_GRACE_MS) : due
}

/** When the check after `checks` checks is due: never before `due` (the 60-second rule), else by the backoff. */
export function nextCheckAt(checks: number, lastCheckAt: Date, due: Date): Date {
  if (checks === 0) return due
  const step = BACKOFF_MS[Math.min(checks, BACKOFF_MS.length) - 1] ?? 3_600_000
  return new Date(Math.max(due.getTime(), lastCheckAt.getTime() + step))
}

const key = (subject: TrackedSubject, id: number): string => `${subject}:${String(id)}`

/** What acting on a group of notifications did: the orders touched (and whether to ask about each now), notifications linked, whether the orders were followed. */
export interface ActedOn {
  touched: Map<number, Handled['ask']>
  claimed: number
  followed: boolean
}

interface Refresh {
  queue: TrackingRow[]
  progress: RefreshProgress
}

interface Offline {
  step: number
  retryAt: number
}

export class StatusTracker {
  private readonly ctx: ServiceContext
  private readonly checks: TrackerChecks
  private readonly pollMs: number
  private readonly orderChecks = new Map<number, Promise<void>>()
  private readonly refundChecks = new Map<number, Promise<RefundResult>>()
  /** Checks the tracker itself started (a subset of the two maps), for the concurrency bound. */
  private readonly running = new Set<string>()
  /** Of those, the ones the gateway has answered, whose answers are being recorded: not counted against the bound. */
  private readonly answered = new Set<string>()
  private timer: NodeJS.Timeout | null = null
  private started = false
  private refresh: Refresh | null = null
  private offline: Offline | null = null
  private lastError: string | null = null
  private emitTimer: NodeJS.Timeout | null = null
  private emitImmediate: NodeJS.Immediate | null = null
  /** When the last progress event was sent (real time, not the app's clock). */
  private lastEmitAt = -Infinity
  private unsubscribe: (() => void) | null = null
  /** Orders whose notifications were just acted on and followed in one transaction: their change event needs nothing more here. */
  private followedAlready: Set<number> | null = null
  /** Orders changed while being checked: followed when the check's reschedule is written. */
  private readonly followAfterCheck = new Set<number>()
  /**
   * The order whose check's own change event is being told, after a commit that wrote its schedule:
   * nothing to follow; and the order as that commit left it, when the answer updated it (the claim of
   * kept notifications need not read it again).
   */
  private ownChange: { id: number; order: OrderRow | undefined } | null = null
  /** The schedule's counts as last read (real time, not the app's clock), and the refresh they were read in. */
  private counts: { readAt: number; during: Refresh | null; tracked: number; dueNow: number; nextAt: string | null } | null = null

  constructor(options: TrackerOptions) {
    this.ctx = options.ctx
    this.checks = options.checks
    this.pollMs = options.pollMs ?? 1_000
    // Orders created, checked, cancelled or notified anywhere in main come and go from the schedule here.
    this.unsubscribe = this.ctx.events.subscribe((name, payload) => {
      if (name !== 'orders.changed') return
      const { id } = payload as { id: number }
      if (this.followedAlready?.has(id)) return
      this.claimNotifications(id, this.ownChange?.id === id ? this.ownChange.order : undefined)
      // Being checked: followed with the check's reschedule, in its commit, or after it if it changed again
      // since; the check's own event after that commit needs nothing (it cost a read of the order, its
      // attempts, refunds and schedule, and a transaction, at every check).
      if (this.orderChecks.has(id)) {
        if (this.ownChange?.id !== id) this.followAfterCheck.add(id)
      } else this.follow(id)
    })
  }

  private get history(): History {
    return this.ctx.history()
  }

  private enabled(): boolean {
    return this.ctx.settings().tracker.enabled
  }

  /** Takes up the schedule of the active environment and starts checking (when enabled in Settings). */
  start(): void {
    this.sync()
    this.handleStoredNotifications()
    this.started = true
    this.offline = null
    this.lastError = null
    this.timer ??= setInterval(() => {
      this.tick()
    }, this.pollMs)
    this.timer.unref()
    this.tick()
    this.emit()
  }

  /** Stops checking and waits for the checks in flight (before the environment's database closes). */
  async stop(): Promise<void> {
    this.started = false
    if (this.timer) clearInterval(this.timer)
    this.timer = null
    if (this.refresh) this.refresh = null
    await Promise.allSettled([...this.orderChecks.values(), ...this.refundChecks.values()])
  }

  async close(): Promise<void> {
    await this.stop()
    this.unsubscribe?.()
    this.unsubscribe = null
    this.cancelEmit()
  }

  // ---- the schedule ----

  /** Adds every waiting order and open refund that has no row yet, and drops rows of what is settled. */
  private sync(): void {
    const history = this.history
    const followed = history.tracking.subjectIds('order')
    history.transaction(() => {
      for (const id of history.orders.idsWithStatus(CHECKABLE_STATUSES)) {
        if (followed.has(id)) {
          followed.delete(id)
          continue
        }
        this.followOrder(id)
      }
      // What is left was followed but is no longer waiting (settled while the app was away, or by hand).
      for (const id of followed) history.tracking.remove('order', id)
      const refunds = history.tracking.subjectIds('refund')
      for (const refund of history.refunds.open()) {
        if (!refunds.delete(refund.id)) this.followRefund(refund.id)
      }
      for (const id of refunds) history.tracking.remove('refund', id)
    })
  }

  /** Brings one order and its refunds in line with the schedule. */
  follow(orderId: number): void {
    if (!this.started) return
    this.history.transaction(() => {
      this.followOrder(orderId)
      this.followRefundsOf(orderId)
    })
  }

  private followRefundsOf(orderId: number): void {
    if (!this.started) return
    for (const refund of this.history.refunds.forOrder(orderId)) this.followRefund(refund.id)
  }

  private followOrder(orderId: number): void {
    const history = this.history
    const order = history.orders.get(orderId)
    const due = order ? trackerDueAt(history, order) : null
    this.align('order', orderId, due)
  }

  private followRefund(refundId: number): void {
    const history = this.history
    const refund = history.refunds.get(refundId)
    const due = refund && isOpen(refund) ? refundCheckDueAt(history, refund) : null
    this.align('refund', refundId, due)
  }

  /** Adds a row for a subject now waiting, removes the row of a settled one, and never lets a row fall due before the 60-second rule. */
  private align(subject: TrackedSubject, id: number, due: Date | null): void {
    const tracking = this.history.tracking
    const row = tracking.get(subject, id)
    if (!due) {
      if (row) tracking.remove(subject, id)
      return
    }
    if (!row) {
      tracking.add(subject, id, due.toISOString())
      this.wake()
      return
    }
    if (row.nextAt !== null && Date.parse(row.nextAt) < due.getTime()) tracking.set({ ...row, nextAt: due.toISOString() })
  }

  /**
   * After a check (or a refused early one), when the next is due, or that the subject is settled or
   * left alone. `known`: the order as the check's answer left it, in this transaction (not read again).
   */
  private reschedule(subject: TrackedSubject, id: number, checked: boolean, known?: OrderRow): void {
    const history = this.history
    const now = this.ctx.now()
    const row = history.tracking.get(subject, id)
    const checks = (row?.checks ?? 0) + (checked ? 1 : 0)
    if (subject === 'refund') {
      const refund = history.refunds.get(id)
      const due = refund ? refundCheckDueAt(history, refund) : null
      if (!due) history.tracking.remove(subject, id)
      else history.tracking.set({ subject, subjectId: id, checks, nextAt: nextCheckAt(checks, now, due).toISOString() })
      return
    }
    const order = known ?? history.orders.get(id)
    const due = order ? trackerDueAt(history, order) : null
    if (!order || !due) {
      history.tracking.remove(subject, id)
      return
    }
    let next = nextCheckAt(checks, now, due)
    const expiresAt = order.linkExpiresAt ? Date.parse(order.linkExpiresAt) : null
    if (expiresAt !== null && checked && now.getTime() > expiresAt) {
      // Checked once after the link expired and the gateway still does not call it final: leave it to staff.
      history.transaction(() => {
        history.tracking.set({ subject, subjectId: id, checks, nextAt: null })
        history.events.append({
          orderId: id,
          type: 'note',
          summary: `Automatic status checks stopped: the link expired and the gateway still says ${order.rawStatus ?? statusWord(order.status)}. “Check status” still asks.`,
          details: null,
          attemptId: null,
          actor: null,
          at: now.toISOString(),
        })
      })
      return
    }
    // A link about to expire is checked just after it does, not an hour later.
    if (expiresAt !== null && expiresAt > now.getTime()) next = new Date(Math.min(next.getTime(), Math.max(due.getTime(), expiresAt + AFTER_EXPIRY_MS)))
    history.tracking.set({ subject, subjectId: id, checks, nextAt: next.toISOString() })
  }

  private stopFollowing(subject: TrackedSubject, id: number): void {
    const row = this.history.tracking.get(subject, id)
    if (row) this.history.tracking.set({ ...row, nextAt: null })
  }

  // ---- checks, shared with "Check now" ----

  /** "Check now": the order's check (the one in flight, if the tracker is asking already), then the order as the screen shows it. */
  async checkOrder(id: number): Promise<OrderDetail> {
    // Shown from the history the check was asked of (context.ts).
    const ctx = this.ctx.bound()
    await this.runOrderCheck(id)
    return orderDetail(ctx.history(), id, ctx.now(), ctx.settings().gateway.settlementCutOff)
  }

  /** One request per order at a time, shared by "Check now" and the tracker; the schedule follows the answer. */
  private runOrderCheck(id: number, options?: CheckOptions): Promise<void> {
    const existing = this.orderChecks.get(id)
    if (existing) return existing
    const running = this.guarded('order', id, (inCommit, announce) => this.checks.order(id, { ...options, inCommit, announce })).finally(() => this.orderChecks.delete(id))
    this.orderChecks.set(id, running)
    return running
  }

  checkRefund(id: number): Promise<RefundResult> {
    const existing = this.refundChecks.get(id)
    if (existing) return existing
    const running = this.guarded('refund', id, () => this.checks.refund(id)).finally(() => this.refundChecks.delete(id))
    this.refundChecks.set(id, running)
    return running
  }

  /**
   * Runs a check, then writes its next due time. An order's check writes it inside the commit that
   * records the answer (`inCommit`), which is shared with the other answers of this turn (group
   * commit): one commit for many checks. What did not get that far (refused early, a refund's check)
   * joins the next group commit.
   */
  private async guarded<T>(subject: TrackedSubject, id: number, check: (inCommit: CheckOptions['inCommit'], announce: CheckOptions['announce']) => Promise<T>): Promise<T> {
    // Set by inCommit (a closure: an object, so that the checks below read what it wrote).
    const schedule: { written: boolean; order: OrderRow | undefined } = { written: false, order: undefined }
    const inCommit = (failure: CheckFailedError | null, updated?: OrderRow): void => {
      try {
        this.history.transaction(() => {
          // Changed by something else while being checked (a refund made, say): its refunds are followed
          // here, and the order's own row is written next (reschedule) from the due time a follow would
          // read. A check alone changes no refund: nothing more to read then.
          if (subject === 'order' && this.followAfterCheck.delete(id)) this.followRefundsOf(id)
          if (failure) this.afterFailure(subject, id, failure)
          else this.reschedule(subject, id, true, updated)
        })
        schedule.written = true
        schedule.order = updated
      } catch (error) {
        // The answer is still recorded; the schedule is written after it (below).
        this.ctx.log.warn('tracker.reschedule_failed', { error: error instanceof Error ? error.message : String(error) })
      }
    }
    // The check's own change event: after a commit that wrote the schedule from the order as it stays, no follow.
    const announce = (emit: () => void, changedAgain: boolean): void => {
      if (!schedule.written || changedAgain) {
        emit()
        return
      }
      this.ownChange = { id, order: schedule.order }
      try {
        emit()
      } finally {
        this.ownChange = null
      }
    }
    let value: T
    try {
      value = await check(inCommit, announce)
    } catch (error) {
      if (schedule.written) this.followChanged(subject, id)
      else
        await commitSoon(this.history, () => {
          this.followChanged(subject, id)
          this.afterFailure(subject, id, error)
        }).finally(() => this.forgetFollow(subject, id))
      throw error
    }
    this.online()
    if (schedule.written) this.followChanged(subject, id)
    else
      await commitSoon(this.history, () => {
        this.followChanged(subject, id)
        this.reschedule(subject, id, true)
      }).finally(() => this.forgetFollow(subject, id))
    return value
  }

  private forgetFollow(subject: TrackedSubject, id: number): void {
    if (subject === 'order') this.followAfterCheck.delete(id)
  }

  /** The follow an order's change event asked for while it was being checked. */
  private followChanged(subject: TrackedSubject, id: number): void {
    if (subject === 'order' && this.followAfterCheck.delete(id)) this.follow(id)
  }

  private afterFailure(subject: TrackedSubject, id: number, error: unknown): void {
    if (!(error instanceof AppError)) {
      this.reschedule(subject, id, true)
      return
    }
    if (error.code === 'TOO_EARLY') {
      this.reschedule(subject, id, false)
    } else if (error.code === 'NOT_CHECKABLE') {
      // Final, or (a generic link without a payment id) not possible to ask about: leave it.
      const stillWaiting = subject === 'order' ? this.history.orders.get(id) : null
      if (stillWaiting && CHECKABLE_STATUSES.includes(stillWaiting.status)) this.stopFollowing(subject, id)
      else this.history.tracking.remove(subject, id)
    } else if (error instanceof CheckFailedError) {
      this.reschedule(subject, id, true)
      if (error.gatewayCode === 'NETWORK' || error.gatewayCode === 'TIMEOUT') this.goOffline(error.message)
      else this.lastError = error.message
    } else if (error.code === 'NOT_CONFIGURED') {
      this.goOffline(error.message)
    } else {
      this.reschedule(subject, id, true)
    }
  }

  private goOffline(message: string): void {
    const now = this.ctx.now().getTime()
    // Checks that were in flight together fail together: one pause, not one longer pause per check.
    if (this.offline && now < this.offline.retryAt) return
    const step = this.offline ? Math.min(this.offline.step + 1, OFFLINE_RETRY_MS.length - 1) : 0
    const wait = OFFLINE_RETRY_MS[step] ?? 300_000
    this.offline = { step, retryAt: now + wait }
    this.lastError = message
    this.ctx.log.warn('tracker.offline', { retryInMs: wait })
    this.emit()
  }

  private online(): void {
    if (!this.offline && this.lastError === null) return
    if (this.offline) this.ctx.log.info('tracker.online')
    this.offline = null
    this.lastError = null
    this.emit()
  }

  // ---- the loop ----

  private wake(): void {
    if (this.started) setImmediate(() => this.tick())
  }

  /** Never throws: it runs from timers, where a throw would end the app (a team's database may be unreachable). */
  private tick(): void {
    try {
      this.tickOnce()
    } catch (error) {
      this.ctx.log.warn('tracker.tick_failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }

  private tickOnce(): void {
    if (!this.started) return
    const refresh = this.refresh
    // Read once per tick: it runs after every answer.
    const settings = this.ctx.settings().tracker
    // Turned off in Settings, the tracker still runs a refresh staff asked for, and nothing else.
    const scheduled = settings.enabled
    if (!scheduled && !refresh?.progress.running) return
    const now = this.ctx.now()
    if (this.offline && now.getTime() < this.offline.retryAt) return
    // Offline, one check probes the way back; online, up to the bound.
    const limit = this.offline ? 1 : settings.concurrency
    // A check whose answer came back and is being recorded no longer holds a place at the gateway.
    let free = limit - (this.running.size - this.answered.size)
    if (free <= 0) return
    while (free > 0 && refresh && refresh.queue.length > 0) {
      const row = refresh.queue.shift()
      if (row && this.launch(row, refresh)) free--
    }
    if (refresh?.progress.running && refresh.queue.length === 0 && this.running.size === 0) this.finishRefresh()
    if (!scheduled || free <= 0 || (refresh && refresh.queue.length > 0)) return
    for (const row of this.history.tracking.due(now.toISOString(), free + this.running.size)) {
      if (free <= 0) break
      if (this.launch(row, null)) free--
    }
  }

  /** Starts one check; false when that subject is already being asked about. */
  private launch(row: TrackingRow, refresh: Refresh | null): boolean {
    const id = key(row.subject, row.subjectId)
    if (this.running.has(id)) return false
    this.running.add(id)
    // Answered: the next check may leave while this answer waits for its commit.
    const answered = (): void => {
      if (!this.running.has(id) || this.answered.has(id)) return
      this.answered.add(id)
      this.tick()
    }
    const check = row.subject === 'order' ? this.runOrderCheck(row.subjectId, { answered, commitWithinMs: COMMIT_WITHIN_MS }) : this.checkRefund(row.subjectId)
    check
      .then(
        () => {
          if (refresh) refresh.progress.done++
        },
        (error: unknown) => {
          if (!refresh) return
          refresh.progress.done++
          // Settled, not due after all (e.g. checked by hand meanwhile) or being checked at another desk is not a failure.
          if (!(error instanceof AppError && (error.code === 'TOO_EARLY' || error.code === 'NOT_CHECKABLE' || error.code === 'CHECK_IN_PROGRESS'))) refresh.progress.failed++
        },
      )
      .finally(() => {
        // A check answered freed its place then, and its tick launched the next: only one that was not
        // answered frees a place now (a tick per check less, with its read of Settings).
        const freedAlready = this.answered.delete(id)
        this.running.delete(id)
        if (refresh && refresh.queue.length === 0 && this.running.size === 0) this.finishRefresh()
        // What is followed and when the next check is changed with every answer.
        this.emitSoon()
        if (!freedAlready) this.tick()
      })
    return true
  }

  // ---- "Refresh all pending" ----

  refreshAll(): TrackerStatus {
    if (this.refresh?.progress.running) return this.status()
    const history = this.history
    const now = this.ctx.now()
    const queue: TrackingRow[] = []
    let notDue = 0
    let nextDue: number | null = null
    const orders = history.tracking.followedOrders().map((order) => ({ row: order, due: checkDueFrom(order, () => (order.lastHeardAt ? [order.lastHeardAt] : [])) }))
    const refunds = history.tracking.activeOf('refund').map((row) => {
      const refund = history.refunds.get(row.subjectId)
      return { row, due: refund ? refundCheckDueAt(history, refund) : null }
    })
    // Soonest first, as the schedule has them (ISO instants: their text's order is their time's).
    const followed = [...orders, ...refunds].sort((a, b) => {
      const x = a.row.nextAt ?? ''
      const y = b.row.nextAt ?? ''
      return x < y ? -1 : x > y ? 1 : 0
    })
    for (const { row, due } of followed) {
      if (!due) continue
      if (due.getTime() <= now.getTime()) {
        queue.push(row)
      } else {
        notDue++
        nextDue = Math.min(nextDue ?? Infinity, due.getTime())
      }
    }
    this.refresh = {
      queue,
      progress: { running: queue.length > 0, cancelled: false, total: queue.length, done: 0, failed: 0, notDue, nextDueInMs: nextDue === null ? null : nextDue - now.getTime() },
    }
    this.ctx.log.info('tracker.refresh_started', { due: queue.length, notDue })
    this.tick()
    this.emit()
    return this.status()
  }

  cancelRefresh(): TrackerStatus {
    const refresh = this.refresh
    if (refresh?.progress.running) {
      refresh.queue.length = 0
      refresh.progress.cancelled = true
      refresh.progress.running = false
      this.ctx.log.info('tracker.refresh_cancelled', { done: refresh.progress.done, total: refresh.progress.total })
      this.emit()
    }
    return this.status()
  }

  private finishRefresh(): void {
    const refresh = this.refresh
    if (!refresh?.progress.running) return
    refresh.progress.running = false
    this.ctx.log.info('tracker.refresh_finished', { done: refresh.progress.done, failed: refresh.progress.failed })
    this.emit()
  }

  // ---- notifications ----

  /** Acts on a notification the listener stored; the order's schedule follows, and a v3 payment it names is asked about at once. */
  handleNotification(id: number): void {
    this.handleNotifications([{ id }])
  }

  /**
   * Acts on notifications the listener stored together: all of them, and the schedule of the orders
   * they touched, in one transaction (one commit instead of one per notification and per order);
   * then `announce`. If the group fails as a whole (a team's database gone mid-way), each is tried
   * alone as before.
   */
  handleNotifications(notifications: readonly ToActOn[]): void {
    let acted: ActedOn
    try {
      acted = this.history.transaction(() => this.actOnNotifications(notifications))
    } catch (error) {
      this.ctx.log.warn('tracker.notifications_group_failed', { count: notifications.length, error: error instanceof Error ? error.message : String(error) })
      acted = { touched: new Map(), claimed: 0, followed: false }
      for (const notification of notifications) {
        const { orderId, ask } = handleNotification(this.ctx, notification)
        if (orderId !== null && (!acted.touched.has(orderId) || ask === 'now')) acted.touched.set(orderId, ask)
      }
    }
    this.announce(acted)
  }

  /**
   * The part of acting on stored notifications that writes: each acted on (handleNotification), the
   * orders they touched followed. Run it inside a transaction (the listener runs it in the one that
   * stores the next notifications); throws if the history does.
   */
  actOnNotifications(notifications: readonly ToActOn[]): ActedOn {
    const history = this.history
    const acted: ActedOn = { touched: new Map(), claimed: 0, followed: true }
    for (const notification of notifications) {
      const { orderId, ask } = handleNotification(this.ctx, notification)
      if (orderId !== null && (!acted.touched.has(orderId) || ask === 'now')) acted.touched.set(orderId, ask)
    }
    for (const orderId of acted.touched.keys()) {
      const order = history.orders.get(orderId)
      if (order) acted.claimed += claimWaitingNotifications(history, order)
      this.follow(orderId)
    }
    return acted
  }

  /**
   * After the commit: each touched order's change is told once (another desk that hears of it reads
   * what was committed), and a v3 payment named is asked about.
   */
  announce(acted: ActedOn): void {
    if (acted.claimed > 0) this.ctx.events.emit('listener.changed', {})
    // Followed in the group: the tracker's own listener of the event need not again (after a failed group it does, as for any change).
    this.followedAlready = acted.followed ? new Set(acted.touched.keys()) : null
    try {
      for (const orderId of acted.touched.keys()) this.ctx.events.emit('orders.changed', { id: orderId })
    } finally {
      this.followedAlready = null
    }
    for (const [orderId, ask] of acted.touched) {
      if (ask !== 'now') continue
      this.runOrderCheck(orderId, { afterNotification: true }).catch((error: unknown) => {
        this.ctx.log.warn('tracker.notified_check_failed', { orderId, error: error instanceof Error ? error.message : String(error) })
      })
    }
  }

  /** An order new here may be the one a kept notification named: they are linked. `known`: the order as just committed. */
  private claimNotifications(orderId: number, known?: OrderRow): void {
    const order = known ?? this.history.orders.get(orderId)
    if (order && claimWaitingNotifications(this.history, order) > 0) this.ctx.events.emit('listener.changed', {})
  }

  private handleStoredNotifications(): void {
    const stored = this.history.notifications.unhandled().map((row): ToActOn => ({ id: row.id }))
    if (stored.length > 0) this.handleNotifications(stored)
  }

  /** Settings changed: the tracker may have been turned on or off, or its bound changed. */
  settingsChanged(): void {
    this.emit()
    this.wake()
  }

  // ---- what the screens see ----

  status(): TrackerStatus {
    const now = this.ctx.now()
    const { tracked, dueNow, nextAt } = this.scheduleCounts(now)
    return {
      state: !this.enabled() ? 'off' : this.offline ? 'offline' : 'running',
      tracked,
      dueNow,
      nextCheckInMs: nextAt === null ? null : Math.max(0, Date.parse(nextAt) - now.getTime()),
      // The probe waits for the pause and for a check that is due (the 60-second rule holds offline too).
      retryInMs: this.offline ? Math.max(0, this.offline.retryAt - now.getTime(), nextAt === null ? 0 : Date.parse(nextAt) - now.getTime()) : null,
      lastError: this.lastError,
      refresh: this.refresh ? { ...this.refresh.progress } : null,
    }
  }

  private scheduleCounts(now: Date): { tracked: number; dueNow: number; nextAt: string | null } {
    const last = this.counts
    const refresh = this.refresh?.progress.running ? this.refresh : null
    // Only counts read since this refresh started: the ones before it are the schedule before its checks.
    if (last && refresh && last.during === refresh && performance.now() - last.readAt < COUNTS_DURING_REFRESH_MS) return last
    const tracking = this.history.tracking
    this.counts = { readAt: performance.now(), during: refresh, tracked: tracking.count(), dueNow: tracking.dueCount(now.toISOString()), nextAt: tracking.nextAt() }
    return this.counts
  }

  private cancelEmit(): void {
    if (this.emitTimer) clearTimeout(this.emitTimer)
    if (this.emitImmediate) clearImmediate(this.emitImmediate)
    this.emitTimer = null
    this.emitImmediate = null
  }

  private emit(): void {
    this.cancelEmit()
    this.lastEmitAt = performance.now()
    try {
      this.ctx.events.emit('tracker.changed', this.status())
    } catch (error) {
      // The history cannot be read now (a team's database away): the next change emits again.
      this.ctx.log.warn('tracker.status_failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }

  /**
   * A change to show: at the end of this turn if the last event is old enough, else when it will be.
   * The checks' answers come in the group commit's turn, so at a steady pace this needs no wakeup of
   * its own (a 100 ms timer from the first change woke the main thread ten times a second).
   */
  private emitSoon(): void {
    if (this.emitTimer || this.emitImmediate) return
    const wait = EMIT_EVERY_MS - (performance.now() - this.lastEmitAt)
    if (wait <= 0) {
      this.emitImmediate = setImmediate(() => {
        this.emitImmediate = null
        this.emit()
      })
      return
    }
    this.emitTimer = setTimeout(() => {
      this.emitTimer = null
      this.emit()
    }, wait)
    this.emitTimer.unref()
  }
}
