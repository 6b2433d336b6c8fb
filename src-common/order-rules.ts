/**
 * The rules every order shares, a payment link's or a phone order's: its invoice number and its
 * amount, with the messages staff see. Apart from link-rules.ts (which re-exports them) so that the
 * screens that need only these (the phone order's form, a refund) do not load the phone-number
 * metadata link-rules.ts carries (issue 23: code loaded on demand).
 *
 * Pure: no Node, no DOM. Money is integer sen.
 */
import { FIELD_LIMITS, tooLongMessage } from './field-limits'
import { formatRm } from './money-text'

export const MAX_LINK_AMOUNT_SEN = 99_999_999_999

const INVOICE = /^[A-Za-z0-9._-]+$/

export function invoiceNumberProblem(value: string): string | null {
  const invoice = value.trim()
  if (!invoice) return 'Enter an invoice number'
  if (invoice.length > FIELD_LIMITS.invoiceNumber) return tooLongMessage(FIELD_LIMITS.invoiceNumber)
  if (!INVOICE.test(invoice)) return 'Use only letters, digits and - _ .'
  return null
}

export function amountProblem(sen: number): string | null {
  if (!Number.isSafeInteger(sen)) return 'Enter an amount in RM with at most two decimals, e.g. 25.50'
  if (sen <= 0) return 'Enter an amount above RM 0.00'
  if (sen > MAX_LINK_AMOUNT_SEN) return `Enter at most ${formatRm(MAX_LINK_AMOUNT_SEN)}`
  return null
}
