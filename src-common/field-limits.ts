/**
 * The longest text each field takes, said once: the forms (their rules and `maxLength` attributes),
 * the rules main runs (src-common/link-rules.ts and the services) and the bridge's schemas
 * (src-preload/contract.ts) all read them here, so a form can never let through what main refuses,
 * nor refuse what main takes. test/unit/field-limits.test.ts fails when one of them stops reading
 * this table.
 *
 * Lengths are in UTF-16 code units (what `String.length` and the HTML `maxLength` attribute count).
 * Pure: no Node, no DOM.
 */
import { say, type Said } from './said/say'

export const FIELD_LIMITS = {
  /** An order's invoice number (links and phone orders). */
  invoiceNumber: 64,
  /** The card statement text: the gateway's 3-D Secure reference caps the soft descriptor at 22 characters. */
  descriptor: 22,
  customerName: 128,
  /** RFC 5321's longest forward path. */
  email: 254,
  /** A phone number as typed (E.164 has at most 15 digits; the rest is spaces, dashes and brackets). */
  phone: 32,
  address: 255,
  city: 64,
  state: 64,
  zipCode: 10,
  /** A two-letter country code. */
  country: 2,
  /** A buy-now-pay-later line item's name. */
  lineItemName: 255,
  /** Line items of one buy-now-pay-later link. */
  lineItems: 50,
  /** A link's return address (the settings' defaults have their own bound, SETTINGS_BOUNDS). */
  linkUrl: 2048,
  /** A generic channel id or an FPX bank code (chosen from lists, never typed). */
  channel: 40,
  bankCode: 40,
  /** A phone order's note for the history. */
  phoneOrderNote: 500,
  /** A card token pasted from the gateway's back office. */
  cardToken: 128,
  cardMasked: 40,
  cardBrand: 40,
  /** What was typed to find a customer. */
  customerSearch: 200,
  /** Why a waiting link is marked cancelled. */
  cancelReason: 200,
  /** Why a "Needs review" order is decided paid or not. */
  reviewReason: 500,
  /** Why a supervisor lifts a card's lock. */
  overrideReason: 500,
  /** A refund's Request-Id, registered by hand. */
  refundRequestId: 128,
  /** The settings' invoice prefix. */
  invoicePrefix: 20,
  /** The shop's name (Settings, the first-run welcome): the top line of a receipt and the training gateway's pages. */
  shopName: 60,
  operatorName: 80,
  /** An operator's login, as made and as typed to sign in. */
  login: 32,
  pin: 128,
  /** The audit log's "who" and "what" filters. */
  auditFilter: 80,
} as const

export type LimitedField = keyof typeof FIELD_LIMITS

/** "Use at most 64 characters": the one message for a text that is too long, on both sides (said.input.tooLong). */
export function tooLong(max: number): Said {
  return say('said.input.tooLong', { max })
}
