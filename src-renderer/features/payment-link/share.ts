/**
 * The messages that send a payment link to a customer: an e-mail draft (mailto:) and a WhatsApp chat
 * (wa.me). Pure, so each can be tested; the screen opens what these return. The message itself stays in
 * English until customers have their own language; why a draft cannot be made is in the desk's language.
 */
import type { OrderView } from '../../../src-preload/contract'
import { phoneE164 } from '../../../src-common/link-rules'
import { formatRm } from '../../../src-common/money-text'
import { formatDateTime } from '../../format/time'
import { t } from '../../i18n/i18n'

type SharedOrder = Pick<OrderView, 'invoiceNumber' | 'amountSen' | 'customerName' | 'customerEmail' | 'customerPhone' | 'linkUrl' | 'linkExpiresAt'>

export type ShareTarget = { ok: true; url: string } | { ok: false; reason: string }

/** The customer's first name for a greeting, or nothing when the name is empty. */
function greeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first ? `Hello ${first},` : 'Hello,'
}

/** The lines of the message; the same words in the e-mail and in WhatsApp. */
export function shareLines(order: SharedOrder): string[] {
  const lines = [
    greeting(order.customerName),
    '',
    `Please pay ${formatRm(order.amountSen)} for invoice ${order.invoiceNumber} at this address:`,
    order.linkUrl ?? '',
  ]
  if (order.linkExpiresAt) lines.push('', `The link can be used until ${formatDateTime(order.linkExpiresAt)}.`)
  lines.push('', 'Thank you.')
  return lines
}

export const emailSubject = (order: Pick<OrderView, 'invoiceNumber'>): string => `Payment for ${order.invoiceNumber}`

/** A `mailto:` draft to the customer (RFC 6068: percent-encoded, CRLF line breaks, no "+" for spaces). */
export function emailDraft(order: SharedOrder): ShareTarget {
  if (!order.linkUrl) return { ok: false, reason: t('paymentLink.share.noAddress') }
  const to = order.customerEmail?.trim() ?? ''
  if (!to) return { ok: false, reason: t('paymentLink.share.noEmail') }
  const address = encodeURIComponent(to).replace(/%40/g, '@')
  const subject = encodeURIComponent(emailSubject(order))
  const body = encodeURIComponent(shareLines(order).join('\r\n'))
  return { ok: true, url: `mailto:${address}?subject=${subject}&body=${body}` }
}

/** A WhatsApp chat with the customer's number (E.164 digits, no "+") and the message typed in. */
export function whatsAppChat(order: SharedOrder): ShareTarget {
  if (!order.linkUrl) return { ok: false, reason: t('paymentLink.share.noAddress') }
  const phone = order.customerPhone?.trim() ?? ''
  if (!phone) return { ok: false, reason: t('paymentLink.share.noPhone') }
  const e164 = phoneE164(phone)
  if (!e164) return { ok: false, reason: t('paymentLink.share.badPhone', { phone }) }
  const text = encodeURIComponent(shareLines(order).join('\n'))
  return { ok: true, url: `https://wa.me/${e164.replace(/^\+/, '')}?text=${text}` }
}
