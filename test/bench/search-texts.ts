import { invoiceDigits } from '../../src-main/store/order-search'

/**
 * What staff type for the search benches' "last digits of an invoice" kind (search-bench.ts and
 * search-bench-pg.ts): the invoice's last digit group as a customer reads it out, without its leading
 * zeros, with all of them, or with one.
 */
export function lastDigits(invoice: string, i: number): string {
  const group = invoice.match(/[0-9]+/g)?.at(-1) ?? '0'
  const digits = invoiceDigits(invoice) || '0'
  return [digits, group, `0${digits}`][i % 3] ?? digits
}
