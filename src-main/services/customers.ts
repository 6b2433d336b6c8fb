/**
 * Customers and their saved cards. A card's token is stored encrypted and never leaves main; staff see
 * its brand and masked number. A card is locked while a charge of it has an unknown outcome.
 */
import type { CustomerInput, CustomerView, OrderView, SavedCardView } from '../../src-preload/contract'
import { FIELD_LIMITS } from '../../src-common/field-limits'
import { customerNameIssue, emailIssue as emailRule, phoneE164, phoneIssue as phoneRule } from '../../src-common/link-rules'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import type { History } from '../store/history'
import type { CustomerRow, OrderRow, SavedCardRow } from '../store/history-types'
import type { ServiceContext } from './context'
import { orderView } from './orders'

export function customerView(row: CustomerRow): CustomerView {
  return {
    id: row.id,
    externalId: row.externalId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    language: row.language,
    createdAt: row.createdAt,
  }
}

export type CardLock = SavedCardView['lockedBy']

/**
 * A phone order in these states may have charged its card, or is charging it now. UNKNOWN (a word of
 * the gateway's the app does not know) too: a status answer no longer gives a phone order that
 * status, but one recorded before may still be in a history.
 */
export const CARD_LOCKING_STATUSES: ReadonlySet<string> = new Set(['OUTCOME_UNKNOWN', 'PENDING', 'UNKNOWN'])

/**
 * The cards of a customer that a charge locks, each with the order that locks it: a charge with an
 * unknown outcome (unless a supervisor lifted the lock), and a charge still waiting for its answer
 * (a phone order is PENDING only then), so that a second charge fired meanwhile is refused. One pass
 * over the customer's orders serves all their cards.
 */
export function cardLocks(history: History, customerId: number): Map<number, NonNullable<CardLock>> {
  const locks = new Map<number, NonNullable<CardLock>>()
  for (const order of history.orders.forCustomer(customerId, 200)) {
    if (order.kind !== 'phone_order' || !CARD_LOCKING_STATUSES.has(order.status)) continue
    const events = history.events.forOrder(order.id)
    if (events.some((event) => event.details?.['override'] === true)) continue
    const cardId = events.find((event) => event.type === 'created')?.details?.['cardId']
    if (typeof cardId === 'number' && !locks.has(cardId)) locks.set(cardId, { orderId: order.id, invoiceNumber: order.invoiceNumber })
  }
  return locks
}

/** The saved card a phone order charged (its first timeline entry names it), or null. */
export function chargedCardId(history: History, orderId: number): number | null {
  const cardId = history.events.forOrder(orderId).find((event) => event.type === 'created')?.details?.['cardId']
  return typeof cardId === 'number' ? cardId : null
}

/**
 * A saved card took part in an approved payment at `at`: its "last used" moves there, never back (a
 * status check may settle an older charge after a newer one). The one way every approval marks its
 * card: a charge's own answer, a status check, a notification, a person's review, and a card page
 * paid with a card the customer had saved before.
 */
export function markCardUsed(history: History, cardId: number, at: string): void {
  const card = history.cards.get(cardId)
  if (!card) return
  if (card.lastUsedAt !== null && Date.parse(card.lastUsedAt) >= Date.parse(at)) return
  history.cards.markUsed(cardId, at)
}

/** The card of an order that is now approved: the saved card a phone order charged. (A card page's card is marked where it is saved.) */
export function markOrderCardUsed(history: History, order: OrderRow, at: string): void {
  if (order.kind !== 'phone_order') return
  const cardId = chargedCardId(history, order.id)
  if (cardId !== null) markCardUsed(history, cardId, at)
}

export function cardView(card: SavedCardRow, locks: Map<number, NonNullable<CardLock>>): SavedCardView {
  return { ...card, lockedBy: card.active ? (locks.get(card.id) ?? null) : null }
}

/** One card as staff see it, with its lock. */
function oneCardView(history: History, card: SavedCardRow): SavedCardView {
  return cardView(card, cardLocks(history, card.customerId))
}

const TOKEN = new RegExp(`^[\\x21-\\x7e]{4,${String(FIELD_LIMITS.cardToken)}}$`)

/**
 * A saved card's token in clear, for the one request that needs it. A card saved under a data key the
 * app no longer has (Training without a keychain keeps its key for one run only) cannot be read back.
 */
export function savedToken(history: History, cardId: number): string {
  try {
    return history.cards.token(cardId)
  } catch {
    throw new AppError('CARD_UNREADABLE', say('said.customers.cardUnreadable'), 'cardId')
  }
}

export class Customers {
  constructor(private readonly ctx: ServiceContext) {}

  search(text: string): { customers: CustomerView[] } {
    return { customers: this.ctx.history().customers.search(text, 20).map(customerView) }
  }

  get(id: number): { customer: CustomerView; cards: SavedCardView[]; orders: OrderView[] } {
    const history = this.ctx.history()
    const customer = history.customers.get(id)
    if (!customer) throw new AppError('NOT_FOUND', say('said.records.customer', { id }))
    const locks = cardLocks(history, id)
    return {
      customer: customerView(customer),
      cards: history.cards.forCustomer(id).map((card) => cardView(card, locks)),
      orders: history.orders.forCustomer(id, 20).map(orderView),
    }
  }

  save(input: CustomerInput): CustomerView {
    const history = this.ctx.history()
    const name = input.name.trim()
    const nameIssue = customerNameIssue(name)
    if (nameIssue) throw new AppError('INVALID_INPUT', nameIssue, 'name')
    const email = input.email.trim()
    const emailIssue = email ? emailRule(email) : null
    if (emailIssue) throw new AppError('INVALID_INPUT', emailIssue, 'email')
    const phoneIssue = phoneRule(input.phone, false)
    if (phoneIssue) throw new AppError('INVALID_INPUT', phoneIssue, 'phone')
    const fields = { name, email: email || null, phone: phoneE164(input.phone), ...(input.language !== undefined ? { language: input.language } : {}) }
    const at = this.ctx.now().toISOString()
    return history.transaction(() => {
      if (input.id !== undefined) {
        if (!history.customers.get(input.id)) throw new AppError('NOT_FOUND', say('said.records.customer', { id: input.id }))
        return customerView(history.customers.update(input.id, fields, at))
      }
      const created = history.customers.insert({ externalId: null, ...fields, address: null, city: null, state: null, zipCode: null, country: null, createdAt: at })
      history.audit.append({ actor: this.ctx.actor(), approvedBy: this.ctx.approvedBy(), action: 'customer.create', orderId: null, details: { customerId: created.id }, at })
      return customerView(history.customers.update(created.id, { externalId: `CUST-${String(created.id).padStart(6, '0')}` }, at))
    })
  }

  addCard(input: { customerId: number; token: string; masked: string; brand: string }): SavedCardView {
    const history = this.ctx.history()
    if (!history.customers.get(input.customerId)) throw new AppError('NOT_FOUND', say('said.records.customer', { id: input.customerId }))
    const token = input.token.trim()
    if (!TOKEN.test(token)) throw new AppError('INVALID_INPUT', say('said.customers.token', { max: FIELD_LIMITS.cardToken }), 'token')
    const masked = input.masked.trim()
    if (masked.length > FIELD_LIMITS.cardMasked) throw new AppError('INVALID_INPUT', say('said.input.tooLong', { max: FIELD_LIMITS.cardMasked }), 'masked')
    const brand = input.brand.trim().toUpperCase()
    if (brand.length > FIELD_LIMITS.cardBrand) throw new AppError('INVALID_INPUT', say('said.input.tooLong', { max: FIELD_LIMITS.cardBrand }), 'brand')
    const at = this.ctx.now().toISOString()
    return history.transaction(() => {
      const card = history.cards.add({ customerId: input.customerId, token, masked: masked || null, brand: brand || null, issuer: null, source: 'manual', addedAt: at })
      history.audit.append({
        actor: this.ctx.actor(),
        approvedBy: this.ctx.approvedBy(),
        action: 'card.add',
        orderId: null,
        details: { customerId: input.customerId, cardId: card.id, masked: card.masked },
        at,
      })
      return oneCardView(history, card)
    })
  }

  /** Unbind Token at the gateway, then the card is inactive here. A card the gateway no longer knows is made inactive too. */
  async removeCard(cardId: number): Promise<SavedCardView> {
    // The card is made inactive in the history it was read from (context.ts).
    const ctx = this.ctx.bound()
    const history = ctx.history()
    const card = history.cards.get(cardId)
    if (!card) throw new AppError('NOT_FOUND', say('said.records.card', { id: cardId }))
    if (!card.active) return oneCardView(history, card)
    const client = await ctx.gateway()
    const result = await client.unbindToken(savedToken(history, cardId))
    const at = ctx.now().toISOString()
    const gone = result.ok || result.error.code === 'NOT_FOUND'
    history.audit.append({
      actor: ctx.actor(),
      approvedBy: ctx.approvedBy(),
      action: 'card.remove',
      orderId: null,
      details: { cardId, requestId: result.exchange.requestId, outcome: result.ok ? 'unbound' : result.error.code },
      at,
    })
    if (!gone) {
      const code = result.error.code === 'REJECTED' || result.error.code === 'AUTH' ? 'GATEWAY_REJECTED' : 'GATEWAY_UNAVAILABLE'
      throw new AppError(code, say('said.customers.notRemoved', { problem: result.error.say }))
    }
    return oneCardView(history, history.cards.deactivate(cardId, at))
  }
}
