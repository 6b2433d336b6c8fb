/**
 * Refunds as staff see and ask for them: which kinds an order allows now (before settlement only a
 * void of the whole payment, after it refunds), the partial amount's rules (typed in RM, more than
 * nothing, at most what is left), what is sent, and what a refund came to, in shop words.
 * Pure; main checks everything again (the renderer is never trusted).
 */
import type { CallError, RefundRequest, RefundResult, RefundStatus, RefundSummary, RefundView } from '../../../src-preload/contract'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { refundKindWords, refundWordOf, sentenceCase, type RefundWord } from '../../../src-common/refund-words'
import { REFUND_STATUS_WORDS } from '../../../src-common/status-words'
import { currentLanguage, t } from '../../i18n/i18n'
import { saidText } from '../../i18n/said-text'

export type RefundKind = RefundRequest['kind']

/** What a refund is called, as the catalogue's ids (refunds.kind.*): src-common's English words mapped to them. */
export type { RefundWord }

const KIND_WORDS: Record<RefundKind, RefundWord> = { FULL: 'full', PARTIAL: 'partial', VOID: 'void' }

/** "Full refund", "Partial refund", "Void", in the desk's language. */
export function refundKindName(kind: RefundKind): string {
  return t(`refunds.kind.${KIND_WORDS[kind]}`)
}

const MALAYSIA_TIME_OPTIONS = { timeZone: 'Asia/Kuala_Lumpur', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
const MALAYSIA_TIME = { en: new Intl.DateTimeFormat('en-MY', MALAYSIA_TIME_OPTIONS), ms: new Intl.DateTimeFormat('ms-MY', MALAYSIA_TIME_OPTIONS) }

/** "Tue 24 Nov, 00:00": a moment in Malaysia time, whatever the computer's time zone (the gateway settles by Malaysia's clock). */
export function malaysiaTimeText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : MALAYSIA_TIME[currentLanguage()].format(date).replace(/,(?=[^,]*,)/, '')
}

const MALAYSIA_CLOCK = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kuala_Lumpur', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })

/** "00:00": the time of day of a moment in Malaysia time (a settlement cut-off). */
export function malaysiaClockText(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : MALAYSIA_CLOCK.format(date)
}

/** A choice as the form names it: a full refund of what is left after earlier refunds is "Refund the rest". */
export function refundKindLabel(kind: RefundKind, summary: Pick<RefundSummary, 'refundedSen'>): string {
  return kind === 'FULL' && summary.refundedSen > 0 ? t('refunds.refundTheRest') : refundKindName(kind)
}

/** What a refund is called in the list and the result: what the gateway did once done, what staff asked while refused or waiting. */
export function refundLabel(refund: Pick<RefundView, 'asked' | 'type' | 'status' | 'amountSen'>, paidSen: number): string {
  const english = refundKindWords({ ...refund, paidSen })
  const word = refundWordOf(english)
  // A gateway type this app does not know is shown as the gateway wrote it.
  return word ? t(`refunds.kind.${word}`) : english
}

/** The same as an id ("rest"), or null for a gateway type this app does not know: to pick whole sentences by. */
export function refundWord(refund: Pick<RefundView, 'asked' | 'type' | 'status' | 'amountSen'>, paidSen: number): RefundWord | null {
  return refundWordOf(refundKindWords({ ...refund, paidSen }))
}

/** The gateway's refund type (VOID, FULL_REFUND, PARTIAL_REFUND) as staff read it; "Refund" until it says. */
export function refundTypeLabel(type: string | null): string {
  const text = type?.trim() ?? ''
  switch (text.toUpperCase()) {
    case '':
    case 'REFUND':
      return t('refunds.kind.refund')
    case 'VOID':
      return t('refunds.kind.void')
    case 'FULL_REFUND':
      return t('refunds.kind.full')
    case 'PARTIAL_REFUND':
      return t('refunds.kind.partial')
    default:
      return text
  }
}

/** The chips' words, in the desk's language; main's timeline says a refund's status with the same English ones (src-common/status-words.ts). */
export function refundStatusLabel(status: RefundStatus): string {
  return Object.hasOwn(REFUND_STATUS_WORDS, status) ? t(`refunds.status.${status}`) : status
}

/** The chip colour of each refund status (the order chips' colours: green, amber, red, solid red). */
export const REFUND_STATUS_CHIPS: Record<RefundStatus, string> = {
  PENDING: 'pending',
  SUCCESS: 'paid',
  FAILED: 'failed',
  OUTCOME_UNKNOWN: 'outcome_unknown',
}

/** "RM 12.50", or for a refund registered from elsewhere whose checks have not told it (yet), so. */
/** A refund made elsewhere, registered without its amount, whose outcome is still open: the pending and left figures leave it out. */
export function openRefundOfUnknownAmount(refunds: readonly Pick<RefundView, 'amountSen' | 'external' | 'status'>[]): boolean {
  return refunds.some((refund) => refund.external && refund.amountSen === 0 && (refund.status === 'PENDING' || refund.status === 'OUTCOME_UNKNOWN'))
}

export function refundAmountText(refund: Pick<RefundView, 'amountSen' | 'external' | 'status'>): string {
  if (refund.amountSen !== 0 || !refund.external) return formatRm(refund.amountSen)
  return refund.status === 'FAILED' ? t('refunds.amountNotKnown') : t('refunds.amountNotKnownYet')
}

/**
 * The gateway's message worth showing, in sentence case: why a refund was refused or is still open.
 * Not on an approved one, where it is a bare "Success" or the error of a first answer that a check
 * has since settled.
 */
export function refundMessage(refund: Pick<RefundView, 'message' | 'status' | 'external' | 'amountSen'>): string | null {
  const text = refund.message?.trim() ?? ''
  if (!text || refund.status === 'SUCCESS' || notConfirmed(refund)) return null
  return sentenceCase(text)
}

/**
 * A refund registered from elsewhere that the gateway never confirmed as a refund of this payment
 * (it knows no refund of that id, or answered for something else): declined by nobody, so not
 * "Declined", and its message is the app's, not the gateway's (found by QA: a mistyped id read
 * "The gateway refused it: nothing was refunded", which invites a second refund).
 */
export function notConfirmed(refund: Pick<RefundView, 'status' | 'external' | 'amountSen'>): boolean {
  return refund.external && refund.amountSen === 0 && refund.status === 'FAILED'
}

/**
 * Our own words for why a refund was refused, beside the gateway's: a part (or a full refund) that
 * the gateway answered as a refused void was asked for before settlement.
 */
export function refundExplanation(refund: Pick<RefundView, 'asked' | 'type' | 'status' | 'external' | 'amountSen'>): string | null {
  if (refund.status !== 'FAILED') return null
  if (notConfirmed(refund)) return t('refunds.notConfirmedExplanation')
  if (refund.asked !== null && refund.asked !== 'VOID' && refund.type?.toUpperCase() === 'VOID') {
    return t('refunds.notSettledExplanation')
  }
  return t('refunds.refusedExplanation')
}

/** How a refund's result is titled: what staff asked for and what the gateway did ("Payment voided", "Refund of the rest approved"). */
export function refundTitle(view: RefundResultView, asked: RefundKind, refund: Pick<RefundView, 'type' | 'amountSen'>, paidSen: number): string {
  const askedWord = askedRefundWord(asked, refund.amountSen, paidSen)
  if (view !== 'approved') return t(`refunds.${view}Title.${askedWord}`)
  // With what staff asked for known, the gateway's type only makes it a void, a full, partial or rest refund.
  const done = refundWord({ asked, type: refund.type, status: 'SUCCESS', amountSen: refund.amountSen }, paidSen)
  return t(`refunds.approvedTitle.${done === null || done === 'refund' ? askedWord : done}`)
}

/** What staff asked for, as an id: "void", "full", "partial", or "rest" for a full refund of what was left. */
export function askedRefundWord(asked: RefundKind, amountSen: number, paidSen: number): Exclude<RefundWord, 'refund'> {
  const word = refundWord({ asked, type: null, status: 'PENDING', amountSen }, paidSen)
  return word === null || word === 'refund' ? (KIND_WORDS[asked] as Exclude<RefundWord, 'refund'>) : word
}

type BlockFacts = Pick<RefundSummary, 'blockedReason' | 'blockedSay' | 'remainingSen' | 'pendingSen' | 'canVoid' | 'settled'> & { refunds?: readonly Pick<RefundView, 'type' | 'status'>[] }

/** Why no refund may be asked for now, or null when one may. */
export function refundBlocked(summary: BlockFacts): string | null {
  if (summary.blockedReason) return summary.blockedSay ? saidText(summary.blockedSay, summary.blockedReason) : summary.blockedReason
  if (summary.remainingSen <= 0) {
    if (summary.pendingSen > 0) return t('refunds.blocked.pending', { amount: formatRm(summary.pendingSen) })
    const voided = summary.refunds?.some((refund) => refund.status === 'SUCCESS' && refund.type?.toUpperCase() === 'VOID')
    return voided ? t('refunds.blocked.voided') : t('refunds.blocked.refunded')
  }
  // Before settlement the gateway only voids the whole payment, which a refund still waiting rules out.
  if (!summary.settled && !summary.canVoid) {
    return t('refunds.blocked.notSettled')
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
  if (!text.trim()) return t('refunds.problem.amountEmpty')
  const sen = parseRmText(text)
  if (sen === null) return t('refunds.problem.amountBad')
  if (sen <= 0) return t('refunds.problem.amountZero')
  if (sen > remainingSen) return t('refunds.problem.amountTooMuch', { amount: formatRm(remainingSen) })
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
  if (kind === null) errors.kind = t('refunds.problem.chooseKind')
  else if (!refundKinds(summary).includes(kind)) {
    errors.kind = kind === 'VOID' ? t('refunds.problem.voidGone') : t('refunds.problem.voidOnly')
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
