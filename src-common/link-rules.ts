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
import { isGenericChannel, needsBank, needsLineItems } from './channels'
import { DESCRIPTOR_MAX, descriptorProblem } from './descriptor'
import { FIELD_LIMITS, tooLongMessage } from './field-limits'
import { formatRm } from './money-text'
import { amountProblem, invoiceNumberProblem, MAX_LINK_AMOUNT_SEN } from './order-rules'

export { amountProblem, DESCRIPTOR_MAX, descriptorProblem, invoiceNumberProblem, MAX_LINK_AMOUNT_SEN }

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
export function emailProblem(value: string): string | null {
  const email = value.trim()
  if (!email) return "Enter the customer's e-mail address"
  if (email.length > FIELD_LIMITS.email) return tooLongMessage(FIELD_LIMITS.email)
  if (!EMAIL.test(email)) return 'Enter a valid e-mail address, e.g. siti@example.my'
  const at = email.lastIndexOf('@')
  const local = email.slice(0, at)
  const domain = email.slice(at + 1)
  if (NOT_ASCII.test(local)) return 'The gateway takes no accented letters or symbols before the @: use the address in plain ASCII'
  if (NOT_ASCII.test(domain)) {
    const ascii = asciiDomain(domain)
    return ascii
      ? `The gateway takes e-mail domains in ASCII only: type the address's ASCII form, ${local}@${ascii}`
      : "The gateway takes e-mail domains in ASCII only: use the address's ASCII form (xn--…)"
  }
  return null
}

/** A Malaysian number as people write it (012-345 6789) or any international one (+65 8123 4567), in E.164. */
export function phoneE164(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'MY')
  return phone?.isValid() ? phone.number : null
}

export function phoneProblem(value: string, required: boolean): string | null {
  if (!value.trim()) return required ? "Enter the customer's phone number" : null
  if (value.trim().length > FIELD_LIMITS.phone) return tooLongMessage(FIELD_LIMITS.phone)
  return phoneE164(value) ? null : 'Enter a valid phone number, e.g. 012-345 6789 or +65 8123 4567'
}

export function urlProblem(value: string, options: { required: string | null; production: boolean }): string | null {
  const text = value.trim()
  if (!text) return options.required
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'Enter a web address starting with https://'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a web address starting with https://'
  if (options.production && url.protocol !== 'https:') return 'Must start with https:// in Production'
  if (text.length > FIELD_LIMITS.linkUrl) return tooLongMessage(FIELD_LIMITS.linkUrl)
  return null
}

/** A customer's name, for a link and for the customer saved with phone orders alike. */
export function customerNameProblem(value: string): string | null {
  return value.trim() ? lengthProblem(value, FIELD_LIMITS.customerName) : "Enter the customer's name"
}

export function expiryProblem(minutes: number): string | null {
  if (!Number.isInteger(minutes) || minutes < EXPIRY_MINUTES.min || minutes > EXPIRY_MINUTES.max) return 'Choose between 5 minutes and 30 days'
  return null
}

function lengthProblem(value: string, max: number): string | null {
  return value.trim().length > max ? tooLongMessage(max) : null
}

function checkLineItems(request: LinkRequest, errors: FieldErrors): void {
  const items = request.lineItems
  if (items.length === 0) {
    errors.lineItems = 'Add what the customer is buying: buy-now-pay-later needs the items'
    return
  }
  if (items.length > MAX_LINE_ITEMS) {
    errors.lineItems = `Use at most ${String(MAX_LINE_ITEMS)} items`
    return
  }
  let totalSen = 0
  let itemsValid = true
  for (const [index, item] of items.entries()) {
    const at = `lineItems.${String(index)}`
    const name = item.name.trim() ? lengthProblem(item.name, FIELD_LIMITS.lineItemName) : 'Enter what the item is'
    const quantity =
      !Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > MAX_ITEM_QUANTITY
        ? `Enter a whole number from 1 to ${MAX_ITEM_QUANTITY.toLocaleString('en-MY')}`
        : null
    const price = amountProblem(item.priceSen)
    if (name) errors[`${at}.name`] = name
    if (quantity) errors[`${at}.quantity`] = quantity
    if (price) errors[`${at}.priceSen`] = price
    if (name || quantity || price) itemsValid = false
    else totalSen += item.quantity * item.priceSen
  }
  if (itemsValid && amountProblem(request.amountSen) === null && totalSen !== request.amountSen) {
    errors.lineItems = `The items add up to ${formatRm(totalSen)}, but the amount is ${formatRm(request.amountSen)}`
  }
}

/** Every problem of a request, by field; empty when it may be sent. */
export function checkLinkRequest(request: LinkRequest, context: LinkRuleContext): LinkCheck {
  const errors: FieldErrors = {}
  const put = (field: string, problem: string | null): void => {
    if (problem) errors[field] = problem
  }
  const generic = request.kind === 'generic'

  put('invoiceNumber', invoiceNumberProblem(request.invoiceNumber))
  put('amountSen', amountProblem(request.amountSen))
  put('descriptor', descriptorProblem(request.descriptor))

  const { customer } = request
  put('customer.name', customerNameProblem(customer.name))
  put('customer.email', emailProblem(customer.email))
  // The generic channels need a phone (e-wallets and pay-later identify the customer by it).
  put('customer.phone', phoneProblem(customer.phone, generic))
  put('customer.address', lengthProblem(customer.address, FIELD_LIMITS.address))
  put('customer.city', lengthProblem(customer.city, FIELD_LIMITS.city))
  put('customer.state', lengthProblem(customer.state, FIELD_LIMITS.state))
  if (customer.zipCode.trim() && !POSTCODE.test(customer.zipCode.trim())) errors['customer.zipCode'] = 'Enter a postcode, e.g. 50450'
  if (customer.country.trim() && !COUNTRY.test(customer.country.trim())) errors['customer.country'] = 'Use a two-letter country code, e.g. MY'

  if (generic) {
    if (!isGenericChannel(request.channel)) {
      errors.channel = 'Pick how the customer pays'
    } else {
      if (needsBank(request.channel) && !request.bankCode.trim()) errors.bankCode = "Pick the customer's bank"
      if (needsLineItems(request.channel)) checkLineItems(request, errors)
    }
    put('expiryMinutes', expiryProblem(request.expiryMinutes))
    put('callbackUrl', urlProblem(request.callbackUrl, { required: null, production: context.production }))
  } else {
    put(
      'callbackUrl',
      urlProblem(request.callbackUrl, { required: 'Enter where the customer goes after paying (a default can be set in Settings)', production: context.production }),
    )
    put('failedUrl', urlProblem(request.failedUrl, { required: null, production: context.production }))
  }
  return { errors, phoneE164: phoneE164(customer.phone) ?? '' }
}

/** The first error in form order, for a one-line summary. */
export function firstError(errors: FieldErrors): [string, string] | null {
  const first = Object.entries(errors)[0]
  return first ?? null
}
