import '../../ui/charge-result.css'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import type { OrderDetail, RefundResult, RefundSummary } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { countdownText } from '../../ui/countdown'
import { useCountdown } from '../../ui/use-countdown'
import { RefundCheckButton } from './RefundCheckButton'
import { RefundStatusChip } from './RefundList'
import { refundExplanation, refundLabel, refundMessage, refundResultView, refundTitle, type RefundKind, type RefundResultView } from './refund-rules'
import { ResultFacts } from '../../ui/ResultFacts'

interface Props {
  result: RefundResult
  /** What staff asked for (the gateway names the type itself, e.g. a void before settlement). */
  asked: RefundKind
  /** The order as main describes it now: a status check or a notification may have settled the refund since. */
  detail: OrderDetail & { refunds: RefundSummary }
  onDetail: (detail: OrderDetail) => void
  onClose: () => void
}

const TONES: Record<RefundResultView, string> = { approved: 'ok', declined: 'bad', unknown: 'unknown', pending: 'neutral' }
const ICONS: Record<RefundResultView, string> = { approved: '✓', declined: '✕', unknown: '?', pending: '…' }

/** What a refund came to: approved, declined, unknown (until a status check settles it) or pending. */
export function RefundResultPanel({ result, asked, detail, onDetail, onClose }: Props) {
  const id = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const refund = detail.refunds.refunds.find((r) => r.id === result.refund.id) ?? result.refund
  const view = refundResultView(result.outcome, refund)
  const dueInMs = useCountdown(refund.statusCheck?.dueInMs ?? null, refund.statusCheck)

  // Each new state is announced by moving the focus to its heading.
  useEffect(() => heading.current?.focus(), [view])

  const paidSen = detail.refunds.paidSen
  // What staff asked for, and what the gateway did with it once done (a full refund before settlement is a void).
  const askedLabel = refundLabel({ asked, type: null, status: 'PENDING', amountSen: refund.amountSen }, paidSen)
  const doneLabel = view === 'approved' ? refundLabel({ asked, type: refund.type, status: 'SUCCESS', amountSen: refund.amountSen }, paidSen) : askedLabel
  const isVoid = doneLabel === 'Void'
  const noun = askedLabel.toLowerCase()
  // Settled since main's first answer (a status check, the tracker or the gateway's notification).
  const settledSince = (result.outcome === 'unknown' || result.outcome === 'pending') && (view === 'approved' || view === 'declined')
  const amount = formatRm(refund.amountSen)
  const message = refundMessage(refund)
  const explanation = refundExplanation({ ...refund, asked })
  const title = refundTitle(view, asked, refund, paidSen)
  const common: [string, ReactNode][] = [
    ['Type', doneLabel !== askedLabel ? `${askedLabel} (the gateway made it a ${doneLabel.toLowerCase()})` : askedLabel],
    ['Invoice', <span className="mono">{detail.order.invoiceNumber}</span>],
    ['Request-Id', <span className="mono">{refund.requestId}</span>],
  ]

  return (
    <section className={`charge-result refund-result charge-result--${TONES[view]}`} aria-labelledby={`${id}-heading`} data-testid="refund-result" data-view={view}>
      <div className="charge-result__banner">
        <span className="charge-result__icon" aria-hidden="true">
          {ICONS[view]}
        </span>
        <div>
          <h3 id={`${id}-heading`} ref={heading} tabIndex={-1}>
            {title}
          </h3>
          <div className="charge-result__amount">
            {amount}
            <RefundStatusChip status={refund.status} raw={refund.rawStatus} />
          </div>
        </div>
      </div>

      {settledSince ? <p className="muted small">The gateway&apos;s first answer was lost; it has since told the app how the {noun} ended.</p> : null}

      {view === 'approved' ? (
        <>
          <p>{isVoid ? 'The payment is cancelled: the customer is not charged for it.' : `${amount} goes back to the customer’s card.`}</p>
          <ResultFacts rows={common} />
        </>
      ) : null}

      {view === 'declined' ? (
        <>
          <p>{explanation ?? 'Nothing was refunded.'} The payment stands as it was.</p>
          <ResultFacts rows={[['Gateway says', <q className="refund-result__said">{message ?? 'No reason given.'}</q>], ...common]} />
        </>
      ) : null}

      {view === 'unknown' ? (
        <>
          <div className="alert alert--danger-strong">
            <p>
              <strong>The gateway did not answer.</strong> Nothing else can be refunded on this order until a status check
              {dueInMs === null ? '' : dueInMs > 0 ? ` — due in ${countdownText(dueInMs)} —` : ' — due now —'} settles it.
            </p>
            <p>The {noun} may have gone through. Do not refund the customer another way meanwhile.</p>
          </div>
          <ResultFacts rows={common} />
        </>
      ) : null}

      {view === 'pending' ? (
        <>
          <p>The gateway accepted the {noun} and has not finished it yet. The status tracker follows it; its status shows here and in the order&apos;s refunds.</p>
          <ResultFacts rows={common} />
        </>
      ) : null}

      {refund.statusCheck ? (
        <div className="charge-result__check">
          <RefundCheckButton refund={refund} onChecked={onDetail} />
        </div>
      ) : null}

      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  )
}
