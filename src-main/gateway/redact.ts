/**
 * What of an exchange or a notification may be stored and logged: bodies with every card token masked
 * to its last four characters, and any full card number under a card field masked to its last four
 * digits (the gateway sends masked numbers; one that arrives whole must not be stored whole).
 * Secrets and signatures live only in headers, which are never stored.
 */
const TOKEN_KEY = /token/i
/** Fields that may carry a card number: `masked_card_number`, `card_number`, `pan`, `account_number`. */
const CARD_NUMBER_KEY = /card|^pan$|account_number/i
const PAN = /^\d{13,19}$/

/** Luhn's check: what a card number passes and most other digit strings do not. */
function luhn(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** `value` as a full card number's digits, if it is one (spaces and dashes allowed between digits). */
function fullCardNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '')
  return PAN.test(digits) && luhn(digits) ? digits : null
}

export function maskToken(token: string): string {
  return token.length <= 4 ? '••••' : `••••${token.slice(-4)}`
}

/** The gateway's own masking, which card rules allow to be kept: the first six and the last four digits. */
function maskCardNumber(digits: string): string {
  return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`
}

/** Deeper than any body the gateway sends; what lies below is dropped, not walked (a nesting bomb must not overflow the stack). */
const MAX_DEPTH = 32

function redactValue(value: unknown, key: string, parentKey: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[nested too deep: not stored]'
  if (typeof value === 'string') {
    // `card.token`, `card_payment.token_id`, and `token.id` of the unbind call.
    if (TOKEN_KEY.test(key) || (parentKey === 'token' && key === 'id')) return maskToken(value)
    const pan = CARD_NUMBER_KEY.test(key) ? fullCardNumber(value) : null
    if (pan) return maskCardNumber(pan)
    return value
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, key, parentKey, depth + 1))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, redactValue(child, childKey, key, depth + 1)]))
  }
  return value
}

const MAX_STORED_TEXT = 4000

/** A parsed JSON body with its tokens and card numbers masked, as redactBody stores it (for a caller that has parsed the body already). */
export function redactJson(value: unknown): unknown {
  return redactValue(value, '', '')
}

/** A body fit to store: JSON with tokens masked, or at most the first 4000 characters of anything else with anything token-like hidden. */
export function redactBody(text: string): string {
  if (text === '') return ''
  try {
    return JSON.stringify(redactJson(JSON.parse(text)))
  } catch {
    // JSON escapes are undone first, so that a key spelled "\u0074oken" is still seen as a token's.
    return text
      .slice(0, MAX_STORED_TEXT)
      .replace(/\\u([0-9a-fA-F]{4})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
      .replace(/("?[A-Za-z_]*token[A-Za-z_]*"?\s*[:=]\s*"?)([^"&\s,}]+)/gi, (_match, head: string, token: string) => head + maskToken(token))
      .replace(/\b\d(?:[\s-]?\d){12,18}\b/g, (run) => {
        const pan = fullCardNumber(run)
        return pan ? maskCardNumber(pan) : run
      })
  }
}
