import '../../ui/ScreenHeader.css'
import './OrdersScreen.css'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { OrderFilters } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { EmptyState } from '../../ui/EmptyState'
import { OrdersIcon } from '../../ui/icons'
import { whenIdle } from '../../ui/idle'
import { lazyNamed } from '../../ui/lazy'
import { useArrived } from '../../ui/use-arrived'
import { useMediaQuery } from '../../ui/use-media-query'
import { useSessionStore } from '../session/session-store'
import { TrackerBar } from '../tracker/TrackerBar'
import { readErrorMessage } from '../team/team-text'
import { useTeamStore } from '../team/team-store'
import { FirstOrderActions } from '../welcome/FirstOrderActions'
import { countLine, hasFilters } from './count-line'
import { ExportBar } from './ExportBar'
import { OrderFiltersBar } from './OrderFiltersBar'
import { OrdersTable, type FocusRequest } from './OrdersTable'
import { subscribeExportEvents, subscribeOrderEvents, useOrdersStore } from './orders-store'
import { useT } from '../../i18n/i18n'

/**
 * From this width the open order sits beside the list, which keeps status, invoice, amount and
 * customer; below it the order opens in a drawer over the list (orders-screen.css follows the class
 * this sets, not a media query of its own, so the two cannot disagree).
 */
/**
 * The first things to do, for a Clerk's quiet Home (HomeScreen.tsx), come with this screen's code:
 * Home fetches it next anyway (a daily screen), and a chunk of their own would split the code every
 * screen shares, which alone cost the first screen 0.3 KB gzipped.
 */
export { FirstActions } from '../welcome/FirstActions'

export const SIDE_BY_SIDE = '(min-width: 1200px)'

// The open order's code (its QR code, refunds, receipt, review and the customers' Malay words with
// them) is a chunk of its own (issue 23): the list is what opening Orders waits for, the order only
// once one is opened. It is fetched when the page is idle after the first rows show, so that opening
// an order finds it here.
const OrderPanel = lazyNamed(() => import('./OrderDetail'), 'OrderPanel')
const OrderDrawer = lazyNamed(() => import('./OrderDetail'), 'OrderDrawer')
const ORDER_DETAIL = [OrderPanel, OrderDrawer]

export function OrdersScreen() {
  const t = useT()
  const rows = useOrdersStore((state) => state.rows)
  const filters = useOrdersStore((state) => state.filters)
  const loading = useOrdersStore((state) => state.loading)
  const error = useOrdersStore((state) => state.error)
  const nextBeforeId = useOrdersStore((state) => state.nextBeforeId)
  const total = useOrdersStore((state) => state.total)
  const selectedId = useOrdersStore((state) => state.selectedId)
  const search = useOrdersStore((state) => state.search)
  const loadMore = useOrdersStore((state) => state.loadMore)
  const select = useOrdersStore((state) => state.select)
  const firstSearch = useOrdersStore((state) => state.firstSearch)
  // The filters bar's first search takes over the one asked when Orders was opened.
  const searched = useRef(false)
  const onSearch = useCallback(
    (next: OrderFilters) => {
      const first = !searched.current
      searched.current = true
      void (first ? firstSearch(next) : search(next))
    },
    [search, firstSearch],
  )
  const history = useShellStore((state) => state.history)
  const sideBySide = useMediaQuery(SIDE_BY_SIDE)
  const root = useRef<HTMLDivElement>(null)
  const listed = rows.length > 0
  useEffect(() => {
    if (!listed) return
    // A fetch that fails here is tried again when an order is opened.
    void whenIdle()
      .then(OrderPanel.load)
      .catch(() => undefined)
  }, [listed])
  // An order opened before its code arrived (from another screen, or at once) shows when it has: its row is marked selected meanwhile.
  const detailHere = useArrived(selectedId !== null, ORDER_DETAIL)

  useEffect(() => subscribeExportEvents(), [])
  useEffect(() => subscribeOrderEvents(), [])
  // Another environment, or the history moved to or from a team database: nothing of the old one stays on show.
  useEffect(() => useOrdersStore.getState().follow(history), [history])
  // A search refused because the team database was gone, or nobody was signed in, runs again once both are back.
  const teamReachable = useTeamStore((state) => state.view?.state !== 'unreachable')
  const signedIn = useSessionStore((state) => Boolean(state.view?.operator) && state.view?.locked === false)
  useEffect(() => {
    const { error: refused, filters: searched } = useOrdersStore.getState()
    if (teamReachable && signedIn && (refused?.code === 'TEAM_DATABASE_UNREACHABLE' || refused?.code === 'SIGNED_OUT')) void useOrdersStore.getState().search(searched)
  }, [teamReachable, signedIn])

  // The row an order was opened from, for focus to go back to when it closes.
  const openedFrom = useRef<number | null>(null)
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null)
  const open = useCallback(
    (id: number) => {
      openedFrom.current = id
      void select(id)
    },
    [select],
  )
  const close = useCallback(() => {
    // Opened from elsewhere (a customer's orders): its row, if the list holds it.
    const id = openedFrom.current ?? useOrdersStore.getState().selectedId
    openedFrom.current = null
    void select(null)
    if (id !== null) setFocusRequest((previous) => ({ id, serial: (previous?.serial ?? 0) + 1 }))
  }, [select])
  const focusSearch = useCallback(() => root.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus(), [])
  const drawerTop = useCallback(() => root.current?.parentElement?.getBoundingClientRect().top ?? null, [])

  // Escape closes the panel beside the list from the panel or a row (the drawer, a dialog, closes itself).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key !== 'Escape' || selectedId === null || !sideBySide || event.defaultPrevented) return
    const target = event.target as Element
    if (target.closest('dialog') || !target.closest('.order-detail, .orders-table')) return
    event.preventDefault()
    close()
  }

  const nothingAtAll = !loading && rows.length === 0 && !hasFilters(filters) && !error
  // A refused search found nothing out: the error says so, not "No orders match".
  const refused = error !== null && rows.length === 0 && !loading
  const panel = selectedId !== null && sideBySide && detailHere
  return (
    // It only hears an Escape that rose from the panel or a row.
    <div ref={root} className={`orders-screen${panel ? ' orders-screen--with-panel' : ''}`} onKeyDown={onKeyDown}>
      <header className="screen-header screen-header--row orders-screen__header">
        <div className="orders-screen__title">
          <h1>{t('orders.title')}</h1>
          {nothingAtAll ? null : (
            <p className="orders-screen__count" role="status" data-testid="orders-count" hidden={refused}>
              {countLine({ filters, loading, loaded: rows.length, more: nextBeforeId !== null, total })}
            </p>
          )}
        </div>
        <ExportBar disabled={rows.length === 0 || total === 0} />
      </header>
      <TrackerBar />
      <OrderFiltersBar onSearch={onSearch} />
      {error ? (
        <div className="alert alert--error" role="alert">
          {readErrorMessage(error)}
        </div>
      ) : null}
      <div className="orders-screen__body">
        <div className="orders-screen__list">
          {nothingAtAll ? (
            <EmptyState icon={<OrdersIcon size={40} />} title={t('orders.empty.title')}>
              <p>{t('orders.empty.text')}</p>
              <FirstOrderActions />
            </EmptyState>
          ) : rows.length > 0 ? (
            <OrdersTable rows={rows} selectedId={selectedId} onSelect={open} onNearEnd={() => void loadMore()} focusRequest={focusRequest} onFocusMissing={focusSearch} />
          ) : null}
        </div>
        {panel ? <OrderPanel onClose={close} /> : null}
      </div>
      {selectedId !== null && !sideBySide && detailHere ? <OrderDrawer onClose={close} top={drawerTop} /> : null}
    </div>
  )
}
