/**
 * The status tracker's schedule: one row per order or refund it follows, with the number of checks it
 * made (the backoff step) and when the next is due. A row whose `nextAt` is null is one the tracker
 * stopped following (a link past its expiry): kept so that a restart does not take it up again.
 */
import type { SqlDatabase, SqlStatement } from './database'
import type { OrderStatus } from './history-types'

export type TrackedSubject = 'order' | 'refund'

export interface TrackingRow {
  subject: TrackedSubject
  subjectId: number
  checks: number
  nextAt: string | null
}

interface TrackingRecord {
  subject: TrackedSubject
  subject_id: number
  checks: number
  next_at: string | null
}

/** A followed order's row with what the 60-second rule reads of the order (status-checks.ts `checkDueFrom`). */
export interface FollowedOrder extends TrackingRow {
  status: OrderStatus
  inReview: boolean
  createdAt: string
  completedAt: string | null
  /** The last time the gateway was asked or answered about the order, of all its requests. */
  lastHeardAt: string | null
}

interface FollowedOrderRecord extends TrackingRecord {
  status: OrderStatus
  in_review: number
  created_at: string
  completed_at: string | null
  last_heard_at: string | null
}

const toRow = (r: TrackingRecord): TrackingRow => ({ subject: r.subject, subjectId: r.subject_id, checks: r.checks, nextAt: r.next_at })

export class TrackingRepository {
  private readonly getStatement: SqlStatement
  private readonly addStatement: SqlStatement
  private readonly setStatement: SqlStatement
  private readonly removeStatement: SqlStatement
  private readonly dueStatement: SqlStatement
  private readonly countStatement: SqlStatement
  private readonly dueCountStatement: SqlStatement
  private readonly nextStatement: SqlStatement
  private readonly subjectIdsStatement: SqlStatement
  private readonly followedOrdersStatement: SqlStatement
  private readonly activeOfStatement: SqlStatement

  constructor(db: SqlDatabase) {
    this.getStatement = db.prepare('select * from tracking where subject = ? and subject_id = ?')
    this.addStatement = db.prepare('insert into tracking (subject, subject_id, checks, next_at) values (?, ?, 0, ?) on conflict do nothing')
    this.setStatement = db.prepare(
      'insert into tracking (subject, subject_id, checks, next_at) values (@subject, @subjectId, @checks, @nextAt) on conflict (subject, subject_id) do update set checks = excluded.checks, next_at = excluded.next_at',
    )
    this.removeStatement = db.prepare('delete from tracking where subject = ? and subject_id = ?')
    this.dueStatement = db.prepare('select * from tracking where next_at is not null and next_at <= ? order by next_at limit ?')
    this.countStatement = db.prepare('select count(*) from tracking where next_at is not null').pluck()
    this.dueCountStatement = db.prepare('select count(*) from tracking where next_at is not null and next_at <= ?').pluck()
    this.nextStatement = db.prepare('select min(next_at) from tracking where next_at is not null').pluck()
    this.subjectIdsStatement = db.prepare('select subject_id from tracking where subject = ?').pluck()
    // ISO instants of one format: their text's order is their time's.
    this.followedOrdersStatement = db.prepare(
      `select t.*, o.status, case when o.review is null then 0 else 1 end as in_review, o.created_at, o.completed_at,
         (select max(coalesce(a.finished_at, a.started_at)) from attempts a where a.order_id = o.id) as last_heard_at
       from tracking t join orders o on o.id = t.subject_id
       where t.subject = 'order' and t.next_at is not null order by t.next_at`,
    )
    this.activeOfStatement = db.prepare('select * from tracking where subject = ? and next_at is not null order by next_at')
  }

  get(subject: TrackedSubject, subjectId: number): TrackingRow | null {
    const row = this.getStatement.get(subject, subjectId) as TrackingRecord | undefined
    return row ? toRow(row) : null
  }

  /** Starts following a subject, unless it is followed (or was stopped) already. */
  add(subject: TrackedSubject, subjectId: number, nextAt: string): void {
    this.addStatement.run(subject, subjectId, nextAt)
  }

  set(row: TrackingRow): void {
    this.setStatement.run(row)
  }

  remove(subject: TrackedSubject, subjectId: number): void {
    this.removeStatement.run(subject, subjectId)
  }

  /** The rows due at `now`, soonest first. */
  due(now: string, limit: number): TrackingRow[] {
    return (this.dueStatement.all(now, limit) as TrackingRecord[]).map(toRow)
  }

  /**
   * Every followed order with what its due time is read from, in one query: "Refresh all pending"
   * decides what is due for thousands of orders at once (two statements an order took 150 ms of the
   * main process at 10,000).
   */
  followedOrders(): FollowedOrder[] {
    return (this.followedOrdersStatement.all() as FollowedOrderRecord[]).map((r) => ({
      ...toRow(r),
      status: r.status,
      inReview: r.in_review === 1,
      createdAt: r.created_at,
      completedAt: r.completed_at,
      lastHeardAt: r.last_heard_at,
    }))
  }

  /** Every followed row of one kind, soonest first. */
  activeOf(subject: TrackedSubject): TrackingRow[] {
    return (this.activeOfStatement.all(subject) as TrackingRecord[]).map(toRow)
  }

  count(): number {
    return this.countStatement.get() as number
  }

  dueCount(now: string): number {
    return this.dueCountStatement.get(now) as number
  }

  nextAt(): string | null {
    return (this.nextStatement.get() as string | null) ?? null
  }

  /** Ids of every subject of a kind with a row, followed or stopped. */
  subjectIds(subject: TrackedSubject): Set<number> {
    return new Set(this.subjectIdsStatement.all(subject) as number[])
  }
}
