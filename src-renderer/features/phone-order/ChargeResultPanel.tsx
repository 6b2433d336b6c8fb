import '../../ui/charge-result.css'
import './ChargeResultPanel.css'
import { useEffect, useRef } from 'react'
import type { OrderDetail } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { cardText } from '../../format/card'
import { STATUS_LABELS } from '../../format/labels'
import { StatusChip } from '../../ui/StatusChip'
import { StatusCheckButton } from '../../ui/StatusCheckButton'
import { TimelineSummary } from '../../ui/TimelineSummary'
import { openOrder } from '../customers/open-order'
import { reviewFacts } from '../orders/review'
import { ReviewChip } from '../orders/ReviewChip'
import { resultView, responseText, type ChargeOutcome } from './charge-outcome'
import { adviceSendsLink, cardIsDone, declineAdvice } from './decline-advice'
import { usePhoneOrderStore, type PendingCharge } from './phone-order-store'
import { ReceiptView } from './ReceiptView'
import { sendPaymentLink } from './send-link'
import { ResultFacts } from '../../ui/ResultFacts'
import { Trans } from 'react-i18next'
import { useT } from '../../i18n/i18n'

function cardOf(pending: PendingCharge | null, detail: OrderDetail | null, fallback: string): string {
  const masked = detail?.order.cardMasked ?? pending?.card.masked ?? null
  const brand = detail?.order.cardBrand ?? pending?.card.brand ?? null
  return cardText({ brand, masked, last4: detail?.order.cardLast4 }) ?? fallback
}

interface Props {
  outcome: ChargeOutcome
  pending: PendingCharge | null
  /** "Try again" or "Choose another card": the screen goes back to its form and puts the focus on the cards. */
  onTryAgain: () => void
}

/** One panel for what a charge came to: approved, declined, unknown (until a check settles it), or refused. */
export function ChargeResultPanel({ outcome, pending, onTryAgain }: Props) {
  const t = useT()
  const applyDetail = usePhoneOrderStore((state) => state.applyDetail)
  const loadReceipt = usePhoneOrderStore((state) => state.loadReceipt)
  const startNew = usePhoneOrderStore((state) => state.startNew)
  const heading = useRef<HTMLHeadingElement>(null)
  const view = resultView(outcome)

  // Each new state is announced by moving the focus to its heading.
  useEffect(() => heading.current?.focus(), [view])
  // On show: from now on a new phone order may put it away (one that came while staff were elsewhere is shown first).
  useEffect(() => {
    usePhoneOrderStore.getState().sawResult()
  }, [])

  const { detail } = outcome
  const order = detail?.order ?? null
  const amountSen = order?.amountSen ?? pending?.request.amountSen ?? 0
  const invoice = order?.invoiceNumber ?? pending?.request.invoiceNumber ?? '—'
  const card = cardOf(pending, detail, t('phoneOrder.result.card'))
  const response = responseText(outcome.responseCode, outcome.responseMessage)
  const tone = view === 'approved' ? 'ok' : view === 'unknown' || view === 'review' ? 'unknown' : view === 'declined' || view === 'refused' ? 'bad' : 'neutral'
  const review = order?.review ? reviewFacts(order, order.review) : null

  const newOrder = (
    <button type="button" className="button button--secondary" onClick={() => startNew()}>
      {t('phoneOrder.result.newOrder')}
    </button>
  )
  // A card that cannot be charged again is not tried again: back to the form to choose another (found by QA).
  const advice = declineAdvice(outcome.responseCode)
  const cardDone = view === 'declined' && cardIsDone(advice)
  // The advice is a payment link (the gateway no longer knows the card, or it expired): that is the way on, another card the alternative.
  const sendLink = view === 'declined' && adviceSendsLink(advice)
  const again = (
    <button type="button" className={sendLink ? 'button button--secondary' : 'button'} onClick={onTryAgain}>
      {t(cardDone ? 'phoneOrder.result.chooseAnotherCard' : 'phoneOrder.result.tryAgain')}
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
            {t(`phoneOrder.result.titles.${view}`)}
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
              [t('phoneOrder.result.card'), card],
              [t('phoneOrder.result.approvalCode'), outcome.receipt?.approvalCode ?? (outcome.receipt ? '—' : '…')],
              [t('phoneOrder.result.invoice'), <span className="mono">{invoice}</span>],
            ]}
          />
          {outcome.receipt ? (
            <ReceiptView receipt={outcome.receipt} />
          ) : outcome.receiptError ? (
            <div className="alert alert--error" role="alert">
              {t('phoneOrder.result.receiptFailed', { message: outcome.receiptError.message })}{' '}
              <button type="button" className="link-button" onClick={() => void loadReceipt()}>
                {t('phoneOrder.result.retry')}
              </button>
            </div>
          ) : (
            <p className="muted">{t('phoneOrder.result.preparingReceipt')}</p>
          )}
        </>
      ) : null}

      {view === 'declined' ? (
        <>
          <ResultFacts
            rows={[
              [t('phoneOrder.result.bankSays'), <strong>{response ?? t('phoneOrder.result.noReason')}</strong>],
              [t('phoneOrder.result.card'), card],
              [t('phoneOrder.result.invoice'), <span className="mono">{invoice}</span>],
            ]}
          />
          <p data-testid="decline-advice">{t(`phoneOrder.result.advice.${advice}`)}</p>
        </>
      ) : null}

      {view === 'refused' ? (
        <>
          <div className="alert alert--error" role="alert">
            {outcome.refusal?.message ?? t('phoneOrder.result.gatewayRefused')}
          </div>
          <p>{t('phoneOrder.result.neverReached')}</p>
        </>
      ) : null}

      {view === 'unknown' && detail && order ? (
        <>
          <div className="alert alert--danger-strong" role="alert">
            <p>
              <Trans i18nKey="phoneOrder.result.unknownText" components={{ b: <strong /> }} />
            </p>
            <p>{t('phoneOrder.result.noOtherPayment')}</p>
          </div>
          <ResultFacts
            rows={[
              [t('phoneOrder.result.card'), card],
              [t('phoneOrder.result.invoice'), <span className="mono">{invoice}</span>],
            ]}
          />
          <div className="charge-result__check">
            <StatusCheckButton orderId={order.id} statusCheck={detail.statusCheck} onChecked={applyDetail}>
              <button type="button" className="button button--secondary" onClick={() => openOrder(order.id)}>
                {t('phoneOrder.result.openInOrders')}
              </button>
            </StatusCheckButton>
          </div>
        </>
      ) : null}

      {view === 'review' && review && order ? (
        <>
          <div className="alert alert--danger-strong" role="alert">
            <p>
              <Trans i18nKey="phoneOrder.result.reviewText" values={{ why: review.why }} components={{ b: <strong /> }} />
            </p>
            <p>{t('phoneOrder.result.reviewCheck')}</p>
          </div>
          <ResultFacts
            rows={[
              [t('phoneOrder.result.card'), card],
              [t('phoneOrder.result.invoice'), <span className="mono">{invoice}</span>],
            ]}
          />
          <div className="charge-result__check">
            <button type="button" className="button" onClick={() => openOrder(order.id)}>
              {t('phoneOrder.result.openToDecide')}
            </button>
          </div>
        </>
      ) : null}

      {view === 'settled_not_charged' ? (
        <>
          <p>{t('phoneOrder.result.settledText')}</p>
          <ResultFacts
            rows={[
              [t('phoneOrder.result.card'), card],
              [t('phoneOrder.result.invoice'), <span className="mono">{invoice}</span>],
            ]}
          />
        </>
      ) : null}

      {view === 'other' && order ? (
        <p>
          <Trans i18nKey="phoneOrder.result.nowStatus" values={{ status: STATUS_LABELS[order.status] }} components={{ b: <strong /> }} />{' '}
          <button type="button" className="link-button" onClick={() => openOrder(order.id)}>
            {t('phoneOrder.result.open', { invoice: order.invoiceNumber })}
          </button>
        </p>
      ) : null}

      {outcome.refreshError ? (
        <div className="alert alert--error" role="alert">
          {t('phoneOrder.result.refreshFailed', { message: outcome.refreshError.message })}
        </div>
      ) : null}

      {detail && view !== 'approved' ? (
        <details className="charge-result__history">
          <summary>{t('phoneOrder.result.soFar')}</summary>
          <TimelineSummary entries={detail.timeline} />
        </details>
      ) : null}

      <div className="form__actions charge-result__footer">
        {sendLink ? (
          <button type="button" className="button" onClick={sendPaymentLink}>
            {t('phoneOrder.sendLink')}
          </button>
        ) : null}
        {view === 'declined' || view === 'refused' || view === 'settled_not_charged' ? again : null}
        {newOrder}
        {view === 'unknown' ? <span className="muted small">{t('phoneOrder.result.unknownFooter')}</span> : null}
        {view === 'review' ? <span className="muted small">{t('phoneOrder.result.reviewFooter')}</span> : null}
      </div>
    </section>
  )
}
