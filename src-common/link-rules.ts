/**
 * The rules of a payment link request, with the messages staff see. The form runs them as staff type
 * and main runs them again on what arrives over the bridge (the renderer is never trusted), so both
 * sides say the same thing about the same mistake.
 *
 * Pure: no Node, no DOM. Money is integer sen.
 */
// The full metadata: the smaller sets judge mostly by length and let a Malaysian number with one
// digit too many through.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { FPX_AMOUNT_RANGE, isGenericChannel, needsBank, needsLineItems } from './channels'
import { DESCRIPTOR_MAX, descriptorIssue } from './descriptor'
import { FIELD_LIMITS, tooLong } from './field-limits'
import { formatRm } from './money-text'
import { amountIssue, invoiceNumberIssue, MAX_LINK_AMOUNT_SEN } from './order-rules'
import { say, type Said } from './said/say'
import { englishOf } from './said/english'

export { amountIssue, DESCRIPTOR_MAX, descriptorIssue, invoiceNumberIssue, MAX_LINK_AMOUNT_SEN }

export const EXPIRY_MINUTES = { min: 5, max: 30 * 24 * 60 } as const
export const MAX_LINE_ITEMS = FIELD_LIMITS.lineItems
export const MAX_ITEM_QUANTITY = 9_999

export interface LinkCustomer {
  name: string
  email: string
  phone: string
  address: string
  city: string
  state: string
  zipCode: string
  country: string
}

export interface LinkLineItem {
  name: string
  quantity: number
  priceSen: number
}

/** What staff ask for; empty text means "not given". */
export interface LinkRequest {
  kind: 'card' | 'generic'
  /** A generic channel id (kind generic only). */
  channel: string
  /** FPX only: the customer's bank from the bank list. */
  bankCode: string
  invoiceNumber: string
  amountSen: number
  descriptor: string
  autoRedirect: boolean
  callbackUrl: string
  failedUrl: string
  /** Generic channels only: the payment's lifetime, sent as `expired_at`. */
  expiryMinutes: number
  customer: LinkCustomer
  /** Buy-now-pay-later only. */
  lineItems: LinkLineItem[]
}

/** Dotted field path (`customer.email`, `lineItems.0.priceSen`) → what is wrong with it. */
export type FieldErrors = Record<string, string>

export interface LinkCheck {
  errors: FieldErrors
  /** The phone in E.164 (`+60123456789`), or '' when none was given or it is invalid. */
  phoneE164: string
}

export interface LinkRuleContext {
  /** Production takes https addresses only. */
  production: boolean
}

// Deliberately plain: one @, something on each side, a dot in the domain, no spaces. The gateway is
// the final judge; this only catches typing mistakes before a link goes out.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/
const NOT_ASCII = /[^\x20-\x7e]/
const POSTCODE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 -]{1,${String(FIELD_LIMITS.zipCode - 1)}}$`)
const COUNTRY = new RegExp(`^[A-Za-z]{${String(FIELD_LIMITS.country)}}$`)

/** A domain's ASCII (xn--…) form, as the WHATWG URL parser makes it in Node and in the browser alike; null when it has none. */
function asciiDomain(domain: string): string | null {
  try {
    const host = new URL(`http://${domain}/`).hostname
    return NOT_ASCII.test(host) ? null : host
  } catch {
    return null
  }
}

/**
 * An e-mail address as typed, checked as it will be sent: it is never rewritten. The gateway takes
 * addresses in ASCII (docs/payment-links.md, "E-mail addresses"), so one with accented letters is
 * refused with the reason; for an accented (IDN) domain the message gives the ASCII form to type.
 */
export function emailIssue(value: string): Said | null {
  const email = value.trim()
  if (!email) return say('said.rules.emailEmpty')
  if (email.length > FIELD_LIMITS.email) return tooLong(FIELD_LIMITS.email)
  if (!EMAIL.test(email)) return say('said.rules.emailInvalid')
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (NOT_ASCII.test(local)) return say('said.rules.emailLocalAscii')
  if (NOT_ASCII.test(domain)) {
    const ascii = asciiDomain(domain)
    return ascii ? say('said.rules.emailDomainAsciiAs', { address: `${local}@${ascii}` }) : say('said.rules.emailDomainAscii')
  }
  return null
}

/** A Malaysian number as people write it (012-345 6789) or any international one (+65 8123 4567), in E.164. */
export function phoneE164(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'MY')
  return phone?.isValid() ? phone.number : null
}

/**
 * A phone number as staff read it, whatever form it was saved in: a Malaysian one as people write it
 * (012-345 6789), another country's with its code (+65 8123 4567); one that is not a number as saved.
 */
export function phoneText(value: string): string {
  const phone = parsePhoneNumberFromString(value.trim(), 'MY')
  if (!phone?.isValid()) return value
  return phone.country === 'MY' ? phone.formatNational() : phone.formatInternational()
}

export function phoneIssue(value: string, required: boolean): Said | null {
  if (!value.trim()) return required ? say('said.rules.phoneEmpty') : null
  if (value.trim().length > FIELD_LIMITS.phone) return tooLong(FIELD_LIMITS.phone)
  return phoneE164(value) ? null : say('said.rules.phoneInvalid')
}

export function urlIssue(value: string, options: { required: Said | null; production: boolean }): Said | null {
  const text = value.trim()
  if (!text) return options.required
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return say('said.rules.urlInvalid')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return say('said.rules.urlInvalid')
  if (options.production && url.protocol !== 'https:') return say('said.input.httpsInProduction')
  if (text.length > FIELD_LIMITS.linkUrl) return tooLong(FIELD_LIMITS.linkUrl)
  return null
}

/** A customer's name, for a link and for the customer saved with phone orders alike. */
export function customerNameIssue(value: string): Said | null {
  return value.trim() ? lengthIssue(value, FIELD_LIMITS.customerName) : say('said.rules.nameEmpty')
}

export function expiryIssue(minutes: number): Said | null {
  if (!Number.isInteger(minutes) || minutes < EXPIRY_MINUTES.min || minutes > EXPIRY_MINUTES.max) return say('said.rules.expiryRange')
  return null
}

function lengthIssue(value: string, max: number): Said | null {
  return value.trim().length > max ? tooLong(max) : null
}

/** Dotted field path → what is wrong with it, as main's message ids (main's refusals say them). */
export type FieldIssues = Record<string, Said>

function checkLineItems(request: LinkRequest, errors: FieldIssues): void {
  const items = request.lineItems
  if (items.length === 0) {
    errors.lineItems = say('said.rules.itemsEmpty')
    return
  }
  if (items.length > MAX_LINE_ITEMS) {
    errors.lineItems = say('said.rules.itemsMax', { max: MAX_LINE_ITEMS })
    return
  }
  let totalSen = 0
  let itemsValid = true
  for (const [index, item] of items.entries()) {
    const at = `lineItems.${String(index)}`
    const name = item.name.trim() ? lengthIssue(item.name, FIELD_LIMITS.lineItemName) : say('said.rules.itemName')
    const quantity = !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_ITEM_QUANTITY ? say('said.rules.itemQuantity', { max: MAX_ITEM_QUANTITY }) : null
    const price = amountIssue(item.priceSen)
    if (name) errors[`${at}.name`] = name
    if (quantity) errors[`${at}.quantity`] = quantity
    if (price) errors[`${at}.priceSen`] = price
    if (name || quantity || price) itemsValid = false
    else totalSen += item.quantity * item.priceSen
  }
  if (itemsValid && amountIssue(request.amountSen) === null && totalSen !== request.amountSen) {
    errors.lineItems = say('said.rules.itemsTotal', { total: formatRm(totalSen), amount: formatRm(request.amountSen) })
  }
}

/** Every problem of a request, by field, as message ids; empty when it may be sent. */
export function linkRequestIssues(request: LinkRequest, context: LinkRuleContext): FieldIssues {
  const errors: FieldIssues = {}
  const put = (field: string, problem: Said | null): void => {
    if (problem) errors[field] = problem
  }
  const generic = request.kind === 'generic'

  put('invoiceNumber', invoiceNumberIssue(request.invoiceNumber))
  put('amountSen', amountIssue(request.amountSen))
  put('descriptor', descriptorIssue(request.descriptor))

  const { customer } = request
  put('customer.name', customerNameIssue(customer.name))
  put('customer.email', emailIssue(customer.email))
  // The generic channels need a phone (e-wallets and pay-later identify the customer by it).
  put('customer.phone', phoneIssue(customer.phone, generic))
  put('customer.address', lengthIssue(customer.address, FIELD_LIMITS.address))
  put('customer.city', lengthIssue(customer.city, FIELD_LIMITS.city))
  put('customer.state', lengthIssue(customer.state, FIELD_LIMITS.state))
  if (customer.zipCode.trim() && !POSTCODE.test(customer.zipCode.trim())) errors['customer.zipCode'] = say('said.rules.postcode')
  if (customer.country.trim() && !COUNTRY.test(customer.country.trim())) errors['customer.country'] = say('said.rules.country')

  if (generic) {
    if (!isGenericChannel(request.channel)) {
      errors.channel = say('said.rules.channel')
    } else {
      if (needsBank(request.channel) && !request.bankCode.trim()) errors.bankCode = say('said.rules.bank')
      const { minSen, maxSen } = FPX_AMOUNT_RANGE
      if (request.channel === 'INTERNET_BANKING_FPX' && !errors.amountSen && (request.amountSen < minSen || request.amountSen > maxSen)) {
        errors.amountSen = say('said.rules.fpxAmount', { min: formatRm(minSen), max: formatRm(maxSen) })
      }
      if (needsLineItems(request.channel)) checkLineItems(request, errors)
    }
    put('expiryMinutes', expiryIssue(request.expiryMinutes))
    put('callbackUrl', urlIssue(request.callbackUrl, { required: null, production: context.production }))
  } else {
    put('callbackUrl', urlIssue(request.callbackUrl, { required: say('said.rules.returnAddress'), production: context.production }))
    put('failedUrl', urlIssue(request.failedUrl, { required: null, production: context.production }))
  }
  return errors
}

/** Every problem of a request, by field, in English; empty when it may be sent. */
export function checkLinkRequest(request: LinkRequest, context: LinkRuleContext): LinkCheck {
  const errors = Object.fromEntries(Object.entries(linkRequestIssues(request, context)).map(([field, issue]) => [field, englishOf(issue)]))
  return { errors, phoneE164: phoneE164(request.customer.phone) ?? '' }
}
