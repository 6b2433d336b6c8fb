import './OrderDetail.css'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react'
import type { OrderDetail as Detail, OrderView, TimelineEntry } from '../../../src-preload/contract'
import { cardText } from '../../format/card'
import { channelLabel, KIND_LABELS } from '../../format/labels'
import { formatRm, paidNote } from '../../format/money'
import { formatFullTime } from '../../format/time'
import { CopyField } from '../../ui/CopyField'
import { MarkCancelledButton } from '../../ui/MarkCancelledButton'
import { QrCode } from '../../ui/QrCode'
import { StatusChip } from '../../ui/StatusChip'
import { StatusCheckButton } from '../../ui/StatusCheckButton'
import { TimelineEntryHead } from '../../ui/TimelineSummary'
import { ReceiptButton } from '../phone-order/ReceiptDialog'
import { SupervisorOverrideButton } from '../phone-order/SupervisorOverride'
import { RefundsSection } from '../refunds/RefundsSection'
import { readErrorMessage } from '../team/team-text'
import { useOrdersStore } from './orders-store'
import { ReviewChip } from './ReviewChip'
import { ReviewPanel } from './ReviewPanel'
import { useT } from '../../i18n/i18n'
import { actorText } from '../../format/actor'

/** The order's amount, and what was paid beside it when the gateway's amount differs (a discount). */
function Amount({ order }: { order: OrderView }) {
  const note = paidNote(order)
  return (
    <>
      {formatRm(order.amountSen)}
      {note ? (
        <span className={`amount-note${note.lower ? '' : ' amount-note--more'}`} data-testid="paid-note">
          {note.long}
        </span>
      ) : null}
    </>
  )
}

type Fact =
  'amount' | 'kind' | 'channel' | 'customer' | 'email' | 'phone' | 'card' | 'gatewayStatus' | 'requestId' | 'paymentId' | 'gatewayReference' | 'linkExpires' | 'created' | 'createdBy' | 'completed'

/** Ids and references, read (and copied) character by character. */
const MONO: ReadonlySet<Fact> = new Set(['requestId', 'gatewayReference', 'paymentId'])

function Facts({ order }: { order: OrderView }) {
  const t = useT()
  const rows: [Fact, ReactNode][] = [
    ['amount', <Amount order={order} />],
    ['kind', KIND_LABELS[order.kind]],
    ['channel', channelLabel(order.channel)],
    ['customer', order.customerName],
    ['email', order.customerEmail],
    ['phone', order.customerPhone],
    ['card', cardText({ brand: order.cardBrand, masked: order.cardMasked, last4: order.cardLast4 })],
    ['gatewayStatus', order.rawStatus],
    ['requestId', order.requestId],
    ['paymentId', order.paymentId],
    ['gatewayReference', order.gatewayReferenceId],
    ['linkExpires', order.linkExpiresAt ? formatFullTime(order.linkExpiresAt) : null],
    ['created', formatFullTime(order.createdAt)],
    ['createdBy', actorText(order.createdBy)],
    ['completed', order.completedAt ? formatFullTime(order.completedAt) : null],
  ]
  return (
    <dl className="facts facts--compact">
      {rows
        .filter(([, value]) => value !== null && value !== '')
        .map(([fact, value]) => (
          <div key={fact} className="facts__pair">
            <dt>{t(`orders.facts.${fact}`)}</dt>
            <dd className={MONO.has(fact) ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
    </dl>
  )
}

function AttemptBodies({ attemptId }: { attemptId: number }) {
  const t = useT()
  const attempt = useOrdersStore((state) => state.attempts[attemptId])
  if (!attempt) return <p className="muted small">{t('orders.detail.loading')}</p>
  if ('code' in attempt) return <p className="field__error">{attempt.message}</p>
  return (
    <div className="attempt">
      <p className="small">
        <strong>{attempt.method}</strong> <code>{attempt.path}</code> · {t('orders.facts.requestId')} <code>{attempt.requestId}</code> · {attempt.outcome}
        {attempt.httpStatus ? ` · HTTP ${String(attempt.httpStatus)}` : ''}
        {attempt.signature ? ` · ${t('orders.detail.signature', { signature: attempt.signature })}` : ''}
        {attempt.durationMs !== null ? ` · ${String(attempt.durationMs)} ms` : ''}
      </p>
      {attempt.errorMessage ? <p className="field__error">{attempt.errorMessage}</p> : null}
      <h4>{t('orders.detail.request')}</h4>
      <pre className="code-block">{pretty(attempt.requestBody) ?? t('orders.detail.none')}</pre>
      <h4>{t('orders.detail.response')}</h4>
      <pre className="code-block">{pretty(attempt.responseBody) ?? t('orders.detail.none')}</pre>
    </div>
  )
}

/** The body laid out, or null for none. */
function pretty(body: string | null): string | null {
  if (!body) return null
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}

function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const t = useT()
  const loadAttempt = useOrdersStore((state) => state.loadAttempt)
  const [open, setOpen] = useState<Record<number, boolean>>({})
  if (entries.length === 0) return <p className="muted">{t('orders.detail.nothingYet')}</p>
  return (
    <ol className="timeline" aria-label={t('orders.detail.timeline')}>
      {entries.map((entry) => (
        <li key={entry.id} className={`timeline__entry timeline__entry--${entry.type}`}>
          <TimelineEntryHead entry={entry} />
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
                {open[entry.id] ? t('orders.detail.hideAttempt') : t('orders.detail.showAttempt')}
              </button>
              {open[entry.id] ? <AttemptBodies attemptId={entry.attemptId} /> : null}
            </>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

/** The link's address to copy, and its QR code on demand (the payment link screen shows both at once). */
function LinkAddress({ url }: { url: string }) {
  const t = useT()
  const [showQr, setShowQr] = useState(false)
  return (
    <div className="order-link">
      <CopyField label={t('orders.detail.paymentAddress')} value={url} hideLabel />
      <button type="button" className="link-button" aria-expanded={showQr} onClick={() => setShowQr(!showQr)}>
        {showQr ? t('orders.detail.hideQr') : t('orders.detail.showQr')}
      </button>
      {showQr ? (
        <div className="order-link__qr">
          <QrCode value={url} size={168} />
        </div>
      ) : null}
    </div>
  )
}

/** A phone order's own actions: its receipt once paid; a supervisor override while its outcome is unknown. */
function PhoneOrderActions({ order, overridden }: { order: OrderView; overridden: boolean }) {
  const applyDetail = useOrdersStore((state) => state.applyDetail)
  if (order.kind !== 'phone_order') return null
  if (order.status === 'PAID') return <ReceiptButton orderId={order.id} invoiceNumber={order.invoiceNumber} />
  if (order.status === 'OUTCOME_UNKNOWN') return <SupervisorOverrideButton orderId={order.id} invoiceNumber={order.invoiceNumber} overridden={overridden} onDone={applyDetail} />
  return null
}

/** Whether a supervisor has lifted the card's lock (the override's timeline entry, main's record of it). */
function lockOverridden(detail: Detail): boolean {
  return detail.timeline.some((entry) => entry.say?.id === 'said.timeline.overridden')
}

/**
 * Whether the order may be marked cancelled here: not while it needs review, since the gateway says it
 * was paid (the review's "Not paid" is the way to close it).
 */
function canCancel(detail: Detail): boolean {
  return detail.canCancel && detail.order.review === null
}

/** Whether the order has an action of its own (a check, a cancel, a receipt, an override); refunds come apart. */
function hasActions(detail: Detail): boolean {
  const { order } = detail
  const phone = order.kind === 'phone_order' && (order.status === 'PAID' || order.status === 'OUTCOME_UNKNOWN')
  return detail.statusCheck !== null || canCancel(detail) || phone
}

function Actions({ detail }: { detail: Detail }) {
  const t = useT()
  const applyDetail = useOrdersStore((state) => state.applyDetail)
  const { order } = detail
  const overridden = lockOverridden(detail)
  if (!hasActions(detail)) {
    // A review is decided in its own panel above; "final" would not be true yet.
    if (order.review) return <p className="muted small">{t('orders.detail.decideReviewFirst')}</p>
    return <p className="muted small">{t('orders.detail.final')}</p>
  }
  return (
    <div className="order-actions">
      <StatusCheckButton orderId={order.id} statusCheck={detail.statusCheck} onChecked={applyDetail}>
        {canCancel(detail) ? <MarkCancelledButton orderId={order.id} invoiceNumber={order.invoiceNumber} onCancelled={applyDetail} /> : null}
        <PhoneOrderActions order={order} overridden={overridden} />
      </StatusCheckButton>
      {order.kind === 'phone_order' && order.status === 'OUTCOME_UNKNOWN' ? (
        <p className="muted small order-actions__note">{t(overridden ? 'orders.detail.cardUnlocked' : 'orders.detail.cardLocked')}</p>
      ) : null}
    </div>
  )
}

/** The open order: its head (the heading focus goes to), review, facts, actions, refunds, link and timeline. */
function OrderDetailBody({ headingRef, onClose }: { headingRef: RefObject<HTMLHeadingElement | null>; onClose: () => void }) {
  const t = useT()
  const detail = useOrdersStore((state) => state.detail)
  const detailError = useOrdersStore((state) => state.detailError)
  const applyDetail = useOrdersStore((state) => state.applyDetail)
  return (
    <>
      <div className="order-detail__head">
        {/* One heading from "Order" to the invoice number, so that focus stays on it while the order loads. */}
        <div className="order-detail__title">
          <h2 ref={headingRef} tabIndex={-1} className={detail ? 'mono' : undefined}>
            {detail ? detail.order.invoiceNumber : t('orders.detail.order')}
          </h2>
          {detail ? (
            <div className="order-detail__chips">
              <StatusChip status={detail.order.status} raw={detail.order.rawStatus} />
              <ReviewChip order={detail.order} />
            </div>
          ) : null}
        </div>
        <button type="button" className="button button--secondary button--small" onClick={onClose} aria-label={t('orders.detail.closeLabel')} aria-keyshortcuts="Escape">
          {t('orders.detail.close')}
        </button>
      </div>
      {detailError ? (
        <div className="alert alert--error" role="alert">
          {readErrorMessage(detailError)}
        </div>
      ) : null}
      {detail ? (
        <>
          <ReviewPanel key={`review-${String(detail.order.id)}`} order={detail.order} onDone={applyDetail} />
          <Facts order={detail.order} />
          {/* A paid order's refunds come before its link, kept only for reference by then. */}
          {detail.refunds ? (
            <>
              {hasActions(detail) ? (
                <>
                  <h3>{t('orders.detail.actions')}</h3>
                  <Actions key={detail.order.id} detail={detail} />
                </>
              ) : null}
              <RefundsSection key={`refunds-${String(detail.order.id)}`} detail={detail} onDetail={applyDetail} />
            </>
          ) : null}
          {detail.order.linkUrl ? (
            <>
              <h3>{t('orders.detail.paymentLink')}</h3>
              {detail.order.status !== 'PENDING' ? <p className="muted small">{t('orders.detail.keptForReference')}</p> : null}
              <LinkAddress key={detail.order.linkUrl} url={detail.order.linkUrl} />
            </>
          ) : null}
          {detail.refunds ? null : (
            <>
              <h3>{t('orders.detail.actions')}</h3>
              <Actions key={detail.order.id} detail={detail} />
            </>
          )}
          <h3>{t('orders.detail.timeline')}</h3>
          <Timeline entries={detail.timeline} />
        </>
      ) : detailError ? null : (
        <p className="muted">{t('orders.detail.loading')}</p>
      )}
    </>
  )
}

/** Focus goes to the order's heading when it opens, and when another order is opened in its place. */
function useFocusOnOpen(headingRef: RefObject<HTMLHeadingElement | null>): void {
  const selectedId = useOrdersStore((state) => state.selectedId)
  useEffect(() => {
    headingRef.current?.focus()
  }, [headingRef, selectedId])
}

/**
 * The open order beside the list, on a window wide enough for both: a panel, not a dialog, since the
 * list beside it stays in view and usable (another row opens in its place). Escape closes it (the
 * screen listens), and Close.
 */
export function OrderPanel({ onClose }: { onClose: () => void }) {
  const t = useT()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnOpen(headingRef)
  return (
    <aside className="order-detail order-detail--panel" aria-label={t('orders.detail.details')}>
      <OrderDetailBody headingRef={headingRef} onClose={onClose} />
    </aside>
  )
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])'

/**
 * The open order over the list, on a narrow window: a modal drawer from the right (the native modal
 * <dialog>: the rest of the window is inert, Tab goes round inside it, Escape or a click beside it
 * closes it). Modal because it covers most of the list: a row left usable under it could hold focus
 * out of sight.
 */
export function OrderDrawer({ onClose, top }: { onClose: () => void; top: () => number | null }) {
  const t = useT()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    // Below the top bar, so that the environment's banner and the bar stay in view (dimmed) above it.
    const at = top()
    if (dialog && at !== null) dialog.style.top = `${String(Math.max(0, at))}px`
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
    }
  }, [top])
  // After showModal (a layout effect runs first), which focuses the first button: the heading instead.
  useFocusOnOpen(headingRef)

  const ownTarget = (target: EventTarget): boolean => target instanceof Element && target.closest('dialog') === dialogRef.current
  return (
    <dialog
      ref={dialogRef}
      className="order-drawer"
      aria-label={t('orders.detail.details')}
      onCancel={(event) => {
        // Escape: only when this drawer is the topmost dialog (a refund dialog inside it stops its own).
        event.preventDefault()
        if (event.target === dialogRef.current) onClose()
      }}
      onClose={(event) => {
        // Closed by the browser itself (an Escape it would not let us cancel): the order closes too.
        if (event.target === dialogRef.current) onClose()
      }}
      onClick={(event) => {
        const dialog = dialogRef.current
        if (!dialog || event.target !== dialog) return
        const box = dialog.getBoundingClientRect()
        const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom
        if (!inside) onClose()
      }}
      onKeyDown={(event) => {
        const dialog = dialogRef.current
        if (event.key !== 'Tab' || !dialog || !ownTarget(event.target)) return
        const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.closest('dialog') === dialog && element.getClientRects().length > 0)
        const first = focusable[0]
        const last = focusable.at(-1)
        if (!first || !last) return
        const active = document.activeElement
        if (event.shiftKey && (active === first || !focusable.includes(active as HTMLElement))) {
          event.preventDefault()
          last.focus()
        } else if (!event.shiftKey && active === last) {
          event.preventDefault()
          first.focus()
        }
      }}
    >
      <div className="order-detail order-detail--drawer">
        <OrderDetailBody headingRef={headingRef} onClose={onClose} />
      </div>
    </dialog>
  )
}
