/**
 * A phone order's receipt as the screen lays it out, and as plain text for a receipt printer or a
 * message; both in the customer's language (the receipt is the customer's; main sends only its data).
 * Pure, so the lines can be tested; ReceiptView draws them.
 */
import type { Receipt } from '../../../src-preload/contract'
import { brandLabel, maskedCardText } from '../../format/card'
import { customerWords, plainSpaces } from '../../i18n/customer-words'

export interface ReceiptRow {
  label: string
  value: string
}

/** The rows between the header and the amount, in the order a receipt prints them. */
export function receiptRows(receipt: Receipt): ReceiptRow[] {
  const { t, formats } = customerWords(receipt.language)
  const rows: ReceiptRow[] = [
    { label: t('phoneOrder.receipt.date'), value: formats.fullTime(receipt.at) },
    { label: t('phoneOrder.receipt.invoice'), value: receipt.invoiceNumber },
    { label: t('phoneOrder.receipt.customer'), value: receipt.customerName.trim() || '—' },
    { label: t('phoneOrder.receipt.card'), value: receipt.cardBrand?.trim() ? brandLabel(receipt.cardBrand) : t('ui.channel.CARD') },
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
  const { t, formats } = customerWords(receipt.language)
  const rule = '-'.repeat(width)
  const lines = [
    centre(receipt.merchant.trim() || t('phoneOrder.receipt.merchant'), width),
    centre(t('phoneOrder.receipt.title'), width),
    rule,
    ...receiptRows(receipt).flatMap((row) => spread(row.label, row.value, width)),
    rule,
    ...spread(t('phoneOrder.receipt.amount'), formats.money(receipt.amountSen), width),
    rule,
    centre(t('phoneOrder.receipt.approved'), width),
    centre(t('phoneOrder.receipt.thanks'), width),
  ]
  return lines.map((line) => plainSpaces(line).trimEnd()).join('\n')
}
