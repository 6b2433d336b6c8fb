/**
 * Refunds as staff see and ask for them: which kinds an order allows now (before settlement only a
 * void of the whole payment, after it refunds), the partial amount's rules (typed in RM, more than
 * nothing, at most what is left), what is sent, and what a refund came to, in shop words.
 * Pure; main checks everything again (the renderer is never trusted).
 */
import type { CallError, RefundRequest, RefundResult, RefundStatus, RefundSummary, RefundView } from '../../../src-preload/contract'
import { formatRm, parseRmText } from '../../../src-common/money-text'
import { refundKindWords, sentenceCase } from '../../../src-common/refund-words'
import { REFUND_STATUS_WORDS } from '../../../src-common/status-words'

export type RefundKind = RefundRequest['kind']

export const REFUND_KIND_LABELS: Record<RefundKind, string> = {
  FULL: 'Full refund',
  PARTIAL: 'Partial refund',
  VOID: 'Void',
}

const MALAYSIA_TIME = new Intl.DateTimeFormat('en-MY', { timeZone: 'Asia/Kuala_Lumpur', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** "Tue 24 Nov, 00:00": a moment in Malaysia time, whatever the computer's time zone (the gateway settles by Malaysia's clock). */
export function malaysiaTimeText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : MALAYSIA_TIME.format(date).replace(/,(?=[^,]*,)/, '')
}

const MALAYSIA_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuala_Lumpur', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** "00:00": the time of day of a moment in Malaysia time (a settlement cut-off). */
export function malaysiaClockText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : MALAYSIA_CLOCK.format(date)
}

/** A choice as the form names it: a full refund of what is left after earlier refunds is "Refund the rest". */
export function refundKindLabel(kind: RefundKind, summary: Pick<RefundSummary, 'refundedSen'>): string {
  return kind === 'FULL' && summary.refundedSen > 0 ? 'Refund the rest' : REFUND_KIND_LABELS[kind]
}

/** What a refund is called in the list and the result: what the gateway did once done, what staff asked while refused or waiting. */
export function refundLabel(refund: Pick<RefundView, 'asked' | 'type' | 'status' | 'amountSen'>, paidSen: number): string {
  return refundKindWords({ ...refund, paidSen })
}

/** The gateway's refund type (VOID, FULL_REFUND, PARTIAL_REFUND) as staff read it; "Refund" until it says. */
export function refundTypeLabel(type: string | null): string {
  const text = type?.trim() ?? ''
  switch (text.toUpperCase()) {
    case '':
    case 'REFUND':
      return 'Refund'
    case 'VOID':
      return 'Void'
    case 'FULL_REFUND':
      return 'Full refund'
    case 'PARTIAL_REFUND':
      return 'Partial refund'
    default:
      return text
  }
}

/** The chips' words; main's timeline says a refund's status with the same ones (src-common/status-words.ts). */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = REFUND_STATUS_WORDS

/** The chip colour of each refund status (the order chips' colours: green, amber, red, solid red). */
export const REFUND_STATUS_CHIPS: Record<RefundStatus, string> = {
  PENDING: 'pending',
  SUCCESS: 'paid',
  FAILED: 'failed',
  OUTCOME_UNKNOWN: 'outcome_unknown',
}

/** "RM 12.50", or for a refund registered from elsewhere whose checks have not told it (yet), so. */
export function refundAmountText(refund: Pick<RefundView, 'amountSen' | 'external' | 'status'>): string {
  if (refund.amountSen !== 0 || !refund.external) return formatRm(refund.amountSen)
  return refund.status === 'FAILED' ? 'amount not known' : 'amount not known yet'
}

/**
 * The gateway's message worth showing, in sentence case: why a refund was refused or is still open.
 * Not on an approved one, where it is a bare "Success" or the error of a first answer that a check
 * has since settled.
 */
export function refundMessage(refund: Pick<RefundView, 'message' | 'status'>): string | null {
  const text = refund.message?.trim() ?? ''
  if (!text || refund.status === 'SUCCESS') return null
  return sentenceCase(text)
}

/**
 * Our own words for why a refund was refused, beside the gateway's: a part (or a full refund) that
 * the gateway answered as a refused void was asked for before settlement.
 */
export function refundExplanation(refund: Pick<RefundView, 'asked' | 'type' | 'status'>): string | null {
  if (refund.status !== 'FAILED') return null
  if (refund.asked !== null && refund.asked !== 'VOID' && refund.type?.toUpperCase() === 'VOID') {
    return 'Not settled yet: until the day’s settlement the gateway can only void the whole payment. Nothing was refunded.'
  }
  return 'The gateway refused it: nothing was refunded.'
}

/** How a refund's result is titled: what staff asked for and what the gateway did ("Payment voided", "Refund of the rest approved"). */
export function refundTitle(view: RefundResultView, asked: RefundKind, refund: Pick<RefundView, 'type' | 'amountSen'>, paidSen: number): string {
  const noun = refundKindWords({ asked, type: null, status: 'PENDING', amountSen: refund.amountSen, paidSen }).toLowerCase()
  switch (view) {
    case 'approved': {
      const done = refundKindWords({ asked, type: refund.type, status: 'SUCCESS', amountSen: refund.amountSen, paidSen })
      return done === 'Void' ? 'Payment voided' : `${done} approved`
    }
    case 'declined':
      return `The gateway declined the ${noun}`
    case 'unknown':
      return `We don't know whether the ${noun} went through`
    case 'pending':
      return `The ${noun} is pending at the gateway`
  }
}

type BlockFacts = Pick<RefundSummary, 'blockedReason' | 'remainingSen' | 'pendingSen' | 'canVoid' | 'settled'> & { refunds?: readonly Pick<RefundView, 'type' | 'status'>[] }

/** Why no refund may be asked for now, or null when one may. */
export function refundBlocked(summary: BlockFacts): string | null {
  if (summary.blockedReason) return summary.blockedReason
  if (summary.remainingSen <= 0) {
    if (summary.pendingSen > 0) return `Nothing is left to refund while ${formatRm(summary.pendingSen)} waits for the gateway's answer.`
    const voided = summary.refunds?.some((refund) => refund.status === 'SUCCESS' && refund.type?.toUpperCase() === 'VOID')
    return voided ? 'Nothing is left to refund: the payment was voided.' : 'Nothing is left to refund: the whole payment has been refunded.'
  }
  // Before settlement the gateway only voids the whole payment, which a refund still waiting rules out.
  if (!summary.settled && !summary.canVoid) {
    return 'Not settled yet: before settlement the gateway can only void the whole payment, which is not possible while another refund waits for its answer.'
  }
  return null
}

/** The kinds staff may choose now, in the order the form shows them: before settlement only the void the gateway will do. */
export function refundKinds(summary: BlockFacts): RefundKind[] {
  if (refundBlocked(summary)) return []
  if (!summary.settled) return ['VOID']
  return ['FULL', 'PARTIAL']
}

/** The kind the draft stands for: what staff chose, or the only one on offer (a void before settlement). */
export function draftKind(draft: RefundDraft, summary: BlockFacts): RefundKind | null {
  const kinds = refundKinds(summary)
  return draft.kind ?? (kinds.length === 1 ? (kinds[0] ?? null) : null)
}

/** What staff typed and chose in the refund form. */
export interface RefundDraft {
  kind: RefundKind | null
  /** RM as typed, for a partial refund: "12.50", "1,200", "RM 9.99". */
  amount: string
}

export const EMPTY_REFUND_DRAFT: RefundDraft = { kind: null, amount: '' }

/** What is wrong with a partial refund's amount, or null. */
export function partialAmountProblem(text: string, remainingSen: number): string | null {
  if (!text.trim()) return 'Enter the amount to refund in RM, e.g. 12.50'
  const sen = parseRmText(text)
  if (sen === null) return 'Enter an amount in RM with at most two decimals, e.g. 12.50'
  if (sen <= 0) return 'Enter an amount above RM 0.00'
  if (sen > remainingSen) return `At most ${formatRm(remainingSen)} is left to refund`
  return null
}

export type RefundFormField = 'kind' | 'amount'

/** Every problem of the draft against the order as main describes it now; empty when it may be confirmed. */
export function checkRefund(draft: RefundDraft, summary: RefundSummary): Partial<Record<RefundFormField, string>> {
  const errors: Partial<Record<RefundFormField, string>> = {}
  const blocked = refundBlocked(summary)
  if (blocked) {
    errors.kind = blocked
    return errors
  }
  const kind = draftKind(draft, summary)
  if (kind === null) errors.kind = 'Choose a full refund or a partial refund'
  else if (!refundKinds(summary).includes(kind)) {
    errors.kind = kind === 'VOID' ? 'A void is no longer possible on this order: choose a refund' : 'Not settled yet: only a void of the whole payment is possible for now'
  }
  if (kind === 'PARTIAL') {
    const amount = partialAmountProblem(draft.amount, summary.remainingSen)
    if (amount) errors.amount = amount
  }
  return errors
}

/** The amount the draft would refund: all that is left for a full refund or a void, else what was typed (NaN if not an amount). */
export function refundAmountSen(draft: RefundDraft, summary: Pick<RefundSummary, 'remainingSen'>): number {
  if (draft.kind === 'PARTIAL') return parseRmText(draft.amount) ?? Number.NaN
  return summary.remainingSen
}

/** The request for main, or null while the draft has problems. */
export function toRefundRequest(orderId: number, draft: RefundDraft, summary: RefundSummary): RefundRequest | null {
  const kind = draftKind(draft, summary)
  if (kind === null || Object.keys(checkRefund(draft, summary)).length > 0) return null
  return { orderId, kind, amountSen: refundAmountSen({ ...draft, kind }, summary) }
}

/** The form field main's error is about, or null when it goes above the buttons. */
export function refundErrorField(error: CallError, kind: RefundKind | null): RefundFormField | null {
  if (error.field === 'amountSen') return kind === 'PARTIAL' ? 'amount' : null
  if (error.field === 'kind') return 'kind'
  return null
}

export type RefundResultView = 'approved' | 'declined' | 'unknown' | 'pending'

/**
 * What the result shows: the refund's status as main describes it now decides (a status check may have
 * settled an unknown or pending one since); main's first answer only until then.
 */
export function refundResultView(answered: RefundResult['outcome'], current: Pick<RefundView, 'status'> | null): RefundResultView {
  switch (current?.status) {
    case 'SUCCESS':
      return 'approved'
    case 'FAILED':
      return 'declined'
    case 'OUTCOME_UNKNOWN':
      return 'unknown'
    case 'PENDING':
      return 'pending'
    default:
      return answered
  }
}
