/**
 * A phone order's receipt as the screen lays it out, and as plain text when main sent none. Pure, so
 * the lines can be tested; ReceiptView draws them.
 */
import type { Receipt } from '../../../src-preload/contract'
import { formatRm } from '../../../src-common/money-text'
import { brandLabel, maskedCardText } from '../../format/card'
import { formatFullTime } from '../../format/time'
import { t } from '../../i18n/i18n'

export interface ReceiptRow {
  label: string
  value: string
}

/** The rows between the header and the amount, in the order a receipt prints them. */
export function receiptRows(receipt: Receipt): ReceiptRow[] {
  const rows: ReceiptRow[] = [
    { label: t('phoneOrder.receipt.date'), value: formatFullTime(receipt.at) },
    { label: t('phoneOrder.receipt.invoice'), value: receipt.invoiceNumber },
    { label: t('phoneOrder.receipt.customer'), value: receipt.customerName.trim() || '—' },
    { label: t('phoneOrder.receipt.card'), value: brandLabel(receipt.cardBrand) },
    { label: t('phoneOrder.receipt.number'), value: maskedCardText(receipt.cardMasked) ?? '—' },
    { label: t('phoneOrder.receipt.approvalCode'), value: receipt.approvalCode?.trim() || '—' },
    { label: t('phoneOrder.receipt.entry'), value: t('phoneOrder.receipt.entryPhone') },
  ]
  return rows
}

/** `text` centred in `width` columns. */
function centre(text: string, width: number): string {
  if (text.length >= width) return text
  return `${' '.repeat(Math.floor((width - text.length) / 2))}${text}`
}

/** A label on the left and its value on the right; a long value goes on its own line. */
function spread(label: string, value: string, width: number): string[] {
  const gap = width - label.length - value.length
  if (gap >= 1) return [`${label}${' '.repeat(gap)}${value}`]
  return [label, `${' '.repeat(Math.max(0, width - value.length))}${value}`]
}

/** The receipt as plain text `width` columns wide, for a receipt printer or a message. */
export function plainReceipt(receipt: Receipt, width = 40): string {
  const rule = '-'.repeat(width)
  const lines = [
    centre(receipt.merchant.trim() || t('phoneOrder.receipt.merchant'), width),
    centre(t('phoneOrder.receipt.title'), width),
    rule,
    ...receiptRows(receipt).flatMap((row) => spread(row.label, row.value, width)),
    rule,
    ...spread(t('phoneOrder.receipt.amount'), formatRm(receipt.amountSen), width),
    rule,
    centre(t('phoneOrder.receipt.approved'), width),
    centre(t('phoneOrder.receipt.thanks'), width),
  ]
  return lines.map((line) => line.trimEnd()).join('\n')
}

/** What "Copy as text" copies: main's text when it sent one, else the same receipt built here. */
export function receiptCopyText(receipt: Receipt): string {
  return receipt.text.trim() ? receipt.text : plainReceipt(receipt)
}
