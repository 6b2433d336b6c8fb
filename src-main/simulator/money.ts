/**
 * The simulator's side of money: amounts are read with the gateway edge's own parser
 * (../gateway/money.ts) and written back as JSON numbers.
 */
export { MAX_AMOUNT_SEN, parseAmountSen } from '../gateway/money'

/** The JSON number for an amount in sen; integer division by 100 is correctly rounded, so 450 → 4.5 exactly as parsed. */
export function senToAmount(sen: number): number {
  return sen / 100
}

/** `MYR 4.50` for pages. */
export function formatMyr(sen: number): string {
  const whole = Math.trunc(sen / 100).toLocaleString('en-MY')
  return `MYR ${whole}.${String(sen % 100).padStart(2, '0')}`
}
