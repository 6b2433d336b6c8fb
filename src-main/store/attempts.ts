/**
 * Gateway attempts, written ahead: `begin` before the request leaves, `complete` once its outcome is
 * known. An attempt still `pending` after a restart is one a crash interrupted; `pending()` finds
 * them so the app can settle them by a status check instead of guessing.
 */
import type { SqlDatabase, SqlStatement } from './database'
import type { AttemptCompletion, AttemptOutcome, AttemptRow, NewAttempt } from './history-types'

interface AttemptRecord {
  id: number
  order_id: number | null
  operation: string
  request_id: string
  method: 'GET' | 'POST'
  path: string
  request_body: string | null
  response_body: string | null
  http_status: number | null
  signature: string | null
  outcome: AttemptOutcome
  error_code: string | null
  error_message: string | null
  duration_ms: number | null
  started_at: string
  finished_at: string | null
}

function toAttemptRow(r: AttemptRecord): AttemptRow {
  const row: AttemptRow = {
    id: r.id,
    orderId: r.order_id,
    operation: r.operation,
    requestId: r.request_id,
    method: r.method,
    path: r.path,
    requestBody: r.request_body,
    startedAt: r.started_at,
    outcome: r.outcome,
  }
  if (r.outcome === 'pending') return row
  return {
    ...row,
    httpStatus: r.http_status,
    responseBody: r.response_body,
    signature: r.signature ?? '',
    errorCode: r.error_code,
    errorMessage: r.error_message,
    durationMs: r.duration_ms ?? 0,
    finishedAt: r.finished_at ?? r.started_at,
  }
}

export class AttemptsRepository {
  private readonly beginStatement: SqlStatement
  private readonly completeStatement: SqlStatement
  private readonly recordStatement: SqlStatement
  private readonly getStatement: SqlStatement
  private readonly forOrderStatement: SqlStatement
  private readonly pendingStatement: SqlStatement
  private readonly lastHeardStatement: SqlStatement

  constructor(db: SqlDatabase) {
    this.beginStatement = db.prepare(`insert into attempts (order_id, operation, request_id, method, path, request_body, outcome, started_at)
      values (@orderId, @operation, @requestId, @method, @path, @requestBody, 'pending', @startedAt) returning *`)
    // Only a pending attempt is completed: an outcome, once written, is history.
    this.completeStatement = db.prepare(`update attempts set http_status = @httpStatus, response_body = @responseBody, signature = @signature,
      outcome = @outcome, error_code = @errorCode, error_message = @errorMessage, duration_ms = @durationMs, finished_at = @finishedAt
      where id = @id and outcome = 'pending' returning *`)
    this.recordStatement = db
      .prepare(
        `insert into attempts (order_id, operation, request_id, method, path, request_body, started_at,
      http_status, response_body, signature, outcome, error_code, error_message, duration_ms, finished_at)
      values (@orderId, @operation, @requestId, @method, @path, @requestBody, @startedAt,
      @httpStatus, @responseBody, @signature, @outcome, @errorCode, @errorMessage, @durationMs, @finishedAt) returning id`,
      )
      .pluck()
    this.getStatement = db.prepare('select * from attempts where id = ?')
    this.forOrderStatement = db.prepare('select * from attempts where order_id = ? order by id')
    this.pendingStatement = db.prepare("select * from attempts indexed by attempts_pending where outcome = 'pending' order by id")
    this.lastHeardStatement = db.prepare('select coalesce(finished_at, started_at) from attempts where order_id = ? order by id').pluck()
  }

  /** Records the attempt before the call. The bodies must already be redacted (redactBody). */
  begin(attempt: NewAttempt): AttemptRow {
    return toAttemptRow(this.beginStatement.get(attempt) as AttemptRecord)
  }

  complete(id: number, completion: AttemptCompletion): AttemptRow {
    const row = this.completeStatement.get({ ...completion, durationMs: Math.round(completion.durationMs), id }) as AttemptRecord | undefined
    if (row) return toAttemptRow(row)
    const existing = this.get(id)
    throw new Error(existing ? `Attempt ${String(id)} is already complete (${existing.outcome}).` : `Attempt ${String(id)} does not exist.`)
  }

  /**
   * Records an attempt already answered (a read: nothing is written ahead of it): the row begin and
   * complete would leave, in one insert. Returns its id only: what its timeline entry links to (the
   * row read back, bodies and all, was every status check's dearest row to build).
   */
  record(attempt: NewAttempt, completion: AttemptCompletion): number {
    return this.recordStatement.get({ ...attempt, ...completion, durationMs: Math.round(completion.durationMs) }) as number
  }

  /** Completes it if it is still pending; null when it is not (another desk of a team completed it first). */
  completeIfPending(id: number, completion: AttemptCompletion): AttemptRow | null {
    const row = this.completeStatement.get({ ...completion, durationMs: Math.round(completion.durationMs), id }) as AttemptRecord | undefined
    return row ? toAttemptRow(row) : null
  }

  get(id: number): AttemptRow | null {
    const row = this.getStatement.get(id) as AttemptRecord | undefined
    return row ? toAttemptRow(row) : null
  }

  forOrder(orderId: number): AttemptRow[] {
    return (this.forOrderStatement.all(orderId) as AttemptRecord[]).map(toAttemptRow)
  }

  /**
   * When each of an order's requests was last heard of (its answer, or its start while it has none),
   * oldest first: what the 60-second rule reads (check-timing.lastHeardOf), without the bodies that
   * forOrder reads and maps.
   */
  lastHeardFor(orderId: number): string[] {
    return this.lastHeardStatement.all(orderId) as string[]
  }

  /** Attempts begun and never completed, oldest first. */
  pending(): AttemptRow[] {
    return (this.pendingStatement.all() as AttemptRecord[]).map(toAttemptRow)
  }
}
