/**
 * Phone orders: a MOTO charge of a customer's saved card (POST /credit-card/charge) that is never sent
 * twice for one order.
 *
 * Before the request leaves, the order, its attempt with the Request-Id and the exact (redacted) body,
 * the first timeline entry and an audit entry are written in one transaction. The answer makes the
 * order PAID, FAILED (declined or refused: nothing charged) or OUTCOME_UNKNOWN (a timeout, a reset, a
 * 5xx, an unreadable or, when blocking, wrongly signed answer): the customer may have been charged, so
 * the card is locked against another charge until a status check, 60 s or more after the attempt,
 * settles it, or a supervisor lifts the lock with a reason (audited).
 */
import type { ChargeResult, OrderDetail, PhoneOrderRequest, Receipt } from '../../src-preload/contract'
import { cardText } from '../../src-common/card-text'
import { cardSaid } from '../../src-common/said/card-said'
import { FIELD_LIMITS } from '../../src-common/field-limits'
import { amountIssue as amountRule, descriptorIssue as descriptorRule, invoiceNumberIssue } from '../../src-common/link-rules'
import { formatRm } from '../../src-common/money-text'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import { chargeBody, type ChargeInput, type ChargeOutcome, type GatewayResult } from '../gateway/client'
import { toWireJson } from '../gateway/money'
import type { History } from '../store/history'
import type { CustomerRow, OrderRow, SavedCardRow } from '../store/history-types'
import type { ServiceContext } from './context'
import { cardLocks, markCardUsed, savedToken } from './customers'
import { beginAttempt, finishAttempt, writeAhead } from './gateway-attempts'
import { duplicateInvoice, nextInvoiceNumber, noteInvoiceUsed } from './invoice-numbers'
import { checkPaidMoney, flagForReview, last4Of, orderDetail } from './status-checks'

const CHARGE_PATH = '/credit-card/charge'
/** Orders that count as "charged already" for the duplicate guard. */
const CHARGED = new Set(['PAID', 'PENDING', 'OUTCOME_UNKNOWN', 'UNKNOWN'])

/** Whole minutes since `from` (0: less than a minute). */
function minutesAgo(from: string, now: Date): number {
  return Math.max(0, Math.round((now.getTime() - Date.parse(from)) / 60_000))
}

/** The approval code of an order's approval, from the charge answer or a status check. */
function approvalCodeOf(history: History, orderId: number): string | null {
  for (const event of [...history.events.forOrder(orderId)].reverse()) {
    const code = event.details?.['approvalCode']
    if (typeof code === 'string' && code !== '') return code
  }
  return null
}

export class PhoneOrders {
  constructor(private readonly ctx: ServiceContext) {}

  prepare(): { invoiceNumber: string; chargeLimitSen: number; duplicateWindowMinutes: number; descriptor: string; responseTimeoutSeconds: number } {
    const settings = this.ctx.settings()
    return {
      invoiceNumber: nextInvoiceNumber(this.ctx.history(), settings.links.invoicePrefix),
      chargeLimitSen: settings.phoneOrders.chargeLimitSen,
      duplicateWindowMinutes: settings.phoneOrders.duplicateWindowMinutes,
      descriptor: settings.links.descriptor,
      // What the waiting charge counts against: the gateway's answer timeout (Settings).
      responseTimeoutSeconds: settings.gateway.responseTimeoutSeconds,
    }
  }

  /**
   * Every problem that refuses this charge now, in the order `check` meets them, as the AppErrors the
   * charge would throw (with their field): for `phoneOrders.check`, which shows them before the
   * confirmation. Reads only: nothing is written, nothing is sent.
   */
  problems(request: PhoneOrderRequest): AppError[] {
    return this.inspect(this.ctx, request).problems
  }

  /** Everything that refuses a charge before anything is written or sent; the customer and card to charge. */
  private check(ctx: ServiceContext, request: PhoneOrderRequest): { customer: CustomerRow; card: SavedCardRow } {
    const { problems, customer, card } = this.inspect(ctx, request)
    const first = problems[0]
    if (first) throw first
    if (!customer || !card) throw new AppError('INVALID_INPUT', say('said.phoneOrders.pickCard'), 'cardId')
    return { customer, card }
  }

  /** The rules of a charge, each problem collected rather than thrown (the first one is what `check` throws). */
  private inspect(ctx: ServiceContext, request: PhoneOrderRequest): { problems: AppError[]; customer: CustomerRow | null; card: SavedCardRow | null } {
    const history = ctx.history()
    const settings = ctx.settings().phoneOrders
    const problems: AppError[] = []
    const invoiceNumber = request.invoiceNumber.trim()
    const invoiceIssue = invoiceNumberIssue(invoiceNumber)
    if (invoiceIssue) problems.push(new AppError('INVALID_INPUT', invoiceIssue, 'invoiceNumber'))
    const amountIssue = amountRule(request.amountSen)
    if (amountIssue) problems.push(new AppError('INVALID_INPUT', amountIssue, 'amountSen'))
    else if (request.amountSen > settings.chargeLimitSen) {
      problems.push(new AppError('LIMIT_EXCEEDED', say('said.phoneOrders.overLimit', { limit: formatRm(settings.chargeLimitSen) }), 'amountSen'))
    }
    const descriptorIssue = descriptorRule(request.descriptor)
    if (descriptorIssue) problems.push(new AppError('INVALID_INPUT', descriptorIssue, 'descriptor'))
    if (request.note.trim().length > FIELD_LIMITS.phoneOrderNote) problems.push(new AppError('INVALID_INPUT', say('said.input.tooLong', { max: FIELD_LIMITS.phoneOrderNote }), 'note'))
    const holder = invoiceIssue ? undefined : history.orders.holdingInvoice(invoiceNumber)[0]
    if (holder) problems.push(duplicateInvoice(invoiceNumber, holder.invoiceNumber))
    const customer = history.customers.get(request.customerId) ?? null
    if (!customer) {
      problems.push(new AppError('NOT_FOUND', say('said.records.customer', { id: request.customerId })))
      return { problems, customer: null, card: null }
    }
    const found = history.cards.get(request.cardId)
    const card = found && found.customerId === customer.id ? found : null
    if (!card) {
      problems.push(new AppError('INVALID_INPUT', say('said.phoneOrders.notTheirCard', { name: customer.name }), 'cardId'))
    } else if (!card.active) {
      problems.push(new AppError('CARD_INACTIVE', say('said.phoneOrders.cardRemoved'), 'cardId'))
    } else {
      const lock = cardLocks(history, customer.id).get(card.id)
      if (lock) {
        const locking = history.orders.get(lock.orderId)
        problems.push(new AppError('CARD_LOCKED', say(locking?.status === 'PENDING' ? 'said.phoneOrders.cardWaiting' : 'said.phoneOrders.cardUnknown', { invoice: lock.invoiceNumber }), 'cardId'))
      }
    }
    if (request.confirmDuplicate || amountIssue) return { problems, customer, card }
    const since = ctx.now().getTime() - settings.duplicateWindowMinutes * 60_000
    const recent = history.orders
      .forCustomer(customer.id, 50)
      .find((order) => order.kind === 'phone_order' && order.amountSen === request.amountSen && CHARGED.has(order.status) && Date.parse(order.createdAt) >= since)
    if (recent) {
      problems.push(
        new AppError(
          'DUPLICATE_CHARGE',
          say('said.phoneOrders.duplicate', {
            amount: formatRm(request.amountSen),
            name: customer.name,
            ago: say('said.phoneOrders.ago', { count: minutesAgo(recent.createdAt, ctx.now()) }),
            invoice: recent.invoiceNumber,
            state: say(recent.status === 'PAID' ? 'said.phoneOrders.state.approved' : recent.status === 'PENDING' ? 'said.phoneOrders.state.pending' : 'said.phoneOrders.state.unknown'),
          }),
        ),
      )
    }
    return { problems, customer, card }
  }

  async charge(request: PhoneOrderRequest): Promise<ChargeResult> {
    // The environment the charge is written ahead in is the one its answer is recorded in (context.ts).
    const ctx = this.ctx.bound()
    // Refused early when it can be (bad input, a used invoice, a locked card), before any wait...
    this.check(ctx, request)
    const history = ctx.history()
    const settings = ctx.settings()
    const client = await ctx.gateway()
    const now = ctx.now()
    const at = now.toISOString()
    const requestId = client.newRequestId()
    const invoiceNumber = request.invoiceNumber.trim()
    const descriptor = request.descriptor.trim()

    const { order, attempt, card, input } = writeAhead(history, invoiceNumber, () => {
      // ...and checked again inside the transaction that writes the order: a second charge fired
      // during the wait above (a double click, a second window) finds the first one's order here.
      const { customer, card } = this.check(ctx, request)
      const input: ChargeInput = {
        requestId,
        amountSen: request.amountSen,
        token: savedToken(history, card.id),
        paymentType: 'MOTO',
        invoiceNumber,
        descriptor: descriptor || undefined,
        customerId: customer.externalId ?? undefined,
        callbackUrlSuccess: settings.phoneOrders.threeDsSuccessUrl || undefined,
        callbackUrlFailed: settings.phoneOrders.threeDsFailedUrl || undefined,
      }
      const order = history.orders.insert({
        kind: 'phone_order',
        invoiceNumber,
        amountSen: request.amountSen,
        currency: 'MYR',
        channel: 'CARD',
        status: 'PENDING',
        rawStatus: null,
        customerId: customer.id,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
        requestId,
        paymentId: null,
        gatewayReferenceId: null,
        linkUrl: null,
        linkExpiresAt: null,
        cardMasked: card.masked,
        cardLast4: last4Of(card.masked),
        cardBrand: card.brand,
        createdBy: ctx.actor(),
        createdAt: at,
      })
      noteInvoiceUsed(history, settings.links.invoicePrefix, invoiceNumber, now)
      const attempt = beginAttempt(history, { orderId: order.id, operation: 'charge', requestId, path: CHARGE_PATH, body: toWireJson(chargeBody(input)) }, now)
      history.events.append({
        orderId: order.id,
        type: 'created',
        summary: `Phone order: MOTO charge of ${cardText(card) ?? 'a saved card'}${request.note.trim() ? ` (${request.note.trim()})` : ''}`,
        details: {
          cardId: card.id,
          requestId,
          descriptor,
          note: request.note.trim(),
          duplicateConfirmed: request.confirmDuplicate,
          say: say(request.note.trim() ? 'said.timeline.phoneOrderNote' : 'said.timeline.phoneOrder', { card: cardSaid(card, say('said.timeline.savedCard')), note: request.note.trim() }),
        },
        attemptId: attempt.id,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({
        actor: ctx.actor(),
        approvedBy: ctx.approvedBy(),
        action: request.confirmDuplicate ? 'phone_order.charge_again' : 'phone_order.charge',
        orderId: order.id,
        details: { requestId, cardId: card.id, amountSen: request.amountSen },
        at,
      })
      return { order, attempt, card, input }
    })
    ctx.events.emit('orders.changed', { id: order.id })

    const result = await client.charge(input)
    const outcome = this.record(ctx, order, card.id, attempt, result)
    ctx.events.emit('orders.changed', { id: order.id })
    if (outcome === 'refused' && !result.ok) {
      throw new AppError('GATEWAY_REJECTED', say('said.phoneOrders.refused', { gatewayMessage: result.error.gatewayMessage ?? result.error.say }))
    }
    const value = result.ok ? result.value : null
    return {
      outcome: outcome === 'refused' ? 'declined' : outcome,
      detail: orderDetail(history, order.id, ctx.now(), ctx.settings().gateway.settlementCutOff),
      responseCode: value?.responseCode ?? null,
      responseMessage: value?.responseMessage ?? null,
      receipt: outcome === 'approved' ? this.receiptOn(ctx, order.id) : null,
    }
  }

  /** Writes the answer; says what it was. */
  private record(
    ctx: ServiceContext,
    order: OrderRow,
    cardId: number,
    attempt: Parameters<typeof finishAttempt>[1],
    result: GatewayResult<ChargeOutcome>,
  ): 'approved' | 'declined' | 'unknown' | 'refused' {
    const history = ctx.history()
    const done = ctx.now()
    const at = done.toISOString()
    return history.transaction(() => {
      finishAttempt(history, attempt, result, done)
      if (!result.ok) {
        const unknown = result.error.outcomeUnknown
        history.orders.update(order.id, unknown ? { status: 'OUTCOME_UNKNOWN' } : { status: 'FAILED', completedAt: at }, at)
        history.events.append({
          orderId: order.id,
          type: 'attempt',
          summary: unknown ? `Outcome unknown: ${result.error.message}` : `Refused, nothing charged: ${result.error.message}`,
          details: { code: result.error.code, say: say(unknown ? 'said.timeline.outcomeUnknown' : 'said.timeline.chargeRefused', { problem: result.error.say }) },
          attemptId: attempt.id,
          actor: null,
          at,
        })
        return unknown ? 'unknown' : 'refused'
      }
      const charge = result.value
      const declined = charge.status.status === 'FAILED'
      const reply = [charge.responseCode, charge.responseMessage].filter(Boolean).join(' ')
      const masked = charge.card?.masked ?? null
      const cardFields = {
        ...(masked ? { cardMasked: masked, cardLast4: last4Of(masked) ?? undefined } : {}),
        ...(charge.card?.brand ? { cardBrand: charge.card.brand } : {}),
      }
      const money = charge.status.status === 'SUCCESS' ? checkPaidMoney(order, charge.amountSen, charge.currency) : null
      if (money && !money.ok) {
        // Approved, but not for this order's money: the card stays locked until a person decides.
        const review = { reason: money.reason, gatewayStatus: charge.status.raw, gatewayAmountSen: charge.amountSen, gatewayCurrency: charge.currency, source: 'charge' as const }
        flagForReview(ctx, order, review, { status: 'OUTCOME_UNKNOWN', rawStatus: charge.status.raw }, attempt.id)
        return 'unknown'
      }
      const approved = money !== null
      history.orders.update(
        order.id,
        {
          status: approved ? 'PAID' : declined ? 'FAILED' : 'OUTCOME_UNKNOWN',
          rawStatus: charge.status.raw,
          ...(approved || declined ? { completedAt: at } : {}),
          ...(money?.ok && money.gatewayAmountSen !== null ? { gatewayAmountSen: money.gatewayAmountSen } : {}),
          ...cardFields,
        },
        at,
      )
      history.events.append({
        orderId: order.id,
        type: 'attempt',
        summary: approved
          ? `Approved: ${reply || 'SUCCESS'}, approval code ${charge.approvalCode ?? 'none'}`
          : declined
            ? `Declined by the bank: ${reply || 'no reason given'}`
            : `Outcome unknown: the gateway answered ${charge.status.raw}`,
        details: {
          responseCode: charge.responseCode,
          responseMessage: charge.responseMessage,
          approvalCode: charge.approvalCode,
          gatewayStatus: charge.status.raw,
          say: approved
            ? say('said.timeline.approved', { reply: reply || 'SUCCESS', approvalCode: charge.approvalCode ?? say('said.timeline.none') })
            : declined
              ? say('said.timeline.declined', { reply: reply || say('said.gateway.noReason') })
              : say('said.timeline.chargeUnknown', { gatewayStatus: charge.status.raw }),
        },
        attemptId: attempt.id,
        actor: null,
        at,
      })
      if (approved) {
        markCardUsed(history, cardId, at)
        // The answer's token is the card's own; a new one (a re-issued token) is saved beside it.
        const token = charge.card?.token
        const customerId = order.customerId
        if (token && customerId !== null && !history.cards.findByToken(customerId, token)) {
          history.cards.add({ customerId, token, masked, brand: charge.card?.brand ?? null, issuer: charge.card?.issuer ?? null, source: 'charge', addedAt: at })
        }
      }
      return approved ? 'approved' : declined ? 'declined' : 'unknown'
    })
  }

  /** A supervisor lifts the lock of an unknown outcome without a settled status; the order stays unknown and can still be checked. */
  override(orderId: number, reason: string): OrderDetail {
    const { ctx } = this
    const history = ctx.history()
    const order = history.orders.get(orderId)
    if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id: orderId }))
    if (order.kind !== 'phone_order' || (order.status !== 'OUTCOME_UNKNOWN' && order.status !== 'UNKNOWN')) throw new AppError('NOT_LOCKED', say('said.phoneOrders.notLocked'))
    const why = reason.trim()
    if (why.length < 10) throw new AppError('INVALID_INPUT', say('said.input.reason'), 'reason')
    if (history.events.forOrder(orderId).some((event) => event.details?.['override'] === true)) throw new AppError('NOT_LOCKED', say('said.phoneOrders.alreadyUnlocked'))
    const at = ctx.now().toISOString()
    history.transaction(() => {
      history.events.append({
        orderId,
        type: 'staff_action',
        summary: `Supervisor override: the card is unlocked without a settled status (${why})`,
        details: { override: true, reason: why, say: say('said.timeline.overridden', { reason: why }) },
        attemptId: null,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({ actor: ctx.actor(), approvedBy: ctx.approvedBy(), action: 'phone_order.override', orderId, details: { reason: why }, at })
    })
    ctx.events.emit('orders.changed', { id: orderId })
    return orderDetail(history, orderId, ctx.now(), ctx.settings().gateway.settlementCutOff)
  }

  receipt(orderId: number): Receipt {
    return this.receiptOn(this.ctx, orderId)
  }

  private receiptOn(ctx: ServiceContext, orderId: number): Receipt {
    const history = ctx.history()
    const order = history.orders.get(orderId)
    if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id: orderId }))
    if (order.kind !== 'phone_order' || order.status !== 'PAID') throw new AppError('NO_RECEIPT', say('said.phoneOrders.noReceipt'))
    const created = history.events.forOrder(orderId).find((event) => event.type === 'created')
    const descriptor = typeof created?.details?.['descriptor'] === 'string' ? created.details['descriptor'] : ''
    // The shop's name heads the slip; without one, the statement text the charge was sent with (or the
    // default); without that either, empty: the renderer words it in the customer's language.
    const settings = ctx.settings()
    const merchant = settings.shop.name || descriptor || settings.links.descriptor || ''
    const approvalCode = approvalCodeOf(history, orderId)
    const at = order.completedAt ?? order.updatedAt
    // Worded by the renderer, in the customer's language (a receipt is the customer's): main sends data only.
    const language = order.customerId === null ? null : (history.customers.get(order.customerId)?.language ?? null)
    return {
      merchant,
      invoiceNumber: order.invoiceNumber,
      amountSen: order.amountSen,
      cardMasked: order.cardMasked,
      cardBrand: order.cardBrand,
      approvalCode,
      customerName: order.customerName,
      at,
      language,
      // A receipt from Training or Sandbox is marked as such: it must not pass for a real payment's.
      environment: ctx.environment(),
    }
  }
}
