/**
 * Notifications from the gateway, kept as received. The gateway may deliver one several times; a
 * repeated Request-Id is recognised as a duplicate and changes nothing, so it is acted on once.
 */
import type { Statement } from 'better-sqlite3'
import type { Db } from './database'
import type { NewNotification } from './history-types'

export interface NotificationRow extends NewNotification {
  id: number
}

interface NotificationRecord {
  id: number
  request_id: string | null
  raw_body: string
  headers: string
  verified: number
  order_id: number | null
  received_at: string
}

export class NotificationsRepository {
  private readonly insertStatement: Statement
  private readonly byRequestIdStatement: Statement
  private readonly forOrderStatement: Statement

  constructor(db: Db) {
    this.insertStatement = db.prepare(`insert into notifications (request_id, raw_body, headers, verified, order_id, received_at)
      values (@requestId, @rawBody, @headers, @verified, @orderId, @receivedAt) on conflict (request_id) do nothing returning id`).pluck()
    this.byRequestIdStatement = db.prepare('select id from notifications where request_id = ?').pluck()
    this.forOrderStatement = db.prepare('select * from notifications where order_id = ? order by id')
  }

  /** Stores the notification unless its Request-Id was seen before; then `duplicate` and the first one's id. */
  insert(notification: NewNotification): { id: number; duplicate: boolean } {
    const id = this.insertStatement.get({ ...notification, headers: JSON.stringify(notification.headers), verified: notification.verified ? 1 : 0 }) as
      | number
      | undefined
    if (id !== undefined) return { id, duplicate: false }
    return { id: this.byRequestIdStatement.get(notification.requestId) as number, duplicate: true }
  }

  forOrder(orderId: number): NotificationRow[] {
    return (this.forOrderStatement.all(orderId) as NotificationRecord[]).map((r) => ({
      id: r.id,
      requestId: r.request_id,
      rawBody: r.raw_body,
      headers: JSON.parse(r.headers) as Record<string, string>,
      verified: r.verified === 1,
      orderId: r.order_id,
      receivedAt: r.received_at,
    }))
  }
}
