import '../../ui/confirm-charge.css'
import './RefundDialog.css'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { CallError, OrderDetail, RefundRequest, RefundResult, RefundSummary } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { getApi, NO_BRIDGE } from '../../api'
import { cardText } from '../../format/card'
import { Modal } from '../../ui/Modal'
import { OUTCOME_MAY_BE_UNKNOWN } from '../phone-order/charge-form'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { RefundForm } from './RefundForm'
import { RefundResultPanel } from './RefundResultPanel'
import { checkRefund, EMPTY_REFUND_DRAFT, refundErrorField, refundLabel, toRefundRequest, type RefundDraft } from './refund-rules'
import { useT } from '../../i18n/i18n'

interface Props {
  open: boolean
  onClose: () => void
  /** The order as main describes it now (it follows events while the dialog is open). */
  detail: OrderDetail & { refunds: RefundSummary }
  onDetail: (detail: OrderDetail) => void
}

/**
 * A refund or void of a paid card order: the form, a confirmation that repeats it, then what it came
 * to. Escape steps back from the confirmation to the form, and closes from the form or the result;
 * nothing while the refund is being sent.
 */
export function RefundDialog({ open, onClose, detail, onDetail }: Props) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  /** The body's way back from its confirmation, while it shows one (Escape then steps back instead of closing). */
  const stepBack = useRef<(() => void) | null>(null)
  const onStepBack = useCallback((fn: (() => void) | null) => {
    stepBack.current = fn
  }, [])
  return (
    <Modal
      open={open}
      title={t('refunds.confirm.title', { invoice: detail.order.invoiceNumber })}
      onClose={() => {
        if (busy) return
        if (stepBack.current) stepBack.current()
        else onClose()
      }}
      size="wide"
      className="refund-dialog"
    >
      <RefundDialogBody detail={detail} onDetail={onDetail} onClose={onClose} busy={busy} setBusy={setBusy} onStepBack={onStepBack} />
    </Modal>
  )
}

/** The confirmation keeps the totals it was opened with: main's own events move them while the refund is sent. */
type Step = { name: 'form' } | { name: 'confirm'; request: RefundRequest; before: RefundSummary } | { name: 'result'; result: RefundResult; asked: RefundRequest['kind'] }

/** Main's refusal, with the draft it was about: once staff change that, it no longer applies. */
interface ServerError {
  error: CallError
  draft: RefundDraft
}

interface BodyProps {
  detail: OrderDetail & { refunds: RefundSummary }
  onDetail: (detail: OrderDetail) => void
  onClose: () => void
  busy: boolean
  setBusy: (busy: boolean) => void
  /** Tells the dialog how Escape steps back from the confirmation (null: Escape closes). */
  onStepBack: (fn: (() => void) | null) => void
}

function RefundDialogBody({ detail, onDetail, onClose, busy, setBusy, onStepBack }: BodyProps) {
  const [draft, setDraft] = useState<RefundDraft>(EMPTY_REFUND_DRAFT)
  const [tried, setTried] = useState(false)
  const [step, setStep] = useState<Step>({ name: 'form' })
  /** Back at the form from the confirmation: its review button takes the focus again. */
  const [backFromConfirm, setBackFromConfirm] = useState(false)
  const [server, setServer] = useState<ServerError | null>(null)
  /** Main refused the operator (a Clerk): the confirmation stays, with the way to a Supervisor's approval. */
  const [refused, setRefused] = useState<CallError | null>(null)
  const summary = detail.refunds

  const review = (): boolean => {
    setTried(true)
    setServer(null)
    const request = toRefundRequest(detail.order.id, draft, summary)
    if (!request) return false
    setStep({ name: 'confirm', request, before: summary })
    return true
  }

  const send = async (request: RefundRequest): Promise<void> => {
    if (busy) return
    const api = getApi()
    if (!api) {
      setServer({ error: NO_BRIDGE, draft })
      setStep({ name: 'form' })
      return
    }
    setBusy(true)
    setRefused(null)
    const result = await api.refunds.request(request)
    setBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') {
      setRefused(result.error)
      return
    }
    if (result.ok) {
      onDetail(result.value.detail)
      setStep({ name: 'result', result: result.value, asked: request.kind })
      return
    }
    // Back to the form with everything as typed, and main's words against their field or above the buttons.
    setServer({ error: result.error, draft })
    setStep({ name: 'form' })
    // The refund may have been written ahead (or the order changed): show the order as main has it now.
    const fresh = await api.orders.get({ id: detail.order.id })
    if (fresh.ok) onDetail(fresh.value)
  }

  const back = (): void => {
    setRefused(null)
    setBackFromConfirm(true)
    setStep({ name: 'form' })
  }
  useEffect(() => {
    onStepBack(step.name === 'confirm' ? back : null)
    return () => onStepBack(null)
  })

  if (step.name === 'result') return <RefundResultPanel result={step.result} asked={step.asked} detail={detail} onDetail={onDetail} onClose={onClose} />
  if (step.name === 'confirm') {
    return <ConfirmRefund detail={detail} before={step.before} request={step.request} busy={busy} refused={refused} onConfirm={() => void send(step.request)} onBack={back} />
  }

  const rules = tried ? checkRefund(draft, summary) : {}
  const applies = server !== null && server.draft.kind === draft.kind && server.draft.amount === draft.amount
  const serverField = applies ? refundErrorField(server.error, draft.kind) : null
  const errors = { ...rules }
  if (applies && serverField && !errors[serverField]) errors[serverField] = server.error.message
  const banner = applies && serverField === null ? server.error : null

  return (
    <RefundForm
      summary={summary}
      draft={draft}
      errors={errors}
      banner={banner ? { message: banner.message, mayHaveGone: OUTCOME_MAY_BE_UNKNOWN.has(banner.code) } : null}
      onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
      onReview={review}
      onCancel={onClose}
      focusReview={backFromConfirm}
    />
  )
}

interface ConfirmProps {
  detail: OrderDetail & { refunds: RefundSummary }
  /** The totals when staff pressed "Review refund". */
  before: RefundSummary
  request: RefundRequest
  busy: boolean
  /** Main's refusal of this operator, with the way to a Supervisor's approval (the refund then runs once). */
  refused: CallError | null
  onConfirm: () => void
  onBack: () => void
}

/** The last look before money moves back: the amount large, what kind, the order and the customer. */
type ConfirmRow = 'type' | 'invoice' | 'customer' | 'card' | 'paid' | 'leftAfter'

function ConfirmRefund({ detail, before, request, busy, refused, onConfirm, onBack }: ConfirmProps) {
  const t = useT()
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  // The heading takes the focus, not the refund button: a key still held from the form must not send it.
  useEffect(() => heading.current?.focus(), [])
  const { order, refunds: now } = detail
  const amount = formatRm(request.amountSen)
  const isVoid = request.kind === 'VOID'
  const card = cardText({ brand: order.cardBrand, masked: order.cardMasked, last4: order.cardLast4 })
  const kind = refundLabel({ asked: request.kind, type: null, status: 'PENDING', amountSen: request.amountSen }, before.paidSen)
  const rows: [ConfirmRow, string][] = [
    ['type', kind],
    ['invoice', order.invoiceNumber],
    ['customer', order.customerName || '—'],
    ...(card ? ([['card', card]] as [ConfirmRow, string][]) : []),
    ['paid', formatRm(before.paidSen)],
    ['leftAfter', formatRm(Math.max(0, before.remainingSen - request.amountSen))],
  ]
  // Another refund (elsewhere in the app, or the tracker settling one) changed what is left; not this one being sent.
  const changed = !busy && now.remainingSen !== before.remainingSen && now.remainingSen < request.amountSen
  return (
    <section className="confirm-charge confirm-refund" aria-labelledby={`${id}-heading`} data-testid="confirm-refund">
      <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
        {isVoid ? t('refunds.confirm.confirmVoid') : t('refunds.confirm.confirmRefund')}
      </h3>
      <p className="muted small">{isVoid ? t('refunds.confirm.voidText') : t('refunds.confirm.refundText')}</p>
      <div className="confirm-charge__amount" aria-label={t('refunds.confirm.amount', { amount })}>
        {amount}
      </div>
      <dl className="confirm-charge__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{t(`refunds.confirm.${label}`)}</dt>
            <dd className={label === 'invoice' || label === 'card' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      {changed ? (
        <div className="alert alert--warning" role="alert">
          {t('refunds.confirm.changed', { amount: formatRm(now.remainingSen) })}
        </div>
      ) : null}
      {refused && !busy ? <RefusalWithApproval error={refused} call="refunds.request" subjectId={request.orderId} onApproved={onConfirm} /> : null}
      {busy ? (
        <div className="alert alert--info confirm-charge__running" role="status">
          <span className="spinner" aria-hidden="true" /> <strong>{isVoid ? t('refunds.confirm.voiding') : t('refunds.confirm.refunding')}</strong>
        </div>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onBack}>
          {t('refunds.confirm.back')}
        </button>
        <button type="button" className="button button--danger" disabled={busy || changed || refused !== null} onClick={onConfirm}>
          {isVoid ? t('refunds.confirm.void', { amount }) : t('refunds.confirm.refund', { amount })}
        </button>
      </div>
    </section>
  )
}
