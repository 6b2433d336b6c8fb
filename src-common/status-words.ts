/**
 * Statuses in the words staff read, the same on the chips, in the timeline and in the listener's
 * list: main writes its timeline sentences with these, and the renderer labels its chips with them.
 *
 * Timeline rows written before the words (kept as they were written: the history is not rewritten)
 * said "OUTCOME_UNKNOWN → PAID", "still PENDING" and "512091******0038"; `readableSummary` puts those
 * ids into words when a row is read. The gateway's own word ("gateway says SUCCESS") is evidence and
 * is left as the gateway wrote it.
 *
 * Pure: no Node, no DOM.
 */
import { maskedCardText } from './card-text'

/** An order's status as its chip says it. Keys are the contract's OrderStatus. */
export const ORDER_STATUS_WORDS = {
  PENDING: 'Pending',
  PAID: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
  VOIDED: 'Voided',
  OUTCOME_UNKNOWN: 'Outcome unknown',
  UNKNOWN: 'Unrecognised',
} as const

/** A refund's status as its chip says it. Keys are the contract's RefundStatus. */
export const REFUND_STATUS_WORDS = {
  PENDING: 'Pending',
  SUCCESS: 'Approved',
  FAILED: 'Declined',
  OUTCOME_UNKNOWN: 'Outcome unknown',
} as const

type OrderStatusId = keyof typeof ORDER_STATUS_WORDS

const isOrderStatus = (id: string): id is OrderStatusId => Object.hasOwn(ORDER_STATUS_WORDS, id)

/** "Outcome unknown" (as a chip, or after an arrow); an id this app does not know is shown as it is. */
export function statusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_WORDS[status] : status
}

/** "outcome unknown", for the middle of a sentence ("the order stays paid"). */
export function statusWord(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_WORDS[status].toLowerCase() : status
}

const IDS = Object.keys(ORDER_STATUS_WORDS)
  .sort((a, b) => b.length - a.length)
  .join('|')
const ARROW = new RegExp(`\\b(${IDS}) → (${IDS})\\b`, 'g')
const STILL = new RegExp(`\\b(still|stays|is) (${IDS})\\b`, 'g')
/** "is outcome_unknown here", "noted (outcome_unknown)": the one id that lowercasing did not put in words. */
const LOWERED = /\boutcome_unknown\b/g
const MASKED = /(?<![\w*•])\d{4,6}[*xX•]{2,9}\d{4}(?![\w*•])/g

/**
 * A timeline sentence (or a notification's result) with the ids of older rows in words: statuses
 * around an arrow or after "still", "stays" and "is", and masked card numbers grouped with dots.
 * A sentence already in words comes back unchanged.
 */
export function readableSummary(summary: string): string {
  return summary
    .replace(ARROW, (_, from: string, to: string) => `${statusLabel(from)} → ${statusLabel(to)}`)
    .replace(STILL, (_, verb: string, id: string) => `${verb} ${statusWord(id)}`)
    .replace(LOWERED, statusWord('OUTCOME_UNKNOWN'))
    .replace(MASKED, (masked) => maskedCardText(masked) ?? masked)
}
