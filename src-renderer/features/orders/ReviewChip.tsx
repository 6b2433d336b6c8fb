import '../../ui/chip.css'
import './ReviewChip.css'
import type { OrderView } from '../../../src-preload/contract'
import { STATUS_LABELS } from '../../format/labels'
import { reviewTitle } from './review'
import { useT } from '../../i18n/i18n'

/** "Needs review": the gateway said paid with money that is not the order's; a person must decide. */
export function ReviewChip({ order }: { order: OrderView }) {
  const t = useT()
  if (!order.review) return null
  return (
    <span className="chip chip--review" title={t('orders.review.chipTitle', { title: reviewTitle(order, order.review), status: STATUS_LABELS[order.status] })} data-testid="review-chip">
      {t('orders.review.chip')}
    </span>
  )
}
