/**
 * Phone orders end to end: the customer's card was saved earlier through a hosted-page payment; staff
 * find the customer, pick the card, review and charge. An approval with its receipt, a decline, and an
 * unknown outcome (the training gateway applies the charge and then fails with a 500) that a status
 * check 60 s later settles as approved, with one charge at the gateway. The app's clock and the page's
 * clock are both moved forward instead of waiting.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, resizeWindow, SCREENSHOT_DIR, test } from './fixtures'
import { cardSavedThroughHostedPage } from './paid-cards'
import { call, control, releaseHeld, trainingUrl } from './training-control'
import { expectFilled } from './link-steps'
import type { Harness } from '../harness/server'
import { TEST_OPERATORS } from '../harness/operators'

// A charge's outcome comes from its answer, or (unknown) from the status check 60 s later, as these specs
// follow: Training's listener, on by default, is off here, so that no notification settles it first.
test.use({ harnessOptions: { statusTracker: false, listener: false } })

async function pickCustomer(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill(name.split(' ')[0] ?? name)
  await page.getByRole('option', { name: new RegExp(name) }).click()
  await expect(page.getByTestId('saved-card').first()).toBeVisible()
}

/** The card and the amount, then the confirmation opened (not yet charged). */
async function review(page: Page, amount: string, cardNumberEnd: string): Promise<void> {
  await page.getByTestId('saved-card').filter({ hasText: cardNumberEnd }).getByRole('radio').check()
  const form = page.getByRole('region', { name: 'Charge' })
  await form.getByLabel('Amount (RM)').fill(amount)
  await form.getByRole('button', { name: 'Review charge' }).click()
}

async function reviewAndCharge(page: Page, amount: string, cardNumberEnd: string): Promise<void> {
  await review(page, amount, cardNumberEnd)
  await page.getByRole('button', { name: /^Charge RM / }).click()
}

const result = (page: Page) => page.getByTestId('charge-result')

/** Siti's saved card charged RM 75.00 and the gateway's answer lost (a 500 after it charged): the outcome is unknown, the card locked. */
async function unknownCharge(page: Page, harness: Harness): Promise<void> {
  await cardSavedThroughHostedPage(harness)
  await control(harness, '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
  await pickCustomer(page, 'Siti Aminah')
  await reviewAndCharge(page, '75', '0038')
  await expect(result(page).getByRole('heading', { name: "We don't know whether the customer was charged." })).toBeVisible()
}

test('a full phone order with a card saved through a hosted-page payment is approved, with a receipt', async ({ page, harness }) => {
  await cardSavedThroughHostedPage(harness)
  await pickCustomer(page, 'Siti Aminah')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-customer.png`, fullPage: true })
  const form = page.getByRole('region', { name: 'Charge' })
  // Stepping past the empty amount (to choose the card first) is no mistake yet (found by QA).
  await form.getByLabel('Amount (RM)').focus()
  await page.keyboard.press('Shift+Tab')
  await page.getByTestId('saved-card').filter({ hasText: '0038' }).getByRole('radio').check()
  await expect(form.getByLabel('Amount (RM)')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('alert').filter({ hasText: 'Enter the amount to charge in RM' })).toHaveCount(0)
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
  // Made in Training: marked at the top and at the foot, so that it cannot pass for a real payment's receipt.
  await expect(receipt.getByTestId('receipt-mark')).toHaveText(['TRAINING — not a real payment', 'TRAINING — not a real payment'])
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-approved.png`, fullPage: true })
})

test('a declined card shows the bank’s answer and stays usable', async ({ page, harness }) => {
  const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Tan Mei Ling', email: 'meiling@example.my', phone: '+65 8123 4567' })
  const { token } = (await control(harness, '/tokens', { customer_id: customer.externalId, card_number: '5120910000000046' })) as { token: { id: string } }
  await call(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: '512091******0046', brand: 'MASTERCARD' })

  // At 1024×700 too, the heading, the bank's answer and what to tell the customer are in view (QA saw only the heading once, on a longer page).
  await resizeWindow(page, { width: 1024, height: 700 })
  await pickCustomer(page, 'Tan Mei Ling')
  // The phone as staff write it, not as it is kept (+6581234567).
  await expect(page.getByText('+65 8123 4567', { exact: true })).toBeVisible()
  await reviewAndCharge(page, '45', '0046')
  await expect(result(page).getByRole('heading', { name: 'The bank declined the card' })).toBeVisible()
  await expect(result(page).getByTestId('decline-advice')).toBeInViewport()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-declined-1024x700.png` })
  await expect(result(page)).toContainText('05')
  await expect(result(page)).toContainText('Do Not Honour')
  // What to tell the customer, not only the bank's code.
  await expect(result(page).getByTestId('decline-advice')).toHaveText(/ask for another card, or that they call their bank\. The card is not locked\./)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-declined.png`, fullPage: true })

  // Try again: the button goes with the result, and the focus goes on to the card choice, the same card picked.
  await result(page).getByRole('button', { name: 'Try again' }).click()
  const card = page.getByTestId('saved-card').filter({ hasText: '0046' }).getByRole('radio')
  await expect(card).toBeFocused()
  await expect(card).toBeChecked()
})

test('a saved card the gateway does not know is declined with the advice to remove it and send a link', async ({ page, harness }) => {
  // A token typed in by hand (or one the gateway has since dropped): the training gateway answers 14.
  const customer = await call<{ id: number }>(harness, 'customers.save', { name: 'Rajesh Kumar', email: 'rajesh@example.my', phone: '012-555 0101' })
  await call(harness, 'cards.add', { customerId: customer.id, token: 'tok-not-at-the-gateway-01', masked: '450919******5316', brand: 'VISA' })

  await pickCustomer(page, 'Rajesh Kumar')
  await reviewAndCharge(page, '20', '5316')
  await expect(result(page).getByRole('heading', { name: 'The bank declined the card' })).toBeVisible()
  await expect(result(page)).toContainText('Invalid Card Token')
  await expect(result(page).getByTestId('decline-advice')).toHaveText(/does not know this saved card any more: remove it, and send the customer a payment link/)
  // Not "Try again" with a card that cannot be charged: back to choose another.
  await expect(result(page).getByRole('button', { name: 'Try again' })).toHaveCount(0)
  await result(page).getByRole('button', { name: 'Choose another card' }).click()
  // The card choice has the focus, and the card the gateway does not know is no longer picked (nor picked again for staff as the only one).
  const card = page.getByTestId('saved-card').filter({ hasText: '5316' }).getByRole('radio')
  await expect(card).toBeFocused()
  await expect(card).not.toBeChecked()
  await expect(chargeForm(page).getByLabel('Amount (RM)')).toHaveValue('20')
})

test('after the advice to send a link, Send a payment link opens the link form filled for the customer and the amount, under a new invoice number', async ({ page, harness }) => {
  const customer = await call<{ id: number }>(harness, 'customers.save', { name: 'Rajesh Kumar', email: 'rajesh@example.my', phone: '012-555 0101', language: 'en' })
  await call(harness, 'cards.add', { customerId: customer.id, token: 'tok-not-at-the-gateway-02', masked: '450919******5316', brand: 'VISA' })
  await pickCustomer(page, 'Rajesh Kumar')
  const declined = await chargeForm(page).getByLabel('Invoice number').inputValue()
  await reviewAndCharge(page, '20', '5316')
  await expect(result(page).getByRole('heading', { name: 'The bank declined the card' })).toBeVisible()
  await expect(result(page)).toContainText(declined)
  // What the advice says is the way on; another card is the alternative.
  const send = result(page).getByRole('button', { name: 'Send a payment link' })
  await expect(send).toBeVisible()
  await expect(result(page).getByRole('button', { name: 'Choose another card' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-declined-send-link.png` })
  await send.click()

  const form = page.getByRole('form', { name: 'New payment link' })
  await expectFilled(form, { 'Customer name': 'Rajesh Kumar', 'Amount (RM)': '20', 'E-mail': 'rajesh@example.my', 'Customer’s language': 'en' })
  // The declined charge holds its number: the link takes the next free one.
  await expect(form.getByLabel('Invoice number')).not.toHaveValue(declined)
  await expect(form.getByRole('button', { name: 'Create card link' })).toBeFocused()
  await expect(form.getByTestId('link-read-back')).toHaveText('RM\u00a020.00 · Rajesh Kumar · rajesh@example.my')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-declined-link-form.png` })
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

test('a supervisor override unlocks the card once: the order then says so, and offers it no more', async ({ page, harness }) => {
  await unknownCharge(page, harness)
  const [order] = (await call<{ rows: { invoiceNumber: string }[] }>(harness, 'orders.search', { statuses: ['OUTCOME_UNKNOWN'], limit: 5 })).rows
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(order?.invoiceNumber ?? '')
  await page
    .getByTestId('order-row')
    .filter({ hasText: order?.invoiceNumber ?? '' })
    .click()
  const detail = page.getByRole('complementary', { name: 'Order details' })
  await expect(detail).toContainText('The card charged is locked until a status check settles this order.')

  await detail.getByRole('button', { name: 'Supervisor override' }).click()
  const ask = page.getByRole('dialog', { name: /^Unlock the card charged for / })
  await ask.getByRole('textbox').fill('The bank confirmed by phone that no charge was made')
  await ask.getByRole('button', { name: 'Unlock the card' }).click()
  await expect(ask).toBeHidden()
  const done = detail.getByRole('status').filter({ hasText: 'Card unlocked; recorded in the audit log.' })
  await expect(done).toBeFocused()
  await expect(detail).toContainText('A supervisor unlocked the card: it may be charged again.')
  await expect(detail).not.toContainText('The card charged is locked')
  await expect(detail.getByRole('button', { name: 'Supervisor override' })).toHaveCount(0)
  // Opened again, the order still says it: the override is main's record, not the page's memory.
  await page.keyboard.press('Escape')
  await page
    .getByTestId('order-row')
    .filter({ hasText: order?.invoiceNumber ?? '' })
    .click()
  await expect(detail).toContainText('A supervisor unlocked the card')
  await expect(detail.getByRole('button', { name: 'Supervisor override' })).toHaveCount(0)
})

/** RM 45.00 charged to Siti Aminah, then a new phone order of the same amount typed: the duplicate guard's case. */
async function sameAmountAgain(page: Page, harness: Harness): Promise<Locator> {
  await cardSavedThroughHostedPage(harness)
  await pickCustomer(page, 'Siti Aminah')
  await reviewAndCharge(page, '45', '0038')
  await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeVisible()
  await result(page).getByRole('button', { name: 'New phone order' }).click()
  await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
  await page.getByRole('combobox', { name: 'Find customer' }).fill('Siti')
  await page.getByRole('option', { name: /Siti Aminah/ }).click()
  const form = chargeForm(page)
  await form.getByLabel('Amount (RM)').fill('45')
  return form
}

/** Whether the focus is inside `dialog` (the confirmation or a refund dialog): Tab must never leave it. */
async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement))
}

const chargeForm = (page: Page) => page.getByRole('region', { name: 'Charge' })
const confirmation = (page: Page) => page.getByRole('dialog', { name: 'Confirm the charge' })

test.describe('New phone order (Ctrl+Shift+P)', () => {
  test('starts empty for the next caller, the focus in Find customer: not the last caller’s customer, card or invoice', async ({ page, harness }) => {
    await cardSavedThroughHostedPage(harness)
    await pickCustomer(page, 'Siti Aminah')
    const invoice = await chargeForm(page).getByLabel('Invoice number').inputValue()
    await reviewAndCharge(page, '45', '0038')
    await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeFocused()

    // The result on show: the next caller.
    await page.keyboard.press('Control+Shift+P')
    const find = page.getByRole('combobox', { name: 'Find customer' })
    await expect(find).toBeFocused()
    await expect(find).toHaveValue('')
    await expect(result(page)).toHaveCount(0)
    await expect(page.getByTestId('customer-panel')).toHaveCount(0)
    await expect(chargeForm(page).getByLabel('Invoice number')).not.toHaveValue(invoice)
    await expect(chargeForm(page).getByLabel('Invoice number')).not.toHaveValue('')
    // What the caller says is typed at once into the search.
    await page.keyboard.type('012')
    await expect(find).toHaveValue('012')

    // A caller half taken (customer and amount), then Orders: from there too, the next one starts empty.
    await find.fill('Siti')
    await page.getByRole('option', { name: /Siti Aminah/ }).click()
    await chargeForm(page).getByLabel('Amount (RM)').fill('12')
    await page.keyboard.press('Control+K')
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()
    await page.keyboard.press('Control+Shift+P')
    await expect(find).toBeFocused()
    await expect(page.getByTestId('customer-panel')).toHaveCount(0)
    await expect(chargeForm(page).getByLabel('Amount (RM)')).toHaveValue('')
  })

  test('never throws away a charge on its way, nor its result before staff have seen it', async ({ page, harness }) => {
    await cardSavedThroughHostedPage(harness)
    // The gateway holds the charge until the test lets it go, so that the charge can be left while on its way.
    await control(harness, '/faults', { operation: 'charge', kind: 'hold', count: 1 })
    await pickCustomer(page, 'Siti Aminah')
    await review(page, '30', '0038')
    await page.getByRole('button', { name: /^Charge RM / }).click()
    await expect(confirmation(page).getByTestId('charge-waiting')).toBeVisible()
    // From the menu (a key does nothing while the confirmation is open): the charge goes on, then Orders.
    await harness.waitForEventClients(1)
    harness.backend.events.emit('app.shortcut', { action: 'new-phone-order' })
    harness.backend.events.emit('app.shortcut', { action: 'focus-search' })
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()
    await releaseHeld(harness)
    await expect.poll(async () => (await call<{ rows: { amountSen: number }[] }>(harness, 'orders.search', { statuses: ['PAID'], limit: 5 })).rows.some((row) => row.amountSen === 30_00)).toBe(true)

    // The result came while staff were on Orders: a new phone order shows it first…
    await page.keyboard.press('Control+Shift+P')
    await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeFocused()
    await expect(result(page)).toContainText('RM 30.00')
    // …and, once seen, starts afresh.
    await page.keyboard.press('Control+Shift+P')
    await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
    await expect(result(page)).toHaveCount(0)
  })
})

test.describe('by keyboard only', () => {
  test('the customer, the amount and the charge at the speed of a call: focus moves on, the confirmation holds it, Escape steps back', async ({ page, harness }) => {
    await cardSavedThroughHostedPage(harness)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).press('Enter')
    const find = page.getByRole('combobox', { name: 'Find customer' })
    await expect(find).toBeFocused()
    await page.keyboard.type('Siti')
    await expect(page.getByRole('option', { name: /Siti Aminah/ })).toBeVisible()
    await page.keyboard.press('Enter')

    // One card that can be charged: it is picked, and the focus is straight on the amount.
    const amount = chargeForm(page).getByLabel('Amount (RM)')
    await expect(amount).toBeFocused()
    await expect(page.getByTestId('saved-card').getByRole('radio')).toBeChecked()
    await page.keyboard.type('88')
    await page.keyboard.press('Enter')

    // The confirmation: its title has the focus (a key still held cannot charge), Tab stays inside.
    const dialog = confirmation(page)
    await expect(dialog.getByRole('heading', { name: 'Confirm the charge' })).toBeFocused()
    await expect(dialog).toContainText('RM 88.00')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Charge RM 88.00' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(dialog.getByRole('button', { name: 'Charge RM 88.00' })).toBeFocused()
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab')
      expect(await focusInside(dialog)).toBe(true)
    }

    // Escape steps back to the form as it was, with the focus where the confirmation was opened from; twice changes nothing more.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(amount).toBeFocused()
    await expect(amount).toHaveValue('88')
    await page.keyboard.press('Escape')
    await expect(amount).toHaveValue('88')

    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Confirm the charge' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Charge RM 88.00' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeFocused()
    await expect(dialog).toBeHidden()
  })

  test('with several cards the focus goes to the cards; a card picked with Space moves it on to the amount', async ({ page, harness }) => {
    const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Tan Mei Ling', email: 'meiling@example.my', phone: '+65 8123 4567' })
    for (const number of ['5120910000000038', '5120910000000012']) {
      const { token } = (await control(harness, '/tokens', { customer_id: customer.externalId, card_number: number })) as { token: { id: string } }
      await call(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: `${number.slice(0, 6)}******${number.slice(-4)}`, brand: 'MASTERCARD' })
    }
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).press('Enter')
    await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
    await page.keyboard.type('Tan')
    await expect(page.getByRole('option', { name: /Tan Mei Ling/ })).toBeVisible()
    await page.keyboard.press('Enter')

    const cards = page.getByTestId('saved-card').getByRole('radio')
    await expect(cards.first()).toBeFocused()
    // The arrow keys move through the cards without leaving them; Space picks the one in focus.
    await page.keyboard.press('ArrowDown')
    await expect(cards.nth(1)).toBeFocused()
    await page.keyboard.press('Space')
    await expect(chargeForm(page).getByLabel('Amount (RM)')).toBeFocused()
    await expect(cards.nth(1)).toBeChecked()
  })
})

test.describe('refusals known before the confirmation', () => {
  test('a used invoice number is said at its field as staff type, before anything is confirmed', async ({ page, harness }) => {
    await cardSavedThroughHostedPage(harness)
    await pickCustomer(page, 'Siti Aminah')
    const form = chargeForm(page)
    await form.getByLabel('Amount (RM)').fill('30')
    await form.getByLabel('Invoice number').fill('INV-LINK-0001')
    // At the field, as typed: nothing was pressed yet.
    await expect(form.getByRole('alert').filter({ hasText: 'Invoice INV-LINK-0001 is already used by another order in this environment. Use another number.' })).toBeVisible()
    await expect(form.getByRole('button', { name: 'Review charge' })).toBeDisabled()
    await expect(confirmation(page)).toBeHidden()
    await form.getByRole('button', { name: 'Use the next free number instead' }).click()
    await expect(form.getByLabel('Invoice number')).not.toHaveValue('INV-LINK-0001')
    await expect(form.getByRole('button', { name: 'Review charge' })).toBeEnabled()
  })

  test('the same amount charged a minute ago is said at the amount; the confirmation then asks for "Charge again"', async ({ page, harness }) => {
    const form = await sameAmountAgain(page, harness)
    await expect(form.getByTestId('amount-notice')).toContainText('RM 45.00 was charged to Siti Aminah less than a minute ago')
    // An Admin may charge again alone: no note of a role needed.
    await expect(form.getByTestId('need-note')).toHaveCount(0)
    await form.getByRole('button', { name: 'Review charge' }).click()
    await expect(confirmation(page).getByTestId('duplicate-charge')).toBeVisible()
    await expect(confirmation(page).getByRole('button', { name: /^Charge RM / })).toHaveCount(0)
    await confirmation(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(confirmation(page)).toBeHidden()
  })

  test('when the only card is locked the form says so, not "Pick the card to charge"', async ({ page, harness }) => {
    await unknownCharge(page, harness)
    await result(page).getByRole('button', { name: 'New phone order' }).click()
    await page.getByRole('combobox', { name: 'Find customer' }).fill('Siti')
    await expect(page.getByRole('option', { name: /Siti Aminah/ })).toBeVisible()
    await page.getByRole('combobox', { name: 'Find customer' }).press('Enter')
    const said = page.getByRole('region', { name: 'Customer' }).getByText(/^The only saved card is locked until the charge of INV-\d+ is settled: it cannot be charged now$/)
    await expect(said).toBeVisible()
    // Nothing else to fill in: the focus is on why.
    await expect(said).toBeFocused()
    await expect(page.getByText('Pick the card to charge')).toHaveCount(0)
    await expect(chargeForm(page).getByRole('button', { name: 'Review charge' })).toBeDisabled()
  })
})

test.describe('a Clerk', () => {
  test.use({ harnessOptions: { statusTracker: false, listener: false, operators: 'clerk' } })

  test("learns at the amount that a charge above a Clerk's limit needs a Supervisor; the confirmation offers the approval, and the Supervisor's PIN charges it", async ({ page, harness }) => {
    await cardSavedThroughHostedPage(harness)
    await pickCustomer(page, 'Siti Aminah')
    const form = chargeForm(page)
    await form.getByLabel('Amount (RM)').fill('600')
    await expect(form.getByTestId('amount-notice')).toContainText("Only a Supervisor (or an Admin) may charge a phone order above a Clerk's limit of RM 500.00.")
    await form.getByRole('button', { name: 'Review charge' }).click()
    const dialog = confirmation(page)
    await expect(dialog.getByTestId('approval-needed')).toContainText('Needs a Supervisor')
    await expect(dialog.getByRole('button', { name: 'Ask a supervisor to approve' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Charge RM / })).toHaveCount(0)
    const charges = async (): Promise<number> =>
      ((await (await fetch(`${trainingUrl(harness)}/__sim/state`)).json()) as { orders: { kind: string }[] }).orders.filter((order) => order.kind === 'CHARGE').length
    expect(await charges()).toBe(0)

    // The Supervisor approves on the spot (found by QA: the right PIN was refused, nothing having been tried yet).
    await dialog.getByRole('button', { name: 'Ask a supervisor to approve' }).click()
    const approval = page.getByRole('dialog', { name: 'Supervisor approval' })
    await approval.getByLabel("Supervisor's login").fill(TEST_OPERATORS.supervisor.login)
    await approval.getByLabel("Supervisor's PIN").fill(TEST_OPERATORS.supervisor.pin)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeVisible()
    await expect(result(page)).toContainText('RM 600.00')
    expect(await charges()).toBe(1)
  })

  test('learns at the amount, not only at the confirmation, that charging the same amount again needs a Supervisor', async ({ page, harness }) => {
    const form = await sameAmountAgain(page, harness)
    await expect(form.getByTestId('amount-notice')).toContainText('RM 45.00 was charged to Siti Aminah less than a minute ago')
    await expect(form.getByTestId('need-note')).toHaveText('Needs a Supervisor: one can approve it on this desk with their login and PIN.')
    // Another amount is no second charge: the note goes.
    await form.getByLabel('Amount (RM)').fill('46')
    await expect(form.getByTestId('amount-notice')).toHaveCount(0)
    await expect(form.getByTestId('need-note')).toHaveCount(0)

    // "Charge again" anyway: main refuses it, and the focus, dropped with the greyed button, goes on to the approval.
    await form.getByLabel('Amount (RM)').fill('45')
    await form.getByRole('button', { name: 'Review charge' }).click()
    const dialog = confirmation(page)
    await dialog.getByRole('button', { name: 'Charge again' }).click()
    const ask = dialog.getByRole('button', { name: 'Ask a supervisor to approve' })
    await expect(ask).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog', { name: 'Supervisor approval' }).getByLabel("Supervisor's login")).toBeFocused()
  })
})

test('the waiting charge counts its seconds against the gateway timeout', async ({ page, harness }) => {
  await page.clock.install()
  await page.reload()
  await cardSavedThroughHostedPage(harness)
  // The gateway holds the charge until the test lets it go, so that the waiting state can be looked at
  // (two screenshots and two resizes) however slow the machine.
  await control(harness, '/faults', { operation: 'charge', kind: 'hold', count: 1 })
  await pickCustomer(page, 'Siti Aminah')
  await review(page, '128.50', '0038')
  // The page's clock stands still from the charge on, and is moved on by hand: the count starts at 0
  // and shows exactly the seconds moved (read while it ran, a tick could be on its way to the screen).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000)
  await page.getByRole('button', { name: /^Charge RM / }).click()
  const waiting = confirmation(page).getByTestId('charge-waiting')
  const count = waiting.getByTestId('charge-waiting-count')
  await expect(waiting).toContainText('Waiting for the gateway…')
  await expect(count).toHaveText('0 s of 30 s')
  await page.clock.fastForward(7_000)
  await expect(count).toHaveText('7 s of 30 s')
  const box = await waiting.boundingBox()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-waiting-1280x800.png` })
  await resizeWindow(page, { width: 1024, height: 700 })
  await expect(waiting).toBeInViewport()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/phone-waiting-1024x700.png` })
  await resizeWindow(page, { width: 1280, height: 800 })
  // The count grows without moving anything.
  await page.clock.fastForward(3_000)
  await expect(count).toHaveText('10 s of 30 s')
  expect(await waiting.boundingBox()).toEqual(box)
  // Escape does not close a charge in flight.
  await page.keyboard.press('Escape')
  await expect(waiting).toBeVisible()
  await releaseHeld(harness)
  await expect(result(page).getByRole('heading', { name: 'Approved' })).toBeVisible()
})
