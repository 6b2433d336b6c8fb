/**
 * Payment links through the back end's bridge, against the training gateway over loopback HTTP:
 * the exact bodies sent, invoice numbering, refusals shown against the right field, unknown outcomes
 * settled by a status check (never by a second link), the 60-second rule on the injected clock, local
 * cancel, and a paid hosted page that saves the customer's card.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { CallError, LinkRequest, OrderDetail } from '../../src-preload/contract'
import { cardLink, customer, genericLink } from './link-requests'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

let app: TrainingTestBackend
const advance = (ms: number): void => app.advance(ms)
const control = (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => app.control(method, path, body)
const failure = (name: Parameters<TrainingTestBackend['call']>[0], input: unknown): Promise<CallError> => app.failure(name, input)

// The links' outcomes here come from the status checks the tests make: the training gateway's
// notifications, on by default in Training, must not tell them first (test/integration/training-notifications.test.ts does).
beforeEach(async () => {
  app = await startTrainingBackend({ notificationListener: false })
})
afterEach(async () => {
  await app.close()
})

async function gatewayCalls(operation: string): Promise<number> {
  const { calls } = (await control('GET', '/calls')) as { calls: { operation: string }[] }
  return calls.filter((call) => call.operation === operation).length
}

async function requestBodyOf(detail: OrderDetail, index = 0): Promise<string | null> {
  const attemptIds = detail.timeline.map((entry) => entry.attemptId).filter((id): id is number => id !== null)
  const id = [...new Set(attemptIds)][index]
  if (id === undefined) throw new Error('no attempt on the timeline')
  return (await app.call('orders.attempt', { id })).requestBody
}

describe('a card link', () => {
  it('sends the order and customer of section 4.1 exactly, and waits for the customer', async () => {
    const prepared = await app.call('links.prepare')
    expect(prepared).toMatchObject({ invoiceNumber: 'INV-000001', production: false })
    const detail = await app.call('links.create', cardLink())
    expect(detail.order).toMatchObject({ kind: 'card_link', status: 'PENDING', channel: 'CARD', amountSen: 128_50, createdBy: 'aisyah', customerPhone: '+60123456789' })
    expect(detail.order.linkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(detail.order.linkExpiresAt).not.toBeNull()
    expect(detail.canCancel).toBe(true)
    expect(detail.statusCheck?.dueInMs).toBeGreaterThan(59_000)

    const body = await requestBodyOf(detail)
    expect(body).toBe(
      '{"order":{"amount":128.5,"invoice_number":"INV-000001","callback_url":"https://shop.example.my/paid","failed_url":"https://shop.example.my/failed","auto_redirect":true,"descriptor":"KEDAI ALI","currency":"MYR"},' +
        '"customer":{"id":"CUST-000001","name":"Siti Aminah","email":"siti@example.my","phone":"+60123456789","address":"12 Jalan Ampang","city":"Kuala Lumpur","state":"WP Kuala Lumpur","zip_code":"50450","country":"MY"},' +
        '"payment":{"type":"SALE"}}',
    )
    // Field lists of gateway-interface.md 4.1, no more and no less.
    const parsed = JSON.parse(body ?? '{}') as Record<string, Record<string, unknown>>
    expect(Object.keys(parsed).sort()).toEqual(['customer', 'order', 'payment'])
    expect(Object.keys(parsed.order ?? {}).sort()).toEqual(['amount', 'auto_redirect', 'callback_url', 'currency', 'descriptor', 'failed_url', 'invoice_number'])
    expect(Object.keys(parsed.customer ?? {}).sort()).toEqual(['address', 'city', 'country', 'email', 'id', 'name', 'phone', 'state', 'zip_code'])
    expect(detail.timeline.map((entry) => entry.summary)).toEqual(['Link asked for: card payment', 'Link created: waiting for the customer to pay'])

    // The sequence moved on; the order is in the history and found by its invoice.
    expect((await app.call('links.prepare')).invoiceNumber).toBe('INV-000002')
    expect((await app.call('orders.search', { text: 'INV-000001', limit: 5 })).rows.map((row) => row.id)).toEqual([detail.order.id])
  })

  it('writes amounts exactly: whole ringgit, one decimal, the smallest and a large one', async () => {
    const cases: [number, string][] = [
      [100_00, '"amount":100,'],
      [10, '"amount":0.1,'],
      [1, '"amount":0.01,'],
      [100_000_099, '"amount":1000000.99,'],
    ]
    for (const [index, [amountSen, text]] of cases.entries()) {
      const detail = await app.call('links.create', cardLink({ invoiceNumber: `INV-AMT-${String(index)}`, amountSen }))
      expect(await requestBodyOf(detail)).toContain(`{"order":{${text}`)
    }
  })

  it('leaves out the address fields staff left empty', async () => {
    const detail = await app.call('links.create', cardLink({ failedUrl: '', descriptor: '', customer: { ...customer, phone: '', address: '', city: '', state: '', zipCode: '', country: '' } }))
    expect(await requestBodyOf(detail)).toBe(
      '{"order":{"amount":128.5,"invoice_number":"INV-000001","callback_url":"https://shop.example.my/paid","auto_redirect":true,"currency":"MYR"},' +
        '"customer":{"id":"CUST-000001","name":"Siti Aminah","email":"siti@example.my"},"payment":{"type":"SALE"}}',
    )
  })

  it('turns PAID from a status check made 60 s after the last request, and saves the card', async () => {
    const detail = await app.call('links.create', cardLink())
    await control('POST', '/pay', { invoice_number: 'INV-000001', card_number: '5120910000000038', expiry: '12/30', cvv: '100', save_card: true })

    const early = await failure('orders.checkStatus', { id: detail.order.id })
    expect(early).toMatchObject({ code: 'TOO_EARLY' })
    expect(early.message).toMatch(/^The status can be checked in \d+ s: the gateway asks for 60 seconds/)
    expect(await gatewayCalls('status')).toBe(0)

    advance(60_000)
    const paid = await app.call('orders.checkStatus', { id: detail.order.id })
    expect(paid.order).toMatchObject({ status: 'PAID', rawStatus: 'SUCCESS', cardLast4: '0038' })
    expect(paid.order.completedAt).not.toBeNull()
    expect(paid.statusCheck).toBeNull()
    expect(paid.canCancel).toBe(false)
    expect(paid.timeline.map((entry) => entry.summary)).toContain('Status check: Pending → Paid (gateway says SUCCESS)')
    // The card in words and in the one mask of every screen.
    expect(paid.timeline.map((entry) => entry.summary)).toContain('Mastercard 5120 91•• •••• 0038 saved for Siti Aminah')
    const { early_status_checks: earlyChecks } = (await control('GET', '/early-status-checks')) as { early_status_checks: unknown[] }
    expect(earlyChecks).toEqual([])
  })

  it('is left as it was by a check that finds it still waiting, with the check in its timeline', async () => {
    const detail = await app.call('links.create', cardLink())
    advance(60_000)
    const first = await app.call('orders.checkStatus', { id: detail.order.id })
    expect(first.order).toMatchObject({ status: 'PENDING', rawStatus: 'PENDING' })
    advance(60_000)
    const second = await app.call('orders.checkStatus', { id: detail.order.id })
    expect(second.order).toEqual(first.order)
    expect(second.timeline.filter((entry) => entry.summary === 'Status check: still pending (gateway says PENDING)')).toHaveLength(2)
    expect(await gatewayCalls('status')).toBe(2)
  })

  it('turns FAILED when the card is declined', async () => {
    const detail = await app.call('links.create', cardLink())
    await control('POST', '/pay', { invoice_number: 'INV-000001', card_number: '5120910000000046', expiry: '12/30', cvv: '100' })
    advance(60_000)
    const failed = await app.call('orders.checkStatus', { id: detail.order.id })
    expect(failed.order).toMatchObject({ status: 'FAILED', rawStatus: 'FAILED' })
    expect(failed.statusCheck).toBeNull()
    // The customer's payment failed: the link was created (the screen says "Payment failed", not "No link was created").
    expect(failed.neverCreated).toBe(false)
  })

  it('can be marked cancelled here, and still shows a payment that came in anyway', async () => {
    const detail = await app.call('links.create', cardLink())
    const cancelled = await app.call('orders.cancelLink', { id: detail.order.id, reason: 'customer paid cash' })
    expect(cancelled.order.status).toBe('CANCELLED')
    expect(cancelled.canCancel).toBe(false)
    expect(cancelled.timeline.at(-1)).toMatchObject({ actor: 'aisyah', summary: 'Marked cancelled here: customer paid cash. The gateway has no cancel call, so the link stays open there.' })
    expect(await failure('orders.cancelLink', { id: detail.order.id, reason: '' })).toMatchObject({ code: 'NOT_CANCELLABLE' })

    advance(60_000)
    expect((await app.call('orders.checkStatus', { id: detail.order.id })).order.status).toBe('CANCELLED')
    await control('POST', '/pay', { invoice_number: 'INV-000001', card_number: '5120910000000038', expiry: '12/30', cvv: '100' })
    advance(60_000)
    expect((await app.call('orders.checkStatus', { id: detail.order.id })).order.status).toBe('PAID')
  })
})

describe('a link on another channel', () => {
  it('sends FPX with its bank, the expiry, the customer of section 2.6 and what the published examples add (B2C, customer id and country, device)', async () => {
    const { banks } = await app.call('links.banks')
    expect(banks.find((bank) => bank.code === 'MBB0228')).toEqual({ code: 'MBB0228', name: 'Maybank2U', active: true })
    expect(banks.find((bank) => bank.code === 'ABB0233')?.active).toBe(false)

    const detail = await app.call('links.create', genericLink('INTERNET_BANKING_FPX', { bankCode: 'MBB0228', expiryMinutes: 90 }))
    expect(detail.order).toMatchObject({ kind: 'generic_link', channel: 'INTERNET_BANKING_FPX', status: 'PENDING' })
    expect(detail.order.linkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(detail.order.gatewayReferenceId).toMatch(/^DKR-/)
    const body = JSON.parse((await requestBodyOf(detail)) ?? '{}') as { id: string; order: { expired_at: string } }
    expect(body.id).toBe(detail.order.paymentId)
    const expiresAt = Date.parse(body.order.expired_at)
    expect(Date.parse(detail.order.linkExpiresAt ?? '')).toBe(expiresAt)
    expect(expiresAt - Date.parse(detail.order.createdAt)).toBeGreaterThan(89 * 60_000)
    expect(expiresAt - Date.parse(detail.order.createdAt)).toBeLessThanOrEqual(90 * 60_000)
    expect(await requestBodyOf(detail)).toBe(
      `{"id":"${body.id}","order":{"amount":128.5,"currency":"MYR","invoice_number":"INV-000001","expired_at":"${body.order.expired_at}"},` +
        '"payment":{"channel":"INTERNET_BANKING_FPX","business_model":"B2C","bank_code":"MBB0228"},' +
        '"customer":{"id":"CUST-000001","name":"Siti Aminah","email":"siti@example.my","phone":"+60123456789","country":"MY"},' +
        `"device_info":{"platform":"WEB","browser":"CHROME","os":"${process.platform === 'win32' ? 'WINDOWS' : process.platform === 'darwin' ? 'MACOS' : 'LINUX'}"}}`,
    )
    expect(body.order.expired_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
  })

  it("tells the channel page the customer's language, keeps it on the customer, and sends none when Settings say not to", async () => {
    const malay = await app.call('links.create', genericLink('EWALLET_TNG', { customer: { ...customer, language: 'ms' } }))
    expect(JSON.parse((await requestBodyOf(malay)) ?? '{}')).toMatchObject({ checkout_experience: { language: 'MS' } })
    expect(malay.customerLanguage).toBe('ms')
    // The training gateway's page speaks it, as the gateway's would.
    const page = await (await fetch(malay.order.linkUrl ?? '')).text()
    expect(page).toContain('<html lang="ms">')
    expect(page).toContain('Luluskan pembayaran')
    // When it closes, in Malaysia time and the page's words (found by QA: a raw UTC time).
    expect(page).toMatch(/Halaman ini ditutup pada \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./)

    // The next link for the same customer keeps the language chosen before when the form leaves it.
    const again = await app.call('links.create', genericLink('EWALLET_GRABPAY', { invoiceNumber: 'INV-000002' }))
    expect(JSON.parse((await requestBodyOf(again)) ?? '{}')).toMatchObject({ checkout_experience: { language: 'MS' } })
    const [saved] = (await app.call('customers.search', { text: 'siti@example.my' })).customers
    expect(saved?.language).toBe('ms')

    // A card link (the card scheme has no page language) still keeps the customer's for the drafts.
    const card = await app.call('links.create', cardLink({ invoiceNumber: 'INV-000003', customer: { ...customer, language: 'en' } }))
    expect(card.customerLanguage).toBe('en')
    expect(await requestBodyOf(card)).not.toContain('language')
    // FPX is named in the page's language; a brand as it is.
    const fpx = await app.call('links.create', genericLink('INTERNET_BANKING_FPX', { invoiceNumber: 'INV-000005', bankCode: 'MBB0228', customer: { ...customer, language: 'ms' } }))
    expect(await (await fetch(fpx.order.linkUrl ?? '')).text()).toContain('Perbankan dalam talian FPX')
    expect(page).toContain('n Go eWallet')

    const { settings } = await app.call('settings.get')
    await app.call('settings.update', { ...settings, links: { ...settings.links, sendPageLanguage: false } })
    const unsent = await app.call('links.create', genericLink('EWALLET_SHOPEEPAY', { invoiceNumber: 'INV-000004', customer: { ...customer, language: 'ms' } }))
    expect(await requestBodyOf(unsent)).not.toContain('checkout_experience')
    expect(unsent.customerLanguage).toBe('ms')
  })

  it('has no language when nobody chose one: the gateway picks, the drafts follow the desk', async () => {
    const detail = await app.call('links.create', genericLink('EWALLET_TNG'))
    expect(detail.customerLanguage).toBeNull()
    expect(await requestBodyOf(detail)).not.toContain('checkout_experience')
    const page = await (await fetch(detail.order.linkUrl ?? '')).text()
    expect(page).toContain('Approve payment')
  })

  it('sends buy-now-pay-later line items that add up to the amount', async () => {
    const lineItems = [
      { name: 'Baju kurung', quantity: 2, priceSen: 45_00 },
      { name: 'Tudung', quantity: 1, priceSen: 38_50 },
    ]
    const detail = await app.call('links.create', genericLink('BNPL_ATOME', { lineItems }))
    expect(await requestBodyOf(detail)).toContain(
      '"line_items":[{"id":"1","name":"Baju kurung","quantity":2,"price":45},{"id":"2","name":"Tudung","quantity":1,"price":38.5}]},"payment":{"channel":"BNPL_ATOME","business_model":"B2C"}',
    )
    const wrong = await failure('links.create', genericLink('BNPL_ATOME', { invoiceNumber: 'INV-000009', lineItems: lineItems.slice(0, 1) }))
    expect(wrong).toEqual({
      code: 'INVALID_INPUT',
      field: 'lineItems',
      message: 'The items add up to RM 90.00, but the amount is RM 128.50',
      say: { id: 'said.rules.itemsTotal', values: { total: 'RM 90.00', amount: 'RM 128.50' } },
    })
  })

  it('turns PAID, FAILED or EXPIRED from the gateway', async () => {
    const approved = await app.call('links.create', genericLink('EWALLET_TNG', { invoiceNumber: 'INV-A' }))
    const declined = await app.call('links.create', genericLink('EWALLET_GRABPAY', { invoiceNumber: 'INV-D' }))
    const expiring = await app.call('links.create', genericLink('EWALLET_SHOPEEPAY', { invoiceNumber: 'INV-E', expiryMinutes: 15 }))
    await control('POST', '/v3/decide', { id: approved.order.paymentId, action: 'approve' })
    await control('POST', '/v3/decide', { id: declined.order.paymentId, action: 'decline' })
    advance(16 * 60_000)
    expect((await app.call('orders.checkStatus', { id: approved.order.id })).order).toMatchObject({ status: 'PAID', rawStatus: 'SUCCESS' })
    expect((await app.call('orders.checkStatus', { id: declined.order.id })).order).toMatchObject({ status: 'FAILED', rawStatus: 'FAILED' })
    expect((await app.call('orders.checkStatus', { id: expiring.order.id })).order).toMatchObject({ status: 'EXPIRED', rawStatus: 'EXPIRED' })
  })

  it('dates a payment by when the customer paid, as the gateway says, not by when it was checked', async () => {
    const fpx = await app.call('links.create', genericLink('INTERNET_BANKING_FPX', { invoiceNumber: 'INV-LATE-FPX', bankCode: 'MBB0228' }))
    await control('POST', '/v3/decide', { id: fpx.order.paymentId, action: 'approve' })
    // Paid at once (the app's clock moves only as the test moves it, beside real time); checked ten
    // minutes later: for a payment of a day's last minutes, on the next day.
    const paidAbout = Date.parse(fpx.order.createdAt)
    advance(10 * 60_000)
    const checked = (await app.call('orders.checkStatus', { id: fpx.order.id })).order
    expect(checked.status).toBe('PAID')
    expect(Math.abs(Date.parse(checked.completedAt ?? '') - paidAbout)).toBeLessThan(5_000)
  })
})

describe('refused before any call', () => {
  it('refuses an invoice number already used in this environment, and sends nothing', async () => {
    await app.call('links.create', cardLink())
    const before = await gatewayCalls('payment_page')
    expect(await failure('links.create', cardLink())).toEqual({
      code: 'DUPLICATE_INVOICE',
      field: 'invoiceNumber',
      message: 'Invoice INV-000001 is already used by another order in this environment. Use another number.',
      say: { id: 'said.links.duplicateInvoice', values: { invoice: 'INV-000001' } },
    })
    expect(await gatewayCalls('payment_page')).toBe(before)
  })

  it('checks the rules again in main, whatever the form did', async () => {
    const cases: [LinkRequest, string, string][] = [
      [cardLink({ invoiceNumber: 'INV 1' }), 'invoiceNumber', 'Use only letters, digits and - _ .'],
      [cardLink({ amountSen: 0 }), 'amountSen', 'Enter an amount above RM 0.00'],
      [cardLink({ customer: { ...customer, email: 'siti@example' } }), 'customer.email', 'Enter a valid e-mail address, e.g. siti@example.my'],
      [cardLink({ customer: { ...customer, phone: '12345' } }), 'customer.phone', 'Enter a valid phone number, e.g. 012-345 6789 or +65 8123 4567'],
      [cardLink({ callbackUrl: '' }), 'callbackUrl', 'Enter where the customer goes after paying (a default can be set in Settings)'],
      [cardLink({ callbackUrl: 'javascript:alert(1)' }), 'callbackUrl', 'Enter a web address starting with https://'],
      [genericLink('INTERNET_BANKING_FPX'), 'bankCode', "Pick the customer's bank"],
      [genericLink('EWALLET_TNG', { customer: { ...customer, phone: '' } }), 'customer.phone', "Enter the customer's phone number"],
      [genericLink('EWALLET_TNG', { expiryMinutes: 2 }), 'expiryMinutes', 'Choose between 5 minutes and 30 days'],
      [genericLink('CASH'), 'channel', 'Pick how the customer pays'],
    ]
    // Each in the rule's words, with the rule's id for the renderer to word.
    for (const [request, field, message] of cases)
      expect(await failure('links.create', request)).toMatchObject({ code: 'INVALID_INPUT', field, message, say: { id: expect.stringMatching(/^said\.(rules|input)\./) as string } })
    expect(await gatewayCalls('payment_page')).toBe(0)
    expect(await gatewayCalls('v3_create_payment')).toBe(0)
  })
})

describe('a link for the customer staff picked', () => {
  it("is that customer's order, by their record, not by the e-mail typed, and what was typed updates them", async () => {
    // A phone order's customer, saved without an e-mail address; another customer already has the address typed now.
    const picked = await app.call('customers.save', { name: 'Nurul Huda', email: '', phone: '019-876 5432', language: 'ms' })
    const other = await app.call('customers.save', { name: 'Nurul H.', email: 'nurul@example.my', phone: '' })
    const detail = await app.call('links.create', cardLink({ customerId: picked.id, customer: { ...customer, name: 'Nurul Huda', email: 'nurul@example.my', phone: '019-876 5432', address: '' } }))
    expect(detail.order).toMatchObject({ customerName: 'Nurul Huda', customerEmail: 'nurul@example.my', customerPhone: '+60198765432' })
    // The language left out of the request keeps the one saved on the customer.
    expect(detail.customerLanguage).toBe('ms')
    expect(JSON.parse((await requestBodyOf(detail)) ?? '{}')).toMatchObject({ customer: { id: picked.externalId, name: 'Nurul Huda', email: 'nurul@example.my' } })

    const theirs = await app.call('customers.get', { id: picked.id })
    expect(theirs.orders.map((order) => order.id)).toEqual([detail.order.id])
    expect(theirs.customer).toMatchObject({ email: 'nurul@example.my', phone: '+60198765432', language: 'ms', city: 'Kuala Lumpur' })
    // Nobody else's: not the customer who has that e-mail too, and no new customer was made.
    expect((await app.call('customers.get', { id: other.id })).orders).toEqual([])
    expect((await app.call('customers.search', { text: 'Nurul' })).customers.map((row) => row.id).sort()).toEqual([picked.id, other.id].sort())
  })

  it('is refused, with nothing written or sent, for a customer this history does not have, and the bridge takes only a record number', async () => {
    expect(await failure('links.create', cardLink({ customerId: 9_999 }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'There is no customer 9999 in this environment.',
      say: { id: 'said.records.customer', values: { id: 9_999 } },
    })
    for (const customerId of [0, -1, 1.5, '1']) expect(await failure('links.create', { ...cardLink(), customerId })).toMatchObject({ code: 'INVALID_INPUT', field: 'customerId' })
    expect(await gatewayCalls('payment_page')).toBe(0)
    expect((await app.call('orders.search', { text: 'INV-000001', limit: 5 })).rows).toEqual([])
    expect((await app.call('customers.search', { text: 'Siti' })).customers).toEqual([])
  })
})

describe('a refusal by the gateway', () => {
  it('is shown against the field it names, and the invoice number may be used again', async () => {
    const refused = await failure('links.create', genericLink('INTERNET_BANKING_FPX', { bankCode: 'ABB0233' }))
    expect(refused).toEqual({
      code: 'GATEWAY_REJECTED',
      field: 'bankCode',
      message: 'The gateway refused the link: payment.bank_code is not active. No link was created; correct it and try again.',
      // The gateway's own words travel as a value, as it wrote them.
      say: { id: 'said.links.refused', values: { gatewayMessage: 'payment.bank_code is not active' } },
    })
    const order = (await app.call('orders.search', { text: 'INV-000001', limit: 5 })).rows[0]
    expect(order).toMatchObject({ status: 'FAILED', linkUrl: null })
    expect((await app.call('orders.get', { id: order?.id ?? 0 })).neverCreated).toBe(true)

    const again = await app.call('links.create', genericLink('INTERNET_BANKING_FPX', { bankCode: 'MBB0228' }))
    expect(again.order).toMatchObject({ id: order?.id, status: 'PENDING', invoiceNumber: 'INV-000001' })
    expect(again.timeline.map((entry) => entry.summary)).toEqual([
      'Link asked for: FPX online banking payment',
      expect.stringMatching(/^Not created: The gateway refused the request: payment.bank_code is not active/),
      'Link asked for again: FPX online banking payment',
      'Link created: waiting for the customer to pay',
    ])
  })
})

describe('an unknown outcome', () => {
  it('is settled by a status check 60 s later that finds the page and gets its address back, never a second page', async () => {
    await control('POST', '/faults', { operation: 'payment_page', kind: 'error500', phase: 'after', count: 1 })
    const unknown = await app.call('links.create', cardLink())
    expect(unknown.order).toMatchObject({ status: 'OUTCOME_UNKNOWN', linkUrl: null })
    expect(unknown.timeline.at(-1)?.summary).toMatch(/^Outcome unknown: The gateway had an internal error: the operation may have gone through/)
    expect(unknown.canCancel).toBe(false)
    expect(unknown.statusCheck?.dueInMs).toBeGreaterThan(59_000)
    expect(await failure('links.create', cardLink())).toMatchObject({ code: 'DUPLICATE_INVOICE' })

    advance(60_000)
    const settled = await app.call('orders.checkStatus', { id: unknown.order.id })
    expect(settled.order).toMatchObject({ status: 'PENDING', rawStatus: 'PENDING' })
    expect(settled.order.linkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(settled.timeline.at(-1)?.summary).toBe('Link address recovered from the gateway (same request, same Request-Id)')
    const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string }[] }
    expect(state.orders.filter((order) => order.invoiceNumber === 'INV-000001')).toHaveLength(1)
  })

  it('is settled as never created when the gateway does not know the link', async () => {
    await control('POST', '/faults', { operation: 'payment_page', kind: 'error500', phase: 'before', count: 1 })
    const unknown = await app.call('links.create', cardLink())
    expect(unknown.order.status).toBe('OUTCOME_UNKNOWN')
    // Unknown is not "never created": it may yet be found at the gateway.
    expect(unknown.neverCreated).toBe(false)
    advance(60_000)
    const settled = await app.call('orders.checkStatus', { id: unknown.order.id })
    expect(settled.order.status).toBe('FAILED')
    expect(settled.neverCreated).toBe(true)
    expect(settled.timeline.at(-1)?.summary).toBe('Status check: the gateway has no such payment, so it was never created. The invoice number may be used again.')
    // Asked for again with the same details ("Try again with these details"): the same order and number, a new Request-Id.
    const again = await app.call('links.create', cardLink())
    expect(again.order).toMatchObject({ id: unknown.order.id, status: 'PENDING', invoiceNumber: 'INV-000001' })
    expect(again.order.requestId).not.toBe(unknown.order.requestId)
    expect(again.neverCreated).toBe(false)
    expect(again.timeline.map((entry) => entry.summary).slice(-2)).toEqual(['Link asked for again: card payment', 'Link created: waiting for the customer to pay'])
    const state = (await control('GET', '/state')) as { orders: { invoiceNumber: string }[] }
    expect(state.orders.filter((order) => order.invoiceNumber === 'INV-000001')).toHaveLength(1)
  })

  it('of a generic payment the gateway never made is settled as never created and asked for again under its invoice number', async () => {
    await control('POST', '/faults', { operation: 'v3_create_payment', kind: 'error500', phase: 'before', count: 1 })
    const unknown = await app.call('links.create', genericLink('EWALLET_TNG'))
    expect(unknown.order.status).toBe('OUTCOME_UNKNOWN')
    advance(60_000)
    const settled = await app.call('orders.checkStatus', { id: unknown.order.id })
    expect(settled).toMatchObject({ order: { status: 'FAILED', rawStatus: null, linkUrl: null }, neverCreated: true })
    const again = await app.call('links.create', genericLink('EWALLET_TNG'))
    // A new payment id and Idempotency-Id: the first ones are the gateway's to forget, never sent again.
    expect(again.order).toMatchObject({ id: unknown.order.id, status: 'PENDING', invoiceNumber: 'INV-000001' })
    expect(again.order.paymentId).not.toBe(unknown.order.paymentId)
    expect(again.order.linkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  })

  it('of a generic payment comes back with its address from Retrieve Payment', async () => {
    await control('POST', '/faults', { operation: 'v3_create_payment', kind: 'malformed_json', count: 1 })
    const unknown = await app.call('links.create', genericLink('EWALLET_TNG'))
    expect(unknown.order.status).toBe('OUTCOME_UNKNOWN')
    advance(60_000)
    const settled = await app.call('orders.checkStatus', { id: unknown.order.id })
    expect(settled.order).toMatchObject({ status: 'PENDING' })
    expect(settled.order.linkUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(await gatewayCalls('v3_create_payment')).toBe(1)
  })
})

describe('two links asked for together with the same invoice number', () => {
  it('make one link; the other is DUPLICATE_INVOICE at its field, never an internal error', async () => {
    const results = await Promise.all([app.backend.dispatch('links.create', cardLink()), app.backend.dispatch('links.create', genericLink('EWALLET_TNG'))])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.flatMap((result) => (result.ok ? [] : [result.error]))).toEqual([
      {
        code: 'DUPLICATE_INVOICE',
        field: 'invoiceNumber',
        message: 'Invoice INV-000001 is already used by another order in this environment. Use another number.',
        say: { id: 'said.links.duplicateInvoice', values: { invoice: 'INV-000001' } },
      },
    ])
    expect((await gatewayCalls('payment_page')) + (await gatewayCalls('v3_create_payment'))).toBe(1)
  })
})
