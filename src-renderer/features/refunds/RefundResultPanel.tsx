import '../../ui/charge-result.css'
import { useEffect, useId, useRef, type ReactNode } from 'react'
import type { OrderDetail, RefundResult, RefundSummary } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { countdownText } from '../../ui/countdown'
import { useCountdown } from '../../ui/use-countdown'
import { RefundCheckButton } from './RefundCheckButton'
import { RefundStatusChip } from './RefundList'
import { askedRefundWord, refundExplanation, refundLabel, refundMessage, refundResultView, refundTitle, refundWord, type RefundKind, type RefundResultView } from './refund-rules'
import { useT } from '../../i18n/i18n'
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
  const t = useT()
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
  const doneWord = view === 'approved' ? refundWord({ asked, type: refund.type, status: 'SUCCESS', amountSen: refund.amountSen }, paidSen) : null
  const isVoid = doneWord === 'void'
  const noun = askedRefundWord(asked, refund.amountSen, paidSen)
  // Settled since main's first answer (a status check, the tracker or the gateway's notification).
  const settledSince = (result.outcome === 'unknown' || result.outcome === 'pending') && (view === 'approved' || view === 'declined')
  const amount = formatRm(refund.amountSen)
  const message = refundMessage(refund)
  const explanation = refundExplanation({ ...refund, asked })
  const title = refundTitle(view, asked, refund, paidSen)
  const nothingRefunded: string = t('refunds.result.nothingRefunded')
  const unknownText: string =
    dueInMs === null ? t('refunds.result.unknownNoCheck') : dueInMs > 0 ? t('refunds.result.unknownDueIn', { time: countdownText(dueInMs) }) : t('refunds.result.unknownDueNow')
  const typeText: string = doneLabel !== askedLabel && doneWord ? t(`refunds.result.madeIt.${doneWord}`, { asked: askedLabel }) : askedLabel
  const common: [string, ReactNode][] = [
    [t('refunds.result.type'), typeText],
    [t('refunds.result.invoice'), <span className="mono">{detail.order.invoiceNumber}</span>],
    [t('refunds.result.requestId'), <span className="mono">{refund.requestId}</span>],
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

      {settledSince ? <p className="muted small">{t(`refunds.result.settledSince.${noun}`)}</p> : null}

      {view === 'approved' ? (
        <>
          <p>{isVoid ? t('refunds.result.voided') : t('refunds.result.goesBack', { amount })}</p>
          <ResultFacts rows={common} />
        </>
      ) : null}

      {view === 'declined' ? (
        <>
          <p>{t('refunds.result.stands', { explanation: explanation ?? nothingRefunded })}</p>
          <ResultFacts rows={[[t('refunds.result.gatewaySays'), <q className="refund-result__said">{message ?? t('refunds.result.noReason')}</q>], ...common]} />
        </>
      ) : null}

      {view === 'unknown' ? (
        <>
          <div className="alert alert--danger-strong">
            <p>
              <strong>{t('refunds.result.noAnswer')}</strong> {unknownText}
            </p>
            <p>{t(`refunds.result.mayHaveGone.${noun}`)}</p>
          </div>
          <ResultFacts rows={common} />
        </>
      ) : null}

      {view === 'pending' ? (
        <>
          <p>{t(`refunds.result.pending.${noun}`)}</p>
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
          {t('refunds.result.close')}
        </button>
      </div>
    </section>
  )
}
