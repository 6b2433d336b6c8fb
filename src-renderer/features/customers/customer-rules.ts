/**
 * What staff type about a customer and a card added by hand, judged before it goes to main (which
 * judges it again). Pure.
 */
import type { CustomerInput } from '../../../src-preload/contract'
import { FIELD_LIMITS, tooLong } from '../../../src-common/field-limits'
import { t } from '../../i18n/i18n'
import { customerNameIssue, emailIssue, phoneIssue } from '../../../src-common/link-rules'
import { issueText } from '../../i18n/rule-text'

export type CustomerFields = Omit<CustomerInput, 'id'>
export type CustomerFieldName = keyof CustomerFields

export const NAME_MAX = FIELD_LIMITS.customerName

/** What is wrong with a customer as typed, by field; empty when it may be saved. The name is required, e-mail and phone are not. */
export function checkCustomer(fields: CustomerFields): Partial<Record<CustomerFieldName, string>> {
  const errors: Partial<Record<CustomerFieldName, string>> = {}
  const name = issueText(customerNameIssue(fields.name))
  if (name) errors.name = name
  // Optional, as main has it; when given it must be an address.
  const email = fields.email.trim() ? issueText(emailIssue(fields.email)) : null
  if (email) errors.email = email
  const phone = issueText(phoneIssue(fields.phone, false))
  if (phone) errors.phone = phone
  return errors
}

/** What was typed, as the start of a new customer: an e-mail, a phone number or a name. */
export function newCustomerFrom(text: string): CustomerFields {
  const typed = text.trim()
  if (typed.includes('@')) return { name: '', email: typed, phone: '' }
  if (/^[+\d][\d\s()+-]{5,}$/.test(typed)) return { name: '', email: '', phone: typed }
  return { name: typed, email: '', phone: '' }
}

export interface CardFields {
  token: string
  masked: string
  brand: string
}

export const EMPTY_CARD: CardFields = { token: '', masked: '', brand: '' }
export const BRAND_CHOICES = ['Visa', 'Mastercard', 'American Express', 'JCB', 'UnionPay']

/** What is wrong with a card as typed, by field. */
export function checkCard(fields: CardFields): Partial<Record<keyof CardFields, string>> {
  const errors: Partial<Record<keyof CardFields, string>> = {}
  const token = fields.token.trim()
  if (!token) errors.token = t('customers.addCard.tokenMissing')
  else if (/\s/.test(token)) errors.token = t('customers.addCard.tokenSpaces')
  else if (token.length < 4 || token.length > FIELD_LIMITS.cardToken || !/^[\x21-\x7e]+$/.test(token)) {
    errors.token = t('customers.addCard.tokenShape', { max: FIELD_LIMITS.cardToken })
  }
  const masked = fields.masked.trim()
  if (masked.length > FIELD_LIMITS.cardMasked) errors.masked = issueText(tooLong(FIELD_LIMITS.cardMasked)) ?? undefined
  else if (masked && !/^[0-9*xX•\s-]+$/.test(masked)) errors.masked = t('customers.addCard.maskedShape')
  else if (/^\d{12,19}$/.test(masked.replace(/[\s-]/g, ''))) errors.masked = t('customers.addCard.maskedFull')
  if (fields.brand.trim().length > FIELD_LIMITS.cardBrand) errors.brand = issueText(tooLong(FIELD_LIMITS.cardBrand)) ?? undefined
  return errors
}
