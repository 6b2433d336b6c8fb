/** An order's timeline: what happened to it, oldest first. Details are JSON without secrets. */
import type { SqlDatabase, SqlStatement } from './database'
import type { EventRow, EventType, NewEvent } from './history-types'

interface EventRecord {
  id: number
  order_id: number
  type: EventType
  summary: string
  details: string | null
  attempt_id: number | null
  actor: string | null
  at: string
}

function toEventRow(r: EventRecord): EventRow {
  return {
    id: r.id,
    orderId: r.order_id,
    type: r.type,
    summary: r.summary,
    details: r.details === null ? null : (JSON.parse(r.details) as Record<string, unknown>),
    attemptId: r.attempt_id,
    actor: r.actor,
    at: r.at,
  }
}

export class EventsRepository {
  private readonly appendStatement: SqlStatement
  private readonly forOrderStatement: SqlStatement

  constructor(db: SqlDatabase) {
    this.appendStatement = db
      .prepare(
        `insert into events (order_id, type, summary, details, attempt_id, actor, at)
      values (@orderId, @type, @summary, @details, @attemptId, @actor, @at) returning id`,
      )
      .pluck()
    this.forOrderStatement = db.prepare('select * from events where order_id = ? order by id')
  }

  /** The row as written, from what was given and its new id (not read back: every status check appends one). */
  append(event: NewEvent): EventRow {
    const details = event.details === null ? null : JSON.stringify(event.details)
    const id = this.appendStatement.get({ ...event, details }) as number
    return { ...event, id }
  }

  forOrder(orderId: number): EventRow[] {
    return (this.forOrderStatement.all(orderId) as EventRecord[]).map(toEventRow)
  }
}
