/**
 * The training gateway's hosted card page in real Chromium: an approved card (saved), a declined
 * card, and a 3-D Secure challenge card. The simulator runs in this worker; the "merchant" is a tiny
 * loopback server that the gateway sends the customer back to.
 */
import { expect, test } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator } from '../../src-main/simulator'

const SCREENSHOTS = 'test-results/screenshots'
const CLIENT_ID = 'BRN-0001-TEST'
const SECRET_KEY = 'SK-test-0123456789'

let sim: Simulator
let merchant: Server
let merchantUrl: string

test.beforeAll(async () => {
  sim = await startSimulator({ port: 0, clientId: CLIENT_ID, secretKey: SECRET_KEY })
  merchant = createServer((req, res) => {
    const outcome = req.url?.startsWith('/paid') ? 'Thank you, your payment was received.' : 'Your payment did not go through.'
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><title>Kedai Runcit Ali</title><h1>Kedai Runcit Ali</h1><p>${outcome}</p>`)
  })
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve))
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await sim.close()
  await new Promise<void>((resolve) => {
    merchant.closeAllConnections()
    merchant.close(() => resolve())
  })
})

/** The merchant's server asks for a page, signed like the app will sign it. */
async function createPaymentPage(autoRedirect: boolean): Promise<{ invoice: string; url: string }> {
  const invoice = `INV-E2E-${randomUUID().slice(0, 8)}`
  const path = '/credit-card/v1/payment-page'
  const body = JSON.stringify({
    order: {
      invoice_number: invoice,
      amount: 128.5,
      currency: 'MYR',
      callback_url: `${merchantUrl}/paid`,
      failed_url: `${merchantUrl}/failed`,
      auto_redirect: autoRedirect,
      descriptor: 'Kedai Runcit Ali',
    },
    customer: { id: 'CUST-E2E', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
    payment: { type: 'SALE' },
  })
  const headers = cardRequestHeaders({
    clientId: CLIENT_ID,
    secretKey: SECRET_KEY,
    requestId: randomUUID(),
    requestTimestamp: formatTimestamp(new Date(sim.clock.now())),
    requestTarget: path,
    body,
  })
  const response = await fetch(`${sim.baseUrl}${path}`, { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body })
  expect(response.status).toBe(200)
  const json = (await response.json()) as { credit_card_payment_page: { url: string } }
  return { invoice, url: json.credit_card_payment_page.url }
}

async function orderState(invoice: string): Promise<{ status: string; tokenId: string | null }> {
  const state = (await (await fetch(`${sim.baseUrl}/__sim/state`)).json()) as { orders: { invoiceNumber: string; status: string; tokenId: string | null }[] }
  const order = state.orders.find((candidate) => candidate.invoiceNumber === invoice)
  return { status: order?.status ?? 'MISSING', tokenId: order?.tokenId ?? null }
}

test('an approved card, saved for later, then back to the merchant', async ({ page }) => {
  const { invoice, url } = await createPaymentPage(false)
  await page.goto(url)
  await expect(page.getByRole('heading', { name: 'Pay by card' })).toBeVisible()
  await expect(page.getByText('MYR 128.50').first()).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-form.png`, fullPage: true })

  await page.getByLabel('Card number').fill('5120 9100 0000 0012')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVV').fill('100')
  await page.getByLabel('Save this card for future payments').check()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-form-filled.png`, fullPage: true })
  await page.getByRole('button', { name: 'Pay MYR 128.50' }).click()

  await expect(page.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
  await expect(page.getByText('512091******0012')).toBeVisible()
  await expect(page.getByText('Your card was saved for future payments.')).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-approved.png`, fullPage: true })
  const order = await orderState(invoice)
  expect(order.status).toBe('SUCCESS')
  expect(order.tokenId).toMatch(/^[0-9a-f]{32}$/)

  await page.getByRole('link', { name: 'Return to merchant' }).click()
  await expect(page).toHaveURL(`${merchantUrl}/paid`)
  await expect(page.getByText('Thank you, your payment was received.')).toBeVisible()
})

test('a declined card shows its reason and leads to the failed URL', async ({ page }) => {
  const { invoice, url } = await createPaymentPage(false)
  await page.goto(url)
  await page.getByLabel('Card number').fill('4509198934905340')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVV').fill('100')
  await page.getByRole('button', { name: /^Pay / }).click()

  await expect(page.getByRole('heading', { name: 'Payment declined' })).toBeVisible()
  await expect(page.getByText('Reason: Do Not Honour (code 05).')).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-declined.png`, fullPage: true })
  expect((await orderState(invoice)).status).toBe('FAILED')

  await page.getByRole('link', { name: 'Return to merchant' }).click()
  await expect(page).toHaveURL(`${merchantUrl}/failed`)
})

test('a challenge card passes 3-D Secure and is sent straight back to the merchant', async ({ page }) => {
  const { invoice, url } = await createPaymentPage(true)
  await page.goto(url)
  await page.getByLabel('Card number').fill('5120910000000020')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVV').fill('100')
  await page.getByRole('button', { name: /^Pay / }).click()

  await expect(page.getByRole('heading', { name: '3-D Secure verification' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-challenge.png`, fullPage: true })
  await page.getByLabel('One-time password').fill('123456')
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page).toHaveURL(`${merchantUrl}/paid`)
  await expect(page.getByText('Thank you, your payment was received.')).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-challenge-merchant.png`, fullPage: true })
  expect((await orderState(invoice)).status).toBe('SUCCESS')
})

test('a card that is not a test card is refused on the form, with the field marked', async ({ page }) => {
  const { url } = await createPaymentPage(false)
  await page.goto(url)
  await page.getByLabel('Card number').fill('4111 1111 1111 1111')
  await page.getByLabel('Expiry (MM/YY)').fill('12/39')
  await page.getByLabel('CVV').fill('100')
  await page.getByRole('button', { name: /^Pay / }).click()
  await expect(page.getByRole('alert')).toHaveText('This training gateway accepts only the sandbox test cards.')
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: `${SCREENSHOTS}/hosted-invalid-card.png`, fullPage: true })
})
