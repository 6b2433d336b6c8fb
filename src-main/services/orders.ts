/**
 * Reading the local history for the orders screen: search pages, one order with its timeline, an
 * attempt's request and response on demand. Works without a network.
 */
import type { AttemptView, OrderFilters, OrderView, TimelineEntry } from '../../src-preload/contract'
import { readableSummary } from '../../src-common/status-words'
import { AppError } from '../bridge/app-error'
import { isSaid, say } from '../../src-common/said/say'
import type { AttemptRow, EventRow, OrderPage, OrderRow, OrderSearch } from '../store/history-types'

export interface HistoryReader {
  orders: {
    search(query: OrderSearch): OrderPage
    get(id: number): OrderRow | null
    count(query: Omit<OrderSearch, 'limit' | 'beforeId'>): number
    each(query: Omit<OrderSearch, 'limit' | 'beforeId'>): Generator<OrderRow>
  }
  events: { forOrder(orderId: number): EventRow[] }
  attempts: { get(id: number): AttemptRow | null }
}

/** The row as the renderer may see it: every field of an order is fit to show (it holds no token). */
export function orderView(row: OrderRow): OrderView {
  return {
    id: row.id,
    kind: row.kind,
    invoiceNumber: row.invoiceNumber,
    amountSen: row.amountSen,
    currency: row.currency,
    channel: row.channel,
    status: row.status,
    rawStatus: row.rawStatus,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    requestId: row.requestId,
    paymentId: row.paymentId,
    gatewayReferenceId: row.gatewayReferenceId,
    linkUrl: row.linkUrl,
    linkExpiresAt: row.linkExpiresAt,
    cardMasked: row.cardMasked,
    cardLast4: row.cardLast4,
    cardBrand: row.cardBrand,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    completedAt: row.completedAt,
    review: row.review,
    gatewayAmountSen: row.gatewayAmountSen,
  }
}

/**
 * One timeline row as staff read it: `say`, the message id and values its writer kept in the row's
 * details (never words), for the renderer to word in the desk's language; the English summary for
 * rows written before that (and their statuses and cards put in words when read).
 */
export function timelineEntry(event: EventRow): TimelineEntry {
  const said = event.details?.['say']
  return { id: event.id, type: event.type, summary: readableSummary(event.summary), say: isSaid(said) ? said : null, at: event.at, actor: event.actor, attemptId: event.attemptId }
}

export function searchOrders(history: HistoryReader, query: OrderFilters & { limit: number; beforeId?: number | undefined }): { rows: OrderView[]; nextBeforeId: number | null } {
  const page = history.orders.search(query)
  return { rows: page.rows.map(orderView), nextBeforeId: page.nextBeforeId }
}

/**
 * How many orders match the filters, exactly, from the repository's count (no page is read): the same
 * filters, parsed by the same schema, that a CSV export of them reads, so the two agree.
 */
export function countOrders(history: HistoryReader, filters: OrderFilters): { total: number } {
  return { total: history.orders.count(filters) }
}

export function attemptView(history: HistoryReader, id: number): AttemptView {
  const attempt = history.attempts.get(id)
  if (!attempt) throw new AppError('NOT_FOUND', say('said.records.attempt', { id }))
  return {
    id: attempt.id,
    operation: attempt.operation,
    requestId: attempt.requestId,
    method: attempt.method,
    path: attempt.path,
    outcome: attempt.outcome,
    httpStatus: attempt.httpStatus ?? null,
    signature: attempt.signature ?? null,
    errorCode: attempt.errorCode ?? null,
    errorMessage: attempt.errorMessage ?? null,
    durationMs: attempt.durationMs ?? null,
    startedAt: attempt.startedAt,
    finishedAt: attempt.finishedAt ?? null,
    requestBody: attempt.requestBody,
    responseBody: attempt.responseBody ?? null,
  }
}
