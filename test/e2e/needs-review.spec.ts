/**
 * "Needs review" end to end in real Chromium: the gateway says paid, but in another currency or for
 * more than the order, so the order is not turned paid and staff decide, with a reason. A lower amount
 * (a discount) is taken and shown beside the order's.
 *
 * The training gateway has no control to make its answers carry another currency or amount, so Sandbox
 * points at a gateway started here with known credentials, and the spec posts signed card
 * notifications to the app's own listener (as the gateway would), with the currency or amount it needs.
 */
import type { Page } from '@playwright/test'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator } from '../../src-main/simulator'
import type { LinkRequest, OrderDetail, OrderView, SettingsView } from '../../src-preload/contract'
import type { Harness, HarnessOptions } from '../harness/server'
import { expect, resizeWindow, SCREENSHOT_DIR, test as base } from './fixtures'
import { call } from './training-control'
import { freePort } from '../support/free-port'

const SANDBOX = { clientId: 'BRN-SANDBOX-REVIEW', secretKey: 'SK-sandbox-review-0123456789', apiKey: 'doku_key_sandbox_review' }
const LISTENER_PATH = '/doku/notifications'

const test = base.extend<{ gateway: Simulator; harnessOptions: HarnessOptions }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  gateway: async ({}, use) => {
    const gateway = await startSimulator({ ...SANDBOX })
    await use(gateway)
    await gateway.close()
  },
  harnessOptions: async ({ gateway }, use) => {
    await use({ gatewayUrls: { sandbox: gateway.baseUrl }, statusTracker: false })
  },
})

/** The Sandbox gateway's control API (/__sim/…). */
async function control(gateway: Simulator, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${gateway.baseUrl}/__sim${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${await response.text()}`)
  return response.json()
}

/** The app in Sandbox with its listener on; the listener's address. */
async function sandboxWithListener(harness: Harness): Promise<string> {
  await call(harness, 'credentials.update', { environment: 'sandbox', ...SANDBOX })
  await call(harness, 'environment.switch', { environment: 'sandbox' })
  const { settings } = await call<SettingsView>(harness, 'settings.get')
  await call(harness, 'settings.update', { ...settings, listener: { ...settings.listener, enabled: true, port: await freePort(), path: LISTENER_PATH } })
  const status = await call<{ running: boolean; localUrl: string | null; error: string | null }>(harness, 'listener.status')
  if (!status.running || !status.localUrl) throw new Error(`the listener did not start: ${String(status.error)}`)
  return status.localUrl
}

async function cardLink(harness: Harness, invoiceNumber: string, amountSen: number, name: string): Promise<OrderView> {
  const request: LinkRequest = {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber,
    amountSen,
    descriptor: 'KEDAI ALI',
    autoRedirect: true,
    callbackUrl: 'https://shop.example.my/paid',
    failedUrl: 'https://shop.example.my/failed',
    expiryMinutes: 60,
    customer: { name, email: 'buyer@example.my', phone: '012-345 6789', address: '12 Jalan Ampang', city: 'Kuala Lumpur', state: 'WP Kuala Lumpur', zipCode: '50450', country: 'MY' },
    lineItems: [],
  }
  return (await call<OrderDetail>(harness, 'links.create', request)).order
}

let notificationCount = 0

/** A card payment notification (interface 2.8) for the order, signed as the gateway signs it, paid with this money. */
async function notifyPaid(listenerUrl: string, order: OrderView, paid: { amount: string; currency: string }, card = { masked: '450919******5332', brand: 'VISA' }): Promise<void> {
  // The amount exactly as the gateway may write it: a numeric string.
  const body = JSON.stringify({
    order: { invoice_number: order.invoiceNumber, amount: paid.amount, currency: paid.currency },
    customer: { id: 'CUST-1', name: order.customerName, email: order.customerEmail },
    transaction: { type: 'SALE', status: 'SUCCESS', date: new Date().toISOString(), original_request_id: order.requestId },
    service: { id: 'CREDIT_CARD' },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: { masked_card_number: card.masked, approval_code: 'A1B2C3', response_code: '00', response_message: 'Approved', issuer: 'Maybank', brand: card.brand },
  })
  notificationCount += 1
  const headers = cardRequestHeaders({
    clientId: SANDBOX.clientId,
    secretKey: SANDBOX.secretKey,
    requestId: `doku-review-${String(notificationCount)}-${order.invoiceNumber}`,
    requestTimestamp: formatTimestamp(new Date()),
    requestTarget: LISTENER_PATH,
    body,
  })
  const response = await fetch(listenerUrl, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })
  expect(response.status).toBe(200)
}

/** Waits (on the order's state, not a timer) until the listener has acted on the notification. */
async function untilOrder(harness: Harness, id: number, done: (order: OrderView) => boolean): Promise<void> {
  await expect.poll(async () => done((await call<OrderDetail>(harness, 'orders.get', { id })).order), { timeout: 5_000 }).toBe(true)
}

const row = (page: Page, invoice: string) => page.getByTestId('order-row').filter({ hasText: invoice })
const detailPanel = (page: Page) => page.getByRole('complementary', { name: 'Order details' })

test('a payment in another currency needs review: chip, filter, both amounts, and a reasoned "Mark paid"', async ({ page, harness }) => {
  const listener = await sandboxWithListener(harness)
  const usd = await cardLink(harness, 'INV-REVIEW-USD', 4_50, 'Nurul Huda')
  const discount = await cardLink(harness, 'INV-REVIEW-DISC', 4_50, 'Tan Mei Ling')
  const plain = await cardLink(harness, 'INV-REVIEW-WAIT', 12_00, 'Ravi Kumar')
  await notifyPaid(listener, usd, { amount: '999.99', currency: 'USD' })
  await notifyPaid(listener, discount, { amount: '4.00', currency: 'MYR' })
  await untilOrder(harness, usd.id, (order) => order.review !== null)
  await untilOrder(harness, discount.id, (order) => order.status === 'PAID')

  // A fresh page in Sandbox: the list as staff find it.
  await page.reload()
  await expect(page.getByTestId('environment-banner')).toContainText('Sandbox')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
  await expect(page.getByTestId('orders-count')).toHaveText('3 orders, newest first')
  await expect(row(page, usd.invoiceNumber).getByTestId('review-chip')).toHaveText('Needs review')
  // Not paid: the status chip is replaced by the review chip, and the gateway's money shows under the amount.
  await expect(row(page, usd.invoiceNumber)).not.toContainText('Paid')
  await expect(row(page, usd.invoiceNumber)).toContainText('says USD 999.99')
  // The discount: paid, with what was paid under the order's amount.
  await expect(row(page, discount.invoiceNumber)).toContainText('Paid')
  await expect(row(page, discount.invoiceNumber).getByTestId('paid-note')).toHaveText('RM 4.00 paid')
  await expect(row(page, discount.invoiceNumber).getByTestId('review-chip')).toHaveCount(0)
  await expect(row(page, plain.invoiceNumber).getByTestId('review-chip')).toHaveCount(0)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-list.png` })

  // The filter finds only the order that needs review.
  await page.getByRole('checkbox', { name: 'Needs review' }).check()
  await expect(page.getByTestId('orders-count')).toHaveText('1 order, newest first')
  await expect(page.getByTestId('order-invoice')).toHaveText([usd.invoiceNumber])
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-filter.png` })

  // The order: both amounts, why, and the timeline entry.
  await row(page, usd.invoiceNumber).click()
  const detail = detailPanel(page)
  const panel = detail.getByTestId('review-panel')
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('heading', { name: 'Needs review: not marked paid' })).toBeVisible()
  await expect(panel.getByTestId('review-gateway-amount')).toContainText('USD 999.99')
  await expect(panel.getByTestId('review-order-amount')).toHaveText('RM 4.50')
  await expect(panel).toContainText("in another currency than this order's RM 4.50")
  await expect(panel).toContainText('Heard from a notification')
  await expect(detail.getByRole('list', { name: 'Timeline' })).toContainText(
    'Needs review: the gateway says SUCCESS for USD 999.99, in another currency (the order is RM 4.50). Not marked paid: a person must decide.',
  )
  // No status check while a person must decide.
  await expect(detail.getByRole('button', { name: /Check status/ })).toHaveCount(0)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-detail.png` })

  // "Mark paid" asks why; too short a reason is refused at the field.
  await panel.getByRole('button', { name: 'Mark paid' }).click()
  const dialog = page.getByRole('dialog', { name: `Mark ${usd.invoiceNumber} paid?` })
  await expect(dialog).toContainText('USD 999.99')
  const reason = dialog.getByRole('textbox', { name: 'Reason (at least 10 characters)' })
  await reason.fill('ok, fine')
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Write at least 10 characters: what you checked, and where')
  await expect(reason).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-reason-error.png` })
  expect((await call<OrderDetail>(harness, 'orders.get', { id: usd.id })).order.review).not.toBeNull()

  await reason.fill('The back office shows USD 999.99 settled for this invoice; the customer confirmed by phone.')
  await expect(dialog.getByRole('alert')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Mark paid' }).click()
  await expect(dialog).toBeHidden()
  await expect(panel).toHaveCount(0)
  await expect(detail.getByRole('heading', { name: usd.invoiceNumber })).toBeVisible()
  await expect(detail.locator('.order-detail__head')).toContainText('Paid')
  await expect(detail.getByTestId('review-chip')).toHaveCount(0)
  await expect(detail.getByRole('list', { name: 'Timeline' })).toContainText('Review decided: paid as the gateway says (USD 999.99)')
  await expect(row(page, usd.invoiceNumber)).toContainText('Paid')
  await expect(row(page, usd.invoiceNumber).getByTestId('review-chip')).toHaveCount(0)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-decided.png` })

  const decided = await call<OrderDetail>(harness, 'orders.get', { id: usd.id })
  expect(decided.order).toMatchObject({ status: 'PAID', review: null })
  // Nothing else waits for a decision.
  await page.getByRole('checkbox', { name: 'Needs review' }).uncheck()
  await page.getByRole('checkbox', { name: 'Needs review' }).check()
  await expect(page.getByTestId('orders-count')).toHaveText('No orders need review.')
})

test('a payment above the order needs review, and "Not paid" fails it; a discount shows beside the amount', async ({ page, harness }) => {
  const listener = await sandboxWithListener(harness)
  const more = await cardLink(harness, 'INV-REVIEW-MORE', 4_50, 'Aminah Yusof')
  const discount = await cardLink(harness, 'INV-REVIEW-LESS', 4_50, 'Lee Chong Wei')
  await notifyPaid(listener, more, { amount: '9', currency: 'MYR' })
  await notifyPaid(listener, discount, { amount: '4.00', currency: 'MY' })
  await untilOrder(harness, more.id, (order) => order.review !== null)
  await untilOrder(harness, discount.id, (order) => order.status === 'PAID')
  await page.reload()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
  await expect(page.getByTestId('orders-count')).toHaveText('2 orders, newest first')

  // The discount, in the order's details.
  await row(page, discount.invoiceNumber).click()
  const detail = detailPanel(page)
  await expect(detail.getByRole('heading', { name: discount.invoiceNumber })).toBeVisible()
  await expect(detail.getByTestId('paid-note')).toHaveText('RM 4.00 paid, RM 0.50 less (a discount or promotion)')
  await expect(detail.getByTestId('review-panel')).toHaveCount(0)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/discount-detail.png` })

  // More than the order: a person decides it was not this order's payment.
  await row(page, more.invoiceNumber).click()
  const panel = detail.getByTestId('review-panel')
  await expect(panel.getByTestId('review-gateway-amount')).toContainText('RM 9.00')
  await expect(panel).toContainText("more than this order's RM 4.50")
  // On a narrower window the open order moves into a drawer over the list: the review must still read well there.
  await resizeWindow(page, { width: 1100, height: 800 })
  const drawer = page.getByRole('dialog', { name: 'Order details' })
  const review = drawer.getByTestId('review-panel')
  await expect(review.getByTestId('review-gateway-amount')).toContainText('RM 9.00')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-detail-narrow.png` })
  // Not cancellable meanwhile: the review's own decision closes it.
  await expect(drawer.getByRole('button', { name: 'Mark cancelled' })).toHaveCount(0)
  await review.getByRole('button', { name: 'Not paid' }).click()
  const dialog = page.getByRole('dialog', { name: `Mark ${more.invoiceNumber} not paid?` })
  await dialog.getByRole('textbox', { name: 'Reason (at least 10 characters)' }).fill('No such payment in the back office; asked the customer to pay again.')
  await dialog.getByRole('button', { name: 'Not paid' }).click()
  await expect(dialog).toBeHidden()
  await expect(review).toHaveCount(0)
  await expect(drawer.locator('.order-detail__head')).toContainText('Failed')
  await expect(row(page, more.invoiceNumber)).toContainText('Failed')
  expect((await call<OrderDetail>(harness, 'orders.get', { id: more.id })).order).toMatchObject({ status: 'FAILED', review: null })
})

test('a phone order whose lost answer turns out paid in another currency says so on the charge screen, and opens in Orders to decide', async ({ page, harness, gateway }) => {
  const listener = await sandboxWithListener(harness)
  const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Farah Idris', email: 'farah@example.my', phone: '012-555 0101' })
  const { token } = (await control(gateway, '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  await call(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'MASTERCARD' })
  // The gateway applies the charge, then its answer is lost.
  await control(gateway, '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })

  await page.reload()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill('Farah')
  await page.getByRole('option', { name: /Farah Idris/ }).click()
  await page.getByTestId('saved-card').filter({ hasText: '0038' }).getByRole('radio').check()
  const form = page.getByRole('region', { name: 'Charge' })
  await form.getByLabel('Amount (RM)').fill('4.50')
  await form.getByRole('button', { name: 'Review charge' }).click()
  await page.getByRole('button', { name: 'Charge RM 4.50' }).click()
  const result = page.getByTestId('charge-result')
  await expect(result.getByRole('heading', { name: "We don't know whether the customer was charged." })).toBeVisible()

  // The gateway's notification says it was paid, in US dollars.
  const [order] = (await call<{ rows: OrderView[] }>(harness, 'orders.search', { kinds: ['phone_order'], limit: 5 })).rows
  if (!order) throw new Error('the phone order is not in the history')
  await notifyPaid(listener, order, { amount: '999.99', currency: 'USD' }, { masked: '512091******0038', brand: 'MASTERCARD' })
  await expect(result.getByRole('heading', { name: 'Needs review: approved for other money' })).toBeVisible()
  await expect(result.getByTestId('review-chip')).toBeVisible()
  await expect(result).toContainText("The gateway says SUCCESS for USD 999.99, in another currency than this order's RM 4.50.")
  await expect(page.getByTestId('saved-card').filter({ hasText: '0038' })).toContainText("needs review (the gateway approved other money). A person's decision under Orders unlocks it.")
  await page.screenshot({ path: `${SCREENSHOT_DIR}/needs-review-phone-order.png`, fullPage: true })

  await result.getByRole('button', { name: 'Open in Orders to decide' }).click()
  const panel = detailPanel(page).getByTestId('review-panel')
  await expect(panel.getByTestId('review-gateway-amount')).toContainText('USD 999.99')
  await expect(panel).toContainText('Heard from a notification')
  await expect(row(page, order.invoiceNumber).getByTestId('review-chip')).toBeVisible()
})
