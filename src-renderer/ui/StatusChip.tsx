import './chip.css'
import type { OrderStatus } from '../../src-preload/contract'
import { STATUS_LABELS } from '../format/labels'
import { useT } from '../i18n/i18n'

export function StatusChip({ status, raw }: { status: OrderStatus; raw?: string | null }) {
  const t = useT()
  const title = raw && raw !== status ? t('ui.statusCheck.gatewayStatus', { raw }) : undefined
  return (
    <span className={`chip chip--${status.toLowerCase()}`} title={title}>
      {STATUS_LABELS[status]}
    </span>
  )
}
