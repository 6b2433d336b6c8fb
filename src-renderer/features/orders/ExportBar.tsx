import './ExportBar.css'
import { useT } from '../../i18n/i18n'
import { useOrdersStore } from './orders-store'

/** "Export CSV" of exactly the current search and filters, with its progress and a cancel. */
export function ExportBar({ disabled }: { disabled: boolean }) {
  const t = useT()
  const exporting = useOrdersStore((state) => state.exporting)
  const exportCsv = useOrdersStore((state) => state.exportCsv)
  const cancelExport = useOrdersStore((state) => state.cancelExport)
  const running = exporting !== null && exporting.finished === null
  return (
    <div className="export-bar">
      {running ? (
        <>
          <progress max={Math.max(1, exporting.total)} value={exporting.written} aria-label={t('orders.export.progress')} />
          <span className="muted small">{t('orders.export.written', { count: exporting.total, written: exporting.written.toLocaleString('en-MY'), n: exporting.total.toLocaleString('en-MY') })}</span>
          <button type="button" className="button button--secondary button--small" onClick={() => void cancelExport()}>
            {t('orders.export.cancel')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--secondary" disabled={disabled} onClick={() => void exportCsv()}>
          {t('orders.export.csv')}
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
