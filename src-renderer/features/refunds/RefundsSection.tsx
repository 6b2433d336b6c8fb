import './RefundsSection.css'
import { useId, useState } from 'react'
import type { OrderDetail, RefundSummary } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { RefundDialog } from './RefundDialog'
import { RefundList } from './RefundList'
import { RegisterRefund } from './RegisterRefund'
import { openRefundOfUnknownAmount, refundBlocked } from './refund-rules'
import { useT } from '../../i18n/i18n'

interface Props {
  detail: OrderDetail
  /** A newer description of the order (after a refund, a check, a registration). */
  onDetail: (detail: OrderDetail) => void
}

/** Paid, refunded (or, for a voided payment, voided), pending and what is left. */
function MoneySummary({ summary, voided }: { summary: RefundSummary; voided: boolean }) {
  const t = useT()
  // A refund registered without its amount: what waits is not known, so neither is what is left.
  const unknown = openRefundOfUnknownAmount(summary.refunds)
  const pending = unknown
    ? summary.pendingSen > 0
      ? t('refunds.section.pendingAndUnknown', { amount: formatRm(summary.pendingSen) })
      : t('refunds.section.pendingUnknown')
    : formatRm(summary.pendingSen)
  const left = unknown && summary.remainingSen > 0 ? t('refunds.section.leftAtMost', { amount: formatRm(summary.remainingSen) }) : formatRm(summary.remainingSen)
  const cells: { label: 'paid' | 'refunded' | 'voided' | 'pending' | 'left'; zero: boolean; text: string; words?: boolean }[] = [
    { label: 'paid', zero: false, text: formatRm(summary.paidSen) },
    { label: voided ? 'voided' : 'refunded', zero: summary.refundedSen === 0, text: formatRm(summary.refundedSen) },
    { label: 'pending', zero: !unknown && summary.pendingSen === 0, text: pending, words: unknown },
    { label: 'left', zero: summary.remainingSen === 0, text: left, words: unknown },
  ]
  return (
    <dl className="refund-summary">
      {cells.map(({ label, zero, text, words }) => (
        <div key={label} className={`refund-summary__cell${zero ? ' refund-summary__cell--zero' : ''}${words ? ' refund-summary__cell--words' : ''}`}>
          <dt>{t(`refunds.section.${label}`)}</dt>
          <dd>{text}</dd>
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
