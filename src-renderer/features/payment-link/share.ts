/**
 * The messages that send a payment link to a customer: an e-mail draft (mailto:) and a WhatsApp chat
 * (wa.me). The message is in the customer's language (customer-words.ts); why a draft cannot be made
 * is told to staff, in the desk's language. Pure, so each can be tested; the screen opens what these return.
 */
import type { OrderView } from '../../../src-preload/contract'
import { phoneE164 } from '../../../src-common/link-rules'
import { customerWords, plainSpaces, type CustomerWords } from '../../i18n/customer-words'
import { t } from '../../i18n/i18n'
import type { Language } from '../../../src-common/languages'

type SharedOrder = Pick<OrderView, 'invoiceNumber' | 'amountSen' | 'customerName' | 'customerEmail' | 'customerPhone' | 'linkUrl' | 'linkExpiresAt'>

export type ShareTarget = { ok: true; url: string } | { ok: false; reason: string }

/** The customer's first name for a greeting, or nothing when the name is empty. */
function greeting(name: string, words: CustomerWords): string {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first ? words.t('customerTexts.draft.greetingNamed', { name: first }) : words.t('customerTexts.draft.greeting')
}

/** The lines of the message in `language` (null: the desk's); the same words in the e-mail and in WhatsApp. */
export function shareLines(order: SharedOrder, language: Language | null): string[] {
  const words = customerWords(language)
  const lines = [greeting(order.customerName, words), '', words.t('customerTexts.draft.pleasePay', { amount: words.formats.money(order.amountSen), invoice: order.invoiceNumber }), order.linkUrl ?? '']
  if (order.linkExpiresAt) lines.push('', words.t('customerTexts.draft.usableUntil', { time: words.formats.dateTime(order.linkExpiresAt) }))
  lines.push('', words.t('customerTexts.draft.thanks'))
  return lines.map(plainSpaces)
}

export const emailSubject = (order: Pick<OrderView, 'invoiceNumber'>, language: Language | null): string => customerWords(language).t('customerTexts.draft.subject', { invoice: order.invoiceNumber })

/** A `mailto:` draft to the customer (RFC 6068: percent-encoded, CRLF line breaks, no "+" for spaces). */
export function emailDraft(order: SharedOrder, language: Language | null): ShareTarget {
  if (!order.linkUrl) return { ok: false, reason: t('paymentLink.share.noAddress') }
  const to = order.customerEmail?.trim() ?? ''
  if (!to) return { ok: false, reason: t('paymentLink.share.noEmail') }
  const address = encodeURIComponent(to).replace(/%40/g, '@')
  const subject = encodeURIComponent(emailSubject(order, language))
  const body = encodeURIComponent(shareLines(order, language).join('\r\n'))
  return { ok: true, url: `mailto:${address}?subject=${subject}&body=${body}` }
}

/** A WhatsApp chat with the customer's number (E.164 digits, no "+") and the message typed in. */
export function whatsAppChat(order: SharedOrder, language: Language | null): ShareTarget {
  if (!order.linkUrl) return { ok: false, reason: t('paymentLink.share.noAddress') }
  const phone = order.customerPhone?.trim() ?? ''
  if (!phone) return { ok: false, reason: t('paymentLink.share.noPhone') }
  const e164 = phoneE164(phone)
  if (!e164) return { ok: false, reason: t('paymentLink.share.badPhone', { phone }) }
  const text = encodeURIComponent(shareLines(order, language).join('\n'))
  return { ok: true, url: `https://wa.me/${e164.replace(/^\+/, '')}?text=${text}` }
}
