import { describe, expect, it } from 'vitest'
import {
  amountIssue,
  checkLinkRequest,
  EXPIRY_MINUTES,
  expiryIssue,
  type FieldErrors,
  invoiceNumberIssue,
  type LinkCustomer,
  type LinkLineItem,
  type LinkRequest,
  type LinkRuleContext,
  MAX_LINE_ITEMS,
  MAX_LINK_AMOUNT_SEN,
  phoneE164,
  phoneText,
  urlIssue,
} from '../../src-common/link-rules'
import { parseRmText } from '../../src-common/money-text'
import { say } from '../../src-common/said/say'
import { englishOf } from '../../src-common/said/english'
import { english } from '../support/rule-english'

const SANDBOX: LinkRuleContext = { production: false }
const PRODUCTION: LinkRuleContext = { production: true }

const INVOICE_MESSAGES = {
  empty: 'Enter an invoice number',
  tooLong: 'Use at most 64 characters',
  characters: 'Use only letters, digits and - _ .',
}
const AMOUNT_MESSAGES = {
  notInteger: 'Enter an amount in RM with at most two decimals, e.g. 25.50',
  notAbove: 'Enter an amount above RM 0.00',
  tooLarge: 'Enter at most RM 999,999,999.99',
}
const EMAIL_MESSAGES = {
  empty: "Enter the customer's e-mail address",
  invalid: 'Enter a valid e-mail address, e.g. siti@example.my',
}
const PHONE_MESSAGES = {
  empty: "Enter the customer's phone number",
  invalid: 'Enter a valid phone number, e.g. 012-345 6789 or +65 8123 4567',
}
const URL_MESSAGES = {
  notWeb: 'Enter a web address starting with https://',
  production: 'Must start with https:// in Production',
  tooLong: 'Use at most 2,048 characters',
  callbackRequired: 'Enter where the customer goes after paying (a default can be set in Settings)',
}
const EXPIRY_MESSAGE = 'Choose between 5 minutes and 30 days'

function customer(overrides: Partial<LinkCustomer> = {}): LinkCustomer {
  return {
    name: 'Siti Nurhaliza',
    email: 'siti@example.my',
    phone: '012-345 6789',
    address: 'Lot 12, Jalan Ampang',
    city: 'Kuala Lumpur',
    state: 'Wilayah Persekutuan',
    zipCode: '50450',
    country: 'MY',
    ...overrides,
  }
}

/** A card link that may be sent as it is. */
function cardRequest(overrides: Partial<LinkRequest> = {}): LinkRequest {
  return {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber: 'INV-2024-0001',
    amountSen: 1250,
    descriptor: 'Kedai Siti',
    autoRedirect: true,
    callbackUrl: 'https://shop.example.my/thanks',
    failedUrl: '',
    expiryMinutes: 60,
    customer: customer(),
    lineItems: [],
    ...overrides,
  }
}

/** An FPX link that may be sent as it is. */
function fpxRequest(overrides: Partial<LinkRequest> = {}): LinkRequest {
  return cardRequest({ kind: 'generic', channel: 'INTERNET_BANKING_FPX', bankCode: 'MB2U0227', callbackUrl: '', ...overrides })
}

/** A buy-now-pay-later link whose items add up to its amount (2 × RM 5.00 + 1 × RM 2.50 = RM 12.50). */
function bnplRequest(overrides: Partial<LinkRequest> = {}): LinkRequest {
  return cardRequest({
    kind: 'generic',
    channel: 'BNPL_ATOME',
    callbackUrl: '',
    lineItems: [
      { name: 'Batik scarf', quantity: 2, priceSen: 500 },
      { name: 'Gift wrap', quantity: 1, priceSen: 250 },
    ],
    ...overrides,
  })
}

function item(overrides: Partial<LinkLineItem> = {}): LinkLineItem {
  return { name: 'Batik scarf', quantity: 1, priceSen: 1250, ...overrides }
}

function errorsOf(request: LinkRequest, context: LinkRuleContext = SANDBOX): FieldErrors {
  return checkLinkRequest(request, context).errors
}

describe('a valid request', () => {
  it('has no errors, for a card link, an FPX link and a buy-now-pay-later link', () => {
    expect(errorsOf(cardRequest())).toEqual({})
    expect(errorsOf(fpxRequest())).toEqual({})
    expect(errorsOf(bnplRequest())).toEqual({})
    expect(errorsOf(cardRequest(), PRODUCTION)).toEqual({})
    expect(errorsOf(fpxRequest(), PRODUCTION)).toEqual({})
    expect(errorsOf(bnplRequest(), PRODUCTION)).toEqual({})
  })

  it('has no errors for every e-wallet and pay-later channel', () => {
    for (const channel of ['EWALLET_TNG', 'EWALLET_GRABPAY', 'EWALLET_SHOPEEPAY']) {
      expect(errorsOf(fpxRequest({ channel, bankCode: '' }))).toEqual({})
    }
    for (const channel of ['BNPL_GRABPAY', 'BNPL_SHOPEEPAY', 'BNPL_ATOME']) {
      expect(errorsOf(bnplRequest({ channel }))).toEqual({})
    }
  })

  it('leaves out every optional field without complaint', () => {
    const bare = customer({ phone: '', address: '', city: '', state: '', zipCode: '', country: '' })
    expect(errorsOf(cardRequest({ descriptor: '', failedUrl: '', customer: bare }))).toEqual({})
  })
})

describe('invoice number', () => {
  it.each([
    ['empty', '', INVOICE_MESSAGES.empty],
    ['only spaces', '   ', INVOICE_MESSAGES.empty],
    ['65 characters', 'A'.repeat(65), INVOICE_MESSAGES.tooLong],
    ['a space inside', 'INV 0001', INVOICE_MESSAGES.characters],
    ['a slash', 'INV/0001', INVOICE_MESSAGES.characters],
    ['a hash', 'INV#1', INVOICE_MESSAGES.characters],
    ['a non-ASCII letter', 'INVÉ1', INVOICE_MESSAGES.characters],
  ])('%s is refused', (_label, invoiceNumber, message) => {
    expect(errorsOf(cardRequest({ invoiceNumber }))).toEqual({ invoiceNumber: message })
  })

  it('takes letters, digits, - _ . up to 64 characters, ignoring spaces around it', () => {
    expect(errorsOf(cardRequest({ invoiceNumber: 'A'.repeat(64) }))).toEqual({})
    expect(errorsOf(cardRequest({ invoiceNumber: 'inv_2024.07-001' }))).toEqual({})
    expect(errorsOf(cardRequest({ invoiceNumber: '  INV-1  ' }))).toEqual({})
  })

  it('invoiceNumberIssue says the same on its own', () => {
    expect(english(invoiceNumberIssue(''))).toBe(INVOICE_MESSAGES.empty)
    expect(english(invoiceNumberIssue(`${'9'.repeat(64)}9`))).toBe(INVOICE_MESSAGES.tooLong)
    expect(english(invoiceNumberIssue('INV:1'))).toBe(INVOICE_MESSAGES.characters)
    expect(english(invoiceNumberIssue('INV-1'))).toBeNull()
  })
})

describe('amount', () => {
  it.each([
    ['not whole sen', 12.5, AMOUNT_MESSAGES.notInteger],
    ['not a number', Number.NaN, AMOUNT_MESSAGES.notInteger],
    ['infinite', Number.POSITIVE_INFINITY, AMOUNT_MESSAGES.notInteger],
    ['zero', 0, AMOUNT_MESSAGES.notAbove],
    ['negative', -100, AMOUNT_MESSAGES.notAbove],
    ['above the most a link may ask', MAX_LINK_AMOUNT_SEN + 1, AMOUNT_MESSAGES.tooLarge],
  ])('%s is refused', (_label, amountSen, message) => {
    expect(errorsOf(cardRequest({ amountSen }))).toEqual({ amountSen: message })
  })

  it('takes one sen up to RM 999,999,999.99', () => {
    expect(errorsOf(cardRequest({ amountSen: 1 }))).toEqual({})
    expect(errorsOf(cardRequest({ amountSen: MAX_LINK_AMOUNT_SEN }))).toEqual({})
  })

  it('amountIssue says the same on its own', () => {
    expect(english(amountIssue(0.5))).toBe(AMOUNT_MESSAGES.notInteger)
    expect(english(amountIssue(0))).toBe(AMOUNT_MESSAGES.notAbove)
    expect(english(amountIssue(-1))).toBe(AMOUNT_MESSAGES.notAbove)
    expect(english(amountIssue(MAX_LINK_AMOUNT_SEN + 1))).toBe(AMOUNT_MESSAGES.tooLarge)
    expect(english(amountIssue(Number.MAX_SAFE_INTEGER + 1))).toBe(AMOUNT_MESSAGES.notInteger)
    expect(english(amountIssue(2550))).toBeNull()
  })
})

describe('amount text staff type', () => {
  it.each([
    ['25.5', 2550],
    ['25.50', 2550],
    ['25', 2500],
    ['1,234.50', 123450],
    ['RM 9.99', 999],
    ['rm9.99', 999],
    ['  12.05  ', 1205],
    ['0.01', 1],
  ])('%s is %i sen', (text, sen) => {
    expect(parseRmText(text)).toBe(sen)
  })

  it.each(['12.345', 'abc', '', '   ', '-5', '12,34.00', '1.2.3', '12.', '.50', 'RM'])('%j is not an amount', (text) => {
    expect(parseRmText(text)).toBeNull()
  })
})

describe('descriptor', () => {
  it("takes up to 22 characters, the card statement's limit", () => {
    expect(errorsOf(cardRequest({ descriptor: 'D'.repeat(22) }))).toEqual({})
    expect(errorsOf(cardRequest({ descriptor: ` ${'D'.repeat(22)} ` }))).toEqual({})
    expect(errorsOf(cardRequest({ descriptor: 'D'.repeat(23) }))).toEqual({ descriptor: 'Use at most 22 characters' })
  })
})

describe('customer name', () => {
  it('is required', () => {
    expect(errorsOf(cardRequest({ customer: customer({ name: '' }) }))).toEqual({ 'customer.name': "Enter the customer's name" })
    expect(errorsOf(cardRequest({ customer: customer({ name: '   ' }) }))).toEqual({ 'customer.name': "Enter the customer's name" })
  })

  it('takes up to 128 characters', () => {
    expect(errorsOf(cardRequest({ customer: customer({ name: 'N'.repeat(128) }) }))).toEqual({})
    expect(errorsOf(cardRequest({ customer: customer({ name: 'N'.repeat(129) }) }))).toEqual({ 'customer.name': 'Use at most 128 characters' })
  })
})

describe('customer e-mail', () => {
  it('is required', () => {
    expect(errorsOf(cardRequest({ customer: customer({ email: '' }) }))).toEqual({ 'customer.email': EMAIL_MESSAGES.empty })
    expect(errorsOf(cardRequest({ customer: customer({ email: '  ' }) }))).toEqual({ 'customer.email': EMAIL_MESSAGES.empty })
  })

  it.each([
    ['the @ is missing', 'siti.example.my'],
    ['the domain has no dot', 'siti@example'],
    ['a space inside', 'siti nur@example.my'],
    ['a space in the domain', 'siti@example .my'],
    ['two @', 'siti@@example.my'],
    ['nothing before the @', '@example.my'],
    ['two dots in a row in the domain', 'siti@example..my'],
    ['a dot at the end', 'siti@example.my.'],
    ['a comma for a dot', 'siti@example,my'],
  ])('%s is refused', (_label, email) => {
    expect(errorsOf(cardRequest({ customer: customer({ email }) }))).toEqual({ 'customer.email': EMAIL_MESSAGES.invalid })
  })

  it('is refused when longer than 254 characters', () => {
    const email = `${'a'.repeat(243)}@example.my` // 254 characters
    expect(email).toHaveLength(254)
    expect(errorsOf(cardRequest({ customer: customer({ email }) }))).toEqual({})
    expect(errorsOf(cardRequest({ customer: customer({ email: `a${email}` }) }))).toEqual({ 'customer.email': 'Use at most 254 characters' })
  })

  it('takes ordinary addresses, with spaces around them', () => {
    for (const email of ['siti.nur+shop@mail.example.com.my', 'tan_ml@example.my', '  siti@example.my  ']) {
      expect(errorsOf(cardRequest({ customer: customer({ email }) }))).toEqual({})
    }
  })
})

describe('customer phone', () => {
  it('is required for the generic channels', () => {
    expect(errorsOf(fpxRequest({ customer: customer({ phone: '' }) }))).toEqual({ 'customer.phone': PHONE_MESSAGES.empty })
    expect(errorsOf(bnplRequest({ customer: customer({ phone: '  ' }) }))).toEqual({ 'customer.phone': PHONE_MESSAGES.empty })
    expect(errorsOf(fpxRequest({ channel: 'EWALLET_TNG', bankCode: '', customer: customer({ phone: '' }) }))).toEqual({
      'customer.phone': PHONE_MESSAGES.empty,
    })
  })

  it('is optional for a card link, and then there is no E.164 number', () => {
    const check = checkLinkRequest(cardRequest({ customer: customer({ phone: '' }) }), SANDBOX)
    expect(check).toEqual({ errors: {}, phoneE164: '' })
  })

  it.each([
    ['too short', '12345'],
    ['letters', 'abc'],
    ['a bare prefix', '012'],
    ['all zeros', '0000000000'],
    ['a Malaysian mobile number with one digit too many', '012 345 67890'],
  ])('%s is refused, for card and generic alike', (_label, phone) => {
    for (const request of [cardRequest({ customer: customer({ phone }) }), fpxRequest({ customer: customer({ phone }) })]) {
      expect(checkLinkRequest(request, SANDBOX)).toEqual({ errors: { 'customer.phone': PHONE_MESSAGES.invalid }, phoneE164: '' })
    }
  })

  it.each([
    ['a Malaysian mobile as people write it', '012-345 6789', '+60123456789'],
    ['a Malaysian mobile with the country code', '+60 12-345 6789', '+60123456789'],
    ['a Kuala Lumpur landline', '03-2161 1234', '+60321611234'],
    ['an 011 mobile', '011-1234 5678', '+601112345678'],
    ['a Singapore mobile', '+65 8123 4567', '+6581234567'],
    ['with spaces around it', '  012-345 6789 ', '+60123456789'],
  ])('%s is taken and given in E.164', (_label, phone, e164) => {
    expect(checkLinkRequest(cardRequest({ customer: customer({ phone }) }), SANDBOX)).toEqual({ errors: {}, phoneE164: e164 })
    expect(checkLinkRequest(fpxRequest({ customer: customer({ phone }) }), SANDBOX)).toEqual({ errors: {}, phoneE164: e164 })
    expect(phoneE164(phone)).toBe(e164)
  })

  it('phoneE164 is null for what is not a phone number', () => {
    expect(phoneE164('')).toBeNull()
    expect(phoneE164('12345')).toBeNull()
    expect(phoneE164('+65 1234 5678')).toBeNull()
  })

  it('is read as staff write it, whatever form it was saved in', () => {
    expect(phoneText('+60123456789')).toBe('012-345 6789')
    expect(phoneText('0123456789')).toBe('012-345 6789')
    expect(phoneText('+6581234567')).toBe('+65 8123 4567')
    // Not a number libphonenumber knows: as it was saved.
    expect(phoneText('12345')).toBe('12345')
  })
})

describe('customer address', () => {
  it.each([
    ['address', 255],
    ['city', 64],
    ['state', 64],
  ] as const)('%s takes up to %i characters', (field, max) => {
    expect(errorsOf(cardRequest({ customer: customer({ [field]: 'x'.repeat(max) }) }))).toEqual({})
    expect(errorsOf(cardRequest({ customer: customer({ [field]: 'x'.repeat(max + 1) }) }))).toEqual({
      [`customer.${field}`]: `Use at most ${String(max)} characters`,
    })
  })

  it.each(['5', '50450!', '-50450', '50450 12345', '５０４５０'])('postcode %j is refused', (zipCode) => {
    expect(errorsOf(cardRequest({ customer: customer({ zipCode }) }))).toEqual({ 'customer.zipCode': 'Enter a postcode, e.g. 50450' })
  })

  it.each(['50450', '01000', 'SW1A 1AA', '10001-1234', ' 50450 '])('postcode %j is taken', (zipCode) => {
    expect(errorsOf(cardRequest({ customer: customer({ zipCode }) }))).toEqual({})
  })

  it.each(['MYS', 'M', 'M1', 'Malaysia', 'M Y'])('country %j is refused', (country) => {
    expect(errorsOf(cardRequest({ customer: customer({ country }) }))).toEqual({ 'customer.country': 'Use a two-letter country code, e.g. MY' })
  })

  it.each(['MY', 'sg', ' MY '])('country %j is taken', (country) => {
    expect(errorsOf(cardRequest({ customer: customer({ country }) }))).toEqual({})
  })
})

describe('channel', () => {
  it.each(['', 'FPX', 'CREDIT_CARD', 'internet_banking_fpx'])('%j is refused for a generic link', (channel) => {
    expect(errorsOf(fpxRequest({ channel }))).toEqual({ channel: 'Pick how the customer pays' })
  })

  it('is not looked at for a card link', () => {
    expect(errorsOf(cardRequest({ channel: 'NONSENSE' }))).toEqual({})
  })

  it("FPX needs the customer's bank; the others do not", () => {
    expect(errorsOf(fpxRequest({ bankCode: '' }))).toEqual({ bankCode: "Pick the customer's bank" })
    expect(errorsOf(fpxRequest({ bankCode: '   ' }))).toEqual({ bankCode: "Pick the customer's bank" })
    expect(errorsOf(bnplRequest({ bankCode: '' }))).toEqual({})
    expect(errorsOf(fpxRequest({ channel: 'EWALLET_GRABPAY', bankCode: '' }))).toEqual({})
  })
})

describe('buy-now-pay-later items', () => {
  it('are required', () => {
    expect(errorsOf(bnplRequest({ lineItems: [] }))).toEqual({ lineItems: 'Add what the customer is buying: buy-now-pay-later needs the items' })
  })

  it('are not looked at for FPX, e-wallets or cards', () => {
    const stray = [item({ name: '', quantity: 0 })]
    expect(errorsOf(fpxRequest({ lineItems: stray }))).toEqual({})
    expect(errorsOf(fpxRequest({ channel: 'EWALLET_SHOPEEPAY', bankCode: '', lineItems: stray }))).toEqual({})
    expect(errorsOf(cardRequest({ lineItems: stray }))).toEqual({})
  })

  it(`are at most ${String(MAX_LINE_ITEMS)}`, () => {
    const fifty = Array.from({ length: MAX_LINE_ITEMS }, () => item({ priceSen: 25 }))
    expect(errorsOf(bnplRequest({ lineItems: fifty }))).toEqual({})
    const fiftyOne = Array.from({ length: MAX_LINE_ITEMS + 1 }, () => item({ priceSen: 25 }))
    expect(errorsOf(bnplRequest({ lineItems: fiftyOne, amountSen: 1275 }))).toEqual({ lineItems: 'Use at most 50 items' })
  })

  it('each need a name of at most 255 characters', () => {
    expect(errorsOf(bnplRequest({ lineItems: [item({ name: '' })] }))).toEqual({ 'lineItems.0.name': 'Enter what the item is' })
    expect(errorsOf(bnplRequest({ lineItems: [item({ name: '  ' })] }))).toEqual({ 'lineItems.0.name': 'Enter what the item is' })
    expect(errorsOf(bnplRequest({ lineItems: [item({ name: 'n'.repeat(255) })] }))).toEqual({})
    expect(errorsOf(bnplRequest({ lineItems: [item({ name: 'n'.repeat(256) })] }))).toEqual({ 'lineItems.0.name': 'Use at most 255 characters' })
  })

  it.each([0, 1.5, 10_000, -1, Number.NaN])('quantity %d is refused', (quantity) => {
    expect(errorsOf(bnplRequest({ lineItems: [item({ quantity })] }))).toEqual({ 'lineItems.0.quantity': 'Enter a whole number from 1 to 9,999' })
  })

  it('quantity 9,999 is taken', () => {
    expect(errorsOf(bnplRequest({ lineItems: [item({ quantity: 9_999, priceSen: 1 })], amountSen: 9_999 }))).toEqual({})
  })

  it('each need a price above zero in whole sen', () => {
    expect(errorsOf(bnplRequest({ lineItems: [item({ priceSen: 0 })] }))).toEqual({ 'lineItems.0.priceSen': AMOUNT_MESSAGES.notAbove })
    expect(errorsOf(bnplRequest({ lineItems: [item({ priceSen: -500 })] }))).toEqual({ 'lineItems.0.priceSen': AMOUNT_MESSAGES.notAbove })
    expect(errorsOf(bnplRequest({ lineItems: [item({ priceSen: 12.5 })] }))).toEqual({ 'lineItems.0.priceSen': AMOUNT_MESSAGES.notInteger })
  })

  it('name the item that is wrong by its place in the list', () => {
    const lineItems = [item({ priceSen: 500 }), item({ name: '', quantity: 0, priceSen: 0 }), item({ priceSen: 750 })]
    expect(errorsOf(bnplRequest({ lineItems }))).toEqual({
      'lineItems.1.name': 'Enter what the item is',
      'lineItems.1.quantity': 'Enter a whole number from 1 to 9,999',
      'lineItems.1.priceSen': AMOUNT_MESSAGES.notAbove,
    })
  })

  it('must add up to the amount', () => {
    const lineItems = [item({ quantity: 2, priceSen: 500 })]
    expect(errorsOf(bnplRequest({ lineItems, amountSen: 1250 }))).toEqual({ lineItems: 'The items add up to RM 10.00, but the amount is RM 12.50' })
    expect(errorsOf(bnplRequest({ lineItems: [item({ quantity: 3, priceSen: 41_150 })], amountSen: 100_000 }))).toEqual({
      lineItems: 'The items add up to RM 1,234.50, but the amount is RM 1,000.00',
    })
    expect(errorsOf(bnplRequest({ lineItems, amountSen: 1000 }))).toEqual({})
  })

  it('are not compared with an amount that is itself wrong, or when an item is wrong', () => {
    expect(errorsOf(bnplRequest({ amountSen: 0 }))).toEqual({ amountSen: AMOUNT_MESSAGES.notAbove })
    expect(errorsOf(bnplRequest({ lineItems: [item({ quantity: 0 }), item({ priceSen: 1 })] }))).toEqual({
      'lineItems.0.quantity': 'Enter a whole number from 1 to 9,999',
    })
  })
})

describe('card return addresses', () => {
  it('the callback address is required, with a hint about Settings', () => {
    expect(errorsOf(cardRequest({ callbackUrl: '' }))).toEqual({ callbackUrl: URL_MESSAGES.callbackRequired })
    expect(errorsOf(cardRequest({ callbackUrl: '   ' }))).toEqual({ callbackUrl: URL_MESSAGES.callbackRequired })
  })

  it.each([
    ['not a URL', 'shop.example.my/thanks', URL_MESSAGES.notWeb],
    ['words', 'thank you page', URL_MESSAGES.notWeb],
    ['an ftp: address', 'ftp://shop.example.my/thanks', URL_MESSAGES.notWeb],
    ['a javascript: address', 'javascript:alert(1)', URL_MESSAGES.notWeb],
    ['a mailto: address', 'mailto:siti@example.my', URL_MESSAGES.notWeb],
    ['longer than 2,048 characters', `https://shop.example.my/${'a'.repeat(2025)}`, URL_MESSAGES.tooLong],
  ])('the callback address is refused when %s', (_label, callbackUrl, message) => {
    expect(errorsOf(cardRequest({ callbackUrl }))).toEqual({ callbackUrl: message })
  })

  it('http is taken outside Production and refused in Production', () => {
    expect(errorsOf(cardRequest({ callbackUrl: 'http://shop.example.my/thanks' }))).toEqual({})
    expect(errorsOf(cardRequest({ callbackUrl: 'http://localhost:3000/thanks' }))).toEqual({})
    expect(errorsOf(cardRequest({ callbackUrl: 'http://shop.example.my/thanks' }), PRODUCTION)).toEqual({ callbackUrl: URL_MESSAGES.production })
  })

  it('the failed address is optional but checked like the callback address', () => {
    expect(errorsOf(cardRequest({ failedUrl: '' }))).toEqual({})
    expect(errorsOf(cardRequest({ failedUrl: 'https://shop.example.my/sorry' }), PRODUCTION)).toEqual({})
    expect(errorsOf(cardRequest({ failedUrl: 'not a url' }))).toEqual({ failedUrl: URL_MESSAGES.notWeb })
    expect(errorsOf(cardRequest({ failedUrl: 'ftp://shop.example.my/sorry' }))).toEqual({ failedUrl: URL_MESSAGES.notWeb })
    expect(errorsOf(cardRequest({ failedUrl: 'http://shop.example.my/sorry' }))).toEqual({})
    expect(errorsOf(cardRequest({ failedUrl: 'http://shop.example.my/sorry' }), PRODUCTION)).toEqual({ failedUrl: URL_MESSAGES.production })
  })
})

describe('generic links', () => {
  it('take no callback address, or a checked one', () => {
    expect(errorsOf(fpxRequest({ callbackUrl: '' }), PRODUCTION)).toEqual({})
    expect(errorsOf(fpxRequest({ callbackUrl: 'https://shop.example.my/thanks' }), PRODUCTION)).toEqual({})
    expect(errorsOf(fpxRequest({ callbackUrl: 'ftp://shop.example.my/thanks' }))).toEqual({ callbackUrl: URL_MESSAGES.notWeb })
    expect(errorsOf(fpxRequest({ callbackUrl: 'http://shop.example.my/thanks' }))).toEqual({})
    expect(errorsOf(bnplRequest({ callbackUrl: 'http://shop.example.my/thanks' }), PRODUCTION)).toEqual({ callbackUrl: URL_MESSAGES.production })
  })

  it.each([
    [4, EXPIRY_MESSAGE],
    [5, null],
    [43_200, null],
    [43_201, EXPIRY_MESSAGE],
    [1.5, EXPIRY_MESSAGE],
    [0, EXPIRY_MESSAGE],
    [Number.NaN, EXPIRY_MESSAGE],
  ])('expire after %d minutes: %s', (expiryMinutes, message) => {
    expect(errorsOf(fpxRequest({ expiryMinutes }))).toEqual(message ? { expiryMinutes: message } : {})
    expect(english(expiryIssue(expiryMinutes))).toBe(message)
  })

  it('the expiry is not looked at for a card link', () => {
    expect(errorsOf(cardRequest({ expiryMinutes: 0 }))).toEqual({})
  })

  it('the expiry limits are 5 minutes and 30 days', () => {
    expect(EXPIRY_MINUTES).toEqual({ min: 5, max: 30 * 24 * 60 })
  })
})

describe('urlIssue', () => {
  it('answers what the caller says when nothing is given', () => {
    expect(english(urlIssue('', { required: null, production: true }))).toBeNull()
    expect(english(urlIssue('  ', { required: say('said.rules.returnAddress'), production: false }))).toBe(englishOf(say('said.rules.returnAddress')))
  })

  it('takes https always and http outside Production only', () => {
    expect(english(urlIssue('https://shop.example.my/', { required: null, production: true }))).toBeNull()
    expect(english(urlIssue(' https://shop.example.my/ ', { required: null, production: true }))).toBeNull()
    expect(english(urlIssue('http://shop.example.my/', { required: null, production: false }))).toBeNull()
    expect(english(urlIssue('http://shop.example.my/', { required: null, production: true }))).toBe(URL_MESSAGES.production)
  })

  it('refuses what is not a web address, in any environment', () => {
    for (const production of [true, false]) {
      expect(english(urlIssue('shop.example.my', { required: null, production }))).toBe(URL_MESSAGES.notWeb)
      expect(english(urlIssue('ftp://shop.example.my/', { required: null, production }))).toBe(URL_MESSAGES.notWeb)
      expect(english(urlIssue('file:///C:/thanks.html', { required: null, production }))).toBe(URL_MESSAGES.notWeb)
      expect(english(urlIssue('https://', { required: null, production }))).toBe(URL_MESSAGES.notWeb)
    }
  })

  it('takes 2,048 characters and no more', () => {
    const base = 'https://shop.example.my/'
    expect(english(urlIssue(`${base}${'a'.repeat(2048 - base.length)}`, { required: null, production: true }))).toBeNull()
    expect(english(urlIssue(`${base}${'a'.repeat(2049 - base.length)}`, { required: null, production: true }))).toBe(URL_MESSAGES.tooLong)
  })
})

describe('several mistakes at once', () => {
  it('are all reported, in form order (main refuses with the first)', () => {
    const errors = errorsOf(fpxRequest({ invoiceNumber: '', amountSen: 0, bankCode: '', customer: customer({ email: 'siti', phone: '' }), expiryMinutes: 1 }))
    expect(errors).toEqual({
      invoiceNumber: INVOICE_MESSAGES.empty,
      amountSen: AMOUNT_MESSAGES.notAbove,
      'customer.email': EMAIL_MESSAGES.invalid,
      'customer.phone': PHONE_MESSAGES.empty,
      bankCode: "Pick the customer's bank",
      expiryMinutes: EXPIRY_MESSAGE,
    })
    expect(Object.keys(errors)).toEqual(['invoiceNumber', 'amountSen', 'customer.email', 'customer.phone', 'bankCode', 'expiryMinutes'])
  })
})

describe('FPX amounts', () => {
  const message = 'FPX takes RM 1.00 to RM 30,000.00 a payment: enter an amount in that range, or choose another way to pay'
  it('takes RM 1.00 to RM 30,000.00, as PayNet does for a retail payment; other channels and cards less or more', () => {
    expect(errorsOf(fpxRequest({ amountSen: 1_00 }))).toEqual({})
    expect(errorsOf(fpxRequest({ amountSen: 30_000_00 }))).toEqual({})
    expect(errorsOf(fpxRequest({ amountSen: 99 }))).toEqual({ amountSen: message })
    expect(errorsOf(fpxRequest({ amountSen: 30_000_01 }))).toEqual({ amountSen: message })
    expect(errorsOf(cardRequest({ amountSen: 99 }))).toEqual({})
    expect(errorsOf(cardRequest({ amountSen: 30_000_01 }))).toEqual({})
    expect(errorsOf(fpxRequest({ channel: 'EWALLET_TNG', bankCode: '', amountSen: 99 }))).toEqual({})
  })
  it('says the amount’s own problem first (nothing, or not an amount)', () => {
    expect(errorsOf(fpxRequest({ amountSen: 0 }))).toEqual({ amountSen: AMOUNT_MESSAGES.notAbove })
  })
})
