import './OrdersTable.css'
import { useEffect, useRef, useState, type UIEvent } from 'react'
import type { OrderView } from '../../../src-preload/contract'
import { lastFourText } from '../../format/card'
import { channelLabel, KIND_LABELS } from '../../format/labels'
import { formatRm, gatewayMoneyText, paidNote } from '../../format/money'
import { formatDateTime } from '../../format/time'
import { StatusChip } from '../../ui/StatusChip'
import { ReviewChip } from './ReviewChip'
import { useT } from '../../i18n/i18n'

const ROW_HEIGHT = 44

/** "Card •••• 0038", "FPX", "Phone order •••• 0038": the Channel column's words. */
function channelText(order: OrderView): string {
  const channel = order.kind === 'phone_order' ? KIND_LABELS.phone_order : channelLabel(order.channel)
  return order.cardLast4 ? `${channel} ${lastFourText(order.cardLast4) ?? ''}` : channel
}
/** Rows drawn beyond those in view, above and below, so that a quick scroll finds them drawn. */
const OVERSCAN = 8

/** Focus to go to a row (the one an order was opened from, when it closes); a new serial asks again. */
export interface FocusRequest {
  id: number
  serial: number
}

interface Props {
  rows: OrderView[]
  selectedId: number | null
  onSelect: (id: number) => void
  /** Called when the last loaded rows come into view. */
  onNearEnd: () => void
  focusRequest?: FocusRequest | null
  /** The row asked for is not in the list (any more): focus goes elsewhere. */
  onFocusMissing?: () => void
}

/** The order's amount; under it, what the gateway says when it is not that (under review, or a discount). */
function Amount({ order }: { order: OrderView }) {
  const t = useT()
  const note = paidNote(order)
  const says = order.review ? gatewayMoneyText(order.review.gatewayAmountSen, order.review.gatewayCurrency, order.currency) : null
  if (!note && !says) return <>{formatRm(order.amountSen)}</>
  return (
    <span className="amount-cell">
      <span>{formatRm(order.amountSen)}</span>
      {says ? (
        <span className="amount-cell__note amount-cell__note--review" title={t('orders.table.gatewaySaysTitle', { amount: says })}>
          {t('orders.table.says', { amount: says })}
        </span>
      ) : note ? (
        <span className="amount-cell__note" title={note.short} data-testid="paid-note">
          {note.paid}
        </span>
      ) : null}
    </span>
  )
}

/**
 * Only the rows in view (and a few around them) are in the page, so a hundred thousand loaded rows
 * scroll as smoothly as ten.
 */
export function OrdersTable({ rows, selectedId, onSelect, onNearEnd, focusRequest = null, onFocusMissing }: Props) {
  const t = useT()
  const [scrollTop, setScrollTop] = useState(0)
  const body = useRef<HTMLDivElement>(null)
  // The row to focus once it is drawn (it may first have to be scrolled into the rows drawn).
  const [pendingFocus, setPendingFocus] = useState<number | null>(null)
  // The table's height in the page: until it is measured, the window's, which it never exceeds (the
  // first page of orders shows sooner for not drawing rows below the window).
  const [height, setHeight] = useState(() => window.innerHeight)
  const top = Math.floor(scrollTop / ROW_HEIGHT)
  const first = Math.max(0, top - OVERSCAN)
  const last = Math.min(rows.length, top + Math.ceil(height / ROW_HEIGHT) + OVERSCAN)
  const visible = rows.slice(first, last)

  useEffect(() => {
    const element = body.current
    if (!element) return
    const resize = new ResizeObserver(() => setHeight(element.clientHeight))
    resize.observe(element)
    return () => resize.disconnect()
  }, [])

  useEffect(() => {
    if (!focusRequest) return
    const index = rows.findIndex((row) => row.id === focusRequest.id)
    const element = body.current
    if (index < 0 || !element) {
      onFocusMissing?.()
      return
    }
    const top = index * ROW_HEIGHT
    if (top < element.scrollTop || top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = Math.max(0, top - Math.floor((element.clientHeight - ROW_HEIGHT) / 2))
      setScrollTop(element.scrollTop)
    }
    setPendingFocus(focusRequest.id)
    // Only a new request moves focus, not every change of the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest])

  useEffect(() => {
    if (pendingFocus === null) return
    const row = body.current?.querySelector<HTMLElement>(`[data-order-id="${String(pendingFocus)}"]`)
    if (!row) return
    row.focus()
    setPendingFocus(null)
  }, [pendingFocus, first, last])

  const onScroll = (event: UIEvent<HTMLDivElement>): void => {
    const element = event.currentTarget
    setScrollTop(element.scrollTop)
    if (element.scrollTop + element.clientHeight > element.scrollHeight - ROW_HEIGHT * 10) onNearEnd()
  }

  return (
    <div className="orders-table" role="table" aria-label={t('orders.table.label')} aria-rowcount={rows.length + 1}>
      <div className="orders-table__head" role="row">
        <span role="columnheader">{t('orders.table.status')}</span>
        <span role="columnheader">{t('orders.table.invoice')}</span>
        <span role="columnheader" className="numeric">
          {t('orders.table.amount')}
        </span>
        <span role="columnheader">{t('orders.table.customer')}</span>
        <span role="columnheader">{t('orders.table.created')}</span>
        <span role="columnheader">{t('orders.table.channel')}</span>
      </div>
      <div className="orders-table__body" ref={body} onScroll={onScroll} data-testid="orders-scroll">
        <div style={{ height: rows.length * ROW_HEIGHT, position: 'relative' }}>
          {visible.map((order, index) => (
            <div
              key={order.id}
              role="row"
              aria-rowindex={first + index + 2}
              aria-selected={order.id === selectedId}
              tabIndex={0}
              data-order-id={order.id}
              className={`orders-table__row${order.id === selectedId ? ' orders-table__row--selected' : ''}${order.review ? ' orders-table__row--review' : ''}`}
              style={{ top: (first + index) * ROW_HEIGHT, height: ROW_HEIGHT }}
              onClick={() => onSelect(order.id)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault()
                  onSelect(order.id)
                }
              }}
              data-testid="order-row"
            >
              <span role="cell">{order.review ? <ReviewChip order={order} /> : <StatusChip status={order.status} raw={order.rawStatus} />}</span>
              <span role="cell" className="mono ellipsis" title={order.invoiceNumber} data-testid="order-invoice">
                {order.invoiceNumber}
              </span>
              <span role="cell" className="numeric">
                <Amount order={order} />
              </span>
              <span role="cell" className="orders-table__customer" title={order.customerEmail ?? undefined}>
                <span className="ellipsis">{order.customerName}</span>
                {/* Where the Channel column has no room (a 1024 px window, or the order open beside it), under the name. */}
                <span className="orders-table__channel-inline ellipsis">{channelText(order)}</span>
              </span>
              <span role="cell">{formatDateTime(order.createdAt)}</span>
              <span role="cell" className="ellipsis">
                {channelText(order)}
              </span>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
