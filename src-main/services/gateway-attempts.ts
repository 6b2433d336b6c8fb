/**
 * How every gateway request lands in the history: a money-moving one is written ahead (`begin`
 * before the request leaves, `finish` after), a read is recorded once answered. An attempt a crash
 * interrupted is found at start-up and settled as an unknown outcome, never guessed.
 */
import type { Exchange, GatewayResult } from '../gateway/client'
import { redactBody } from '../gateway/redact'
import { violatesUnique } from '../store/database'
import type { History } from '../store/history'
import { duplicateInvoice } from './invoice-numbers'
import type { AttemptCompletion, AttemptRow } from '../store/history-types'
import { say } from '../../src-common/said/say'

export interface PlannedRequest {
  orderId: number
  operation: Exchange['operation']
  requestId: string
  path: string
  /** The exact body that will be sent (toWireJson); stored redacted. */
  body: string
}

/**
 * Runs the write-ahead transaction of a money movement: its checks (invoice free, card not locked, no
 * duplicate) and its writes together, so that no second request can slip between them. Should the
 * database itself refuse the invoice number (another process won the race), staff get the same
 * DUPLICATE_INVOICE as from the check, not a crash.
 */
export function writeAhead<T>(history: History, invoiceNumber: string, work: () => T): T {
  try {
    return history.moneyTransaction(work)
  } catch (error) {
    if (violatesUnique(error, { column: 'orders.invoice_number', constraint: 'orders_invoice_number_key' })) throw duplicateInvoice(invoiceNumber)
    throw error
  }
}

export function beginAttempt(history: History, request: PlannedRequest, at: Date): AttemptRow {
  return history.attempts.begin({
    orderId: request.orderId,
    operation: request.operation,
    requestId: request.requestId,
    method: 'POST',
    path: request.path,
    requestBody: redactBody(request.body),
    startedAt: at.toISOString(),
  })
}

export function completionOf(result: GatewayResult<unknown>, finishedAt: Date): AttemptCompletion {
  const { exchange } = result
  const outcome: AttemptCompletion['outcome'] = result.ok ? 'ok' : result.error.outcomeUnknown ? 'unknown' : result.error.httpStatus !== null && result.error.httpStatus < 500 ? 'rejected' : 'error'
  return {
    httpStatus: exchange.httpStatus,
    responseBody: exchange.responseBody,
    signature: exchange.signature,
    outcome,
    errorCode: result.ok ? null : result.error.code,
    errorMessage: result.ok ? null : result.error.message,
    durationMs: exchange.durationMs,
    finishedAt: finishedAt.toISOString(),
  }
}

export function finishAttempt(history: History, attempt: AttemptRow, result: GatewayResult<unknown>, at: Date): AttemptRow {
  return history.attempts.complete(attempt.id, completionOf(result, at))
}

/** A read (status check, retrieve) recorded after the fact: nothing moves, so nothing is written ahead. Returns the attempt's id. */
export function recordRead(history: History, orderId: number, result: GatewayResult<unknown>, at: Date): number {
  const { exchange } = result
  // One insert: the request already happened, so there is nothing to write ahead of it.
  return history.attempts.record(
    {
      orderId,
      operation: exchange.operation,
      requestId: exchange.requestId,
      method: exchange.method,
      path: exchange.path,
      requestBody: exchange.requestBody,
      startedAt: exchange.sentAt.toISOString(),
    },
    completionOf(result, at),
  )
}

/** Operations whose interruption leaves the order's outcome unknown. */
const MONEY_MOVING = new Set(['payment_page', 'create_payment', 'charge', 'refund'])

/**
 * Attempts begun and never completed: the app stopped between sending and recording the answer. Each
 * becomes `unknown`; its order becomes Outcome unknown, to be settled by a status check. Returns the
 * orders touched.
 *
 * A desk's own history has no request in flight when it opens, so every pending attempt was
 * interrupted. In a team another desk may be waiting for an answer right now: only attempts begun
 * before `startedBefore` (longer ago than any request can last) count as interrupted.
 */
export function settleInterruptedAttempts(history: History, at: Date, startedBefore?: Date): number[] {
  const touched: number[] = []
  const now = at.toISOString()
  const cutoff = startedBefore?.toISOString()
  for (const attempt of history.attempts.pending()) {
    if (cutoff !== undefined && attempt.startedAt >= cutoff) continue
    history.transaction(() => {
      const moneyMoving = MONEY_MOVING.has(attempt.operation)
      const settled = history.attempts.completeIfPending(attempt.id, {
        httpStatus: null,
        responseBody: null,
        signature: 'not_signed',
        outcome: moneyMoving ? 'unknown' : 'error',
        errorCode: 'INTERRUPTED',
        errorMessage: 'The app stopped before the gateway’s answer was recorded.',
        durationMs: Math.max(0, at.getTime() - Date.parse(attempt.startedAt)),
        finishedAt: now,
      })
      // Answered meanwhile, at the desk that sent it.
      if (!settled) return
      if (attempt.orderId === null || !moneyMoving) return
      const order = history.orders.get(attempt.orderId)
      if (!order) return
      if (attempt.operation === 'refund') {
        // The refund, not the paid order, is what is in doubt.
        const refund = history.refunds.byRequestId(attempt.requestId)
        if (!refund || refund.status === 'OUTCOME_UNKNOWN') return
        history.refunds.update(refund.id, { status: 'OUTCOME_UNKNOWN' }, now)
      } else {
        if (order.status === 'OUTCOME_UNKNOWN') return
        history.orders.update(order.id, { status: 'OUTCOME_UNKNOWN' }, now)
      }
      history.events.append({
        orderId: order.id,
        type: 'attempt',
        summary: 'The app stopped before the gateway answered: the outcome is unknown until a status check settles it',
        details: { operation: attempt.operation, requestId: attempt.requestId, say: say('said.timeline.appStopped') },
        attemptId: attempt.id,
        actor: null,
        at: now,
      })
      touched.push(order.id)
    })
  }
  return touched
}
