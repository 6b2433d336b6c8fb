/**
 * Card tokens never go to disk: the books keep a one-way fingerprint of each token instead, and a
 * token presented again (a charge, an unbind, a deliberate retry) is recognised by its fingerprint.
 *
 * The fingerprint is HMAC-SHA256 of the token under a fixed label, base64url (43 characters). The
 * label is no secret: it only keeps these fingerprints apart from any other hash of the same text.
 * The simulator's own tokens are 128 random bits, so a fingerprint cannot be turned back into one;
 * a token a test seeded by hand (`POST /__sim/tokens` with a chosen `id`) is only as hard to guess
 * as that id.
 *
 * A kept answer (idempotency) that echoes a token is written with the token hidden: each token-valued
 * field's text is replaced by a placeholder holding its fingerprint. A replay needs the same request
 * body (its digest must match), and every token such an answer echoes came from that body (a
 * charge's `card.token`, an unbind's `token.id`), so the replay puts the tokens back from the
 * request and answers byte for byte what it answered before the restart.
 */
import { createHmac } from 'node:crypto'

const LABEL = 'training-gateway/card-token/v1'

export function tokenFingerprint(token: string): string {
  return createHmac('sha256', LABEL).update(token, 'utf8').digest('base64url')
}

/** Field names whose text is a card token, as in redact.ts: `card.token`, `card_payment.token_id`, `token.id`. */
const isTokenField = (key: string, parentKey: string): boolean => /token/i.test(key) || (parentKey === 'token' && key === 'id')

function collectStrings(value: unknown, key: string, parentKey: string, keep: (text: string, key: string, parentKey: string) => void): void {
  if (typeof value === 'string') keep(value, key, parentKey)
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, key, parentKey, keep)
  else if (typeof value === 'object' && value !== null) {
    for (const [childKey, child] of Object.entries(value)) collectStrings(child, childKey, key, keep)
  }
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

/** A string's text as it stands inside JSON (JSON.stringify without the quotes). */
const inJson = (text: string): string => JSON.stringify(text).slice(1, -1)

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The last four characters, when they can stand in JSON as they are. */
const tailOf = (token: string): string => {
  const tail = token.slice(-4)
  return token.length > 4 && /^[A-Za-z0-9_-]{4}$/.test(tail) ? tail : ''
}

/** `••••<last four>~<fingerprint>~`: shown masked should it ever not be put back. */
const placeholder = (token: string): string => `••••${tailOf(token)}~${tokenFingerprint(token)}~`
const PLACEHOLDER = /••••([A-Za-z0-9_-]{0,4})~([A-Za-z0-9_-]{43})~/g

/**
 * A JSON answer's text with every token-valued field's token replaced by its placeholder, wherever in
 * the text it appears; `hidden` is false when there was none (or the text is not JSON).
 */
export function hideTokens(text: string): { text: string; hidden: boolean } {
  const tokens = new Set<string>()
  collectStrings(parse(text), '', '', (value, key, parentKey) => {
    if (value !== '' && isTokenField(key, parentKey)) tokens.add(value)
  })
  if (tokens.size === 0) return { text, hidden: false }
  const byText = new Map([...tokens].map((token) => [inJson(token), placeholder(token)]))
  // One pass, longest first, so that a token is never looked for inside another's placeholder.
  const pattern = new RegExp(
    [...byText.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  )
  return { text: text.replace(pattern, (found) => byText.get(found) ?? found), hidden: true }
}

/**
 * Puts back the tokens `hideTokens` hid, taking them from the request being replayed (any text in its
 * JSON body whose fingerprint matches); one not found there is shown masked (`••••` and its last four).
 */
export function revealTokens(text: string, requestBody: Buffer): string {
  const byFingerprint = new Map<string, string>()
  collectStrings(parse(requestBody.toString('utf8')), '', '', (value) => {
    byFingerprint.set(tokenFingerprint(value), inJson(value))
  })
  return text.replace(PLACEHOLDER, (_found, tail: string, fingerprint: string) => byFingerprint.get(fingerprint) ?? `••••${tail}`)
}
