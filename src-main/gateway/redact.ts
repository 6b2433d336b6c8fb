/**
 * What of an exchange may be stored and logged: bodies with every card token masked to its last four
 * characters. Secrets and signatures live only in headers, which are never stored.
 */
const TOKEN_KEY = /token/i

export function maskToken(token: string): string {
  return token.length <= 4 ? '••••' : `••••${token.slice(-4)}`
}

function redactValue(value: unknown, key: string, parentKey: string): unknown {
  if (typeof value === 'string') {
    // `card.token`, `card_payment.token_id`, and `token.id` of the unbind call.
    if (TOKEN_KEY.test(key) || (parentKey === 'token' && key === 'id')) return maskToken(value)
    return value
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, key, parentKey))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([childKey, child]) => [childKey, redactValue(child, childKey, key)]))
  }
  return value
}

const MAX_STORED_TEXT = 4000

/** A body fit to store: JSON with tokens masked, or at most the first 4000 characters of anything else with anything token-like hidden. */
export function redactBody(text: string): string {
  if (text === '') return ''
  try {
    return JSON.stringify(redactValue(JSON.parse(text), '', ''))
  } catch {
    return text.slice(0, MAX_STORED_TEXT).replace(/("?[A-Za-z_]*token[A-Za-z_]*"?\s*[:=]\s*"?)([^"&\s,}]+)/gi, (_match, head: string, token: string) => head + maskToken(token))
  }
}
