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

/**
 * What marks a receipt of a payment that moved no money, in the customer's language: Training's
 * ("TRAINING — not a real payment") and Sandbox's ("SANDBOX — test payment"); null in Production. A
 * receipt printed or copied in Training must never pass for a real one (found by QA).
 */
export function receiptMark(receipt: Receipt): string | null {
  if (receipt.environment === 'production') return null
  return customerWords(receipt.language).t(`phoneOrder.receipt.mark.${receipt.environment}`)
}

/** `text` centred in `width` columns. */
function centre(text: string, width: number): string {
  if (text.length >= width) return text
  return `${' '.repeat(Math.floor((width - text.length) / 2))}${text}`
}

/** `text` in lines of at most `width` columns, broken between words (a word longer than the line stays whole). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = []
  for (const word of text.split(' ')) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`
    else lines.push(word)
  }
  return lines
}

/** The mark framed in stars, which a receipt printer prints without bold: "*** TRAINING — not a real payment ***", or the bare words when the line is too narrow for the stars. */
function markLines(mark: string, width: number): string[] {
  const framed = `*** ${mark} ***`
  return (framed.length <= width ? [framed] : wrap(mark, width)).map((line) => centre(line, width))
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
  const mark = receiptMark(receipt)
  // At the top and at the foot, so that neither half of a torn slip passes for a real payment's.
  const marked = mark ? markLines(mark, width) : []
  const lines = [
    centre(receipt.merchant.trim() || t('phoneOrder.receipt.merchant'), width),
    centre(t('phoneOrder.receipt.title'), width),
    ...marked,
    rule,
    ...receiptRows(receipt).flatMap((row) => spread(row.label, row.value, width)),
    rule,
    ...spread(t('phoneOrder.receipt.amount'), formats.money(receipt.amountSen), width),
    rule,
    centre(t('phoneOrder.receipt.approved'), width),
    centre(t('phoneOrder.receipt.thanks'), width),
    ...marked,
  ]
  return lines.map((line) => plainSpaces(line).trimEnd()).join('\n')
}
