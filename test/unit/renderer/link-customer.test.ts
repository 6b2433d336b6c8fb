/**
 * The payment link form's customer (docs/payment-links.md, "A link for a saved customer"): "Find
 * customer" fills the form from the record and keeps what was typed where the record has nothing;
 * "Clear customer" leaves a blank customer and the rest of the form.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { CustomerView, LinkDefaults } from '../../../src-preload/contract'

const DEFAULTS: LinkDefaults = {
  invoiceNumber: 'INV-000042',
  production: false,
  // Training with no return addresses in Settings: its own pages (as the back end prepares them).
  callbackUrl: 'http://127.0.0.1:9/return/paid',
  failedUrl: 'http://127.0.0.1:9/return/failed',
  expiryMinutes: 60,
  descriptor: 'KEDAI SITI',
  trainingReturnUrls: { paid: 'http://127.0.0.1:9/return/paid', failed: 'http://127.0.0.1:9/return/failed' },
}

const nurul: CustomerView = {
  id: 12,
  externalId: 'CUST-000012',
  name: 'Nurul Huda',
  email: null,
  phone: '+60198765432',
  address: null,
  city: 'Ipoh',
  state: null,
  zipCode: null,
  country: null,
  language: 'ms',
  createdAt: '2026-11-01T02:00:00.000Z',
}

// The store talks to main through window.api: a fake one.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      links: {
        prepare: () => Promise.resolve({ ok: true, value: DEFAULTS }),
      },
    },
  },
  configurable: true,
})
const { linkCustomerSearch, useLinkStore } = await import('../../../src-renderer/features/payment-link/link-store')
const { emptyDraft, toRequest, withKind } = await import('../../../src-renderer/features/payment-link/link-form')

const store = () => useLinkStore.getState()

/** The Payment link screen as it opens, the form fresh. */
async function freshForm(): Promise<void> {
  useLinkStore.setState({ history: null, draft: null, result: null, creating: false, focusRequest: null })
  await store().ensure('training', 1)
}

describe('Find customer on the link form', () => {
  beforeEach(freshForm)

  it("fills the form from the record, keeps what was typed where the record has nothing, and sends the link to that customer's record", () => {
    store().edit((draft) => ({ ...draft, amount: '89.90', customer: { ...draft.customer, name: 'Nurul', email: 'nurul@example.my' } }))
    linkCustomerSearch.getState().setQuery('Nurul')
    store().pickCustomer(nurul)

    const { draft, focusRequest } = store()
    expect(draft).toMatchObject({
      amount: '89.90',
      invoiceNumber: 'INV-000042',
      // The record's name and phone (written as staff write it), the e-mail typed (the record has none), her language.
      customer: { name: 'Nurul Huda', email: 'nurul@example.my', phone: '019-876 5432', city: 'Ipoh', country: 'MY' },
      customerLanguage: 'ms',
      linked: { id: 12, name: 'Nurul Huda', externalId: 'CUST-000012' },
    })
    // On to what still needs input; the search box is empty for the next time.
    expect(focusRequest).toBe('next')
    expect(linkCustomerSearch.getState().query).toBe('')
    expect(toRequest(draft ?? emptyDraft(DEFAULTS))).toMatchObject({
      customerId: 12,
      amountSen: 8990,
      customer: { name: 'Nurul Huda', email: 'nurul@example.my', phone: '019-876 5432', language: 'ms' },
    })
  })

  it('leaves a language staff chose when the customer has none saved', () => {
    store().edit((draft) => ({ ...draft, customerLanguage: 'en' }))
    store().pickCustomer({ ...nurul, language: null })
    expect(store().draft?.customerLanguage).toBe('en')
  })

  it('is cleared to a blank customer, the rest of the form as it was, and no record named', () => {
    store().edit((draft) => ({ ...withKind(draft, 'generic', DEFAULTS), channel: 'EWALLET_TNG', amount: '89.90', invoiceNumber: 'SHOP-7' }))
    store().pickCustomer(nurul)
    store().clearCustomer()
    const draft = store().draft ?? emptyDraft(DEFAULTS)
    expect(draft).toMatchObject({ kind: 'generic', channel: 'EWALLET_TNG', amount: '89.90', invoiceNumber: 'SHOP-7', customerLanguage: null, linked: null })
    expect(draft.customer).toEqual(emptyDraft(DEFAULTS).customer)
    expect(toRequest(draft)).not.toHaveProperty('customerId')
  })
})
