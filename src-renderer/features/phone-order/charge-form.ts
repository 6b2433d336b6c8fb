/**
 * The phone order form's draft (what staff typed, as text) and the charge it stands for. Pure: the
 * store keeps the draft, the form renders it, and these rules judge it the way main will (main checks
 * everything again: the renderer is never trusted).
 */
import type { CallError, ChargeProblem, PhoneOrderRequest, SavedCardView } from '../../../src-preload/contract'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { descriptorIssue } from '../../../src-common/descriptor'
import { issueText } from '../../i18n/rule-text'
import { amountIssue, invoiceNumberIssue } from '../../../src-common/order-rules'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { t } from '../../i18n/i18n'

/** What `phoneOrders.prepare` answers. */
export interface PhoneOrderDefaults {
  invoiceNumber: string
  chargeLimitSen: number
  duplicateWindowMinutes: number
  descriptor: string
  /** The gateway's answer timeout (Settings): what the waiting charge counts against. */
  responseTimeoutSeconds: number
}

export interface ChargeDraft {
  /** The saved card picked in the customer panel; null until one is. */
  cardId: number | null
  invoiceNumber: string
  /** RM as typed: "128.50", "1,200", "RM 9.99". */
  amount: string
  descriptor: string
  note: string
}

/** The fields of a charge; an error naming any other goes above the buttons. */
export type ChargeField = 'cardId' | 'invoiceNumber' | 'amountSen' | 'descriptor' | 'note'
export const CHARGE_FIELDS: readonly ChargeField[] = ['cardId', 'invoiceNumber', 'amountSen', 'descriptor', 'note']

export const NOTE_MAX = FIELD_LIMITS.phoneOrderNote

export function emptyChargeDraft(defaults: PhoneOrderDefaults): ChargeDraft {
  return { cardId: null, invoiceNumber: defaults.invoiceNumber, amount: '', descriptor: defaults.descriptor, note: '' }
}

/** Sen from RM text; NaN for text that is not an amount, so the rules name the mistake. */
export const senOf = (text: string): number => parseRmText(text) ?? Number.NaN

/** A card can be charged when it is active and no earlier charge of it has an unknown outcome. */
export const chargeable = (card: SavedCardView): boolean => card.active && card.lockedBy === null

/** What the draft asks main to do, for this customer. */
export function toChargeRequest(draft: ChargeDraft, customerId: number, confirmDuplicate = false): PhoneOrderRequest {
  return {
    customerId,
    cardId: draft.cardId ?? 0,
    invoiceNumber: draft.invoiceNumber.trim(),
    amountSen: senOf(draft.amount),
    descriptor: draft.descriptor.trim(),
    note: draft.note.trim(),
    confirmDuplicate,
  }
}

export interface ChargeContext {
  chargeLimitSen: number
  /** The open customer's cards. */
  cards: readonly SavedCardView[]
}

/** Every problem of the draft, by field; empty when it may go to the confirmation step. */
export function checkCharge(draft: ChargeDraft, context: ChargeContext): Partial<Record<ChargeField, string>> {
  const errors: Partial<Record<ChargeField, string>> = {}
  const card = draft.cardId === null ? undefined : context.cards.find((c) => c.id === draft.cardId)
  if (!card) errors.cardId = noUsableCard(context.cards) ?? t('phoneOrder.rules.pickCard')
  else if (!card.active) errors.cardId = t('phoneOrder.rules.cardRemoved')
  else if (card.lockedBy) errors.cardId = t('phoneOrder.rules.cardLocked', { invoice: card.lockedBy.invoiceNumber })

  const invoice = issueText(invoiceNumberIssue(draft.invoiceNumber))
  if (invoice) errors.invoiceNumber = invoice

  const sen = senOf(draft.amount)
  const amount = draft.amount.trim() ? issueText(amountIssue(sen)) : t('phoneOrder.rules.enterAmount')
  // Above the desk's largest charge, that limit is what staff are told, however large the amount.
  if (Number.isSafeInteger(sen) && sen > context.chargeLimitSen) errors.amountSen = t('phoneOrder.rules.overLimit', { amount: formatRm(context.chargeLimitSen) })
  else if (amount) errors.amountSen = amount

  const descriptor = issueText(descriptorIssue(draft.descriptor))
  if (descriptor) errors.descriptor = descriptor
  if (draft.note.trim().length > NOTE_MAX) errors.note = t('phoneOrder.rules.noteTooLong', { max: NOTE_MAX })
  return errors
}

/**
 * Why none of the customer's cards can be charged, or null when one can: said at once, not only after
 * "Review charge" (it is a fact about the cards, not a mistake to point out).
 */
export function noUsableCard(cards: readonly SavedCardView[]): string | null {
  const active = cards.filter((card) => card.active)
  if (active.some(chargeable)) return null
  if (active.length === 0) return t('phoneOrder.rules.noCard')
  const [only] = active
  if (active.length === 1 && only?.lockedBy) return t('phoneOrder.rules.onlyCardLocked', { invoice: only.lockedBy.invoiceNumber })
  return t('phoneOrder.rules.allLocked')
}

/** The next thing staff must fill in, in the form's order: the card, the amount, a field the rules refuse, else "Review charge". */
export function nextChargeField(draft: ChargeDraft, context: ChargeContext): ChargeField | 'review' {
  const errors = checkCharge(draft, context)
  return CHARGE_FIELDS.find((field) => errors[field] !== undefined) ?? 'review'
}

/** Main's pre-check, by what it would refuse: the charge goes no further (a used invoice, a locked card, a limit), or it goes on with staff's eyes open. */
export const PROCEEDS = (problem: ChargeProblem): boolean => problem.code === 'DUPLICATE_CHARGE' || (problem.code === 'FORBIDDEN' && problem.needs?.approvable === true)

/** The form field a pre-check problem belongs to: the duplicate guard and a Clerk's limit are about the amount. */
export function problemField(problem: ChargeProblem): ChargeField | null {
  if (problem.code === 'DUPLICATE_CHARGE' || problem.code === 'FORBIDDEN') return 'amountSen'
  return chargeErrorField(problem)
}

/** What a pre-check is about (the request without the "charge again" flag): a newer draft asks again. */
export const precheckKey = (request: PhoneOrderRequest): string => JSON.stringify([request.customerId, request.cardId, request.invoiceNumber, request.amountSen, request.descriptor, request.note])

const fieldValue = (draft: ChargeDraft, field: string): string | null => {
  switch (field) {
    case 'cardId':
      return String(draft.cardId)
    case 'invoiceNumber':
      return draft.invoiceNumber.trim()
    case 'amountSen':
      return String(senOf(draft.amount))
    case 'descriptor':
      return draft.descriptor.trim()
    case 'note':
      return draft.note.trim()
    default:
      return null
  }
}

/** An error main gave for a charge, with what its field held then: once staff change that field, it no longer applies. */
export interface ChargeServerError {
  error: CallError
  /** The named field's value when the error came, or null when no form field is named. */
  was: string | null
}

export function chargeServerErrorOf(error: CallError, draft: ChargeDraft): ChargeServerError {
  return { error, was: error.field ? fieldValue(draft, error.field) : null }
}

/** Whether main's error still describes what is in the form. */
export function chargeServerErrorApplies(server: ChargeServerError, draft: ChargeDraft): boolean {
  if (!server.error.field || server.was === null) return true
  return fieldValue(draft, server.error.field) === server.was
}

/** The form field a server error belongs to, or null when it goes above the buttons. */
export function chargeErrorField(error: CallError): ChargeField | null {
  const field = error.field
  if (field && (CHARGE_FIELDS as readonly string[]).includes(field)) return field as ChargeField
  // These are about the card whatever field main named.
  if (error.code === 'CARD_LOCKED' || error.code === 'CARD_INACTIVE') return 'cardId'
  return null
}

/**
 * Errors after which main may have sent the charge without this screen learning the answer (the app's
 * back end failed, or the bridge broke): staff must look before charging again.
 */
export const OUTCOME_MAY_BE_UNKNOWN = new Set(['INTERNAL', 'BRIDGE_UNREACHABLE'])

/** "7 s of 30 s": the seconds a charge has waited against the gateway's answer timeout. */
export function waitingText(elapsedSeconds: number, timeoutSeconds: number): string {
  return t('phoneOrder.rules.waiting', { elapsed: elapsedSeconds, timeout: timeoutSeconds })
}
