/**
 * Phone orders end to end: the customer's card was saved earlier through a hosted-page payment; staff
 * find the customer, pick the card, review and charge. An approval with its receipt, a decline, and an
 * unknown outcome (the training gateway applies the charge and then fails with a 500) that a status
 * check 60 s later settles as approved, with one charge at the gateway. The app's clock and the page's
 * clock are both moved forward instead of waiting.
 */
import type { Page } from '@playwright/test'
import type { Harness } from '../harness/server'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { call, control, trainingUrl } from './training-control'

/** Siti paid a card link earlier with "save this card" ticked; the status check 60 s later saved the token. */
async function cardSavedThroughHostedPage(harness: Harness): Promise<void> {
  const link = await call<{ order: { id: number } }>(harness, 'links.create', {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber: 'INV-LINK-0001',
    amountSen: 25_00,
    descriptor: '',
    autoRedirect: false,
    callbackUrl: 'https://shop.example.my/paid',
    failedUrl: '',
    expiryMinutes: 60,
    customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', address: '', city: '', state: '', zipCode: '', country: 'MY' },
    lineItems: [],
  })
  await control(harness, '/pay', { invoice_number: 'INV-LINK-0001', card_number: '5120910000000038', expiry: '12/39', cvv: '100', save_card: true })
  await harness.advanceClock(60_000)
  await call(harness, 'orders.checkStatus', { id: link.order.id })
}

async function pickCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill(name.split(' ')[0] ?? name)
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect(page.getByTestId('saved-card').first()).toBeVisible()
}

async function reviewAndCharge(page: Page, amount: string, cardNumberEnd: string): Promise<void> {
  await page.getByTestId('saved-card').filter({ hasText: cardNumberEnd }).getByRole('radio').check()
  const form = page.getByRole('region', { name: 'Charge' })
  await form.getByLabel('Amount (RM)').fill(amount)
  await form.getByRole('button', { name: 'Review charge' }).click()
  await page.getByRole('button', { name: /^Charge RM / }).click()
}

const result = (page: Page) => page.getByTestId('charge-result')

test('a full phone order with a card saved through a hosted-page payment is approved, with a receipt', async ({ page, harness }) => {
  await cardSavedThroughHostedPage(harness)
  await pickCustomer(page, 'Siti Aminah')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-customer.png`, fullPage: true })
  await page.getByTestId('saved-card').filter({ hasText: '0038' }).getByRole('radio').check()
  const form = page.getByRole('region', { name: 'Charge' })
  await form.getByLabel('Amount (RM)').fill('128.50')
  await form.getByLabel('Note (optional)').fill('Kek lapis, delivery Saturday')
  await form.getByRole('button', { name: 'Review charge' }).click()
  await expect(page.getByRole('button', { name: 'Charge RM 128.50' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-confirm.png`, fullPage: true })
  await page.getByRole('button', { name: 'Charge RM 128.50' }).click()

  await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeVisible()
  const receipt = page.getByRole('document', { name: /^Receipt for INV-/ })
  await expect(receipt).toContainText('RM 128.50')
  await expect(receipt).toContainText('0038')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-approved.png`, fullPage: true })
})

test('a declined card shows the bank’s answer and stays usable', async ({ page, harness }) => {
  const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Tan Mei Ling', email: 'meiling@example.my', phone: '+65 8123 4567' })
  const { token } = (await control(harness, '/tokens', { customer_id: customer.externalId, card_number: '5120910000000046' })) as { token: { id: string } }
  await call(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: '512091******0046', brand: 'MASTERCARD' })

  await pickCustomer(page, 'Tan Mei Ling')
  await reviewAndCharge(page, '45', '0046')
  await expect(result(page).getByRole('heading', { name: 'The bank declined the card' })).toBeVisible()
  await expect(result(page)).toContainText('05')
  await expect(result(page)).toContainText('Do Not Honour')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-declined.png`, fullPage: true })
})

test('an unknown outcome locks the card and is settled as approved 60 s later, without a second charge', async ({ page, harness }) => {
  // The page's clock is moved with the app's, so that its countdown ends when main's does.
  await page.clock.install()
  await page.reload()
  await cardSavedThroughHostedPage(harness)
  await control(harness, '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })

  await pickCustomer(page, 'Siti Aminah')
  await reviewAndCharge(page, '75', '0038')
  await expect(result(page).getByRole('heading', { name: "We don't know whether the customer was charged." })).toBeVisible()
  await expect(result(page).getByRole('button', { name: /^Check status in / })).toBeDisabled()
  await expect(page.getByTestId('saved-card').filter({ hasText: '0038' })).toContainText('Locked')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-unknown.png`, fullPage: true })

  await harness.advanceClock(60_000)
  await page.clock.fastForward(61_000)
  await result(page).getByRole('button', { name: 'Check status', exact: true }).click()
  await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-unknown-settled.png`, fullPage: true })

  const state = (await (await fetch(`${trainingUrl(harness)}/__sim/state`)).json()) as { orders: { kind: string; amountSen: number }[] }
  expect(state.orders.filter((order) => order.kind === 'CHARGE')).toHaveLength(1)
})
