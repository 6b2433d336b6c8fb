import './ReportScreen.css'
import { useEffect, type SyntheticEvent } from 'react'
import { createPortal } from 'react-dom'
import { Trans } from 'react-i18next'
import type { TFunction } from 'i18next'
import type { EndOfDayReport, Takings } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { STATUS_LABELS } from '../../format/labels'
import { DateField } from '../../ui/DateField'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { StatusChip } from '../../ui/StatusChip'
import { openOrder } from '../customers/open-order'
import { useReportStore } from './report-store'
import { i18n, useFormats, useT } from '../../i18n/i18n'
import type { Formats } from '../../i18n/formats'
import { actorText } from '../../format/actor'

/**
 * The end-of-day report of a Malaysia day (or days): what came in by channel, kind and operator,
 * refunds and voids, the orders by where they stand and every one still not final. Printed by its
 * print stylesheet (only the report, on white), exported as CSV, and in the desktop app saved as PDF.
 * The screen, the print and the PDF speak the desk's language; the CSV is main's (report-export.ts).
 */
export function ReportScreen() {
  const t = useT()
  const from = useReportStore((state) => state.from)
  const to = useReportStore((state) => state.to)
  const problem = useReportStore((state) => state.problem)
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
        <ScreenHeader title={t('report.title')}>{desktop ? t('report.leadDesktop') : t('report.lead')}</ScreenHeader>
        <form className="card report-days" aria-label={t('report.days.label')} onSubmit={submit}>
          <label className="report-days__field">
            <span>{t('report.days.from')}</span>
            <DateField label={t('report.days.from')} value={from} invalid={problem === 'ui.dateField.fromProblem'} onChange={(day) => setDays({ from: day })} />
          </label>
          <label className="report-days__field">
            <span>{t('report.days.to')}</span>
            <DateField label={t('report.days.to')} value={to} invalid={problem === 'ui.dateField.toProblem'} onChange={(day) => setDays({ to: day })} />
          </label>
          <div className="report-days__actions">
            <button type="submit" className="button" disabled={loading}>
              {loading ? t('report.days.loading') : t('report.days.show')}
            </button>
            <button type="button" className="button button--secondary" disabled={!report} onClick={() => window.print()}>
              {t('report.days.print')}
            </button>
            <button type="button" className="button button--secondary" disabled={!report || saving !== null} onClick={() => void exportCsv()}>
              {saving === 'csv' ? t('report.days.exporting') : t('report.days.exportCsv')}
            </button>
            {desktop ? (
              <button type="button" className="button button--secondary" disabled={!report || saving !== null} onClick={() => void savePdf()}>
                {saving === 'pdf' ? t('report.days.saving') : t('report.days.savePdf')}
              </button>
            ) : null}
          </div>
          {problem ? (
            <p className="field__error report-days__problem" role="alert">
              {t(problem)}
            </p>
          ) : null}
          {saved ? (
            <p className="saved small" role="status" data-testid="report-saved">
              {saved.file ? <Trans i18nKey="report.days.written" values={{ file: saved.file }} components={{ code: <code /> }} /> : t('report.days.cancelled')}
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
            {error.field ? t(error.field === 'to' ? 'report.days.toProblem' : 'report.days.fromProblem', { message: error.message }) : error.message}
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

/** A report's day as the other screens show a date: "1 Nov 2026" (Malaysia days). */
function shortDay(formats: Formats, date: string): string {
  return formats.date(`${date}T00:00:00+08:00`)
}

/** The report's days as staff read them: "1 Nov 2026 to 30 Nov 2026" (the same in print and on screen). */
function daysText(t: TFunction, formats: Formats, report: EndOfDayReport): string {
  return report.from === report.to ? shortDay(formats, report.from) : t('report.range', { from: shortDay(formats, report.from), to: shortDay(formats, report.to) })
}

/** The days in words, in Malaysia time: "Monday, 23 November 2026" ("Isnin, 23 November 2026"). */
function longDaysText(t: TFunction, formats: Formats, report: EndOfDayReport): string {
  const day = (date: string): string => formats.longDate(`${date}T00:00:00+08:00`)
  return report.from === report.to ? day(report.from) : t('report.range', { from: day(report.from), to: day(report.to) })
}

function Report({ report, testId }: { report: EndOfDayReport; testId: string }) {
  const t = useT()
  const formats = useFormats()
  const count = (id: string, n: number): string => t(id, { count: n, n: formats.number(n) })
  return (
    <article className="card report" aria-label={t('report.label', { days: daysText(t, formats, report) })} data-testid={testId}>
      <header className="report__head">
        {/* Whose report: the shop, and a report of Training or Sandbox says it is not real money, on screen and on paper alike. */}
        {report.shopName ? <p className="report__shop">{report.shopName}</p> : null}
        {report.environment !== 'production' ? (
          <p className="report__mark" data-testid="report-mark">
            {t(`report.mark.${report.environment}`)}
          </p>
        ) : null}
        <h2>
          {report.from === report.to
            ? t('report.dayTitle', { day: shortDay(formats, report.from) })
            : t('report.rangeTitle', { from: shortDay(formats, report.from), to: shortDay(formats, report.to) })}
        </h2>
        <p className="small muted">{t('report.note', { days: longDaysText(t, formats, report), at: formats.fullTime(report.at) })}</p>
      </header>
      <dl className="report__totals" data-testid="report-totals">
        <Total label={t('report.totals.paid')} value={report.totals.paidSen} note={count('report.totals.payments', report.totals.paidCount)} />
        <Total label={t('report.totals.refunded')} value={report.totals.refundedSen} note={count('report.totals.refunds', report.totals.refundCount)} />
        <Total label={t('report.totals.voided')} value={report.totals.voidedSen} note={count('report.totals.voids', report.totals.voidCount)} />
        <Total label={t('report.totals.net')} value={report.totals.netSen} strong />
      </dl>
      <MoneyTable caption={t('report.byChannel')} first={t('report.channel')} lines={report.byChannel.map((line) => ({ ...line, label: worded(`report.channels.${line.key}`, line.label) }))} />
      <MoneyTable caption={t('report.byKind')} first={t('report.kind')} lines={report.byKind.map((line) => ({ ...line, label: worded(`report.kinds.${line.key}`, line.label) }))} />
      <MoneyTable caption={t('report.byOperator')} first={t('report.operator')} lines={report.byOperator.map((line) => ({ ...line, label: actorText(line.label) }))} />
      <section className="report__section" aria-label={t('report.statuses.label')}>
        <h3>{t('report.statuses.title')}</h3>
        {report.byStatus.length === 0 ? (
          <p className="muted">{t('report.statuses.none')}</p>
        ) : (
          <ul className="report__statuses">
            {report.byStatus.map(({ status, count: n }) => (
              <li key={status}>
                {STATUS_LABELS[status]} <strong>{formats.number(n)}</strong>
              </li>
            ))}
            {report.needsReview > 0 ? (
              <li>
                {t('report.statuses.needsReview')} <strong>{formats.number(report.needsReview)}</strong>
              </li>
            ) : null}
          </ul>
        )}
      </section>
      <section className="report__section" aria-label={t('report.notFinal.label')}>
        <h3>{t('report.notFinal.title', { n: formats.number(report.notFinal.total) })}</h3>
        {report.notFinal.total === 0 ? (
          <p className="muted">{t('report.notFinal.none')}</p>
        ) : (
          <table className="report__table">
            <thead>
              <tr>
                <th scope="col">{t('report.notFinal.invoice')}</th>
                <th scope="col">{t('report.notFinal.status')}</th>
                <th scope="col">{t('report.notFinal.customer')}</th>
                <th scope="col">{t('report.notFinal.made')}</th>
                <th scope="col" className="report__num">
                  {t('report.notFinal.amount')}
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
                    {order.review ? <> {t('report.notFinal.needsReview')}</> : null}
                  </td>
                  <td>{order.customerName}</td>
                  <td>{formats.fullTime(order.createdAt)}</td>
                  <td className="report__num">{formats.money(order.amountSen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {report.notFinal.total > report.notFinal.orders.length ? <p className="small muted">{t('report.notFinal.firstListed', { n: formats.number(report.notFinal.orders.length) })}</p> : null}
      </section>
    </article>
  )
}

/** A channel or kind in the desk's language, by its key; one the catalogue does not know (a brand, a new channel) as main names it. */
function worded(id: string, asMainSaysIt: string): string {
  return i18n.exists(id) ? i18n.t(id) : asMainSaysIt
}

function Total({ label, value, note, strong }: { label: string; value: number; note?: string; strong?: boolean }) {
  const formats = useFormats()
  return (
    <div className={`report__total${strong ? ' report__total--strong' : ''}`}>
      <dt>{label}</dt>
      <dd>
        {formats.money(value)}
        {note ? <span className="small muted">{note}</span> : null}
      </dd>
    </div>
  )
}

function MoneyTable({ caption, first, lines }: { caption: string; first: string; lines: (Takings & { key: string; label: string })[] }) {
  const t = useT()
  const formats = useFormats()
  return (
    <section className="report__section">
      <table className="report__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{first}</th>
            <th scope="col" className="report__num">
              {t('report.columns.payments')}
            </th>
            <th scope="col" className="report__num">
              {t('report.columns.paid')}
            </th>
            <th scope="col" className="report__num">
              {t('report.columns.refunded')}
            </th>
            <th scope="col" className="report__num">
              {t('report.columns.voided')}
            </th>
            <th scope="col" className="report__num">
              {t('report.columns.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.length === 0 ? (
            <tr>
              <td colSpan={6} className="muted">
                {t('report.nothing')}
              </td>
            </tr>
          ) : (
            lines.map((line) => (
              <tr key={line.key}>
                <th scope="row">{line.label}</th>
                <td className="report__num">{formats.number(line.paidCount)}</td>
                <td className="report__num">{formats.money(line.paidSen)}</td>
                <td className="report__num">{formats.money(line.refundedSen)}</td>
                <td className="report__num">{formats.money(line.voidedSen)}</td>
                <td className="report__num">{formats.money(line.netSen)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  )
}
