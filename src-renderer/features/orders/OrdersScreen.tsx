import '../../ui/ScreenHeader.css'
import './OrdersScreen.css'
import { useCallback, useEffect } from 'react'
import type { OrderFilters } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { EmptyState } from '../../ui/EmptyState'
import { OrdersIcon } from '../../ui/icons'
import { useSessionStore } from '../session/session-store'
import { TrackerBar } from '../tracker/TrackerBar'
import { readErrorMessage } from '../team/team-text'
import { useTeamStore } from '../team/team-store'
import { ExportBar } from './ExportBar'
import { OrderDetail } from './OrderDetail'
import { OrderFiltersBar } from './OrderFiltersBar'
import { OrdersTable } from './OrdersTable'
import { subscribeExportEvents, subscribeOrderEvents, useOrdersStore } from './orders-store'

function hasFilters(filters: OrderFilters): boolean {
  return Object.values(filters as Record<string, unknown>).some((value) => value !== undefined)
}

/** What an empty result says: with only "Needs review" on, that nothing waits for a decision. */
function noneText(filters: OrderFilters): string {
  const { needsReview, ...others } = filters
  return needsReview && !hasFilters(others) ? 'No orders need review.' : 'No orders match.'
}

export function OrdersScreen() {
  const rows = useOrdersStore((state) => state.rows)
  const filters = useOrdersStore((state) => state.filters)
  const loading = useOrdersStore((state) => state.loading)
  const error = useOrdersStore((state) => state.error)
  const nextBeforeId = useOrdersStore((state) => state.nextBeforeId)
  const selectedId = useOrdersStore((state) => state.selectedId)
  const search = useOrdersStore((state) => state.search)
  const loadMore = useOrdersStore((state) => state.loadMore)
  const select = useOrdersStore((state) => state.select)
  const onSearch = useCallback((next: OrderFilters) => void search(next), [search])
  const history = useShellStore((state) => state.history)

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

  const nothingAtAll = !loading && rows.length === 0 && !hasFilters(filters) && !error
  // A refused search found nothing out: the error says so, not "No orders match".
  const refused = error !== null && rows.length === 0 && !loading
  return (
    <div className={`orders-screen${selectedId !== null ? ' orders-screen--with-detail' : ''}`}>
      <div className="orders-screen__main">
        <header className="screen-header screen-header--row">
          <h1>Orders</h1>
          <ExportBar disabled={rows.length === 0} />
        </header>
        <TrackerBar />
        <OrderFiltersBar onSearch={onSearch} />
        {error ? (
          <div className="alert alert--error" role="alert">
            {readErrorMessage(error)}
          </div>
        ) : null}
        {nothingAtAll ? (
          <EmptyState icon={<OrdersIcon size={40} />} title="No orders yet">
            <p>Every payment link and phone order made from this app is listed here, newest first, from the local history: it works without a network.</p>
          </EmptyState>
        ) : (
          <>
            <p className="muted small" role="status" data-testid="orders-count" hidden={refused}>
              {loading && rows.length === 0
                ? 'Searching…'
                : rows.length === 0
                  ? noneText(filters)
                  : `${String(rows.length)}${nextBeforeId !== null ? '+' : ''} order${rows.length === 1 ? '' : 's'}, newest first`}
            </p>
            {rows.length > 0 ? <OrdersTable rows={rows} selectedId={selectedId} onSelect={(id) => void select(id)} onNearEnd={() => void loadMore()} /> : null}
          </>
        )}
      </div>
      {selectedId !== null ? <OrderDetail /> : null}
    </div>
  )
}
