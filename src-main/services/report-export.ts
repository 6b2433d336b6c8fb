/**
 * The end-of-day report as a CSV file (issue 20): written as the orders and audit exports are, to a
 * private `.partial` file renamed only when whole, where the user chose (or the exports folder).
 * One table: a section column, then the figures in ringgit with two decimals (exact, from sen).
 */
import type { EndOfDayReport, Takings } from '../../src-preload/contract'
import { csvCell, myrDecimal } from './csv-export'
import { malaysiaDateTime } from './home-figures'
import { writeWholeFile } from './whole-file'

const HEADER = ['section', 'key', 'name', 'paid_count', 'paid', 'refund_count', 'refunded', 'void_count', 'voided', 'net', 'currency']

/** A number the app wrote itself (a count, or ringgit from integer sen, a net may be negative): never a formula, written as it is. */
class Figure {
  constructor(readonly text: string) {}
}

function ringgit(sen: number): Figure {
  return new Figure(`${sen < 0 ? '-' : ''}${myrDecimal(Math.abs(sen))}`)
}

function count(n: number): Figure {
  return new Figure(String(n))
}

type Cell = string | Figure | null

function money(section: string, key: string, name: string, t: Takings): Cell[] {
  return [section, key, name, count(t.paidCount), ringgit(t.paidSen), count(t.refundCount), ringgit(t.refundedSen), count(t.voidCount), ringgit(t.voidedSen), ringgit(t.netSen), 'MYR']
}

function cell(value: Cell): string {
  return value instanceof Figure ? value.text : csvCell(value)
}

/** The report's lines, header first; fees are not in it (the gateway does not give them). */
export function reportCsvLines(report: EndOfDayReport): string[] {
  const rows: Cell[][] = [HEADER]
  const period = report.from === report.to ? report.from : `${report.from} to ${report.to}`
  rows.push(money('total', 'all', `Malaysia days ${period}, before the gateway's fees (not given by the gateway)`, report.totals))
  for (const line of report.byChannel) rows.push(money('channel', line.key, line.label, line))
  for (const line of report.byKind) rows.push(money('kind', line.key, line.label, line))
  for (const line of report.byOperator) rows.push(money('operator', line.key, line.label, line))
  for (const line of report.byStatus) rows.push(['status', line.status, line.status, count(line.count), null, null, null, null, null, null, null])
  rows.push(['status', 'NEEDS_REVIEW', 'Needs review', count(report.needsReview), null, null, null, null, null, null, null])
  for (const order of report.notFinal.orders) {
    rows.push([
      'not_final',
      order.invoiceNumber,
      // The shop's time, as the report's days are (found by review: UTC put an order of the morning on the day before).
      `${order.status}${order.review ? ' (Needs review)' : ''} ${order.customerName}, made ${malaysiaDateTime(new Date(order.createdAt))} Malaysia time`,
      null,
      ringgit(order.amountSen),
      null,
      null,
      null,
      null,
      null,
      order.currency,
    ])
  }
  return rows.map((row) => `${row.map(cell).join(',')}\r\n`)
}

export async function exportReportCsv(report: EndOfDayReport, chooseFile: (suggestedName: string) => Promise<string | null>): Promise<{ file: string | null; rows: number }> {
  const name = report.from === report.to ? `end-of-day-${report.from}.csv` : `report-${report.from}-to-${report.to}.csv`
  const file = await chooseFile(name)
  if (file === null) return { file: null, rows: 0 }
  const lines = reportCsvLines(report)
  await writeWholeFile(file, async (handle) => {
    await handle.write(lines.join(''))
  })
  return { file, rows: lines.length - 1 }
}
