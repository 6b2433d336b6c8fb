import './ReportScreen.css'
import { useEffect, type SyntheticEvent } from 'react'
import { createPortal } from 'react-dom'
import type { EndOfDayReport, Takings } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { useShellStore } from '../../app/shell-store'
import { STATUS_LABELS } from '../../format/labels'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { StatusChip } from '../../ui/StatusChip'
import { malaysiaTime } from '../audit/audit-text'
import { openOrder } from '../customers/open-order'
import { useReportStore } from './report-store'

/**
 * The end-of-day report of a Malaysia day (or days): what came in by channel, kind and operator,
 * refunds and voids, the orders by where they stand and every one still not final. Printed by its
 * print stylesheet (only the report, on white), exported as CSV, and in the desktop app saved as PDF.
 */
export function ReportScreen() {
  const from = useReportStore((state) => state.from)
  const to = useReportStore((state) => state.to)
  const report = useReportStore((state) => state.report)
  const loading = useReportStore((state) => state.loading)
  const error = useReportStore((state) => state.error)
  const saving = useReportStore((state) => state.saving)
  const saved = useReportStore((state) => state.saved)
  const saveError = useReportStore((state) => state.saveError)
  const desktop = useShellStore((state) => state.info?.runtime === 'electron')
  const history = useShellStore((state) => state.history)
  const { setDays, load, exportCsv, savePdf } = useReportStore.getState()

  useEffect(() => {
    void useReportStore.getState().load()
  }, [history])

  const submit = (event: SyntheticEvent): void => {
    event.preventDefault()
    void load()
  }

  return (
    <div className="report-screen">
      <div className="report-screen__controls">
        <ScreenHeader title="End-of-day report">Malaysia days, from this desk’s history. Print it, export it as CSV{desktop ? ', or save it as PDF' : ''}.</ScreenHeader>
        <form className="card report-days" aria-label="Report days" onSubmit={submit}>
          <label className="report-days__field">
            <span>From (Malaysia date)</span>
            <input type="date" required value={from} onChange={(e) => setDays({ from: e.target.value, ...(e.target.value > to ? { to: e.target.value } : {}) })} />
          </label>
          <label className="report-days__field">
            <span>To</span>
            <input type="date" required value={to} min={from} onChange={(e) => setDays({ to: e.target.value })} />
          </label>
          <div className="report-days__actions">
            <button type="submit" className="button" disabled={loading}>
              {loading ? 'Loading…' : 'Show'}
            </button>
            <button type="button" className="button button--secondary" disabled={!report} onClick={() => window.print()}>
              Print
            </button>
            <button type="button" className="button button--secondary" disabled={!report || saving !== null} onClick={() => void exportCsv()}>
              {saving === 'csv' ? 'Exporting…' : 'Export CSV'}
            </button>
            {desktop ? (
              <button type="button" className="button button--secondary" disabled={!report || saving !== null} onClick={() => void savePdf()}>
                {saving === 'pdf' ? 'Saving…' : 'Save as PDF'}
              </button>
            ) : null}
          </div>
          {saved ? (
            <p className="saved small" role="status" data-testid="report-saved">
              {saved.file ? (
                <>
                  Written to <code>{saved.file}</code>
                </>
              ) : (
                'Cancelled: nothing written.'
              )}
            </p>
          ) : null}
          {saveError ? (
            <div className="alert alert--error" role="alert">
              {saveError.message}
            </div>
          ) : null}
        </form>
        {error ? (
          <div className="alert alert--error" role="alert">
            {error.field ? `${error.field === 'to' ? 'To' : 'From'}: ` : ''}
            {error.message}
          </div>
        ) : null}
      </div>
      {report ? <Report report={report} testId="report" /> : null}
      {/* What prints (and what a PDF holds): a copy at the end of the page, the one thing the print stylesheet shows (as a receipt's). */}
      {report
        ? createPortal(
            <div className="print-only report-print">
              <Report report={report} testId="report-print" />
            </div>,
            document.body,
          )
        : null}
    </div>
  )
}

function daysText(report: EndOfDayReport): string {
  return report.from === report.to ? report.from : `${report.from} to ${report.to}`
}

function Report({ report, testId }: { report: EndOfDayReport; testId: string }) {
  return (
    <article className="card report" aria-label={`Report of ${daysText(report)}`} data-testid={testId}>
      <header className="report__head">
        <h2>{report.from === report.to ? `End of day ${report.from}` : `Report ${daysText(report)}`}</h2>
        <p className="small muted">Malaysia time (UTC+8). Made {malaysiaTime(report.at)}. Amounts are before the gateway’s fees: the gateway does not report them, so they are left out.</p>
      </header>
      <dl className="report__totals" data-testid="report-totals">
        <Total label="Paid" value={report.totals.paidSen} note={`${String(report.totals.paidCount)} ${report.totals.paidCount === 1 ? 'payment' : 'payments'}`} />
        <Total label="Refunded" value={report.totals.refundedSen} note={`${String(report.totals.refundCount)} ${report.totals.refundCount === 1 ? 'refund' : 'refunds'}`} />
        <Total label="Voided" value={report.totals.voidedSen} note={`${String(report.totals.voidCount)} ${report.totals.voidCount === 1 ? 'void' : 'voids'}`} />
        <Total label="Net" value={report.totals.netSen} strong />
      </dl>
      <MoneyTable caption="By channel" first="Channel" lines={report.byChannel} />
      <MoneyTable caption="By kind" first="Kind" lines={report.byKind} />
      <MoneyTable caption="By operator (paid: who made the order; refunds and voids: who asked for them)" first="Operator" lines={report.byOperator} />
      <section className="report__section" aria-label="Orders by status">
        <h3>Orders made in the period, by where they stand now</h3>
        {report.byStatus.length === 0 ? (
          <p className="muted">No orders were made in the period.</p>
        ) : (
          <ul className="report__statuses">
            {report.byStatus.map(({ status, count }) => (
              <li key={status}>
                {STATUS_LABELS[status]} <strong>{count}</strong>
              </li>
            ))}
            {report.needsReview > 0 ? (
              <li>
                Needs review <strong>{report.needsReview}</strong>
              </li>
            ) : null}
          </ul>
        )}
      </section>
      <section className="report__section" aria-label="Orders not final">
        <h3>Not final yet ({report.notFinal.total})</h3>
        {report.notFinal.total === 0 ? (
          <p className="muted">Every order made in the period has its final outcome.</p>
        ) : (
          <table className="report__table">
            <thead>
              <tr>
                <th scope="col">Invoice</th>
                <th scope="col">Status</th>
                <th scope="col">Customer</th>
                <th scope="col">Made</th>
                <th scope="col" className="report__num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {report.notFinal.orders.map((order) => (
                <tr key={order.id}>
                  <td>
                    <button type="button" className="link-button" onClick={() => openOrder(order.id)}>
                      {order.invoiceNumber}
                    </button>
                  </td>
                  <td>
                    <StatusChip status={order.status} raw={order.rawStatus} />
                    {order.review ? ' Needs review' : ''}
                  </td>
                  <td>{order.customerName}</td>
                  <td>{malaysiaTime(order.createdAt)}</td>
                  <td className="report__num">{formatRm(order.amountSen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {report.notFinal.total > report.notFinal.orders.length ? <p className="small muted">The first {report.notFinal.orders.length} are listed; Orders finds them all.</p> : null}
      </section>
    </article>
  )
}

function Total({ label, value, note, strong }: { label: string; value: number; note?: string; strong?: boolean }) {
  return (
    <div className={`report__total${strong ? ' report__total--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>
        {formatRm(value)}
        {note ? <span className="small muted">{note}</span> : null}
      </dd>
    </div>
  )
}

function MoneyTable({ caption, first, lines }: { caption: string; first: string; lines: (Takings & { key: string; label: string })[] }) {
  return (
    <section className="report__section">
      <table className="report__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="report__num">
              Payments
            </th>
            <th scope="col" className="report__num">
              Paid
            </th>
            <th scope="col" className="report__num">
              Refunded
            </th>
            <th scope="col" className="report__num">
              Voided
            </th>
            <th scope="col" className="report__num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                Nothing in the period.
              </td>
            </tr>
          ) : (
            lines.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.label}</th>
                <td className="report__num">{line.paidCount}</td>
                <td className="report__num">{formatRm(line.paidSen)}</td>
                <td className="report__num">{formatRm(line.refundedSen)}</td>
                <td className="report__num">{formatRm(line.voidedSen)}</td>
                <td className="report__num">{formatRm(line.netSen)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}
