/**
 * The orders screen's count line: the exact number the filters find, from main's count (the number a
 * CSV export of the same filters writes), never a "100+" guessed from the rows loaded so far. Pure, so
 * the wording can be tested.
 */
import type { OrderFilters } from '../../../src-preload/contract'
import { t } from '../../i18n/i18n'

export function hasFilters(filters: OrderFilters): boolean {
  return Object.values(filters as Record<string, unknown>).some((value) => value !== undefined)
}

/** What an empty result says: with only "Needs review" on, that nothing waits for a decision. */
function noneText(filters: OrderFilters): string {
  const { needsReview, ...others } = filters
  return needsReview && !hasFilters(others) ? t('orders.count.noneNeedReview') : t('orders.count.noneMatch')
}

export interface CountLineState {
  filters: OrderFilters
  loading: boolean
  /** The rows loaded so far, and whether there are more. */
  loaded: number
  more: boolean
  /** Main's count, or null while it is being counted (or could not be). */
  total: number | null
}

/** "Searching…", "No orders match.", "1 order, newest first", "1,628 orders, newest first". */
export function countLine({ filters, loading, loaded, more, total }: CountLineState): string {
  if (loading && loaded === 0) return t('orders.count.searching')
  if (loaded === 0) return noneText(filters)
  // Every row is loaded: that is the count until main's arrives (an order added since may make it one more).
  const exact = total ?? (more ? null : loaded)
  if (exact === null) return t('orders.count.counting', { count: loaded, n: loaded.toLocaleString('en-MY') })
  return t('orders.count.newestFirst', { count: exact, n: exact.toLocaleString('en-MY') })
}
