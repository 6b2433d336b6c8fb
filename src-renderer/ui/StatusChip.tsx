import './chip.css'
import type { OrderStatus } from '../../src-preload/contract'
import { STATUS_LABELS } from '../format/labels'

export function StatusChip({ status, raw }: { status: OrderStatus; raw?: string | null }) {
  const title = raw && raw !== status ? `Gateway status: ${raw}` : undefined
  return (
    <span className={`chip chip--${status.toLowerCase()}`} title={title}>
      {STATUS_LABELS[status]}
    </span>
  )
}
