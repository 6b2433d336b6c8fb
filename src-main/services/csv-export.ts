/**
 * CSV export of exactly the orders screen's filters: streamed from the history in chunks so the app
 * stays responsive, with progress events, cancellable, written to a `.partial` file and renamed only
 * when complete, so a cancelled or failed export never leaves a file that looks whole.
 */
import { randomUUID } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import type { OrderFilters } from '../../src-preload/contract'
import { ordersText } from '../../src-common/count-text'
import type { EventBus } from '../bridge/event-bus'
import type { Logger } from '../log'
import type { OrderRow, OrderSearch } from '../store/history-types'

export interface OrderSource {
  count(query: Omit<OrderSearch, 'limit' | 'beforeId'>): number
  each(query: Omit<OrderSearch, 'limit' | 'beforeId'>): Generator<OrderRow>
}

const COLUMNS: readonly [string, (row: OrderRow) => string | null][] = [
  ['invoice_number', (row) => row.invoiceNumber],
  ['created_at', (row) => row.createdAt],
  ['kind', (row) => row.kind],
  ['channel', (row) => row.channel],
  ['status', (row) => row.status],
  ['gateway_status', (row) => row.rawStatus],
  ['amount', (row) => myrDecimal(row.amountSen)],
  // What the gateway says was paid, where it differs (a discount at the gateway): the report counts
  // this, so the export must carry it to add up the same (found by review).
  ['gateway_amount', (row) => (row.gatewayAmountSen !== null ? myrDecimal(row.gatewayAmountSen) : null)],
  ['currency', (row) => row.currency],
  ['customer_name', (row) => row.customerName],
  ['customer_email', (row) => row.customerEmail],
  ['customer_phone', (row) => row.customerPhone],
  ['card_brand', (row) => row.cardBrand],
  ['card_last4', (row) => row.cardLast4],
  ['request_id', (row) => row.requestId],
  ['payment_id', (row) => row.paymentId],
  ['gateway_reference_id', (row) => row.gatewayReferenceId],
  ['link_url', (row) => row.linkUrl],
  ['link_expires_at', (row) => row.linkExpiresAt],
  ['completed_at', (row) => row.completedAt],
  ['created_by', (row) => row.createdBy],
]

/** `1234.50`: the exact amount in ringgit, always two decimals, from integer sen. */
export function myrDecimal(sen: number): string {
  const whole = Math.trunc(sen / 100)
  return `${String(whole)}.${String(sen - whole * 100).padStart(2, '0')}`
}

const PLAIN_NUMBER = /^[+-]?[\d\s-]+$/

/**
 * One CSV cell (RFC 4180). A text that a spreadsheet would run as a formula (=, +, -, @ first) is
 * prefixed with ' so opening the export can never run anything; plain numbers and phone numbers are
 * left as they are.
 */
export function csvCell(value: string | null): string {
  if (value === null) return ''
  let text = value
  if (/^[=+\-@\t\r]/.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(row: OrderRow): string {
  return `${COLUMNS.map(([, read]) => csvCell(read(row))).join(',')}\r\n`
}

export const CSV_HEADER = `${COLUMNS.map(([name]) => name).join(',')}\r\n`

const CHUNK = 500

export interface CsvExportOptions {
  orders: () => OrderSource
  events: EventBus
  log: Logger
  /** Where to write; null when the user cancelled the choice. */
  chooseFile: (suggestedName: string) => Promise<string | null>
  now: () => Date
}

export class CsvExports {
  private readonly running = new Map<string, { cancelled: boolean }>()
  /** The writes under way, so that closing the app waits for them (they read the history and log). */
  private readonly writing = new Set<Promise<void>>()

  constructor(private readonly options: CsvExportOptions) {}

  async start(filters: OrderFilters): Promise<{ jobId: string | null; total: number }> {
    const stamp = this.options.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
    const file = await this.options.chooseFile(`orders-${stamp}.csv`)
    if (file === null) return { jobId: null, total: 0 }
    const source = this.options.orders()
    const total = source.count(filters)
    const jobId = randomUUID()
    const job = { cancelled: false }
    this.running.set(jobId, job)
    const writing = this.write(jobId, job, source, filters, file, total).finally(() => this.writing.delete(writing))
    this.writing.add(writing)
    return { jobId, total }
  }

  /** Cancels every export under way and waits until each has stopped (its partial file removed). */
  async close(): Promise<void> {
    for (const job of this.running.values()) job.cancelled = true
    await Promise.allSettled([...this.writing])
  }

  cancel(jobId: string): boolean {
    const job = this.running.get(jobId)
    if (!job) return false
    job.cancelled = true
    return true
  }

  private async write(jobId: string, job: { cancelled: boolean }, source: OrderSource, filters: OrderFilters, file: string, total: number): Promise<void> {
    const { events, log } = this.options
    const partial = `${file}.partial`
    let written = 0
    try {
      const handle = await open(partial, 'w', 0o600)
      try {
        await handle.write(CSV_HEADER)
        let chunk = ''
        let inChunk = 0
        for (const row of source.each(filters)) {
          chunk += csvLine(row)
          inChunk += 1
          if (inChunk === CHUNK) {
            await handle.write(chunk)
            written += inChunk
            chunk = ''
            inChunk = 0
            events.emit('export.progress', { jobId, written, total })
            // Let other calls and the cancel button in between chunks.
            await new Promise((resolve) => setImmediate(resolve))
            if (job.cancelled) break
          }
        }
        if (!job.cancelled && inChunk > 0) {
          await handle.write(chunk)
          written += inChunk
        }
      } finally {
        await handle.close()
      }
      if (job.cancelled) {
        await rm(partial, { force: true })
        events.emit('export.finished', { jobId, status: 'cancelled', rows: 0, file: null, message: 'Export cancelled; no file was kept.' })
        return
      }
      await rename(partial, file)
      events.emit('export.progress', { jobId, written, total })
      events.emit('export.finished', { jobId, status: 'done', rows: written, file, message: `Exported ${ordersText(written)}.` })
      log.info('export.done', { rows: written })
    } catch (error) {
      await rm(partial, { force: true }).catch(() => undefined)
      const message = error instanceof Error ? error.message : String(error)
      log.warn('export.failed', { error: message })
      events.emit('export.finished', { jobId, status: 'failed', rows: 0, file: null, message: `The export failed: ${message}` })
    } finally {
      this.running.delete(jobId)
    }
  }
}
