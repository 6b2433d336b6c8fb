import '../../ui/charge-result.css'
import './ChargeResultPanel.css'
import { useEffect, useRef } from 'react'
import type { OrderDetail } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { cardText } from '../../format/card'
import { STATUS_LABELS } from '../../format/labels'
import { StatusChip } from '../../ui/StatusChip'
import { StatusCheckButton } from '../../ui/StatusCheckButton'
import { TimelineSummary } from '../../ui/TimelineSummary'
import { openOrder } from '../customers/open-order'
import { reviewFacts } from '../orders/review'
import { ReviewChip } from '../orders/ReviewChip'
import { resultView, responseText, type ChargeOutcome, type ResultView } from './charge-outcome'
import { usePhoneOrderStore, type PendingCharge } from './phone-order-store'
import { ReceiptView } from './ReceiptView'
import { ResultFacts } from '../../ui/ResultFacts'

const TITLES: Record<ResultView, string> = {
  approved: 'Approved',
  declined: 'The bank declined the card',
  unknown: "We don't know whether the customer was charged.",
  settled_not_charged: 'Settled: not charged',
  refused: 'Refused by the gateway: nothing was charged',
  other: 'The charge has moved on',
  review: 'Needs review: approved for other money',
}

function cardOf(pending: PendingCharge | null, detail: OrderDetail | null): string {
  const masked = detail?.order.cardMasked ?? pending?.card.masked ?? null
  const brand = detail?.order.cardBrand ?? pending?.card.brand ?? null
  return cardText({ brand, masked, last4: detail?.order.cardLast4 }) ?? 'Card'
}

interface Props {
  outcome: ChargeOutcome
  pending: PendingCharge | null
}

/** One panel for what a charge came to: approved, declined, unknown (until a check settles it), or refused. */
export function ChargeResultPanel({ outcome, pending }: Props) {
  const tryAgain = usePhoneOrderStore((state) => state.tryAgain)
  const applyDetail = usePhoneOrderStore((state) => state.applyDetail)
  const loadReceipt = usePhoneOrderStore((state) => state.loadReceipt)
  const environment = usePhoneOrderStore((state) => state.environment)
  const start = usePhoneOrderStore((state) => state.start)
  const heading = useRef<HTMLHeadingElement>(null)
  const view = resultView(outcome)

  // Each new state is announced by moving the focus to its heading.
  useEffect(() => heading.current?.focus(), [view])

  const { detail } = outcome
  const order = detail?.order ?? null
  const amountSen = order?.amountSen ?? pending?.request.amountSen ?? 0
  const invoice = order?.invoiceNumber ?? pending?.request.invoiceNumber ?? '—'
  const card = cardOf(pending, detail)
  const response = responseText(outcome.responseCode, outcome.responseMessage)
  const tone = view === 'approved' ? 'ok' : view === 'unknown' || view === 'review' ? 'unknown' : view === 'declined' || view === 'refused' ? 'bad' : 'neutral'
  const review = order?.review ? reviewFacts(order, order.review) : null

  const newOrder = (
    <button type="button" className="button button--secondary" onClick={() => void start(environment)}>
      New phone order
    </button>
  )
  const again = (
    <button type="button" className="button" onClick={() => void tryAgain()}>
      Try again
    </button>
  )

  return (
    <section className={`charge-result charge-result--${tone}`} aria-labelledby="charge-result-heading" data-testid="charge-result" data-view={view}>
      <div className="charge-result__banner">
        <span className="charge-result__icon" aria-hidden="true">
          {tone === 'ok' ? '✓' : view === 'review' ? '!' : tone === 'unknown' ? '?' : tone === 'bad' ? '✕' : 'i'}
        </span>
        <div>
          <h3 id="charge-result-heading" ref={heading} tabIndex={-1}>
            {TITLES[view]}
          </h3>
          <div className="charge-result__amount">
            {formatRm(amountSen)}
            {order?.review ? <ReviewChip order={order} /> : order ? <StatusChip status={order.status} raw={order.rawStatus} /> : null}
          </div>
        </div>
      </div>

      {view === 'approved' ? (
        <>
          <ResultFacts
            rows={[
              ['Card', card],
              ['Approval code', outcome.receipt?.approvalCode ?? (outcome.receipt ? '—' : '…')],
              ['Invoice', <span className="mono">{invoice}</span>],
            ]}
          />
          {outcome.receipt ? (
            <ReceiptView receipt={outcome.receipt} />
          ) : outcome.receiptError ? (
            <div className="alert alert--error" role="alert">
              The receipt could not be loaded: {outcome.receiptError.message}{' '}
              <button type="button" className="link-button" onClick={() => void loadReceipt()}>
                Retry
              </button>
            </div>
          ) : (
            <p className="muted">Preparing the receipt…</p>
          )}
        </>
      ) : null}

      {view === 'declined' ? (
        <>
          <ResultFacts
            rows={[
              ['Bank says', <strong>{response ?? 'No reason given'}</strong>],
              ['Card', card],
              ['Invoice', <span className="mono">{invoice}</span>],
            ]}
          />
          <p>The card is not locked: you may try another card or ask the customer.</p>
        </>
      ) : null}

      {view === 'refused' ? (
        <>
          <div className="alert alert--error" role="alert">
            {outcome.refusal?.message ?? 'The gateway refused the request.'}
          </div>
          <p>The request never reached the bank, so the customer was not charged. Correct what the message says, or try again.</p>
        </>
      ) : null}

      {view === 'unknown' && detail && order ? (
        <>
          <div className="alert alert--danger-strong" role="alert">
            <p>
              The gateway did not answer in time (or answered something unreadable). <strong>The customer may have been charged.</strong> The card is locked against
              another charge until a status check settles it.
            </p>
            <p>Do not take another payment for this order until then. Tell the customer you will confirm shortly.</p>
          </div>
          <ResultFacts
            rows={[
              ['Card', card],
              ['Invoice', <span className="mono">{invoice}</span>],
            ]}
          />
          <div className="charge-result__check">
            <StatusCheckButton orderId={order.id} statusCheck={detail.statusCheck} onChecked={applyDetail}>
              <button type="button" className="button button--secondary" onClick={() => openOrder(order.id)}>
                Open in Orders
              </button>
            </StatusCheckButton>
          </div>
        </>
      ) : null}

      {view === 'review' && review && order ? (
        <>
          <div className="alert alert--danger-strong" role="alert">
            <p>
              {review.why} <strong>Not marked paid.</strong> The card is locked against another charge until someone decides, under Orders, whether
              this is the customer&apos;s payment.
            </p>
            <p>Do not take another payment for this order until then. Check the payment in the gateway&apos;s back office.</p>
          </div>
          <ResultFacts
            rows={[
              ['Card', card],
              ['Invoice', <span className="mono">{invoice}</span>],
            ]}
          />
          <div className="charge-result__check">
            <button type="button" className="button" onClick={() => openOrder(order.id)}>
              Open in Orders to decide
            </button>
          </div>
        </>
      ) : null}

      {view === 'settled_not_charged' ? (
        <>
          <p>The status check found that this charge did not go through: the customer was not charged, and the card is unlocked.</p>
          <ResultFacts
            rows={[
              ['Card', card],
              ['Invoice', <span className="mono">{invoice}</span>],
            ]}
          />
        </>
      ) : null}

      {view === 'other' && order ? (
        <p>
          This order is now <strong>{STATUS_LABELS[order.status]}</strong>. Its full history is under Orders.{' '}
          <button type="button" className="link-button" onClick={() => openOrder(order.id)}>
            Open {order.invoiceNumber}
          </button>
        </p>
      ) : null}

      {outcome.refreshError ? (
        <div className="alert alert--error" role="alert">
          Could not refresh this order: {outcome.refreshError.message}
        </div>
      ) : null}

      {detail && view !== 'approved' ? (
        <details className="charge-result__history">
          <summary>What happened so far</summary>
          <TimelineSummary entries={detail.timeline} />
        </details>
      ) : null}

      <div className="form__actions charge-result__footer">
        {view === 'declined' || view === 'refused' || view === 'settled_not_charged' ? again : null}
        {newOrder}
        {view === 'unknown' ? <span className="muted small">For another customer only: this charge is settled by the status check.</span> : null}
        {view === 'review' ? <span className="muted small">For another customer only: this charge is settled by a person&apos;s decision under Orders.</span> : null}
      </div>
    </section>
  )
}
