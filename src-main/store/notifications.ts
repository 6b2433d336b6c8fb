/**
 * Notifications from the gateway, kept as received. The gateway may deliver one several times; a
 * repeated Request-Id is recognised as a duplicate and changes nothing, so it is acted on once.
 * Each is stored before the gateway is answered and acted on after (`handled_at`): one stored but not
 * yet acted on when the app stopped is found by `unhandled()` at the next start.
 */
import type { Statement } from 'better-sqlite3'
import type { Db } from './database'
import type { NewNotification } from './history-types'

export interface NotificationRow extends NewNotification {
  id: number
  handledAt: string | null
  /** What acting on it did, in a line for staff. */
  result: string | null
}

interface NotificationRecord {
  id: number
  request_id: string | null
  raw_body: string
  headers: string
  verified: number
  order_id: number | null
  received_at: string
  handled_at: string | null
  result: string | null
}

function toRow(r: NotificationRecord): NotificationRow {
  return {
    id: r.id,
    requestId: r.request_id,
    rawBody: r.raw_body,
    headers: JSON.parse(r.headers) as Record<string, string>,
    verified: r.verified === 1,
    orderId: r.order_id,
    receivedAt: r.received_at,
    handledAt: r.handled_at,
    result: r.result,
  }
}

export class NotificationsRepository {
  private readonly insertStatement: Statement
  private readonly byRequestIdStatement: Statement
  private readonly forOrderStatement: Statement
  private readonly getStatement: Statement
  private readonly handledStatement: Statement
  private readonly unhandledStatement: Statement
  private readonly recentStatement: Statement

  constructor(db: Db) {
    this.insertStatement = db.prepare(`insert into notifications (request_id, raw_body, headers, verified, order_id, received_at)
      values (@requestId, @rawBody, @headers, @verified, @orderId, @receivedAt) on conflict (request_id) do nothing returning id`).pluck()
    this.byRequestIdStatement = db.prepare('select id from notifications where request_id = ?').pluck()
    this.forOrderStatement = db.prepare('select * from notifications where order_id = ? order by id')
    this.getStatement = db.prepare('select * from notifications where id = ?')
    this.handledStatement = db.prepare('update notifications set handled_at = ?, result = ?, order_id = coalesce(?, order_id) where id = ?')
    this.unhandledStatement = db.prepare('select * from notifications where handled_at is null order by id')
    this.recentStatement = db.prepare('select * from notifications order by id desc limit ?')
  }

  /** Stores the notification unless its Request-Id was seen before; then `duplicate` and the first one's id. */
  insert(notification: NewNotification): { id: number; duplicate: boolean } {
    const id = this.insertStatement.get({ ...notification, headers: JSON.stringify(notification.headers), verified: notification.verified ? 1 : 0 }) as
      | number
      | undefined
    if (id !== undefined) return { id, duplicate: false }
    return { id: this.byRequestIdStatement.get(notification.requestId) as number, duplicate: true }
  }

  get(id: number): NotificationRow | null {
    const row = this.getStatement.get(id) as NotificationRecord | undefined
    return row ? toRow(row) : null
  }

  markHandled(id: number, result: string, orderId: number | null, at: string): void {
    this.handledStatement.run(at, result, orderId, id)
  }

  unhandled(): NotificationRow[] {
    return (this.unhandledStatement.all() as NotificationRecord[]).map(toRow)
  }

  recent(limit: number): NotificationRow[] {
    return (this.recentStatement.all(limit) as NotificationRecord[]).map(toRow)
  }

  forOrder(orderId: number): NotificationRow[] {
    return (this.forOrderStatement.all(orderId) as NotificationRecord[]).map(toRow)
  }
}
