/** The audit log: who did what, append-only (the schema's triggers refuse any UPDATE or DELETE). */
import type { SqlDatabase, SqlStatement } from './database'
import type { NewAuditEntry } from './history-types'

export interface AuditEntryRow extends NewAuditEntry {
  id: number
}

/** The audit log screen's filters, dates already as ISO instants. */
export interface AuditQuery {
  /** Part of the name of who acted or approved, any case. */
  actor?: string | undefined
  /** An action (`refund.request`) or its family (`refund`). */
  action?: string | undefined
  from?: string | undefined
  to?: string | undefined
}

export interface AuditListRow {
  id: number
  at: string
  actor: string
  action: string
  orderId: number | null
  invoiceNumber: string | null
  approvedBy: string | null
  /** JSON text, as stored. */
  details: string | null
}

interface AuditRecord {
  id: number
  actor: string
  action: string
  order_id: number | null
  details: string | null
  at: string
  approved_by: string | null
}

export class AuditRepository {
  private readonly appendStatement: SqlStatement
  private readonly listStatement: SqlStatement

  constructor(private readonly db: SqlDatabase) {
    this.appendStatement = db.prepare('insert into audit_log (actor, action, order_id, details, at, approved_by) values (@actor, @action, @orderId, @details, @at, @approvedBy) returning id').pluck()
    this.listStatement = db.prepare('select * from audit_log order by id desc limit ?')
  }

  append(entry: NewAuditEntry): AuditEntryRow {
    const id = this.appendStatement.get({ ...entry, details: entry.details === null ? null : JSON.stringify(entry.details), approvedBy: entry.approvedBy ?? null }) as number
    return { id, ...entry, approvedBy: entry.approvedBy ?? null }
  }

  private where(query: AuditQuery): { sql: string; params: Record<string, string> } {
    const clauses: string[] = []
    const params: Record<string, string> = {}
    if (query.actor) {
      // A substring in any case, the same on both engines: LIKE with its wildcards escaped (SQLite's
      // LIKE ignores ASCII case and PostgreSQL's does not, so both sides are lower-cased).
      clauses.push("(lower(a.actor) like lower(@actor) escape '\\' or lower(coalesce(a.approved_by, '')) like lower(@actor) escape '\\')")
      params['actor'] = `%${query.actor.replace(/[\\%_]/g, '\\$&')}%`
    }
    if (query.action) {
      clauses.push("(a.action = @action or substr(a.action, 1, length(@action) + 1) = @action || '.')")
      params['action'] = query.action
    }
    if (query.from) {
      clauses.push('a.at >= @from')
      params['from'] = query.from
    }
    if (query.to) {
      clauses.push('a.at <= @to')
      params['to'] = query.to
    }
    return { sql: clauses.length > 0 ? clauses.join(' and ') : 'true', params }
  }

  /** One page, newest first, keyset by id; the order's invoice number joined. */
  page(query: AuditQuery, limit: number, beforeId?: number): AuditListRow[] {
    const { sql, params } = this.where(query)
    return this.db
      .prepare(
        `select a.id, a.at, a.actor, a.action, a.order_id as "orderId", o.invoice_number as "invoiceNumber", a.approved_by as "approvedBy", a.details
         from audit_log a left join orders o on o.id = a.order_id
         where ${sql} and a.id < @beforeId order by a.id desc limit @limit`,
      )
      .all({ ...params, beforeId: beforeId ?? Number.MAX_SAFE_INTEGER, limit }) as AuditListRow[]
  }

  /** The newest `limit` entries, newest first. */
  list(limit = 100): AuditEntryRow[] {
    return (this.listStatement.all(Math.max(1, Math.min(limit, 10_000))) as AuditRecord[]).map((r) => ({
      id: r.id,
      actor: r.actor,
      action: r.action,
      orderId: r.order_id,
      details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
      at: r.at,
      approvedBy: r.approved_by,
    }))
  }
}
