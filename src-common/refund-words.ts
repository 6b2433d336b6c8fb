/**
 * Refunds in the words staff use, the same in main's timeline and on the screens: what a refund is
 * called (what staff asked, and what the gateway did), when the gateway settles a payment (before it,
 * only a void of the whole payment; after it, refunds of any part), and the gateway's own messages
 * in sentence case.
 *
 * Pure: no Node, no DOM.
 */

export type RefundAsked = 'FULL' | 'PARTIAL' | 'VOID'

/** What a refund is called, as an id: the catalogues word it ("rest": "Refund of the rest"). */
export type RefundWord = 'void' | 'full' | 'rest' | 'partial' | 'refund'

const WORD_OF: Readonly<Record<string, RefundWord>> = { Void: 'void', 'Full refund': 'full', 'Refund of the rest': 'rest', 'Partial refund': 'partial', Refund: 'refund' }

/** The id of refundKindWords' answer, or null for a gateway type this app does not know (shown as the gateway wrote it). */
export const refundWordOf = (english: string): RefundWord | null => WORD_OF[english] ?? null

/** What a refund is called: "Void", "Full refund", "Refund of the rest", "Partial refund", or "Refund" while nothing tells. */
export function refundKindWords(refund: {
  /** What staff asked for; null for a refund registered from elsewhere. */
  asked: RefundAsked | null
  /** The gateway's type (VOID, FULL_REFUND, PARTIAL_REFUND), or null until it says. */
  type: string | null
  status: string
  amountSen: number
  /** What the payment was: a full refund of less is a refund of what was left. */
  paidSen: number
}): string {
  const type = refund.type?.trim().toUpperCase() ?? ''
  const asked = refund.asked
  const rest = asked === 'FULL' && refund.amountSen > 0 && refund.amountSen < refund.paidSen
  // Done: what the gateway did (a void stays a void whatever was asked); refused or waiting: what was asked.
  if (refund.status === 'SUCCESS' || asked === null) {
    if (type === 'VOID') return 'Void'
    if (type === 'FULL_REFUND') return 'Full refund'
    if (type === 'PARTIAL_REFUND') return rest ? 'Refund of the rest' : 'Partial refund'
    if (asked === null) return type === '' || type === 'REFUND' ? 'Refund' : (refund.type?.trim() ?? 'Refund')
  }
  if (asked === 'VOID') return 'Void'
  if (asked === 'PARTIAL') return 'Partial refund'
  return rest ? 'Refund of the rest' : 'Full refund'
}

/** Malaysia keeps UTC+8 all year. */
const MALAYSIA_OFFSET_MS = 8 * 3_600_000
const DAY_MS = 86_400_000

/** Minutes after midnight of "HH:MM"; midnight for anything else. */
function cutOffMinutes(cutOff: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(cutOff)
  if (!match) return 0
  return Number(match[1]) * 60 + Number(match[2])
}

/** The first settlement cut-off ("HH:MM", Malaysia time) strictly after `completedAt`. */
export function settlementAfter(completedAt: Date, cutOff: string): Date {
  const local = completedAt.getTime() + MALAYSIA_OFFSET_MS
  let cut = Math.floor(local / DAY_MS) * DAY_MS + cutOffMinutes(cutOff) * 60_000
  if (cut <= local) cut += DAY_MS
  return new Date(cut - MALAYSIA_OFFSET_MS)
}

/** "midnight" or "22:30", Malaysia time. */
export function cutOffText(cutOff: string): string {
  return cutOffMinutes(cutOff) === 0 ? 'midnight' : cutOff
}

/** A word the gateway wrote that stays as written: an acronym (MID, CVV), a code or a field name (order.invoice_number). */
const KEEP = /^[^a-z]*[A-Z][^a-z]*[A-Z][^a-z]*$|[\d._]/

/**
 * The gateway's message in sentence case, as a sentence: "Before Settlement Only A Void Of The Full
 * Amount Is Possible" → "Before settlement only a void of the full amount is possible." Acronyms,
 * codes and field names stay as written; a message already in sentence case is only given its stop.
 */
export function sentenceCase(message: string): string {
  const text = message.trim().replace(/\s+/g, ' ')
  if (text === '') return ''
  const words = text.split(' ')
  const lettered = words.filter((word) => /^[A-Za-z]/.test(word))
  const titled = lettered.filter((word) => /^[A-Z][a-z]/.test(word)).length
  // Title Case: most words start with a capital.
  const isTitleCase = lettered.length >= 2 && titled / lettered.length > 0.5
  const cased = isTitleCase ? words.map((word, index) => (index === 0 || KEEP.test(word) ? word : word.toLowerCase())).join(' ') : text
  const first = KEEP.test(words[0] ?? '') ? cased : cased.charAt(0).toUpperCase() + cased.slice(1)
  return /[.!?]$/.test(first) ? first : `${first}.`
}
