import './ExportBar.css'
import { ordersText } from '../../../src-common/count-text'
import { useOrdersStore } from './orders-store'

/** "Export CSV" of exactly the current search and filters, with its progress and a cancel. */
export function ExportBar({ disabled }: { disabled: boolean }) {
  const exporting = useOrdersStore((state) => state.exporting)
  const exportCsv = useOrdersStore((state) => state.exportCsv)
  const cancelExport = useOrdersStore((state) => state.cancelExport)
  const running = exporting !== null && exporting.finished === null
  return (
    <div className="export-bar">
      {running ? (
        <>
          <progress max={Math.max(1, exporting.total)} value={exporting.written} aria-label="Export progress" />
          <span className="muted small">
            {exporting.written.toLocaleString('en-MY')} of {ordersText(exporting.total)}
          </span>
          <button type="button" className="button button--secondary button--small" onClick={() => void cancelExport()}>
            Cancel export
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" disabled={disabled} onClick={() => void exportCsv()}>
          Export CSV
        </button>
      )}
      {exporting?.finished ? (
        <span className={`small ${exporting.finished.status === 'done' ? 'saved' : 'field__error'}`} role="status" data-testid="export-result">
          {exporting.finished.message}
          {exporting.finished.file ? (
            <>
              {' '}
              <code>{exporting.finished.file}</code>
            </>
          ) : null}
        </span>
      ) : null}
    </div>
  )
}
