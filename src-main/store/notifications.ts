/**
 * Notifications from the gateway, kept as received. The gateway may deliver one several times; a
 * repeated Request-Id is recognised as a duplicate and changes nothing, so it is acted on once.
 * Each is stored before the gateway is answered and acted on after (`handled_at`): one stored but not
 * yet acted on when the app stopped is found by `unhandled()` at the next start.
 *
 * The body is stored redacted; the card token it carried, if any, is kept encrypted under the card
 * data key beside it (migration 4), for the one use acting on it has: saving the customer's card.
 */
import type { CardCipher } from '../credentials/card-cipher'
import type { SqlDatabase, SqlStatement } from './database'
import type { NewNotification } from './history-types'

export interface NotificationRow extends Omit<NewNotification, 'token'> {
  id: number
  handledAt: string | null
  /** What acting on it did, in a line for staff. */
  result: string | null
  /** Acting on it failed: kept and shown, not tried again. */
  failed: boolean
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
  failed: number
  invoice_number: string | null
  scheme: 'card' | 'generic' | null
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
    failed: r.failed === 1,
    invoiceNumber: r.invoice_number,
    // Stored before migration 5: the card scheme was the only one verified.
    scheme: r.scheme ?? 'card',
  }
}

export class NotificationsRepository {
  private readonly insertStatement: SqlStatement
  private readonly byRequestIdStatement: SqlStatement
  private readonly forOrderStatement: SqlStatement
  private readonly getStatement: SqlStatement
  private readonly handledStatement: SqlStatement
  private readonly unhandledStatement: SqlStatement
  private readonly recentStatement: SqlStatement
  private readonly tokenStatement: SqlStatement
  private readonly waitingStatement: SqlStatement
  private readonly claimStatement: SqlStatement
  private readonly unmatchedStatement: SqlStatement

  constructor(
    db: SqlDatabase,
    private readonly cipher: CardCipher,
  ) {
    this.insertStatement = db
      .prepare(
        `insert into notifications (request_id, raw_body, headers, verified, order_id, received_at, token_ciphertext, invoice_number, scheme)
      values (@requestId, @rawBody, @headers, @verified, @orderId, @receivedAt, @tokenCiphertext, @invoiceNumber, @scheme) on conflict (request_id) do nothing returning id`,
      )
      .pluck()
    this.byRequestIdStatement = db.prepare('select id from notifications where request_id = ?').pluck()
    this.forOrderStatement = db.prepare('select * from notifications where order_id = ? order by id')
    this.getStatement = db.prepare('select * from notifications where id = ?')
    this.handledStatement = db.prepare('update notifications set handled_at = ?, result = ?, order_id = coalesce(?, order_id), failed = ? where id = ?')
    this.unhandledStatement = db.prepare('select * from notifications where handled_at is null order by id')
    this.recentStatement = db.prepare('select * from notifications order by id desc limit ?')
    this.tokenStatement = db.prepare('select token_ciphertext from notifications where id = ?').pluck()
    this.waitingStatement = db.prepare('select id from notifications indexed by notifications_waiting where invoice_number = ? and order_id is null').pluck()
    this.claimStatement = db.prepare('update notifications set order_id = ?, result = ? where id = ?')
    this.unmatchedStatement = db.prepare('select count(*) from notifications indexed by notifications_unmatched where order_id is null and handled_at is not null').pluck()
  }

  /** Stores the notification unless its Request-Id was seen before; then `duplicate` and the first one's id. */
  insert(notification: NewNotification): { id: number; duplicate: boolean } {
    const { token, ...fields } = notification
    const id = this.insertStatement.get({
      ...fields,
      headers: JSON.stringify(notification.headers),
      verified: notification.verified ? 1 : 0,
      tokenCiphertext: token ? this.cipher.encrypt(token) : null,
    }) as number | undefined
    if (id !== undefined) return { id, duplicate: false }
    return { id: this.byRequestIdStatement.get(notification.requestId) as number, duplicate: true }
  }

  get(id: number): NotificationRow | null {
    const row = this.getStatement.get(id) as NotificationRecord | undefined
    return row ? toRow(row) : null
  }

  markHandled(id: number, result: string, orderId: number | null, at: string): void {
    this.handledStatement.run(at, result, orderId, 0, id)
  }

  /** Acting on it threw: marked so that it is shown and not tried again at every start. */
  markFailed(id: number, result: string, at: string): void {
    this.handledStatement.run(at, result, null, 1, id)
  }

  /** Notifications kept for an invoice number no order here had when they came. */
  waitingFor(invoiceNumber: string): number[] {
    return this.waitingStatement.all(invoiceNumber) as number[]
  }

  /** Links a waiting notification to the order that has appeared for it. */
  claim(id: number, orderId: number, result: string): void {
    this.claimStatement.run(orderId, result, id)
  }

  /** Kept notifications that name no order here (yet). */
  unmatchedCount(): number {
    return this.unmatchedStatement.get() as number
  }

  /** The card token the notification carried, in clear; null if none, or if it was stored under a data key the app no longer has. */
  token(id: number): string | null {
    const blob = this.tokenStatement.get(id) as Buffer | null | undefined
    if (!blob) return null
    try {
      return this.cipher.decrypt(blob)
    } catch {
      return null
    }
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
