/**
 * Money at the gateway's edge. Inside the app an amount is an integer number of sen; on the wire it is
 * a JSON number with at most two decimals. Both directions work on decimal text, never on float
 * arithmetic, so 4.50 is 450 sen and 450 sen is `4.5`, exactly.
 */

/** A sanity bound (RM 999,999,999.99) that keeps every amount an exact integer of sen. */
export const MAX_AMOUNT_SEN = 99_999_999_999

export class AmountError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AmountError'
  }
}

/** Whole sen, not negative, not absurd; anything else is a programming error upstream. */
export function assertAmountSen(sen: number): void {
  if (!Number.isSafeInteger(sen)) throw new AmountError(`An amount must be a whole number of sen, not ${String(sen)}`)
  if (sen < 0) throw new AmountError(`An amount cannot be negative (${String(sen)} sen)`)
  if (sen > MAX_AMOUNT_SEN) throw new AmountError(`An amount cannot exceed ${String(MAX_AMOUNT_SEN)} sen`)
}

/**
 * The JSON number text for an amount: `0.01`, `4.5`, `1000000.99`, `100`. No trailing zeros, no
 * exponent, at most two decimals.
 */
export function formatAmount(sen: number): string {
  assertAmountSen(sen)
  const whole = Math.trunc(sen / 100)
  const cents = sen - whole * 100
  if (cents === 0) return String(whole)
  const fraction = String(cents).padStart(2, '0').replace(/0$/, '')
  return `${String(whole)}.${fraction}`
}

const AMOUNT_TEXT = /^\d+(\.\d{1,2})?$/

/**
 * Integer sen of an amount as the gateway sent it, or null when it is negative, has more than two
 * decimals, an exponent, or is not a number. The gateway's published answers carry amounts as JSON
 * numbers (4.5) and as numeric strings ("5", "10.50"): both are read. A number is judged on its
 * shortest decimal text, which is what the sender wrote, so float noise never accepts 1.005 or
 * rejects 0.29; a string is judged as written (no blanks, signs, separators or exponent).
 */
export function parseAmountSen(value: unknown): number | null {
  let text: string
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    text = String(value)
  } else if (typeof value === 'string') {
    text = value
  } else {
    return null
  }
  if (!AMOUNT_TEXT.test(text)) return null
  const [whole = '0', fraction = ''] = text.split('.')
  const sen = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(sen) && sen <= MAX_AMOUNT_SEN ? sen : null
}

/** A value that serialises to the exact JSON number of an amount (see toWireJson). */
export class WireAmount {
  constructor(readonly sen: number) {
    assertAmountSen(sen)
  }
}

export const amount = (sen: number): WireAmount => new WireAmount(sen)

/**
 * JSON text of a request body, with every WireAmount written as its exact decimal number. The result
 * is the exact bytes that are signed and sent. Undefined object members are left out, as
 * JSON.stringify does.
 */
export function toWireJson(value: unknown): string {
  if (value instanceof WireAmount) return formatAmount(value.sen)
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('A request body cannot carry a non-finite number')
    return JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : toWireJson(item))).join(',')}]`
  if (typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, member]) => member !== undefined)
      .map(([key, member]) => `${JSON.stringify(key)}:${toWireJson(member)}`)
    return `{${members.join(',')}}`
  }
  throw new Error(`A request body cannot carry a ${typeof value}`)
}
