/** Money as staff see and type it: ringgit with two decimals; inside, integer sen. */

/** `RM 1,234.50` from integer sen, exactly. */
export function formatRm(sen: number): string {
  const negative = sen < 0
  const abs = Math.abs(sen)
  const whole = Math.trunc(abs / 100)
  const cents = String(abs - whole * 100).padStart(2, '0')
  return `${negative ? '-' : ''}RM ${whole.toLocaleString('en-MY')}.${cents}`
}

const RM_TEXT = /^(?:RM\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i

/**
 * Integer sen from what staff typed ("12", "12.5", "1,234.50", "RM 9.99"), or null when it is not an
 * amount with at most two decimals. Decimal text, never float arithmetic.
 */
export function parseRmText(text: string): number | null {
  const match = RM_TEXT.exec(text.trim())
  if (!match) return null
  const whole = Number((match[1] ?? '0').replace(/,/g, ''))
  const sen = whole * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(sen) ? sen : null
}
