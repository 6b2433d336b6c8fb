import { useState } from 'react'
import type { OrderView, TimelineEntry } from '../../../src-preload/contract'
import { channelLabel, KIND_LABELS } from '../../format/labels'
import { formatRm } from '../../../src-common/money-text'
import { formatFullTime } from '../../format/time'
import { StatusChip } from '../../ui/StatusChip'
import { useOrdersStore } from './orders-store'

function Facts({ order }: { order: OrderView }) {
  const rows: [string, string | null][] = [
    ['Amount', formatRm(order.amountSen)],
    ['Kind', KIND_LABELS[order.kind]],
    ['Channel', channelLabel(order.channel)],
    ['Customer', order.customerName],
    ['E-mail', order.customerEmail],
    ['Phone', order.customerPhone],
    ['Card', order.cardMasked ?? (order.cardLast4 ? `•••• ${order.cardLast4}` : null)],
    ['Card brand', order.cardBrand],
    ['Gateway status', order.rawStatus],
    ['Request-Id', order.requestId],
    ['Payment id', order.paymentId],
    ['Gateway reference', order.gatewayReferenceId],
    ['Link', order.linkUrl],
    ['Link expires', order.linkExpiresAt ? formatFullTime(order.linkExpiresAt) : null],
    ['Created', formatFullTime(order.createdAt)],
    ['Created by', order.createdBy],
    ['Completed', order.completedAt ? formatFullTime(order.completedAt) : null],
  ]
  return (
    <dl className="facts facts--compact">
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([label, value]) => (
          <div key={label} className="facts__pair">
            <dt>{label}</dt>
            <dd className={label === 'Request-Id' || label === 'Gateway reference' || label === 'Payment id' || label === 'Link' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function AttemptBodies({ attemptId }: { attemptId: number }) {
  const attempt = useOrdersStore((state) => state.attempts[attemptId])
  if (!attempt) return <p className="muted small">Loading…</p>
  if ('code' in attempt) return <p className="field__error">{attempt.message}</p>
  return (
    <div className="attempt">
      <p className="small">
        <strong>{attempt.method}</strong> <code>{attempt.path}</code> · Request-Id <code>{attempt.requestId}</code> · {attempt.outcome}
        {attempt.httpStatus ? ` · HTTP ${String(attempt.httpStatus)}` : ''}
        {attempt.signature ? ` · signature ${attempt.signature}` : ''}
        {attempt.durationMs !== null ? ` · ${String(attempt.durationMs)} ms` : ''}
      </p>
      {attempt.errorMessage ? <p className="field__error">{attempt.errorMessage}</p> : null}
      <h4>Request</h4>
      <pre className="code-block">{pretty(attempt.requestBody)}</pre>
      <h4>Response</h4>
      <pre className="code-block">{pretty(attempt.responseBody)}</pre>
    </div>
  )
}

function pretty(body: string | null): string {
  if (!body) return '(none)'
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const loadAttempt = useOrdersStore((state) => state.loadAttempt)
  const [open, setOpen] = useState<Record<number, boolean>>({})
  if (entries.length === 0) return <p className="muted">Nothing has happened to this order yet.</p>
  return (
    <ol className="timeline" aria-label="Timeline">
      {entries.map((entry) => (
        <li key={entry.id} className={`timeline__entry timeline__entry--${entry.type}`}>
          <div className="timeline__head">
            <span className="timeline__summary">{entry.summary}</span>
            <time className="muted small" dateTime={entry.at}>
              {formatFullTime(entry.at)}
            </time>
          </div>
          {entry.actor ? <div className="muted small">by {entry.actor}</div> : null}
          {entry.attemptId !== null ? (
            <>
              <button
                type="button"
                className="link-button"
                aria-expanded={open[entry.id] === true}
                onClick={() => {
                  const next = !open[entry.id]
                  setOpen((current) => ({ ...current, [entry.id]: next }))
                  if (next && entry.attemptId !== null) void loadAttempt(entry.attemptId)
                }}
              >
                {open[entry.id] ? 'Hide request and response' : 'Show request and response'}
              </button>
              {open[entry.id] ? <AttemptBodies attemptId={entry.attemptId} /> : null}
            </>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

export function OrderDetail() {
  const detail = useOrdersStore((state) => state.detail)
  const detailError = useOrdersStore((state) => state.detailError)
  const select = useOrdersStore((state) => state.select)
  return (
    <aside className="order-detail" aria-label="Order details">
      <div className="order-detail__head">
        {detail ? (
          <div>
            <h2 className="mono">{detail.order.invoiceNumber}</h2>
            <StatusChip status={detail.order.status} raw={detail.order.rawStatus} />
          </div>
        ) : (
          <h2>Order</h2>
        )}
        <button type="button" className="button button--secondary button--small" onClick={() => void select(null)} aria-label="Close the order">
          Close
        </button>
      </div>
      {detailError ? (
        <div className="alert alert--error" role="alert">
          {detailError.message}
        </div>
      ) : null}
      {detail ? (
        <>
          <Facts order={detail.order} />
          <h3>Timeline</h3>
          <Timeline entries={detail.timeline} />
          <h3>Actions</h3>
          <p className="muted small">Status checks, refunds and the other actions this order allows arrive with the next releases.</p>
        </>
      ) : detailError ? null : (
        <p className="muted">Loading…</p>
      )}
    </aside>
  )
}
