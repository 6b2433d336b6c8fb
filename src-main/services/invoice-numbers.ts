/**
 * New invoice numbers: the environment's prefix and a six-digit sequence (INV-000042). The sequence
 * lives in the environment's database, so each environment counts on its own; a number already used
 * by an order (typed by hand, or from an older sequence) is skipped.
 */
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { SqlDatabase } from '../store/database'
import type { History } from '../store/history'

/** The settings row that holds the next sequence number (a team takes the greatest of its desks': team/history-import.ts). */
export const INVOICE_SEQUENCE_KEY = 'invoice_sequence'
const DIGITS = 6

function stored(db: SqlDatabase): number {
  const row = db.prepare('select value from settings where key = ?').get(INVOICE_SEQUENCE_KEY) as { value: string } | undefined
  const value = row ? Number(row.value) : 1
  return Number.isSafeInteger(value) && value >= 1 ? value : 1
}

function format(prefix: string, sequence: number): string {
  return `${prefix}${String(sequence).padStart(DIGITS, '0')}`
}

/** The next free number; does not consume it. */
export function nextInvoiceNumber(history: History, prefix: string): string {
  let sequence = stored(history.db)
  while (history.orders.holdingInvoice(format(prefix, sequence)).length > 0) sequence += 1
  return format(prefix, sequence)
}

/** After an order took `invoiceNumber`: if it is one of the sequence's, the sequence moves past it. */
export function noteInvoiceUsed(history: History, prefix: string, invoiceNumber: string, at: Date): void {
  if (!invoiceNumber.startsWith(prefix)) return
  const digits = invoiceNumber.slice(prefix.length)
  if (!/^\d+$/.test(digits)) return
  const used = Number(digits)
  if (!Number.isSafeInteger(used) || used < stored(history.db)) return
  history.db
    .prepare('insert into settings (key, value, updated_at) values (?, ?, ?) on conflict(key) do update set value = excluded.value, updated_at = excluded.updated_at')
    .run(INVOICE_SEQUENCE_KEY, String(used + 1), at.toISOString())
}

/**
 * The refusal of an invoice number another order of this environment holds; `held` is that order's
 * number when it differs only in case (numbers are compared without regard to case: migration 7).
 */
export function duplicateInvoice(invoiceNumber: string, held: string = invoiceNumber): AppError {
  const said = held === invoiceNumber ? say('said.links.duplicateInvoice', { invoice: invoiceNumber }) : say('said.links.duplicateInvoiceAs', { invoice: invoiceNumber, held })
  return new AppError('DUPLICATE_INVOICE', said, 'invoiceNumber')
}
