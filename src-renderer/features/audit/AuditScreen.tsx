import '../../ui/audit-table.css'
import './AuditScreen.css'
import { useEffect, useMemo, type SyntheticEvent } from 'react'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { openOrder } from '../customers/open-order'
import { actionLabel, detailsText, EMPTY_AUDIT_DRAFT, malaysiaTime } from './audit-text'
import { useAuditStore } from './audit-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'

/** Every audited entry, newest first: who did what, to which order, when (Malaysia time), and the details. */
export function AuditScreen() {
  const draft = useAuditStore((state) => state.draft)
  const rows = useAuditStore((state) => state.rows)
  const nextBeforeId = useAuditStore((state) => state.nextBeforeId)
  const loading = useAuditStore((state) => state.loading)
  const loaded = useAuditStore((state) => state.loaded)
  const error = useAuditStore((state) => state.error)
  const exporting = useAuditStore((state) => state.exporting)
  const exported = useAuditStore((state) => state.exported)
  const exportError = useAuditStore((state) => state.exportError)
  const { edit, search, loadMore, exportCsv } = useAuditStore.getState()

  // Fresh each time the screen opens: entries are added all the time.
  useEffect(() => {
    void useAuditStore.getState().search()
  }, [])

  const actors = useMemo(() => [...new Set(rows.map((row) => row.actor))].sort(), [rows])
  const actions = useMemo(() => [...new Set(rows.map((row) => row.action))].sort(), [rows])

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault()
    void search()
  }

  return (
    <div className="audit-screen">
      <ScreenHeader title="Audit log">Everything staff did that is audited: who, what, which order, when. Entries are never changed or removed.</ScreenHeader>
      <form className="card audit-filters" aria-label="Audit filters" onSubmit={submit}>
        <div className="audit-filters__row">
          <label className="audit-filter">
            <span>Operator</span>
            <input list="audit-actors" value={draft.actor} onChange={(e) => edit({ actor: e.target.value })} placeholder="Any" maxLength={FIELD_LIMITS.auditFilter} />
            <datalist id="audit-actors">
              {actors.map((actor) => (
                <option key={actor} value={actor} />
              ))}
            </datalist>
          </label>
          <label className="audit-filter">
            <span>Action</span>
            <input list="audit-actions" value={draft.action} onChange={(e) => edit({ action: e.target.value })} placeholder="Any" maxLength={FIELD_LIMITS.auditFilter} />
            <datalist id="audit-actions">
              {actions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </datalist>
          </label>
          <label className="audit-filter">
            <span>From (Malaysia date)</span>
            <input type="date" value={draft.from} onChange={(e) => edit({ from: e.target.value })} />
          </label>
          <label className="audit-filter">
            <span>To</span>
            <input type="date" value={draft.to} onChange={(e) => edit({ to: e.target.value })} />
          </label>
          <div className="audit-filters__actions">
            <button type="submit" className="button">
              Show
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                edit(EMPTY_AUDIT_DRAFT)
                void search(EMPTY_AUDIT_DRAFT)
              }}
            >
              Clear
            </button>
            <button type="button" className="button button--secondary" disabled={exporting || rows.length === 0} onClick={() => void exportCsv()}>
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
          </div>
        </div>
        {exported ? (
          <p className="saved small" role="status" data-testid="audit-export-result">
            {exported.file ? (
              <>
                {exported.rows} {exported.rows === 1 ? 'entry' : 'entries'} written to <code>{exported.file}</code>
              </>
            ) : (
              'Export cancelled: nothing written.'
            )}
          </p>
        ) : null}
        {exportError ? (
          <div className="alert alert--error" role="alert">
            {exportError.message}
          </div>
        ) : null}
      </form>
      {error ? (
        <div className="alert alert--error" role="alert">
          {error.message}
        </div>
      ) : null}
      <div className="card audit-table-card">
        <table className="audit-table" aria-label="Audit log">
          <thead>
            <tr>
              <th scope="col">Time (Malaysia)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">Order</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} data-testid="audit-row">
                <td className="audit-table__time">{malaysiaTime(row.at)}</td>
                <td className="audit-table__who">{row.actor}</td>
                <td>
                  <span title={row.action}>{actionLabel(row.action)}</span>
                </td>
                <td>
                  {row.orderId !== null ? (
                    <button type="button" className="link-button mono" onClick={() => openOrder(row.orderId ?? 0)}>
                      {row.invoiceNumber ?? `#${String(row.orderId)}`}
                    </button>
                  ) : (
                    <span className="muted">—</span>
                  )}
                </td>
                <td className="audit-table__details">{detailsText(row.details)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {loaded && rows.length === 0 && !error ? <p className="muted audit-table__empty">No entries match.</p> : null}
        <div className="audit-table__more">
          {nextBeforeId !== null ? (
            <button type="button" className="button button--secondary" disabled={loading} onClick={() => void loadMore()}>
              {loading ? 'Loading…' : 'Load more'}
            </button>
          ) : loaded && rows.length > 0 ? (
            <span className="muted small">That is every entry{rows.length > 1 ? ` (${String(rows.length)})` : ''}.</span>
          ) : null}
          {loading && !loaded ? <span className="muted small">Loading…</span> : null}
        </div>
      </div>
    </div>
  )
}
