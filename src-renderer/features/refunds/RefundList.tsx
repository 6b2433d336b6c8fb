import '../../ui/chip.css'
import '../../ui/pill.css'
import './RefundList.css'
import type { OrderDetail, RefundStatus, RefundView } from '../../../src-preload/contract'
import { formatFullTime } from '../../format/time'
import { RefundCheckButton } from './RefundCheckButton'
import { notConfirmed, REFUND_STATUS_CHIPS, refundAmountText, refundExplanation, refundLabel, refundMessage, refundStatusLabel } from './refund-rules'
import { useT } from '../../i18n/i18n'
import { actorText } from '../../format/actor'

export function RefundStatusChip({ status, raw, unconfirmed = false }: { status: RefundStatus; raw: string | null; unconfirmed?: boolean }) {
  const t = useT()
  const title = raw && raw !== status ? t('refunds.list.gatewayStatus', { raw }) : undefined
  return (
    <span className={unconfirmed ? 'chip' : `chip chip--${REFUND_STATUS_CHIPS[status]}`} title={title}>
      {unconfirmed ? t('refunds.notConfirmed') : refundStatusLabel(status)}
    </span>
  )
}

function RefundItem({ refund, paidSen, onChecked }: { refund: RefundView; paidSen: number; onChecked: (detail: OrderDetail) => void }) {
  const t = useT()
  const message = refundMessage(refund)
  const explanation = refundExplanation(refund)
  const unknownAmount = refund.amountSen === 0 && refund.external
  return (
    <li className="refund-item" data-testid="refund-item">
      <div className="refund-item__head">
        <span>
          <strong>{refundLabel(refund, paidSen)}</strong> <span className={unknownAmount ? 'muted' : 'refund-item__amount'}>{refundAmountText(refund)}</span>
        </span>
        <RefundStatusChip status={refund.status} raw={refund.rawStatus} unconfirmed={notConfirmed(refund)} />
      </div>
      <div className="small refund-item__id">
        <span className="muted">{t('refunds.list.requestId')}</span> <span className="mono">{refund.requestId}</span>
        {refund.external ? <span className="pill pill--muted refund-item__tag">{t('refunds.list.external')}</span> : null}
      </div>
      {explanation ? <div className="small refund-item__why">{explanation}</div> : null}
      {message ? (
        <div className="small refund-item__message">
          <span className="muted">{t('refunds.list.gatewaySays')}</span> <q>{message}</q>
        </div>
      ) : null}
      <div className="muted small">
        {refund.external ? t('refunds.list.registeredBy', { name: actorText(refund.createdBy) }) : t('refunds.list.askedBy', { name: actorText(refund.createdBy) })} ·{' '}
        <time dateTime={refund.createdAt}>{formatFullTime(refund.createdAt)}</time>
      </div>
      {refund.statusCheck ? (
        <div className="refund-item__check">
          <RefundCheckButton refund={refund} onChecked={onChecked} />
        </div>
      ) : null}
    </li>
  )
}

/** The order's refunds, each with its request id, amount, type, status and, while waiting, its check. */
export function RefundList({ refunds, paidSen, onChecked }: { refunds: RefundView[]; paidSen: number; onChecked: (detail: OrderDetail) => void }) {
  const t = useT()
  if (refunds.length === 0) return <p className="muted small">{t('refunds.list.none')}</p>
  return (
    <ul className="refund-list" aria-label={t('refunds.list.label')}>
      {refunds.map((refund) => (
        <RefundItem key={refund.id} refund={refund} paidSen={paidSen} onChecked={onChecked} />
      ))}
    </ul>
  )
}
