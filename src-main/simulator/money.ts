/**
 * The simulator's side of money: amounts are read with the gateway edge's own parser
 * (../gateway/money.ts) and written back as JSON numbers, or as numeric strings where the gateway's
 * published examples show strings.
 */
export { MAX_AMOUNT_SEN, parseAmountSen } from '../gateway/money'

/** The JSON number for an amount in sen; integer division by 100 is correctly rounded, so 450 → 4.5 exactly as parsed. */
export function senToAmount(sen: number): number {
  return sen / 100
}

/**
 * An amount as a JSON string, as the gateway's published status answers write it: a whole amount
 * without decimals ("5"), any other with two ("10.50"). The app reads numbers and numeric strings alike.
 */
export function senToAmountText(sen: number): string {
  const whole = Math.trunc(sen / 100)
  const cents = sen % 100
  return cents === 0 ? String(whole) : `${String(whole)}.${String(cents).padStart(2, '0')}`
}

/** `MYR 4.50` for pages. */
export function formatMyr(sen: number): string {
  const whole = Math.trunc(sen / 100).toLocaleString('en-MY')
  return `MYR ${whole}.${String(sen % 100).padStart(2, '0')}`
}
