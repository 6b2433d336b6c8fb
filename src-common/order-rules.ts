/**
 * The rules every order shares, a payment link's or a phone order's: its invoice number and its
 * amount, as message ids (src-common/said) and in English. Apart from link-rules.ts (which re-exports them) so that the
 * screens that need only these (the phone order's form, a refund) do not load the phone-number
 * metadata link-rules.ts carries (issue 23: code loaded on demand).
 *
 * Pure: no Node, no DOM. Money is integer sen.
 */
import { FIELD_LIMITS, tooLong } from './field-limits'
import { formatRm } from './money-text'
import { say, type Said } from './said/say'

export const MAX_LINK_AMOUNT_SEN = 99_999_999_999

const INVOICE = /^[A-Za-z0-9._-]+$/

export function invoiceNumberIssue(value: string): Said | null {
  const invoice = value.trim()
  if (!invoice) return say('said.rules.invoiceEmpty')
  if (invoice.length > FIELD_LIMITS.invoiceNumber) return tooLong(FIELD_LIMITS.invoiceNumber)
  if (!INVOICE.test(invoice)) return say('said.rules.invoiceCharacters')
  return null
}

export function amountIssue(sen: number): Said | null {
  if (!Number.isSafeInteger(sen)) return say('said.rules.amountFormat')
  if (sen <= 0) return say('said.rules.amountZero')
  if (sen > MAX_LINK_AMOUNT_SEN) return say('said.rules.amountMax', { max: formatRm(MAX_LINK_AMOUNT_SEN) })
  return null
}
