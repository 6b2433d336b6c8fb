/**
 * Payment links: a hosted card page (POST /credit-card/v1/payment-page) or a payment on a non-card
 * channel (POST /v3/payments), recorded in the history before the request leaves.
 *
 * The order and its attempt are written first, with the Request-Id the gateway will see. The answer
 * then makes the order a waiting link (PENDING with its address), a refusal (FAILED: nothing exists at
 * the gateway, so the invoice number may be used again), or an unknown outcome (OUTCOME_UNKNOWN),
 * which only a status check settles: the app never creates a second link on its own.
 */
import { randomUUID } from 'node:crypto'
import type { Bank, LinkDefaults, LinkRequest, OrderDetail } from '../../src-preload/contract'
import { channelSaid } from '../../src-common/said/channel-said'
import { CHANNEL_NAMES, isGenericChannel, needsBank, needsLineItems, type GenericChannel } from '../../src-common/channels'
import { linkRequestIssues, phoneE164 } from '../../src-common/link-rules'
import { AppError } from '../bridge/app-error'
import { say } from '../../src-common/said/say'
import { createPaymentBody, paymentPageBody, type CreatePaymentInput, type GatewayClient, type GatewayResult, type PaymentPageInput } from '../gateway/client'
import type { GatewayError } from '../gateway/errors'
import { toWireJson } from '../gateway/money'
import type { History } from '../store/history'
import type { CustomerRow, OrderRow } from '../store/history-types'
import type { ServiceContext } from './context'
import { beginAttempt, finishAttempt, writeAhead } from './gateway-attempts'
import { duplicateInvoice, nextInvoiceNumber, noteInvoiceUsed } from './invoice-numbers'
import { checkOrderStatus, linkNeverCreated, orderDetail, type CheckOptions } from './status-checks'

/**
 * The hosted card page's lifetime. The interface has no field for it (the gateway decides); 60 minutes
 * is what the training gateway does and is only shown, never enforced: a status check says EXPIRED.
 */
export const CARD_PAGE_LIFETIME_MS = 60 * 60_000

const PAYMENT_PAGE_PATH = '/credit-card/v1/payment-page'
const CREATE_PAYMENT_PATH = '/v3/payments'

/** The gateway's field names → the form's, so a refusal is shown against the field staff typed. */
const FORM_FIELD_OF: Record<string, string> = {
  'order.amount': 'amountSen',
  'order.invoice_number': 'invoiceNumber',
  'order.callback_url': 'callbackUrl',
  'order.failed_url': 'failedUrl',
  'order.descriptor': 'descriptor',
  'order.expired_at': 'expiryMinutes',
  'order.line_items': 'lineItems',
  'payment.channel': 'channel',
  'payment.bank_code': 'bankCode',
  'payment.callback_url': 'callbackUrl',
  'customer.name': 'customer.name',
  'customer.email': 'customer.email',
  'customer.phone': 'customer.phone',
  'customer.address': 'customer.address',
  'customer.city': 'customer.city',
  'customer.state': 'customer.state',
  'customer.zip_code': 'customer.zipCode',
  'customer.country': 'customer.country',
}

export function formFieldOf(gatewayField: string | null): string | undefined {
  if (!gatewayField) return undefined
  if (FORM_FIELD_OF[gatewayField]) return FORM_FIELD_OF[gatewayField]
  const item = /^order\.line_items\.(\d+)\.(name|quantity|price)$/.exec(gatewayField)
  if (item) return `lineItems.${item[1] ?? '0'}.${item[2] === 'price' ? 'priceSen' : (item[2] ?? 'name')}`
  return undefined
}

const trimmed = (value: string): string | undefined => value.trim() || undefined

/** The customer staff picked for the link (`customerId`), refused when this environment's history has no such customer. */
function pickedCustomer(history: History, request: LinkRequest): CustomerRow | null {
  if (request.customerId === undefined) return null
  const picked = history.customers.get(request.customerId)
  if (!picked) throw new AppError('NOT_FOUND', say('said.records.customer', { id: request.customerId }))
  return picked
}

/**
 * The customer of this link, kept up to date with what was typed: the one staff picked, else the one
 * with this e-mail address, else a new one.
 */
function customerFor(history: History, request: LinkRequest, phone: string, at: string): CustomerRow {
  const email = request.customer.email.trim()
  const given = {
    name: request.customer.name.trim(),
    email,
    phone: phone || null,
    address: trimmed(request.customer.address) ?? null,
    city: trimmed(request.customer.city) ?? null,
    state: trimmed(request.customer.state) ?? null,
    zipCode: trimmed(request.customer.zipCode) ?? null,
    country: trimmed(request.customer.country)?.toUpperCase() ?? null,
    language: request.customer.language ?? null,
  }
  const known = pickedCustomer(history, request) ?? history.customers.search(email, 20).find((customer) => customer.email?.toLowerCase() === email.toLowerCase())
  if (known) {
    // What was typed now wins; what was left empty keeps what we knew.
    const patch = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null))
    return history.customers.update(known.id, patch, at)
  }
  const created = history.customers.insert({ externalId: null, ...given, createdAt: at })
  return history.customers.update(created.id, { externalId: `CUST-${String(created.id).padStart(6, '0')}` }, at)
}

interface Planned {
  operation: 'payment_page' | 'create_payment'
  path: string
  body: string
  send: (client: GatewayClient) => Promise<GatewayResult<{ url: string | null; expiresAt: string | null; referenceId: string | null }>>
}

/** The channel page's language as the v3 interface spells it, when the customer has one and Settings send it. */
function pageLanguage(customer: CustomerRow, send: boolean): 'EN' | 'MS' | undefined {
  if (!send || customer.language === null) return undefined
  return customer.language === 'ms' ? 'MS' : 'EN'
}

function plan(request: LinkRequest, customer: CustomerRow, requestId: string, paymentId: string | null, now: Date, sendPageLanguage: boolean): Planned {
  const invoiceNumber = request.invoiceNumber.trim()
  if (request.kind === 'card') {
    const input: PaymentPageInput = {
      requestId,
      invoiceNumber,
      amountSen: request.amountSen,
      callbackUrl: request.callbackUrl.trim(),
      failedUrl: trimmed(request.failedUrl),
      autoRedirect: request.autoRedirect,
      descriptor: trimmed(request.descriptor),
      customer: {
        id: customer.externalId ?? undefined,
        name: customer.name,
        email: customer.email ?? undefined,
        phone: customer.phone ?? undefined,
        address: trimmed(request.customer.address),
        city: trimmed(request.customer.city),
        state: trimmed(request.customer.state),
        zipCode: trimmed(request.customer.zipCode),
        country: trimmed(request.customer.country)?.toUpperCase(),
      },
    }
    const expiresAt = new Date(now.getTime() + CARD_PAGE_LIFETIME_MS).toISOString()
    return {
      operation: 'payment_page',
      path: PAYMENT_PAGE_PATH,
      body: toWireJson(paymentPageBody(input)),
      send: async (client) => {
        const result = await client.createPaymentPage(input)
        return result.ok ? { ...result, value: { url: result.value.url, expiresAt, referenceId: null } } : result
      },
    }
  }
  const channel = request.channel as GenericChannel
  const input: CreatePaymentInput = {
    requestId,
    paymentId: paymentId ?? requestId,
    invoiceNumber,
    amountSen: request.amountSen,
    // Whole seconds: expired_at travels without milliseconds.
    expiresAt: new Date(Math.floor(now.getTime() / 1000) * 1000 + request.expiryMinutes * 60_000),
    channel,
    bankCode: needsBank(channel) ? request.bankCode.trim() : undefined,
    lineItems: needsLineItems(channel) ? request.lineItems.map((item) => ({ name: item.name.trim(), quantity: item.quantity, priceSen: item.priceSen })) : undefined,
    callbackUrl: trimmed(request.callbackUrl),
    customer: {
      id: customer.externalId ?? `CUST-${String(customer.id).padStart(6, '0')}`,
      name: customer.name,
      email: customer.email ?? undefined,
      phone: customer.phone ?? undefined,
      // The published examples always send a country; a shop in Malaysia serves Malaysians unless told.
      country: trimmed(request.customer.country)?.toUpperCase() ?? customer.country ?? 'MY',
    },
    pageLanguage: pageLanguage(customer, sendPageLanguage),
  }
  return {
    operation: 'create_payment',
    path: CREATE_PAYMENT_PATH,
    body: toWireJson(createPaymentBody(input)),
    send: async (client) => {
      const result = await client.createPayment(input)
      if (!result.ok) return result
      const { nextActionUrl, expiresAt, referenceId } = result.value
      return { ...result, value: { url: nextActionUrl, expiresAt: expiresAt ? new Date(expiresAt).toISOString() : input.expiresAt.toISOString(), referenceId } }
    },
  }
}

function refusal(error: GatewayError): AppError {
  if (error.code === 'AUTH') return new AppError('GATEWAY_REJECTED', say('said.links.refusedAuth', { problem: say(`said.gateway.problem.${error.code}`) }))
  if (error.code === 'REJECTED' || error.code === 'NOT_FOUND') {
    return new AppError('GATEWAY_REJECTED', say('said.links.refused', { gatewayMessage: error.gatewayMessage ?? say('said.gateway.noReason') }), formFieldOf(error.field))
  }
  return new AppError('GATEWAY_UNAVAILABLE', say('said.links.unavailable', { problem: error.say }))
}

export class PaymentLinks {
  constructor(private readonly ctx: ServiceContext) {}

  prepare(): LinkDefaults {
    const { links } = this.ctx.settings()
    return {
      invoiceNumber: nextInvoiceNumber(this.ctx.history(), links.invoicePrefix),
      production: this.ctx.environment() === 'production',
      callbackUrl: links.callbackUrl,
      failedUrl: links.failedUrl,
      expiryMinutes: links.expiryMinutes,
      descriptor: links.descriptor,
      // Training's own return pages are added by the back end, which knows where the training gateway is.
      trainingReturnUrls: null,
    }
  }

  async banks(): Promise<{ banks: Bank[] }> {
    const client = await this.ctx.gateway()
    const result = await client.bankList()
    if (!result.ok) throw new AppError('GATEWAY_UNAVAILABLE', say('said.links.banksUnavailable', { problem: result.error.say }))
    return { banks: result.value }
  }

  async create(request: LinkRequest): Promise<OrderDetail> {
    // The environment the link is written ahead in is the one its answer is recorded in (context.ts).
    const ctx = this.ctx.bound()
    const history = ctx.history()
    // The first problem in form order, as the form shows them.
    const problem = Object.entries(linkRequestIssues(request, { production: ctx.environment() === 'production' }))[0]
    if (problem) throw new AppError('INVALID_INPUT', problem[1], problem[0])

    const invoiceNumber = request.invoiceNumber.trim()
    /** The order that held this number and never became a link (its number may be asked for again). */
    const reusable = (): OrderRow | null => {
      const holders = history.orders.holdingInvoice(invoiceNumber)
      const taken = holders.find((order) => order.invoiceNumber !== invoiceNumber || !linkNeverCreated(order))
      if (taken) throw duplicateInvoice(invoiceNumber, taken.invoiceNumber)
      return holders[0] ?? null
    }
    // Refused early when it can be; checked again inside the write-ahead transaction below, where a
    // second request fired during the wait finds the first one's order.
    reusable()
    pickedCustomer(history, request)
    const client = await ctx.gateway()
    const now = ctx.now()
    const at = now.toISOString()
    const requestId = client.newRequestId()
    const generic = request.kind === 'generic' && isGenericChannel(request.channel)
    const paymentId = generic ? randomUUID() : null

    // Written ahead: the order, its attempt and the first timeline entry, in one transaction.
    const { order, attempt, planned } = writeAhead(history, invoiceNumber, () => {
      const existing = reusable()
      const customer = customerFor(history, request, phoneE164(request.customer.phone) ?? '', at)
      const planned = plan(request, customer, requestId, paymentId, now, ctx.settings().links.sendPageLanguage)
      const fields = {
        kind: generic ? ('generic_link' as const) : ('card_link' as const),
        amountSen: request.amountSen,
        channel: generic ? request.channel : 'CARD',
        customerId: customer.id,
        customerName: customer.name,
        customerEmail: customer.email,
        customerPhone: customer.phone,
      }
      const order = existing
        ? history.orders.update(existing.id, { ...fields, status: 'PENDING', requestId, paymentId, completedAt: null, linkExpiresAt: null }, at)
        : history.orders.insert({
            ...fields,
            invoiceNumber,
            currency: 'MYR',
            status: 'PENDING',
            rawStatus: null,
            requestId,
            paymentId,
            gatewayReferenceId: null,
            linkUrl: null,
            linkExpiresAt: null,
            cardMasked: null,
            cardLast4: null,
            cardBrand: null,
            createdBy: ctx.actor(),
            createdAt: at,
          })
      noteInvoiceUsed(history, ctx.settings().links.invoicePrefix, invoiceNumber, now)
      const attempt = beginAttempt(history, { orderId: order.id, operation: planned.operation, requestId, path: planned.path, body: planned.body }, now)
      history.events.append({
        orderId: order.id,
        type: existing ? 'staff_action' : 'created',
        summary: `${existing ? 'Link asked for again' : 'Link asked for'}: ${generic ? CHANNEL_NAMES[request.channel as GenericChannel] : 'card'} payment`,
        details: {
          requestId,
          ...(paymentId ? { paymentId } : {}),
          say: generic
            ? say(existing ? 'said.timeline.linkAskedAgain' : 'said.timeline.linkAsked', { channel: channelSaid(request.channel as GenericChannel) })
            : say(existing ? 'said.timeline.cardLinkAskedAgain' : 'said.timeline.cardLinkAsked'),
        },
        attemptId: attempt.id,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({ actor: ctx.actor(), approvedBy: ctx.approvedBy(), action: 'link.create', orderId: order.id, details: { requestId, kind: fields.kind, amountSen: request.amountSen }, at })
      return { order, attempt, planned }
    })
    ctx.events.emit('orders.changed', { id: order.id })

    const result = await planned.send(client)
    const done = ctx.now()
    const doneAt = done.toISOString()
    history.transaction(() => {
      finishAttempt(history, attempt, result, done)
      if (result.ok) {
        const { url, expiresAt, referenceId } = result.value
        history.orders.update(order.id, { linkUrl: url, linkExpiresAt: expiresAt, ...(referenceId ? { gatewayReferenceId: referenceId } : {}) }, doneAt)
        history.events.append({
          orderId: order.id,
          type: 'attempt',
          summary: result.exchange.replayed ? 'Link created (the gateway replayed its first answer)' : 'Link created: waiting for the customer to pay',
          details: { say: say(result.exchange.replayed ? 'said.timeline.linkReplayed' : 'said.timeline.linkCreated') },
          attemptId: attempt.id,
          actor: null,
          at: doneAt,
        })
      } else if (result.error.outcomeUnknown) {
        history.orders.update(order.id, { status: 'OUTCOME_UNKNOWN' }, doneAt)
        history.events.append({
          orderId: order.id,
          type: 'attempt',
          summary: `Outcome unknown: ${result.error.message}`,
          details: { code: result.error.code, say: say('said.timeline.outcomeUnknown', { problem: result.error.say }) },
          attemptId: attempt.id,
          actor: null,
          at: doneAt,
        })
      } else {
        history.orders.update(order.id, { status: 'FAILED', completedAt: doneAt }, doneAt)
        history.events.append({
          orderId: order.id,
          type: 'attempt',
          summary: `Not created: ${result.error.message}`,
          details: { code: result.error.code, field: result.error.field, say: say('said.timeline.linkNotCreated', { problem: result.error.say }) },
          attemptId: attempt.id,
          actor: null,
          at: doneAt,
        })
      }
    })
    ctx.events.emit('orders.changed', { id: order.id })
    if (!result.ok && !result.error.outcomeUnknown) throw refusal(result.error)
    return orderDetail(history, order.id, ctx.now(), ctx.settings().gateway.settlementCutOff)
  }

  /** A status check of a link; a card page whose creation went unanswered gets its address back by replaying the same request. */
  checkStatus(id: number, options?: CheckOptions): Promise<void> {
    const ctx = this.ctx.bound()
    return checkOrderStatus(ctx, id, (order) => this.recoverAddress(ctx, order), options)
  }

  /**
   * The gateway has the card page but the app lost its address with the unanswered creation: the
   * same request with the same Request-Id is answered with the original page (409 replay), not a new one.
   * True when it asked (and so wrote to the order's history).
   */
  private async recoverAddress(ctx: ServiceContext, order: OrderRow): Promise<boolean> {
    if (order.kind !== 'card_link' || order.status !== 'PENDING' || order.linkUrl !== null || !order.requestId) return false
    const history = ctx.history()
    const creation = history.attempts.forOrder(order.id).find((attempt) => attempt.requestId === order.requestId && attempt.operation === 'payment_page')
    if (!creation?.requestBody) return false
    const body = JSON.parse(creation.requestBody) as { order: Record<string, unknown>; customer: Record<string, unknown> }
    const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)
    const input: PaymentPageInput = {
      requestId: order.requestId,
      invoiceNumber: order.invoiceNumber,
      amountSen: order.amountSen,
      callbackUrl: text(body.order.callback_url) ?? '',
      failedUrl: text(body.order.failed_url),
      autoRedirect: body.order.auto_redirect === true,
      descriptor: text(body.order.descriptor),
      customer: {
        id: text(body.customer.id),
        name: text(body.customer.name) ?? order.customerName,
        email: text(body.customer.email),
        phone: text(body.customer.phone),
        address: text(body.customer.address),
        city: text(body.customer.city),
        state: text(body.customer.state),
        zipCode: text(body.customer.zip_code),
        country: text(body.customer.country),
      },
    }
    const client = await ctx.gateway()
    const now = ctx.now()
    const attempt = beginAttempt(history, { orderId: order.id, operation: 'payment_page', requestId: order.requestId, path: PAYMENT_PAGE_PATH, body: toWireJson(paymentPageBody(input)) }, now)
    const result = await client.createPaymentPage(input)
    const done = ctx.now()
    history.transaction(() => {
      finishAttempt(history, attempt, result, done)
      const summary = result.ok
        ? 'Link address recovered from the gateway (same request, same Request-Id)'
        : `The link exists at the gateway but its address could not be recovered: ${result.error.message}`
      if (result.ok) history.orders.update(order.id, { linkUrl: result.value.url, linkExpiresAt: new Date(Date.parse(order.createdAt) + CARD_PAGE_LIFETIME_MS).toISOString() }, done.toISOString())
      history.events.append({ orderId: order.id, type: 'attempt', summary, details: null, attemptId: attempt.id, actor: null, at: done.toISOString() })
    })
    return true
  }

  cancel(id: number, reason: string): OrderDetail {
    const { ctx } = this
    const history = ctx.history()
    const order = history.orders.get(id)
    if (!order) throw new AppError('NOT_FOUND', say('said.records.order', { id }))
    if ((order.kind !== 'card_link' && order.kind !== 'generic_link') || order.status !== 'PENDING') {
      throw new AppError('NOT_CANCELLABLE', say('said.links.notCancellable', { status: order.status }))
    }
    if (order.review) throw new AppError('NEEDS_REVIEW', say('said.links.needsReview'))
    const at = ctx.now().toISOString()
    const why = reason.trim()
    history.transaction(() => {
      history.orders.update(id, { status: 'CANCELLED' }, at)
      history.events.append({
        orderId: id,
        type: 'staff_action',
        summary: `Marked cancelled here${why ? `: ${why}` : ''}. The gateway has no cancel call, so the link stays open there.`,
        details: { say: why ? say('said.timeline.cancelledWhy', { reason: why }) : say('said.timeline.cancelled') },
        attemptId: null,
        actor: ctx.actor(),
        at,
      })
      history.audit.append({ actor: ctx.actor(), approvedBy: ctx.approvedBy(), action: 'link.cancel', orderId: id, details: { reason: why }, at })
    })
    ctx.events.emit('orders.changed', { id })
    return orderDetail(history, id, ctx.now(), ctx.settings().gateway.settlementCutOff)
  }
}
