import './CreatedLink.css'
import { useEffect, useRef } from 'react'
import { Trans } from 'react-i18next'
import type { OrderDetail, OrderView } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { channelLabel, KIND_LABELS, STATUS_LABELS } from '../../format/labels'
import { formatFullTime } from '../../format/time'
import { CopyField } from '../../ui/CopyField'
import { MarkCancelledButton } from '../../ui/MarkCancelledButton'
import { QrCode } from '../../ui/QrCode'
import { StatusChip } from '../../ui/StatusChip'
import { StatusCheckButton } from '../../ui/StatusCheckButton'
import { TimelineSummary } from '../../ui/TimelineSummary'
import { useLinkStore } from './link-store'
import { emailDraft, whatsAppChat } from './share'
import { t as translate, useT } from '../../i18n/i18n'
import type { Language } from '../../../src-common/languages'

const HEADINGS = ['PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'OUTCOME_UNKNOWN'] as const
type Headed = (typeof HEADINGS)[number]
const headed = (status: OrderView['status']): status is Headed => (HEADINGS as readonly string[]).includes(status)

function heading({ order, neverCreated }: OrderDetail): string {
  if (order.status === 'PENDING') return order.linkUrl ? translate('paymentLink.result.headings.ready') : translate('paymentLink.result.headings.waiting')
  // Failed before any payment was attempted (main's word, from the order: failed with no address and no
  // gateway status): "Payment failed" would tell staff, and the customer, of a payment that never was.
  if (neverCreated) return translate('paymentLink.result.headings.notCreated')
  return headed(order.status) ? translate(`paymentLink.result.headings.${order.status}`) : STATUS_LABELS[order.status]
}

const open = (url: string): void => {
  // Main hands the address to the system browser or mail program; nothing opens inside the app.
  window.open(url, '_blank', 'noopener,noreferrer')
}

function Summary({ order }: { order: OrderView }) {
  const t = useT()
  const items: [string, string, string | null][] = [
    ['amount', t('paymentLink.result.amount'), formatRm(order.amountSen)],
    ['invoice', t('paymentLink.result.invoice'), order.invoiceNumber],
    ['kind', t('paymentLink.result.kind'), order.kind === 'card_link' ? KIND_LABELS.card_link : channelLabel(order.channel)],
    ['customer', t('paymentLink.result.customer'), order.customerName],
    ['email', t('paymentLink.result.email'), order.customerEmail],
    ['phone', t('paymentLink.result.phone'), order.customerPhone],
  ]
  return (
    <dl className="link-summary">
      {items
        .filter(([, , value]) => value)
        .map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd className={key === 'invoice' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function ShareActions({ order, url, language }: { order: OrderView; url: string; language: Language | null }) {
  const t = useT()
  const email = emailDraft(order, language)
  const whatsApp = whatsAppChat(order, language)
  return (
    <>
      <div className="link-result__actions">
        <button type="button" className="button" onClick={() => open(url)}>
          {t('paymentLink.result.openBrowser')}
        </button>
        <button type="button" className="button button--secondary" disabled={!email.ok} title={email.ok ? undefined : email.reason} onClick={() => email.ok && open(email.url)}>
          {t('paymentLink.result.sendEmail')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!whatsApp.ok}
          aria-describedby={whatsApp.ok ? undefined : 'whatsapp-reason'}
          onClick={() => whatsApp.ok && open(whatsApp.url)}
        >
          {t('paymentLink.result.sendWhatsApp')}
        </button>
      </div>
      {!whatsApp.ok ? (
        <p className="muted small" id="whatsapp-reason">
          {t('paymentLink.result.whatsAppReason', { reason: whatsApp.reason })}
        </p>
      ) : null}
      {!email.ok ? <p className="muted small">{t('paymentLink.result.emailReason', { reason: email.reason })}</p> : null}
    </>
  )
}

interface Props {
  detail: OrderDetail
  onChanged: (detail: OrderDetail) => void
  onNewLink: () => void
  /** Back to the form filled as this link was asked for (offered only for a link the gateway never created). */
  onTryAgain: () => void
  refreshError: string | null
}

/** What `links.create` made, kept in step with main: the address to share, or what became of it. */
export function CreatedLink({ detail, onChanged, onNewLink, onTryAgain, refreshError }: Props) {
  const t = useT()
  const { order } = detail
  const ready = order.status === 'PENDING' && order.linkUrl !== null
  const unknown = order.status === 'OUTCOME_UNKNOWN'
  const waiting = order.status === 'PENDING' || unknown
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusRequest = useLinkStore((state) => state.focusRequest)

  // On show: a link asked for from elsewhere (a phone order) may now take its place.
  useEffect(() => {
    useLinkStore.getState().sawResult()
  }, [])

  // Just made: the keyboard starts at the new link (its heading; the next Tab reaches its address, selected for copying).
  useEffect(() => {
    if (focusRequest !== 'result') return
    headingRef.current?.focus()
    useLinkStore.getState().requestFocus(null)
  }, [focusRequest])

  return (
    <section className="card link-result" aria-labelledby="link-result-heading" data-testid="link-result">
      <div className="link-result__head">
        <h2 id="link-result-heading" ref={headingRef} tabIndex={-1}>
          {heading(detail)}
        </h2>
        <StatusChip status={order.status} raw={order.rawStatus} />
      </div>
      <Summary order={order} />

      {unknown ? (
        <div className="alert alert--warning" role="status">
          <strong>{t('paymentLink.result.unknownTitle')}</strong>
          <p>{t('paymentLink.result.unknownText')}</p>
        </div>
      ) : null}

      {detail.neverCreated ? (
        <div className="alert alert--info" role="status">
          {t('paymentLink.result.notCreatedText', { invoice: order.invoiceNumber })}
        </div>
      ) : null}

      {ready && order.linkUrl ? (
        <div className="link-result__grid">
          <div className="link-result__main">
            <CopyField label={t('paymentLink.result.address')} value={order.linkUrl} />
            <p className="small">
              {order.linkExpiresAt ? (
                <Trans i18nKey="paymentLink.result.payableUntil" values={{ time: formatFullTime(order.linkExpiresAt) }} components={{ b: <strong /> }} />
              ) : (
                t('paymentLink.result.openByGateway')
              )}
            </p>
            <ShareActions order={order} url={order.linkUrl} language={detail.customerLanguage} />
          </div>
          <figure className="link-result__qr">
            <QrCode value={order.linkUrl} />
            <figcaption className="muted small">{t('paymentLink.result.scan')}</figcaption>
          </figure>
        </div>
      ) : null}

      {order.status === 'PENDING' && !order.linkUrl ? <p>{t('paymentLink.result.noAddress')}</p> : null}

      {detail.statusCheck || detail.canCancel ? (
        <div className="link-result__follow">
          <StatusCheckButton orderId={order.id} statusCheck={detail.statusCheck} onChecked={onChanged}>
            {detail.canCancel ? <MarkCancelledButton orderId={order.id} invoiceNumber={order.invoiceNumber} onCancelled={onChanged} /> : null}
          </StatusCheckButton>
        </div>
      ) : null}

      {refreshError ? (
        <div className="alert alert--error" role="alert">
          {t('paymentLink.result.refreshFailed', { message: refreshError })}
        </div>
      ) : null}

      {waiting ? (
        <details className="link-result__history">
          <summary>{t('paymentLink.result.soFar')}</summary>
          <TimelineSummary entries={detail.timeline} />
        </details>
      ) : (
        <>
          <h3>{t('paymentLink.result.happened')}</h3>
          <TimelineSummary entries={detail.timeline} />
        </>
      )}

      <div className="form__actions link-result__footer">
        {detail.neverCreated ? (
          <button type="button" className="button" onClick={onTryAgain}>
            {t('paymentLink.result.tryAgain')}
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={onNewLink}>
          {t('paymentLink.result.newLink')}
        </button>
        <span className="muted small">{unknown ? t('paymentLink.result.otherOrderOnly') : t('paymentLink.result.listed')}</span>
      </div>
    </section>
  )
}
