/**
 * What happens when a customer pays on the hosted page: the test card decides the outcome (approved,
 * declined with its code, or a 3-D Secure challenge first). Completing records the transaction,
 * saves a token when asked, and sends the card notification. The form and the control API's
 * shortcut both come through here.
 */
import { cardUsed, DECLINES, findTestCard, TEST_CVV, type CardUsed } from '../cards'
import { paymentNotification } from '../card-views'
import type { SimContext } from '../context'
import { newApprovalCode, newReference, newToken } from '../ids'
import { expireIfDue, type CardOrder } from '../state'

export interface CardEntry {
  cardNumber: string
  expiry: string
  cvv: string
  saveCard: boolean
}

export type EntryField = 'card_number' | 'expiry' | 'cvv'

export type SubmitResult = { kind: 'invalid'; field: EntryField; message: string } | { kind: 'closed' } | { kind: 'challenge' } | { kind: 'done' }

/** MM/YY (or MM/YYYY); valid through the last day of that month on the simulator clock. */
export function expiryIsValid(expiry: string, now: number): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry)
  if (!match) return false
  const month = Number(match[1])
  const yearText = match[2] ?? ''
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText)
  if (month < 1 || month > 12) return false
  return Date.UTC(year, month, 1) > now
}

interface Outcome {
  approved: boolean
  responseCode: string
  responseMessage: string
  threeDsStatus: CardOrder['threeDsStatus']
  authenticated: boolean
}

function complete(ctx: SimContext, order: CardOrder, card: CardUsed, saveCard: boolean, outcome: Outcome, now: number): void {
  order.card = card
  order.challenge = null
  order.status = outcome.approved ? 'SUCCESS' : 'FAILED'
  order.completedAt = now
  order.responseCode = outcome.responseCode
  order.responseMessage = outcome.responseMessage
  order.approvalCode = outcome.approved ? newApprovalCode() : ''
  order.threeDsStatus = outcome.threeDsStatus
  order.authenticationId = outcome.authenticated ? newReference('AUTH-') : ''
  if (outcome.approved && saveCard) {
    const id = newToken()
    if (!ctx.state.customers.has(order.customer.id)) ctx.state.customers.set(order.customer.id, order.customer)
    const token = ctx.state.addToken({ id, customerId: order.customer.id, card, status: 'ACTIVE', createdAt: now })
    order.tokenId = id
    order.tokenFingerprint = token.fingerprint
  }
  ctx.notifier.notify(outcome.approved ? 'PAYMENT_SUCCESS' : 'PAYMENT_FAILED', order.invoiceNumber, paymentNotification(order, now))
}

export function isOpen(order: CardOrder, now: number): boolean {
  expireIfDue(order, now)
  return order.status === 'PENDING'
}

export function submitCard(ctx: SimContext, order: CardOrder, entry: CardEntry, now: number): SubmitResult {
  if (!isOpen(order, now)) return { kind: 'closed' }
  const digits = entry.cardNumber.replace(/[\s-]/g, '')
  if (!/^\d{12,19}$/.test(digits)) return { kind: 'invalid', field: 'card_number', message: 'Enter the card number, 12 to 19 digits.' }
  const testCard = findTestCard(digits)
  if (!testCard) return { kind: 'invalid', field: 'card_number', message: 'This training gateway accepts only the sandbox test cards.' }
  if (!expiryIsValid(entry.expiry, now)) return { kind: 'invalid', field: 'expiry', message: 'Enter a future expiry date as MM/YY.' }
  if (!/^\d{3,4}$/.test(entry.cvv.trim())) return { kind: 'invalid', field: 'cvv', message: 'Enter the 3-digit security code.' }

  const card = cardUsed(testCard)
  if (entry.cvv.trim() !== TEST_CVV) {
    complete(ctx, order, card, false, { approved: false, ...DECLINES.cvv, threeDsStatus: 'NA', authenticated: false }, now)
    return { kind: 'done' }
  }
  if (testCard.threeDs === 'challenge') {
    order.challenge = { card, saveCard: entry.saveCard }
    return { kind: 'challenge' }
  }
  complete(
    ctx,
    order,
    card,
    entry.saveCard,
    {
      approved: testCard.approved,
      responseCode: testCard.responseCode,
      responseMessage: testCard.responseMessage,
      threeDsStatus: testCard.threeDs === 'frictionless' ? 'TRUE' : 'NA',
      authenticated: testCard.threeDs === 'frictionless',
    },
    now,
  )
  return { kind: 'done' }
}

/** The customer answered the 3-D Secure challenge (or cancelled it, `passed` false). */
export function answerChallenge(ctx: SimContext, order: CardOrder, passed: boolean, now: number): SubmitResult {
  if (!isOpen(order, now) || !order.challenge) return { kind: 'closed' }
  const { card, saveCard } = order.challenge
  const approved = passed && card.approved
  const outcome: Outcome = approved
    ? { approved: true, responseCode: '00', responseMessage: 'Approved', threeDsStatus: 'TRUE', authenticated: true }
    : { approved: false, ...DECLINES.authentication, threeDsStatus: 'FALSE', authenticated: false }
  complete(ctx, order, card, saveCard, outcome, now)
  return { kind: 'done' }
}
