import './ReviewPanel.css'
import { useState } from 'react'
import { Trans } from 'react-i18next'
import type { CallError, OrderDetail, OrderReview, OrderView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { formatFullTime } from '../../format/time'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ReasonField } from '../../ui/ReasonField'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { REVIEW_REASON_MAX, REVIEW_REASON_MIN, reviewFacts, reviewReasonProblem, type ReviewDecision } from './review'
import { useT } from '../../i18n/i18n'

interface DecisionProps {
  order: OrderView
  review: OrderReview
  decision: ReviewDecision
  onDone: (detail: OrderDetail) => void
}

/** "Mark paid" or "Not paid", each after a question that says what it does and asks why (audited). */
function DecisionButton({ order, review, decision, onDone }: DecisionProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  /** Main's word on the reason (it checks it too), shown at the field. */
  const [reasonError, setReasonError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [refused, setRefused] = useState<CallError | null>(null)
  const facts = reviewFacts(order, review)
  const paid = decision === 'paid'

  const problem = reasonError ?? (tried ? reviewReasonProblem(reason) : null)

  const close = (): void => {
    if (busy) return
    setOpen(false)
    setError(null)
    setRefused(null)
    setReasonError(null)
    setTried(false)
  }

  const confirm = async (): Promise<void> => {
    if (busy) return
    setTried(true)
    setReasonError(null)
    if (reviewReasonProblem(reason)) return
    const api = getApi()
    if (!api) return setError(NO_BRIDGE.message)
    setBusy(true)
    setError(null)
    setRefused(null)
    const result = await api.orders.resolveReview({ id: order.id, decision, reason: reason.trim() })
    setBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') return setRefused(result.error)
    if (!result.ok) {
      if (result.error.field === 'reason') return setReasonError(result.error.message)
      return setError(result.error.message)
    }
    setOpen(false)
    setReason('')
    setTried(false)
    onDone(result.value)
  }

  return (
    <>
      <button type="button" className={paid ? 'button' : 'button button--secondary review-panel__not-paid'} onClick={() => setOpen(true)}>
        {paid ? t('orders.review.markPaid') : t('orders.review.notPaid')}
      </button>
      <ConfirmDialog
        open={open}
        title={paid ? t('orders.review.markPaidTitle', { invoice: order.invoiceNumber }) : t('orders.review.notPaidTitle', { invoice: order.invoiceNumber })}
        confirmLabel={busy ? t('orders.review.saving') : paid ? t('orders.review.markPaid') : t('orders.review.notPaid')}
        tone={paid ? 'normal' : 'danger'}
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        <p>
          <Trans
            i18nKey={paid ? 'orders.review.paidText' : order.kind === 'phone_order' ? 'orders.review.notPaidPhoneText' : 'orders.review.notPaidText'}
            values={{ gatewaySays: facts.gatewaySays, orderAmount: facts.orderAmount }}
            components={{ b: <strong /> }}
          />
        </p>
        <p className="muted small">{t('orders.review.recorded')}</p>
        <ReasonField
          label={t('orders.review.reason', { min: REVIEW_REASON_MIN })}
          value={reason}
          onChange={(value) => {
            setReason(value)
            setReasonError(null)
          }}
          maxLength={REVIEW_REASON_MAX}
          placeholder={paid ? t('orders.review.paidExample') : t('orders.review.notPaidExample')}
          problem={problem}
        />
        {refused ? <RefusalWithApproval error={refused} call="orders.resolveReview" subjectId={order.id} busy={busy} onApproved={() => void confirm()} /> : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  )
}

/**
 * At the top of an order that needs review: what the gateway said against the order's amount, why the
 * app did not mark it paid, and the two decisions. Gone once one is made (the detail no longer has a review).
 */
export function ReviewPanel({ order, onDone }: { order: OrderView; onDone: (detail: OrderDetail) => void }) {
  const t = useT()
  const { review } = order
  if (!review) return null
  const facts = reviewFacts(order, review)
  return (
    <section className="review-panel" aria-labelledby={`review-${String(order.id)}`} data-testid="review-panel">
      <h3 id={`review-${String(order.id)}`} className="review-panel__title">
        <span className="review-panel__icon" aria-hidden="true">
          !
        </span>
        {t('orders.review.heading')}
      </h3>
      <p className="review-panel__why">{facts.why}</p>
      <dl className="review-panel__amounts">
        <div>
          <dt>{t('orders.review.gatewaySays')}</dt>
          <dd data-testid="review-gateway-amount">
            <strong>{facts.gatewaySays}</strong> <span className="muted small">({review.gatewayStatus})</span>
          </dd>
        </div>
        <div>
          <dt>{t('orders.review.thisOrder')}</dt>
          <dd data-testid="review-order-amount">
            <strong>{facts.orderAmount}</strong>
          </dd>
        </div>
      </dl>
      <p className="muted small">{t('orders.review.heard', { source: facts.source, time: formatFullTime(review.at) })}</p>
      <div className="review-panel__actions">
        <DecisionButton order={order} review={review} decision="paid" onDone={onDone} />
        <DecisionButton order={order} review={review} decision="not_paid" onDone={onDone} />
      </div>
      <NeedNote need={SCREEN_NEEDS['orders.resolveReview']} />
    </section>
  )
}
