import { describe, expect, it } from 'vitest'
import type { LinkDefaults } from '../../../src-preload/contract'
import { checkLinkRequest } from '../../../src-common/link-rules'
import {
  durationText,
  emptyDraft,
  expiryOptions,
  fieldPaths,
  itemsTotal,
  rmText,
  serverErrorApplies,
  serverErrorOf,
  toRequest,
  withChannel,
  type LinkDraft,
} from '../../../src-renderer/features/payment-link/link-form'

const defaults: LinkDefaults = {
  invoiceNumber: 'INV-000007',
  production: false,
  callbackUrl: 'https://shop.example.my/thanks',
  failedUrl: 'https://shop.example.my/failed',
  expiryMinutes: 1440,
  descriptor: 'KEDAI SITI',
  trainingReturnUrls: null,
}

function filled(change: Partial<LinkDraft> = {}): LinkDraft {
  const draft = emptyDraft(defaults)
  return { ...draft, amount: '128.50', customer: { ...draft.customer, name: 'Siti', email: 'siti@example.my', phone: '012-345 6789' }, ...change }
}

describe('a new form', () => {
  it('starts as a card link from the defaults, with country MY', () => {
    const draft = emptyDraft(defaults)
    expect(draft).toMatchObject({ kind: 'card', invoiceNumber: 'INV-000007', descriptor: 'KEDAI SITI', autoRedirect: true, expiryMinutes: 1440, items: [] })
    expect(draft.customer.country).toBe('MY')
    expect(draft.callbackUrl).toBe(defaults.callbackUrl)
  })

  it('can keep the way of paying of the last link', () => {
    const draft = emptyDraft(defaults, { kind: 'generic', channel: 'BNPL_ATOME' })
    expect(draft.kind).toBe('generic')
    expect(draft.channel).toBe('BNPL_ATOME')
    expect(draft.items).toHaveLength(1)
  })
})

describe('the request a draft stands for', () => {
  it('a card link: amount in sen, trimmed text, upper-case country, no channel, bank or items', () => {
    const draft = filled({ invoiceNumber: ' INV-9 ' })
    const request = toRequest({ ...draft, customer: { ...draft.customer, country: 'my' } })
    expect(request).toMatchObject({ kind: 'card', channel: '', bankCode: '', invoiceNumber: 'INV-9', amountSen: 12850, descriptor: 'KEDAI SITI', failedUrl: defaults.failedUrl, lineItems: [] })
    expect(request.customer.country).toBe('MY')
    expect(checkLinkRequest(request, { production: false }).errors).toEqual({})
  })

  it('text that is not an amount becomes NaN, which the rules name', () => {
    const request = toRequest(filled({ amount: '12.345' }))
    expect(request.amountSen).toBeNaN()
    expect(checkLinkRequest(request, { production: false }).errors.amountSen).toBe('Enter an amount in RM with at most two decimals, e.g. 25.50')
  })

  it('a generic link drops what only a card page uses (address, descriptor, failed address)', () => {
    const card = filled()
    const draft = withChannel({ ...card, kind: 'generic', customer: { ...card.customer, address: '1 Jalan Ampang', zipCode: 'x' } }, 'EWALLET_TNG')
    const request = toRequest(draft)
    expect(request).toMatchObject({ kind: 'generic', channel: 'EWALLET_TNG', descriptor: '', failedUrl: '', bankCode: '' })
    expect(request.customer.address).toBe('')
    expect(request.customer.zipCode).toBe('')
    expect(checkLinkRequest(request, { production: false }).errors).toEqual({})
  })

  it('FPX sends the bank; pay-later sends the items, which must add up', () => {
    const fpx = toRequest({ ...withChannel({ ...filled(), kind: 'generic' }, 'INTERNET_BANKING_FPX'), bankCode: 'MBB0228' })
    expect(fpx.bankCode).toBe('MBB0228')
    expect(fpx.lineItems).toEqual([])

    const bnpl = withChannel({ ...filled(), kind: 'generic' }, 'BNPL_GRABPAY')
    const items = [
      { key: 1, name: 'Batik shirt', quantity: '2', price: '50' },
      { key: 2, name: 'Songket', quantity: '1', price: '28.50' },
    ]
    const request = toRequest({ ...bnpl, items })
    expect(request.lineItems).toEqual([
      { name: 'Batik shirt', quantity: 2, priceSen: 5000 },
      { name: 'Songket', quantity: 1, priceSen: 2850 },
    ])
    expect(checkLinkRequest(request, { production: false }).errors).toEqual({})
    expect(checkLinkRequest(toRequest({ ...bnpl, items, amount: '100' }), { production: false }).errors.lineItems).toBe('The items add up to RM 128.50, but the amount is RM 100.00')
    expect(toRequest({ ...bnpl, items: [{ key: 3, name: 'x', quantity: 'two', price: '1' }] }).lineItems[0]?.quantity).toBeNaN()
  })
})

describe('the items total', () => {
  it('counts complete rows and says when one is not', () => {
    expect(itemsTotal([{ key: 1, name: 'a', quantity: '3', price: '1.10' }])).toEqual({ totalSen: 330, complete: true })
    expect(
      itemsTotal([
        { key: 1, name: 'a', quantity: '3', price: '1.10' },
        { key: 2, name: 'b', quantity: '1', price: '' },
      ]),
    ).toEqual({ totalSen: 330, complete: false })
    expect(itemsTotal([])).toEqual({ totalSen: 0, complete: false })
  })

  it('turns sen back into text to type, exactly', () => {
    expect(rmText(12850)).toBe('128.50')
    expect(rmText(5)).toBe('0.05')
    expect(rmText(99_999_999_999)).toBe('999999999.99')
  })
})

describe('errors from main', () => {
  it('stay against their field until that field changes', () => {
    const draft = filled()
    const server = serverErrorOf({ code: 'DUPLICATE_INVOICE', message: 'INV-000007 is already used', field: 'invoiceNumber' }, toRequest(draft))
    expect(serverErrorApplies(server, toRequest({ ...draft, amount: '5' }))).toBe(true)
    expect(serverErrorApplies(server, toRequest({ ...draft, invoiceNumber: 'INV-000008' }))).toBe(false)
  })

  it('without a field, or on a field the request lacks, stay until the next attempt', () => {
    const request = toRequest(filled())
    expect(serverErrorApplies(serverErrorOf({ code: 'GATEWAY_UNAVAILABLE', message: 'No answer' }, request), request)).toBe(true)
    expect(serverErrorApplies(serverErrorOf({ code: 'GATEWAY_REJECTED', message: 'Bad', field: 'order.thing' }, request), request)).toBe(true)
  })

  it('name a field the form shows, or else go above the buttons', () => {
    const card = fieldPaths(filled())
    expect(card.has('customer.zipCode')).toBe(true)
    expect(card.has('bankCode')).toBe(false)
    const bnpl = fieldPaths(withChannel({ ...filled(), kind: 'generic' }, 'BNPL_ATOME'))
    expect(bnpl.has('lineItems.0.priceSen')).toBe(true)
    expect(bnpl.has('customer.zipCode')).toBe(false)
    expect(bnpl.has('expiryMinutes')).toBe(true)
  })
})

describe('the "Expires in" choices', () => {
  it('read plainly', () => {
    expect(durationText(15)).toBe('15 minutes')
    expect(durationText(60)).toBe('1 hour')
    expect(durationText(1440)).toBe('24 hours')
    expect(durationText(4320)).toBe('3 days')
    expect(durationText(90)).toBe('1 h 30 min')
  })

  it('include the default once, marked, in order', () => {
    expect(expiryOptions(1440).map((o) => o.label)).toEqual(['15 minutes', '1 hour', '6 hours', '24 hours (default)', '3 days', '7 days'])
    expect(expiryOptions(2880).map((o) => o.minutes)).toEqual([15, 60, 360, 1440, 2880, 4320, 10080])
    expect(expiryOptions(2880)[4]?.label).toBe('2 days (default)')
  })
})
