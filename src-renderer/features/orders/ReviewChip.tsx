import '../../ui/chip.css'
import './ReviewChip.css'
import type { OrderView } from '../../../src-preload/contract'
import { STATUS_LABELS } from '../../format/labels'
import { reviewTitle } from './review'

/** "Needs review": the gateway said paid with money that is not the order's; a person must decide. */
export function ReviewChip({ order }: { order: OrderView }) {
  if (!order.review) return null
  return (
    <span className="chip chip--review" title={`${reviewTitle(order, order.review)} (Status here: ${STATUS_LABELS[order.status]}.)`} data-testid="review-chip">
      Needs review
    </span>
  )
}
