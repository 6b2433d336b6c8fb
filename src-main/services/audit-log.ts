/**
 * The audit log screen: the active environment's audit log, filtered (who, what, when), newest first
 * in keyset pages, with the order's invoice number; and the same filtered log as a CSV file. The log
 * itself stays append-only (the history's triggers refuse UPDATE and DELETE).
 */
import type { AuditEntryView, AuditFilters } from '../../src-preload/contract'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { AuditListRow, AuditQuery } from '../store/audit'
import type { History } from '../store/history'
import { csvCell } from './csv-export'
import { writeWholeFile } from './whole-file'

function instant(value: string | undefined, field: string): string | undefined {
  if (value === undefined) return undefined
  const ms = Date.parse(value)
  if (Number.isNaN(ms)) throw new AppError('INVALID_INPUT', say('said.input.dateTime'), field)
  return new Date(ms).toISOString()
}

export function auditQuery(filters: AuditFilters): AuditQuery {
  const from = instant(filters.from, 'from')
  const to = instant(filters.to, 'to')
  if (from !== undefined && to !== undefined && from > to) throw new AppError('INVALID_INPUT', say('said.input.afterStart'), 'to')
  return { actor: filters.actor?.trim() || undefined, action: filters.action?.trim() || undefined, from, to }
}

function entryView(row: AuditListRow): AuditEntryView {
  return { id: row.id, at: row.at, actor: row.actor, action: row.action, orderId: row.orderId, invoiceNumber: row.invoiceNumber, approvedBy: row.approvedBy, details: row.details ?? '' }
}

export function listAudit(history: History, input: AuditFilters & { limit: number; beforeId?: number | undefined }): { rows: AuditEntryView[]; nextBeforeId: number | null } {
  const rows = history.audit.page(auditQuery(input), input.limit + 1, input.beforeId)
  const page = rows.slice(0, input.limit)
  return { rows: page.map(entryView), nextBeforeId: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null }
}

const COLUMNS: readonly [string, (row: AuditListRow) => string | null][] = [
  ['id', (row) => String(row.id)],
  ['at', (row) => row.at],
  ['actor', (row) => row.actor],
  ['approved_by', (row) => row.approvedBy],
  ['action', (row) => row.action],
  ['invoice_number', (row) => row.invoiceNumber],
  ['order_id', (row) => (row.orderId === null ? null : String(row.orderId))],
  ['details', (row) => row.details],
]

const CHUNK = 500

/** Writes the filtered log to a private `.partial` file, renamed only when whole. */
export async function exportAudit(
  history: History,
  filters: AuditFilters,
  options: { chooseFile: (suggestedName: string) => Promise<string | null>; now: () => Date },
): Promise<{ file: string | null; rows: number }> {
  const query = auditQuery(filters)
  const stamp = options.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
  const file = await options.chooseFile(`audit-log-${stamp}.csv`)
  if (file === null) return { file: null, rows: 0 }
  let rows = 0
  await writeWholeFile(file, async (handle) => {
    await handle.write(`${COLUMNS.map(([name]) => name).join(',')}\r\n`)
    // Keyset pages: no statement stays open across an await, so other calls go on meanwhile.
    let beforeId: number | undefined
    for (;;) {
      const page = history.audit.page(query, CHUNK, beforeId)
      if (page.length === 0) break
      await handle.write(page.map((row) => `${COLUMNS.map(([, read]) => csvCell(read(row))).join(',')}\r\n`).join(''))
      rows += page.length
      beforeId = page.at(-1)?.id
      if (page.length < CHUNK) break
    }
  })
  return { file, rows }
}
