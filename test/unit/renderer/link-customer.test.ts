/**
 * The payment link form's customer (docs/payment-links.md, "A link for a saved customer"): "Find
 * customer" fills the form from the record and keeps what was typed where the record has nothing;
 * "Clear customer" leaves a blank customer and the rest of the form; a phone order's "Send a payment
 * link" opens a fresh form filled for its customer, and sets aside, never replaces, a draft staff
 * had typed into, nor a link on its way or not yet seen.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { CustomerView, LinkDefaults, LinkRequest, OrderDetail, SavedCardView } from '../../../src-preload/contract'
import { orderView } from './order-view'

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

const sent: LinkRequest[] = []
/** The next free number main prepares a form with. */
let nextInvoice = 'INV-000042'
let answered: (detail: OrderDetail) => void = () => {}

const detail = (): OrderDetail => ({
  order: orderView({ invoiceNumber: 'INV-000042', status: 'PENDING', linkUrl: 'http://127.0.0.1/pay' }),
  timeline: [],
  statusCheck: { dueInMs: 60_000 },
  canCancel: true,
  neverCreated: false,
  refunds: null,
  customerLanguage: 'ms',
})

// The stores talk to main through window.api: a fake one. A link's creation is answered when the test says.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      links: {
        prepare: () => Promise.resolve({ ok: true, value: { ...DEFAULTS, invoiceNumber: nextInvoice } }),
        create: (request: LinkRequest) => {
          sent.push(request)
          return new Promise((resolve) => (answered = (value) => resolve({ ok: true, value })))
        },
      },
    },
  },
  configurable: true,
})
const { linkCustomerSearch, useLinkStore } = await import('../../../src-renderer/features/payment-link/link-store')
const { emptyDraft, toRequest, typedSomething, withKind } = await import('../../../src-renderer/features/payment-link/link-form')
const { useCustomersStore } = await import('../../../src-renderer/features/customers/customers-store')
const { usePhoneOrderStore } = await import('../../../src-renderer/features/phone-order/phone-order-store')
const { linkPrefill } = await import('../../../src-renderer/features/phone-order/send-link')
const { refusedOutcome } = await import('../../../src-renderer/features/phone-order/charge-outcome')

const store = () => useLinkStore.getState()

/** The Payment link screen as it opens, the form fresh. */
async function freshForm(): Promise<void> {
  useLinkStore.setState({ history: null, draft: null, result: null, aside: [], filled: null, creating: false, resultSeen: false, focusRequest: null })
  await store().ensure('training', 1)
}

const prefill = { customer: nurul, amount: '89.90', invoiceNumber: '', descriptor: '' }

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

describe('what counts as typed into a draft', () => {
  it('is nothing in a fresh form of either kind, and anything staff put in', () => {
    const fresh = emptyDraft(DEFAULTS)
    expect(typedSomething(fresh, DEFAULTS)).toBe(false)
    // Switching kinds moves Training's own return page in and out: nothing typed.
    expect(typedSomething(withKind(withKind(fresh, 'card', DEFAULTS), 'generic', DEFAULTS), DEFAULTS)).toBe(false)
    for (const change of [
      { amount: '5' },
      { invoiceNumber: 'SHOP-7' },
      { callbackUrl: 'https://shop.example.my/paid' },
      { customerLanguage: 'ms' as const },
      { customer: { ...fresh.customer, phone: '012' } },
    ])
      expect(typedSomething({ ...fresh, ...change }, DEFAULTS)).toBe(true)
  })
})

describe('a link asked for from a phone order', () => {
  beforeEach(async () => {
    sent.length = 0
    nextInvoice = 'INV-000042'
    await freshForm()
  })

  it('starts a fresh card form filled for the customer, with the amount and what staff typed, the focus on what needs input next', async () => {
    store().edit((draft) => withKind(draft, 'generic', DEFAULTS))
    expect(await store().startFor('training', 1, { ...prefill, invoiceNumber: 'SHOP-7', descriptor: 'KEDAI SITI BATIK' })).toBe(true)
    expect(store()).toMatchObject({
      aside: [],
      focusRequest: 'next',
      draft: {
        kind: 'card',
        amount: '89.90',
        invoiceNumber: 'SHOP-7',
        descriptor: 'KEDAI SITI BATIK',
        customer: { name: 'Nurul Huda', email: '', phone: '019-876 5432' },
        customerLanguage: 'ms',
        linked: { id: 12 },
      },
    })
    // Nothing typed there: the form's own number and the environment's descriptor.
    await store().startFor('training', 1, prefill)
    expect(store().draft).toMatchObject({ invoiceNumber: 'INV-000042', descriptor: 'KEDAI SITI' })
  })

  it('sets aside each draft staff had typed into, and brings them back in its place, the latest first', async () => {
    store().edit((draft) => ({ ...draft, amount: '50', customer: { ...draft.customer, name: 'Ahmad Faiz' } }))
    const ahmad = store().draft
    await store().startFor('training', 1, prefill)
    const aside = () => store().aside.map((entry) => entry.draft)
    expect(aside()).toEqual([ahmad])
    expect(store().draft?.customer.name).toBe('Nurul Huda')

    // Another link from a phone order replaces the one filled for staff that they did not touch...
    await store().startFor('training', 1, { ...prefill, amount: '20' })
    expect(aside()).toEqual([ahmad])
    // ...but not one they typed into, whose own invoice number is kept as typed.
    store().edit((draft) => ({ ...draft, amount: '25', invoiceNumber: 'SHOP-7' }))
    const edited = store().draft
    await store().startFor('training', 1, prefill)
    expect(aside()).toEqual([ahmad, edited])

    store().bringBack()
    expect(store().draft).toBe(edited)
    expect(store().focusRequest).toBe('next')
    // The link in the form was filled for a customer: it is kept in turn, in its place.
    expect(aside().map((draft) => draft.amount)).toEqual(['50', '89.90'])
    store().discardAside()

    // A link was made meanwhile under the number Ahmad's was prepared with: his comes back with the next free one.
    nextInvoice = 'INV-000043'
    store().bringBack()
    expect(store().draft).toMatchObject({ amount: '50', customer: { name: 'Ahmad Faiz' } })
    await expect.poll(() => store().draft?.invoiceNumber).toBe('INV-000043')
    expect(aside().map((draft) => [draft.amount, draft.invoiceNumber])).toEqual([['25', 'SHOP-7']])
  })

  it('does not replace a link on its way to the gateway, nor one made that has not been on screen; once seen it does', async () => {
    store().edit((draft) => ({ ...draft, amount: '50', customer: { ...draft.customer, name: 'Ahmad Faiz', email: 'ahmad@example.my' } }))
    const creating = store().create()
    expect(await store().startFor('training', 1, prefill)).toBe(false)
    expect(store()).toMatchObject({ creating: true, draft: { customer: { name: 'Ahmad Faiz' } }, aside: [] })

    answered(detail())
    expect(await creating).toBe('created')
    expect(await store().startFor('training', 1, prefill)).toBe(false)
    expect(store().result?.order.invoiceNumber).toBe('INV-000042')

    store().sawResult()
    expect(await store().startFor('training', 1, prefill)).toBe(true)
    // The link made is in Orders; what it was asked with is not a draft to keep.
    expect(store()).toMatchObject({ result: null, aside: [], draft: { linked: { id: 12 } } })
    expect(sent).toHaveLength(1)
  })

  it('keeps nothing aside from another environment', async () => {
    store().edit((draft) => ({ ...draft, amount: '50' }))
    await store().startFor('sandbox', 2, prefill)
    expect(store()).toMatchObject({ environment: 'sandbox', history: 2, aside: [] })
  })
})

describe('what the phone order brings', () => {
  const phoneDefaults = { invoiceNumber: 'INV-000042', chargeLimitSen: 500_000, duplicateWindowMinutes: 10, descriptor: 'KEDAI SITI', responseTimeoutSeconds: 30 }
  const noCards: SavedCardView[] = []

  beforeEach(() => {
    useCustomersStore.setState({ customerId: nurul.id, detail: { customer: nurul, cards: noCards, orders: [] } })
    usePhoneOrderStore.setState({
      defaults: phoneDefaults,
      step: 'form',
      outcome: null,
      draft: { cardId: null, invoiceNumber: 'INV-000042', amount: ' 89.90 ', descriptor: 'KEDAI SITI', note: 'Kek lapis' },
    })
  })

  it('is the customer and the amount; the invoice number and descriptor only when staff typed them', () => {
    expect(linkPrefill()).toEqual({ customer: nurul, amount: '89.90', invoiceNumber: '', descriptor: '' })
    usePhoneOrderStore.setState((state) => ({ draft: state.draft && { ...state.draft, invoiceNumber: 'SHOP-7', descriptor: 'KEDAI SITI BATIK' } }))
    expect(linkPrefill()).toMatchObject({ invoiceNumber: 'SHOP-7', descriptor: 'KEDAI SITI BATIK' })
  })

  it("after a decline, not the declined charge's invoice number, which is used", () => {
    usePhoneOrderStore.setState((state) => ({
      step: 'result',
      outcome: refusedOutcome({ code: 'GATEWAY_REJECTED', message: 'Declined' }),
      draft: state.draft && { ...state.draft, invoiceNumber: 'SHOP-7' },
    }))
    expect(linkPrefill()).toMatchObject({ amount: '89.90', invoiceNumber: '' })
  })

  it('is nothing without a customer', () => {
    useCustomersStore.setState({ customerId: null, detail: null })
    expect(linkPrefill()).toBeNull()
  })
})
