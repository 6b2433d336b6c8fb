/** The audit log: who did what, append-only (the schema's triggers refuse any UPDATE or DELETE). */
import type { Statement } from 'better-sqlite3'
import type { Db } from './database'
import type { NewAuditEntry } from './history-types'

export interface AuditEntryRow extends NewAuditEntry {
  id: number
}

interface AuditRecord {
  id: number
  actor: string
  action: string
  order_id: number | null
  details: string | null
  at: string
}

export class AuditRepository {
  private readonly appendStatement: Statement
  private readonly listStatement: Statement

  constructor(db: Db) {
    this.appendStatement = db.prepare('insert into audit_log (actor, action, order_id, details, at) values (@actor, @action, @orderId, @details, @at) returning id').pluck()
    this.listStatement = db.prepare('select * from audit_log order by id desc limit ?')
  }

  append(entry: NewAuditEntry): AuditEntryRow {
    const id = this.appendStatement.get({ ...entry, details: entry.details === null ? null : JSON.stringify(entry.details) }) as number
    return { id, ...entry }
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
    }))
  }
}
