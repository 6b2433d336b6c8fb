import './RefundsSection.css'
import { useId, useState } from 'react'
import type { OrderDetail, RefundSummary } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { RefundDialog } from './RefundDialog'
import { RefundList } from './RefundList'
import { RegisterRefund } from './RegisterRefund'
import { refundBlocked } from './refund-rules'
import { useT } from '../../i18n/i18n'

interface Props {
  detail: OrderDetail
  /** A newer description of the order (after a refund, a check, a registration). */
  onDetail: (detail: OrderDetail) => void
}

/** Paid, refunded (or, for a voided payment, voided), pending and what is left. */
function MoneySummary({ summary, voided }: { summary: RefundSummary; voided: boolean }) {
  const t = useT()
  const cells: ['paid' | 'refunded' | 'voided' | 'pending' | 'left', number][] = [
    ['paid', summary.paidSen],
    [voided ? 'voided' : 'refunded', summary.refundedSen],
    ['pending', summary.pendingSen],
    ['left', summary.remainingSen],
  ]
  return (
    <dl className="refund-summary">
      {cells.map(([label, sen]) => (
        <div key={label} className={`refund-summary__cell${sen === 0 && label !== 'paid' ? ' refund-summary__cell--zero' : ''}`}>
          <dt>{t(`refunds.section.${label}`)}</dt>
          <dd>{formatRm(sen)}</dd>
        </div>
      ))}
    </dl>
  )
}

/** The refunds of a paid card order: its totals, "Refund…", its refunds and "Register a refund made elsewhere". */
export function RefundsSection({ detail, onDetail }: Props) {
  const t = useT()
  const id = useId()
  const [open, setOpen] = useState(false)
  const summary = detail.refunds
  if (!summary) return null
  const blocked = refundBlocked(summary)
  return (
    <section className="refunds" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('refunds.section.title')}</h3>
      <MoneySummary summary={summary} voided={detail.order.status === 'VOIDED'} />
      <div className="refunds__action">
        <button type="button" className="button" disabled={blocked !== null} aria-describedby={blocked ? `${id}-blocked` : undefined} onClick={() => setOpen(true)}>
          {t('refunds.section.refund')}
        </button>
        {blocked ? null : <NeedNote need={SCREEN_NEEDS['refunds.request']} />}
        {blocked ? (
          <p id={`${id}-blocked`} className="small refunds__blocked" data-testid="refund-blocked">
            {blocked}
          </p>
        ) : null}
      </div>
      <RefundList refunds={summary.refunds} paidSen={summary.paidSen} onChecked={onDetail} />
      <RegisterRefund orderId={detail.order.id} onRegistered={onDetail} />
      <RefundDialog open={open} onClose={() => setOpen(false)} detail={{ ...detail, refunds: summary }} onDetail={onDetail} />
    </section>
  )
}
