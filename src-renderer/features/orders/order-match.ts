import type { OrderFilters, OrderView } from '../../../src-preload/contract'

/**
 * Whether an order the list does not hold goes on top of it: it is newer than every row, and the list
 * is the plain newest-first one, or its filters (other than the text box, which only main can judge)
 * take it in.
 */
export function belongsAtTop(order: OrderView, rows: readonly OrderView[], filters: OrderFilters): boolean {
  if (rows.length > 0 && order.id <= (rows[0]?.id ?? 0)) return false
  if (filters.text?.trim()) return false
  if (filters.statuses?.length && !filters.statuses.includes(order.status)) return false
  if (filters.kinds?.length && !filters.kinds.includes(order.kind)) return false
  if (filters.channels?.length && !filters.channels.includes(order.channel)) return false
  if (filters.needsReview && !order.review) return false
  const created = Date.parse(order.createdAt)
  if (filters.createdFrom && created < Date.parse(filters.createdFrom)) return false
  if (filters.createdTo && created >= Date.parse(filters.createdTo)) return false
  if (filters.amountMinSen !== undefined && order.amountSen < filters.amountMinSen) return false
  if (filters.amountMaxSen !== undefined && order.amountSen > filters.amountMaxSen) return false
  return true
}
