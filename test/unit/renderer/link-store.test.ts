/**
 * The payment link store's "Try again with these details": the form comes back filled as the link was
 * asked for (not as it was edited while the request was out), with the same invoice number, and only
 * for a link the gateway never created.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { LinkDefaults, LinkRequest, OrderDetail } from '../../../src-preload/contract'
import { orderView } from './order-view'

const DEFAULTS: LinkDefaults = {
  invoiceNumber: 'INV-000042',
  production: false,
  callbackUrl: 'https://shop.example.my/paid',
  failedUrl: '',
  expiryMinutes: 60,
  descriptor: 'KEDAI SITI',
  trainingReturnUrls: null,
}

const sent: LinkRequest[] = []
/** The answer `links.create` gives; the test edits the form while it is awaited. */
let answer: (request: LinkRequest) => OrderDetail = () => {
  throw new Error('no answer set')
}
let whileAwaited: () => void = () => {}

const detail = (change: Partial<OrderDetail> = {}): OrderDetail => ({
  order: orderView({ invoiceNumber: 'INV-000042', status: 'OUTCOME_UNKNOWN', amountSen: 12850 }),
  timeline: [],
  statusCheck: { dueInMs: 60_000 },
  canCancel: false,
  neverCreated: false,
  refunds: null,
  customerLanguage: null,
  ...change,
})

// The store talks to main through window.api: a fake one that notes what it was asked.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      links: {
        prepare: () => Promise.resolve({ ok: true, value: { ...DEFAULTS, invoiceNumber: `INV-0000${String(43 + sent.length)}` } }),
        create: async (request: LinkRequest) => {
          sent.push(request)
          whileAwaited()
          await Promise.resolve()
          return { ok: true, value: answer(request) }
        },
      },
    },
  },
  configurable: true,
})
const { useLinkStore } = await import('../../../src-renderer/features/payment-link/link-store')
const { emptyDraft } = await import('../../../src-renderer/features/payment-link/link-form')

/** The form as staff filled it: a card link for Siti, RM 128.50. */
function fill(): void {
  const draft = emptyDraft(DEFAULTS)
  useLinkStore.setState({
    environment: 'training',
    defaults: DEFAULTS,
    draft: { ...draft, amount: '128.50', customer: { ...draft.customer, name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' } },
    result: null,
    sent: null,
    retryOf: null,
  })
}

describe('a link the gateway never created', () => {
  beforeEach(() => {
    sent.length = 0
    whileAwaited = () => {}
    answer = () => detail()
    fill()
  })

  it('is asked for again with the details it was sent with, under the same invoice number', async () => {
    // Typed while the request was out: not what was sent, so not what "Try again" brings back.
    whileAwaited = () => useLinkStore.getState().edit((draft) => ({ ...draft, amount: '999' }))
    expect(await useLinkStore.getState().create()).toBe('created')
    expect(sent[0]).toMatchObject({ invoiceNumber: 'INV-000042', amountSen: 12850, descriptor: 'KEDAI SITI' })

    // Unknown for now: it may yet be found at the gateway, so it is not offered again.
    useLinkStore.getState().tryAgain()
    expect(useLinkStore.getState().result?.order.status).toBe('OUTCOME_UNKNOWN')

    // The status check found no such payment.
    useLinkStore.getState().showResult(detail({ order: orderView({ invoiceNumber: 'INV-000042', status: 'FAILED', amountSen: 12850 }), statusCheck: null, neverCreated: true }))
    useLinkStore.getState().tryAgain()
    const state = useLinkStore.getState()
    expect(state).toMatchObject({ result: null, retryOf: 'INV-000042', submitted: false, serverError: null, focusRequest: 'form' })
    expect(state.draft).toMatchObject({ invoiceNumber: 'INV-000042', amount: '128.50', descriptor: 'KEDAI SITI', customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' } })

    // Created this time: the note goes with the form.
    answer = () => detail({ order: orderView({ invoiceNumber: 'INV-000042', status: 'PENDING', linkUrl: 'http://127.0.0.1/pay' }) })
    expect(await useLinkStore.getState().create()).toBe('created')
    expect(sent[1]).toEqual(sent[0])
    expect(useLinkStore.getState().retryOf).toBeNull()
  })

  it('is not offered for a link the customer failed to pay, and a new link starts afresh', async () => {
    answer = () => detail({ order: orderView({ invoiceNumber: 'INV-000042', status: 'FAILED', rawStatus: 'FAILED', linkUrl: 'http://127.0.0.1/pay' }), neverCreated: false })
    await useLinkStore.getState().create()
    useLinkStore.getState().tryAgain()
    expect(useLinkStore.getState().result?.order.rawStatus).toBe('FAILED')

    await useLinkStore.getState().start('training', { keepChannel: true })
    expect(useLinkStore.getState()).toMatchObject({ result: null, sent: null, retryOf: null, draft: { amount: '', invoiceNumber: 'INV-000044' } })
  })
})
