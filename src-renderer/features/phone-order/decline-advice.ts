/**
 * What staff can tell the customer after a decline, by the acquirer's response code (ISO 8583, as the
 * gateway passes it on): the bank's "51" says nothing to most people on a phone call. A code not in
 * the table gets the general advice. Pure.
 */
export type DeclineAdvice = 'otherCard' | 'funds' | 'limit' | 'cardGone' | 'expired' | 'lostOrStolen' | 'bankDown' | 'general'

const ADVICE_BY_CODE: Readonly<Record<string, DeclineAdvice>> = {
  '05': 'otherCard', // do not honour
  '57': 'otherCard', // not permitted to the cardholder
  '58': 'otherCard', // not permitted to the terminal
  '62': 'otherCard', // restricted card
  '51': 'funds', // insufficient funds
  '61': 'limit', // exceeds the withdrawal amount limit
  '65': 'limit', // exceeds the withdrawal frequency limit
  '14': 'cardGone', // invalid card number: here, a saved token the gateway does not know
  '54': 'expired', // expired card
  '41': 'lostOrStolen', // lost card
  '43': 'lostOrStolen', // stolen card
  '91': 'bankDown', // issuer unavailable
  '96': 'bankDown', // system malfunction
}

export function declineAdvice(responseCode: string | null): DeclineAdvice {
  const code = responseCode?.trim() ?? ''
  return Object.hasOwn(ADVICE_BY_CODE, code) ? (ADVICE_BY_CODE[code] ?? 'general') : 'general'
}

/** Advice that this card cannot be charged again (unknown to the gateway, expired, lost or stolen): staff choose another card rather than try it again. */
export function cardIsDone(advice: DeclineAdvice): boolean {
  return advice === 'cardGone' || advice === 'expired' || advice === 'lostOrStolen'
}

/** Advice that the customer be sent a payment link (paying by it can save their card again): "Send a payment link" is offered. */
export function adviceSendsLink(advice: DeclineAdvice): boolean {
  return advice === 'cardGone' || advice === 'expired'
}
