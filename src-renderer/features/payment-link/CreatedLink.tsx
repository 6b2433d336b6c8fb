import './CreatedLink.css'
import { useEffect, useRef } from 'react'
import type { OrderDetail, OrderView } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
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

const HEADINGS: Partial<Record<OrderView['status'], string>> = {
  PAID: 'Payment received',
  FAILED: 'Payment failed',
  EXPIRED: 'Link expired',
  CANCELLED: 'Marked cancelled',
  OUTCOME_UNKNOWN: 'Waiting for a status check',
}

function heading(order: OrderView): string {
  if (order.status === 'PENDING') return order.linkUrl ? 'Link ready' : 'Waiting for the payment'
  return HEADINGS[order.status] ?? STATUS_LABELS[order.status]
}

const open = (url: string): void => {
  // Main hands the address to the system browser or mail program; nothing opens inside the app.
  window.open(url, '_blank', 'noopener,noreferrer')
}

function Summary({ order }: { order: OrderView }) {
  const items: [string, string | null][] = [
    ['Amount', formatRm(order.amountSen)],
    ['Invoice', order.invoiceNumber],
    ['Kind', order.kind === 'card_link' ? KIND_LABELS.card_link : channelLabel(order.channel)],
    ['Customer', order.customerName],
    ['E-mail', order.customerEmail],
    ['Phone', order.customerPhone],
  ]
  return (
    <dl className="link-summary">
      {items
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={label === 'Invoice' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function ShareActions({ order, url }: { order: OrderView; url: string }) {
  const email = emailDraft(order)
  const whatsApp = whatsAppChat(order)
  return (
    <>
      <div className="link-result__actions">
        <button type="button" className="button" onClick={() => open(url)}>
          Open in browser
        </button>
        <button type="button" className="button button--secondary" disabled={!email.ok} title={email.ok ? undefined : email.reason} onClick={() => email.ok && open(email.url)}>
          Send by e-mail
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={!whatsApp.ok}
          aria-describedby={whatsApp.ok ? undefined : 'whatsapp-reason'}
          onClick={() => whatsApp.ok && open(whatsApp.url)}
        >
          Send by WhatsApp
        </button>
      </div>
      {!whatsApp.ok ? (
        <p className="muted small" id="whatsapp-reason">
          WhatsApp: {whatsApp.reason}
        </p>
      ) : null}
      {!email.ok ? <p className="muted small">E-mail: {email.reason}</p> : null}
    </>
  )
}

interface Props {
  detail: OrderDetail
  onChanged: (detail: OrderDetail) => void
  onNewLink: () => void
  refreshError: string | null
}

/** What `links.create` made, kept in step with main: the address to share, or what became of it. */
export function CreatedLink({ detail, onChanged, onNewLink, refreshError }: Props) {
  const { order } = detail
  const ready = order.status === 'PENDING' && order.linkUrl !== null
  const unknown = order.status === 'OUTCOME_UNKNOWN'
  const waiting = order.status === 'PENDING' || unknown
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusRequest = useLinkStore((state) => state.focusRequest)

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
          {heading(order)}
        </h2>
        <StatusChip status={order.status} raw={order.rawStatus} />
      </div>
      <Summary order={order} />

      {unknown ? (
        <div className="alert alert--warning" role="status">
          <strong>We don&apos;t know whether the gateway created this link.</strong>
          <p>
            The request went out, but the gateway&apos;s answer was lost or could not be read. A status check settles it: it finds the link (its
            address then appears here) or confirms there is none. Do not create this link again: a second link could let the customer pay twice.
          </p>
        </div>
      ) : null}

      {ready && order.linkUrl ? (
        <div className="link-result__grid">
          <div className="link-result__main">
            <CopyField label="Payment address" value={order.linkUrl} />
            <p className="small">
              {order.linkExpiresAt ? (
                <>
                  Can be paid until <strong>{formatFullTime(order.linkExpiresAt)}</strong>.
                </>
              ) : (
                'How long it stays open is set by the gateway.'
              )}
            </p>
            <ShareActions order={order} url={order.linkUrl} />
          </div>
          <figure className="link-result__qr">
            <QrCode value={order.linkUrl} />
            <figcaption className="muted small">Scan to pay</figcaption>
          </figure>
        </div>
      ) : null}

      {order.status === 'PENDING' && !order.linkUrl ? (
        <p>The gateway accepted the payment without sending an address to share. A status check shows where it stands.</p>
      ) : null}

      {detail.statusCheck || detail.canCancel ? (
        <div className="link-result__follow">
          <StatusCheckButton orderId={order.id} statusCheck={detail.statusCheck} onChecked={onChanged}>
            {detail.canCancel ? <MarkCancelledButton orderId={order.id} invoiceNumber={order.invoiceNumber} onCancelled={onChanged} /> : null}
          </StatusCheckButton>
        </div>
      ) : null}

      {refreshError ? (
        <div className="alert alert--error" role="alert">
          Could not refresh this order: {refreshError}
        </div>
      ) : null}

      {waiting ? (
        <details className="link-result__history">
          <summary>What happened so far</summary>
          <TimelineSummary entries={detail.timeline} />
        </details>
      ) : (
        <>
          <h3>What happened</h3>
          <TimelineSummary entries={detail.timeline} />
        </>
      )}

      <div className="form__actions link-result__footer">
        <button type="button" className="button button--secondary" onClick={onNewLink}>
          New link
        </button>
        <span className="muted small">
          {unknown ? 'For a different order only: this one is settled by the status check.' : 'Every link is also listed under Orders.'}
        </span>
      </div>
    </section>
  )
}
