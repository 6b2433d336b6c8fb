/**
 * The payment link form's draft (what staff typed, as text) and the request it stands for. Pure: the
 * store keeps the draft, the form renders it, and the rules (src-common/link-rules.ts) judge the request.
 */
import type { CallError, CustomerView, LinkDefaults, LinkRequest } from '../../../src-preload/contract'
import { isGenericChannel, needsBank, needsLineItems, type GenericChannel } from '../../../src-common/channels'
import { linkRequestIssues, phoneE164, phoneText, type LinkCheck, type LinkCustomer, type LinkRuleContext } from '../../../src-common/link-rules'
import { issueText } from '../../i18n/rule-text'
import { parseRmText } from '../../../src-common/money-text'
import { t } from '../../i18n/i18n'
import type { Language } from '../../../src-common/languages'

export interface ItemDraft {
  /** For React's list keys only; never sent. */
  key: number
  name: string
  quantity: string
  price: string
}

/** The saved customer a link is for (picked in "Find customer", or brought from a phone order). */
export interface LinkedCustomer {
  id: number
  /** As the record had it when picked: which customer this is, whatever is typed below. */
  name: string
  externalId: string | null
}

export interface LinkDraft {
  kind: 'card' | 'generic'
  /** '' until staff pick one. */
  channel: GenericChannel | ''
  bankCode: string
  invoiceNumber: string
  /** RM as typed: "25.50", "1,200", "RM 9.99". */
  amount: string
  customer: LinkCustomer
  /** The customer's language for the drafts and the channel page; null keeps the customer's saved one (or the desk's). */
  customerLanguage: Language | null
  /** The saved customer the link goes to (main updates them with what is typed); null: found by the e-mail, or a new one. */
  linked: LinkedCustomer | null
  descriptor: string
  autoRedirect: boolean
  callbackUrl: string
  failedUrl: string
  expiryMinutes: number
  items: ItemDraft[]
}

export const ADDRESS_FIELDS = ['customer.address', 'customer.city', 'customer.state', 'customer.zipCode', 'customer.country'] as const

const NO_CUSTOMER: LinkCustomer = { name: '', email: '', phone: '', address: '', city: '', state: '', zipCode: '', country: 'MY' }

let itemKeys = 0

export function newItem(): ItemDraft {
  itemKeys += 1
  return { key: itemKeys, name: '', quantity: '1', price: '' }
}

/** A fresh form from the environment's defaults; `keep` carries the way of paying over from the last link. */
export function emptyDraft(defaults: LinkDefaults, keep?: Pick<LinkDraft, 'kind' | 'channel'>): LinkDraft {
  const draft: LinkDraft = {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber: defaults.invoiceNumber,
    amount: '',
    customer: NO_CUSTOMER,
    customerLanguage: null,
    linked: null,
    descriptor: defaults.descriptor,
    autoRedirect: true,
    callbackUrl: defaults.callbackUrl,
    failedUrl: defaults.failedUrl,
    expiryMinutes: defaults.expiryMinutes,
    items: [],
  }
  return keep ? withChannel(withKind(draft, keep.kind, defaults), keep.channel) : draft
}

/**
 * The draft for a saved customer: their details where the record has them (the phone as staff write
 * it), what was typed where it has none, so nothing typed is lost; their language when they chose one.
 */
export function withCustomer(draft: LinkDraft, customer: CustomerView): LinkDraft {
  const typed = draft.customer
  const saved = (value: string | null, otherwise: string): string => value?.trim() || otherwise
  return {
    ...draft,
    customer: {
      name: saved(customer.name, typed.name),
      email: saved(customer.email, typed.email),
      phone: customer.phone ? phoneText(customer.phone) : typed.phone,
      address: saved(customer.address, typed.address),
      city: saved(customer.city, typed.city),
      state: saved(customer.state, typed.state),
      zipCode: saved(customer.zipCode, typed.zipCode),
      country: saved(customer.country, typed.country),
    },
    customerLanguage: customer.language ?? draft.customerLanguage,
    linked: { id: customer.id, name: customer.name, externalId: customer.externalId },
  }
}

/** The draft with a blank customer (Clear customer); everything else as it was. */
export function withoutCustomer(draft: LinkDraft): LinkDraft {
  return { ...draft, customer: NO_CUSTOMER, customerLanguage: null, linked: null }
}

/**
 * Whether staff put anything into the draft beyond a fresh form's own values: what a link started
 * from elsewhere (a phone order's "Send a payment link") sets aside rather than replaces.
 */
export function typedSomething(draft: LinkDraft, defaults: LinkDefaults): boolean {
  const texts: [string, string][] = [
    [draft.amount, ''],
    [draft.invoiceNumber, defaults.invoiceNumber],
    [draft.descriptor, defaults.descriptor],
    [draft.failedUrl, defaults.failedUrl],
    [draft.bankCode, ''],
    ...(Object.keys(NO_CUSTOMER) as (keyof LinkCustomer)[]).map((field): [string, string] => [draft.customer[field], NO_CUSTOMER[field]]),
    ...draft.items.flatMap((item): [string, string][] => [
      [item.name, ''],
      [item.price, ''],
    ]),
  ]
  // A card link's return address may be Training's own page, a generic one none: neither was typed.
  const callbackTyped = ![defaults.callbackUrl, defaults.trainingReturnUrls?.paid ?? '', ''].includes(draft.callbackUrl.trim())
  return draft.linked !== null || draft.customerLanguage !== null || callbackTyped || texts.some(([value, fresh]) => value.trim() !== fresh)
}

/**
 * The draft as the other kind of link. Training's own return page is a default of card links only:
 * a payment on another channel has one return address whatever the outcome, and the training page
 * cannot tell which it was, so those customers stay on the gateway's own result page (which can)
 * unless the shop set an address of its own. An address staff typed is kept as typed.
 */
export function withKind(draft: LinkDraft, kind: LinkDraft['kind'], defaults: LinkDefaults): LinkDraft {
  const training = defaults.trainingReturnUrls?.paid
  const typed = draft.callbackUrl.trim()
  if (!training || defaults.callbackUrl !== training) return { ...draft, kind }
  if (kind === 'generic' && typed === training) return { ...draft, kind, callbackUrl: '' }
  if (kind === 'card' && typed === '') return { ...draft, kind, callbackUrl: training }
  return { ...draft, kind }
}

/** The draft with another channel; buy-now-pay-later starts with one empty item row to fill. */
export function withChannel(draft: LinkDraft, channel: GenericChannel | ''): LinkDraft {
  const items = channel && needsLineItems(channel) && draft.items.length === 0 ? [newItem()] : draft.items
  return { ...draft, channel, items }
}

const channelOf = (draft: LinkDraft): GenericChannel | null => (draft.kind === 'generic' && draft.channel && isGenericChannel(draft.channel) ? draft.channel : null)

export const showsBank = (draft: LinkDraft): boolean => {
  const channel = channelOf(draft)
  return channel !== null && needsBank(channel)
}

export const showsItems = (draft: LinkDraft): boolean => {
  const channel = channelOf(draft)
  return channel !== null && needsLineItems(channel)
}

/** Sen from RM text; NaN for text that is not an amount, so the rules name the mistake. */
export const senOf = (text: string): number => parseRmText(text) ?? Number.NaN

/** Sen as RM text to type into a field: 123450 → "1234.50" (exact; no float arithmetic). */
export function rmText(sen: number): string {
  return `${String(Math.trunc(sen / 100))}.${String(sen % 100).padStart(2, '0')}`
}

/** A whole number as typed, or NaN. */
export const quantityOf = (text: string): number => (/^\d{1,6}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN)

/**
 * What the draft asks for. Fields the chosen way of paying does not use are sent empty, so something
 * typed before switching (an address, a bank) never travels with a link that does not show it.
 */
/** The link rules main refuses by (src-common/link-rules.ts), each problem in the desk's language. */
export function checkLink(request: LinkRequest, context: LinkRuleContext): LinkCheck {
  const errors = Object.fromEntries(Object.entries(linkRequestIssues(request, context)).map(([field, issue]) => [field, issueText(issue) ?? '']))
  return { errors, phoneE164: phoneE164(request.customer.phone) ?? '' }
}

export function toRequest(draft: LinkDraft): LinkRequest {
  const card = draft.kind === 'card'
  const c = draft.customer
  return {
    kind: draft.kind,
    channel: card ? '' : draft.channel,
    bankCode: showsBank(draft) ? draft.bankCode : '',
    invoiceNumber: draft.invoiceNumber.trim(),
    amountSen: senOf(draft.amount),
    descriptor: card ? draft.descriptor.trim() : '',
    autoRedirect: draft.autoRedirect,
    callbackUrl: draft.callbackUrl.trim(),
    failedUrl: card ? draft.failedUrl.trim() : '',
    expiryMinutes: draft.expiryMinutes,
    customer: {
      name: c.name.trim(),
      email: c.email.trim(),
      phone: c.phone.trim(),
      address: card ? c.address.trim() : '',
      city: card ? c.city.trim() : '',
      state: card ? c.state.trim() : '',
      zipCode: card ? c.zipCode.trim() : '',
      country: card ? c.country.trim().toUpperCase() : '',
      ...(draft.customerLanguage ? { language: draft.customerLanguage } : {}),
    },
    ...(draft.linked ? { customerId: draft.linked.id } : {}),
    lineItems: showsItems(draft) ? draft.items.map((item) => ({ name: item.name.trim(), quantity: quantityOf(item.quantity), priceSen: senOf(item.price) })) : [],
  }
}

/** The items' total so far, and whether every row is complete enough to count. */
export function itemsTotal(items: readonly ItemDraft[]): { totalSen: number; complete: boolean } {
  let totalSen = 0
  let complete = items.length > 0
  for (const item of items) {
    const quantity = quantityOf(item.quantity)
    const price = parseRmText(item.price)
    if (price === null || !Number.isInteger(quantity)) complete = false
    else totalSen += quantity * price
  }
  return { totalSen, complete }
}

/** Every field path the form has an input for, with this draft. An error on any other goes above the buttons. */
export function fieldPaths(draft: LinkDraft): Set<string> {
  const paths = ['invoiceNumber', 'amountSen', 'customer.name', 'customer.email', 'customer.phone', 'callbackUrl']
  if (draft.kind === 'card') paths.push('descriptor', 'failedUrl', ...ADDRESS_FIELDS)
  else paths.push('channel', 'expiryMinutes')
  if (showsBank(draft)) paths.push('bankCode')
  if (showsItems(draft)) {
    paths.push('lineItems')
    draft.items.forEach((_item, index) => {
      for (const part of ['name', 'quantity', 'priceSen']) paths.push(`lineItems.${String(index)}.${part}`)
    })
  }
  return new Set(paths)
}

/** The value at a dotted path (`customer.email`, `lineItems.0.priceSen`) of a request. */
export function valueAt(request: LinkRequest, path: string): unknown {
  let value: unknown = request
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined
    value = (value as Record<string, unknown>)[part]
  }
  return value
}

/** A value as comparable text; null for a path the request does not have. */
const jsonOf = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value))

/** An error main gave for a request, with what its field held then: once staff change that field, it no longer applies. */
export interface ServerError {
  error: CallError
  /** JSON of the named field's value when the error came, or null when no field is named. */
  was: string | null
}

export function serverErrorOf(error: CallError, request: LinkRequest): ServerError {
  return { error, was: error.field ? jsonOf(valueAt(request, error.field)) : null }
}

/** Whether a field's server error still describes what is in the form. */
export function serverErrorApplies(server: ServerError, request: LinkRequest): boolean {
  if (!server.error.field || server.was === null) return true
  return jsonOf(valueAt(request, server.error.field)) === server.was
}

/** "15 minutes", "1 hour", "24 hours", "3 days", "1 h 30 min" (in the desk's language). */
export function durationText(minutes: number): string {
  if (minutes < 60) return t('paymentLink.duration.minutes', { count: minutes })
  if (minutes > 24 * 60 && minutes % (24 * 60) === 0) return t('paymentLink.duration.days', { count: minutes / (24 * 60) })
  if (minutes % 60 === 0) return t('paymentLink.duration.hours', { count: minutes / 60 })
  return t('paymentLink.duration.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
}

export const EXPIRY_CHOICES = [15, 60, 6 * 60, 24 * 60, 3 * 24 * 60, 7 * 24 * 60] as const

/** The "Expires in" choices: the usual ones and this environment's default, shortest first. */
export function expiryOptions(defaultMinutes: number): { minutes: number; label: string }[] {
  const all = new Set<number>([...EXPIRY_CHOICES, defaultMinutes])
  return [...all]
    .sort((a, b) => a - b)
    .map((minutes) => ({ minutes, label: minutes === defaultMinutes ? t('paymentLink.duration.byDefault', { duration: durationText(minutes) }) : durationText(minutes) }))
}
