/** Refunds, each known by the Request-Id it was (or, for an external one, had been) sent with. */
import type { SqlDatabase, SqlStatement } from './database'
import type { NewRefund, RefundRow } from './history-types'

interface RefundRecord {
  id: number
  order_id: number
  request_id: string
  amount_sen: number
  type: RefundRow['type']
  status: RefundRow['status']
  raw_status: string | null
  message: string | null
  external: number
  created_by: string
  created_at: string
  updated_at: string
}

function toRefundRow(r: RefundRecord): RefundRow {
  return {
    id: r.id,
    orderId: r.order_id,
    requestId: r.request_id,
    amountSen: r.amount_sen,
    type: r.type,
    status: r.status,
    rawStatus: r.raw_status,
    message: r.message,
    external: r.external === 1,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export type RefundUpdate = Partial<Pick<RefundRow, 'requestId' | 'status' | 'rawStatus' | 'type' | 'amountSen' | 'message'>>

const FIELDS: readonly (readonly [keyof RefundUpdate, string])[] = [
  ['requestId', 'request_id'],
  ['status', 'status'],
  ['rawStatus', 'raw_status'],
  ['type', 'type'],
  ['amountSen', 'amount_sen'],
  ['message', 'message'],
]

export class RefundsRepository {
  private readonly insertStatement: SqlStatement
  private readonly updateStatement: SqlStatement
  private readonly forOrderStatement: SqlStatement
  private readonly byRequestIdStatement: SqlStatement
  private readonly getStatement: SqlStatement
  private readonly openStatement: SqlStatement

  constructor(db: SqlDatabase) {
    // approved_at: the moment the refund turned SUCCESS, the day it counts on (migration 8, docs/home-and-report.md); never moved after.
    this.insertStatement = db.prepare(`insert into refunds (order_id, request_id, amount_sen, type, status, raw_status, message, external, created_by, created_at, updated_at, approved_at)
      values (@orderId, @requestId, @amountSen, @type, @status, @rawStatus, null, @external, @createdBy, @createdAt, @createdAt,
        case when @status = 'SUCCESS' then @createdAt else null end) returning *`)
    this.updateStatement = db.prepare(`update refunds set
      ${FIELDS.map(([field, column]) => `${column} = case when @has_${field} then @${field} else ${column} end`).join(', ')},
      approved_at = case when (case when @has_status then @status else status end) = 'SUCCESS' then coalesce(approved_at, @at) else null end,
      updated_at = @at where id = @id returning *`)
    this.forOrderStatement = db.prepare('select * from refunds where order_id = ? order by id')
    this.byRequestIdStatement = db.prepare('select * from refunds where request_id = ?')
    this.getStatement = db.prepare('select * from refunds where id = ?')
    this.openStatement = db.prepare("select * from refunds where status in ('PENDING', 'OUTCOME_UNKNOWN') order by id")
  }

  get(id: number): RefundRow | null {
    const row = this.getStatement.get(id) as RefundRecord | undefined
    return row ? toRefundRow(row) : null
  }

  /** Refunds whose outcome is not settled yet: the status tracker follows them. */
  open(): RefundRow[] {
    return (this.openStatement.all() as RefundRecord[]).map(toRefundRow)
  }

  insert(refund: NewRefund & { rawStatus?: string | null }): RefundRow {
    return toRefundRow(this.insertStatement.get({ ...refund, rawStatus: refund.rawStatus ?? null, external: refund.external ? 1 : 0 }) as RefundRecord)
  }

  update(id: number, patch: RefundUpdate, at: string): RefundRow {
    const params: Record<string, string | number | null> = { id, at }
    for (const [field] of FIELDS) {
      const present = patch[field] !== undefined
      params[`has_${field}`] = present ? 1 : 0
      params[field] = present ? (patch[field] ?? null) : null
    }
    const row = this.updateStatement.get(params) as RefundRecord | undefined
    if (!row) throw new Error(`Refund ${String(id)} does not exist.`)
    return toRefundRow(row)
  }

  forOrder(orderId: number): RefundRow[] {
    return (this.forOrderStatement.all(orderId) as RefundRecord[]).map(toRefundRow)
  }

  byRequestId(requestId: string): RefundRow | null {
    const row = this.byRequestIdStatement.get(requestId) as RefundRecord | undefined
    return row ? toRefundRow(row) : null
  }
}
