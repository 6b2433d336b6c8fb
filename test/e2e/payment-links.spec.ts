/**
 * Payment links end to end: staff create a link in the app, the customer pays (or not) on the
 * training gateway's page in the same Chromium, and the order turns PAID, FAILED or EXPIRED in the
 * app after a status check made when the 60-second rule allows it (the harness moves the app's clock,
 * which the training gateway shares, instead of waiting).
 */
import type { Page } from '@playwright/test'
import type { Harness } from '../harness/server'
import { expect, resizeWindow, SCREENSHOT_DIR, test } from './fixtures'
import { createLink, expectFilled, fillLinkForm, openLink, payByCard } from './link-steps'
import { call, control } from './training-control'

/** After the 60 seconds the gateway asks for, staff open the order and check its status. */
async function checkInOrders(page: Page, harness: Harness, invoice: string, advanceMs = 60_000): Promise<void> {
  await harness.advanceClock(advanceMs)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
  await page.getByTestId('order-row').filter({ hasText: invoice }).click()
  const detail = page.getByRole('complementary', { name: 'Order details' })
  await expect(detail.getByRole('heading', { name: invoice })).toBeVisible()
  await detail.getByRole('button', { name: 'Check status', exact: true }).click()
}

const orderDetail = (page: Page) => page.getByRole('complementary', { name: 'Order details' })

// The outcome comes from the status check staff press (what these specs follow): Training's listener, on by
// default, is off here, so that no notification tells it first.
test.use({ harnessOptions: { statusTracker: false, listener: false } })

test('a card link paid with an approved card turns PAID', async ({ page, context, harness }) => {
  const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '128.50', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  await expect(page.getByText('Will be sent as +60123456789')).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-form-card.png`, fullPage: true })
  await createLink(page)
  const result = page.getByTestId('link-result')
  await expect(result.getByRole('img', { name: 'QR code of the payment link' })).toBeVisible()
  await expect(result.getByRole('button', { name: /^Check status in / })).toBeDisabled()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-created-card.png`, fullPage: true })

  const customerPage = await openLink(page, context)
  await payByCard(customerPage, '5120 9100 0000 0038')
  await expect(customerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
  await customerPage.close()

  await checkInOrders(page, harness, invoice)
  await expect(orderDetail(page).getByText('Paid', { exact: true }).first()).toBeVisible()
  await expect(orderDetail(page)).toContainText('Status check: Pending → Paid (gateway says SUCCESS)')
  await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Paid')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-paid-order.png`, fullPage: true })
})

test('a card link paid with a declined card turns FAILED', async ({ page, context, harness }) => {
  const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '45', name: 'Tan Mei Ling', email: 'meiling@example.my', phone: '+65 8123 4567' })
  await createLink(page)
  const customerPage = await openLink(page, context)
  await payByCard(customerPage, '4509198934905340')
  await expect(customerPage.getByRole('heading', { name: 'Payment declined' })).toBeVisible()
  await customerPage.close()

  await checkInOrders(page, harness, invoice)
  await expect(orderDetail(page)).toContainText('Status check: Pending → Failed (gateway says FAILED)')
  await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Failed')
})

for (const [outcome, button, status, label] of [
  ['approved', 'Approve payment', 'PAID', 'Paid'],
  ['declined', 'Decline payment', 'FAILED', 'Failed'],
] as const) {
  test(`an FPX payment ${outcome} on the gateway's page turns ${status}`, async ({ page, context, harness }) => {
    const invoice = await fillLinkForm(page, {
      kind: 'Other channel',
      channel: 'FPX online banking',
      bank: 'Maybank2U',
      amount: '250',
      name: 'Nurul Huda',
      email: 'nurul@example.my',
      phone: '019-876 5432',
    })
    if (outcome === 'approved') await page.screenshot({ path: `${SCREENSHOT_DIR}/link-form-fpx.png`, fullPage: true })
    await createLink(page)
    const customerPage = await openLink(page, context)
    await expect(customerPage.getByRole('heading', { name: 'Confirm payment' })).toBeVisible()
    await expect(customerPage.getByText('Maybank2U')).toBeVisible()
    await customerPage.getByRole('button', { name: button }).click()
    await expect(customerPage.getByRole('heading', { name: outcome === 'approved' ? 'Payment successful' : 'Payment declined' })).toBeVisible()
    await customerPage.close()

    await checkInOrders(page, harness, invoice)
    await expect(orderDetail(page)).toContainText(`Status check: Pending → ${label}`)
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText(label)
  })

  test(`a buy-now-pay-later payment ${outcome} on the gateway's page turns ${status}`, async ({ page, context, harness }) => {
    const invoice = await fillLinkForm(page, {
      kind: 'Other channel',
      channel: 'Atome',
      amount: '128.50',
      items: [
        { name: 'Baju kurung', quantity: '2', price: '45' },
        { name: 'Tudung', quantity: '1', price: '38.50' },
      ],
      name: 'Aisyah Rahman',
      email: 'aisyah@example.my',
      phone: '011-2345 6789',
    })
    if (outcome === 'approved') await page.screenshot({ path: `${SCREENSHOT_DIR}/link-form-bnpl.png`, fullPage: true })
    await createLink(page)
    const customerPage = await openLink(page, context)
    await customerPage.getByRole('button', { name: button }).click()
    await expect(customerPage.getByRole('heading', { name: outcome === 'approved' ? 'Payment successful' : 'Payment declined' })).toBeVisible()
    await customerPage.close()

    await checkInOrders(page, harness, invoice)
    await expect(orderDetail(page)).toContainText(`Status check: Pending → ${label}`)
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText(label)
  })
}

test('a link the gateway never created says so, not "Payment failed", and is tried again with the same details and invoice number', async ({ page, harness }) => {
  // The page's clock is moved with the app's, so that its countdown ends when main's does.
  await page.clock.install()
  await page.reload()
  // The gateway answers 500 before it makes anything: the outcome is unknown until a status check.
  await control(harness, '/faults', { operation: 'payment_page', kind: 'error500', phase: 'before', count: 1 })
  const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '128.50', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const form = page.getByRole('form', { name: 'New payment link' })
  await form.getByLabel('Statement descriptor').fill('KEDAI SITI')
  await form.getByRole('button', { name: 'Create card link' }).click()
  const result = page.getByTestId('link-result')
  await expect(result.getByRole('heading', { name: 'Waiting for a status check' })).toBeVisible()
  await expect(result).toContainText("We don't know whether the gateway created this link.")
  // A link that may exist is never offered again.
  await expect(result.getByRole('button', { name: 'Try again with these details' })).toHaveCount(0)

  await harness.advanceClock(60_000)
  await page.clock.fastForward(61_000)
  await result.getByRole('button', { name: 'Check status', exact: true }).click()
  await expect(result.getByRole('heading', { name: 'No link was created' })).toBeVisible()
  await expect(result).not.toContainText('Payment failed')
  await expect(result.getByRole('status').filter({ hasText: 'no payment was attempted' })).toContainText(`invoice ${invoice} may be used again`)
  await expect(result).toContainText('Status check: the gateway has no such payment, so it was never created.')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-not-created.png`, fullPage: true })

  // Back to the form as it was sent: the same customer, amount, descriptor and invoice number.
  await result.getByRole('button', { name: 'Try again with these details' }).click()
  const note = page.getByTestId('link-retry-note')
  await expect(note).toBeFocused()
  await expect(note).toContainText(`The details of ${invoice}, which the gateway never created.`)
  await expect(form.getByRole('radio', { name: /^Card \(hosted page\)/ })).toBeChecked()
  await expect(form.getByLabel('Invoice number')).toHaveValue(invoice)
  await expect(form).toContainText('The same number: the gateway never created a link with it.')
  await expect(form.getByLabel('Amount (RM)')).toHaveValue('128.50')
  await expect(form.getByLabel('Customer name')).toHaveValue('Siti Aminah')
  await expect(form.getByLabel('E-mail')).toHaveValue('siti@example.my')
  await expect(form.getByLabel(/^Phone/)).toHaveValue('012-345 6789')
  await expect(form.getByLabel('Statement descriptor')).toHaveValue('KEDAI SITI')
  await expect(form.getByLabel('Return address after payment')).toHaveValue('https://shop.example.my/paid')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-try-again.png`, fullPage: true })

  // Created this time, as the same order: one link at the gateway under that number, both tries in its timeline.
  await createLink(page)
  await expect(result).toContainText(invoice)
  await expect(result).toContainText('Link asked for again: card payment')
  const state = (await control(harness, '/state')) as { orders: { invoiceNumber: string }[] }
  expect(state.orders.filter((order) => order.invoiceNumber === invoice)).toHaveLength(1)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
  await expect(page.getByTestId('order-row')).toHaveCount(1)
})

/** At both window sizes staff use, then back to the first. */
async function shootBoth(page: Page, name: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ]) {
    await resizeWindow(page, size)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${String(size.width)}x${String(size.height)}.png` })
  }
  await resizeWindow(page, { width: 1280, height: 800 })
}

test("a phone order's customer with no saved card: Send a payment link opens the form filled for them, and the link made is their order", async ({ page, harness }) => {
  const nurul = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '019-876 5432', language: 'ms' })
  // A link being written for another caller, left half done: it is set aside, not lost.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const form = page.getByRole('form', { name: 'New payment link' })
  await form.getByLabel('Amount (RM)').fill('50')
  await form.getByLabel('Customer name').fill('Ahmad Faiz')

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill('Nurul')
  await page.getByRole('option', { name: /Nurul Huda/ }).click()
  const panel = page.getByTestId('customer-panel')
  await expect(panel).toContainText('No saved card to charge: add one by hand, or send the customer a payment link')
  const charge = page.getByRole('region', { name: 'Charge' })
  await charge.getByLabel('Amount (RM)').fill('89.90')
  const send = panel.getByRole('button', { name: 'Send a payment link' })
  await shootBoth(page, 'phone-no-card-send-link')
  await send.focus()
  await page.keyboard.press('Enter')

  // The link form, filled for her: a card page (paying by it saves her card), the amount typed, her details and her own language.
  await expect(page.getByRole('heading', { level: 1, name: 'Payment link' })).toBeVisible()
  await expect(form.getByRole('radio', { name: /^Card \(hosted page\)/ })).toBeChecked()
  await expectFilled(form, { 'Amount (RM)': '89.90', 'Customer name': 'Nurul Huda', 'E-mail': 'nurul@example.my', Phone: '019-876 5432', 'Customer’s language': 'ms' })
  await expect(form.getByTestId('link-customer')).toContainText(`Nurul Huda${nurul.externalId}`)
  await expect(page.getByTestId('link-aside-note')).toHaveText(/^The link you were writing \(Ahmad Faiz, RM\u00a050\.00\) is set aside\./)
  // Nothing left to fill in: the keyboard is on Create.
  const create = form.getByRole('button', { name: 'Create card link' })
  await expect(create).toBeFocused()
  const invoice = (await form.getByLabel('Invoice number').inputValue()).trim()
  await expect(form.getByTestId('link-read-back')).toHaveText('RM\u00a089.90 · Nurul Huda · nurul@example.my')
  await shootBoth(page, 'link-from-phone-order')
  // Its top, scrolled to: the note about the link set aside, the amount and whose record the link goes on.
  await form.getByRole('heading', { name: 'New payment link' }).scrollIntoViewIfNeeded()
  await shootBoth(page, 'link-from-phone-order-top')
  await create.focus()
  await page.keyboard.press('Enter')
  const result = page.getByTestId('link-result')
  await expect(result.getByRole('heading', { name: 'Link ready' })).toBeFocused()
  await expect(result).toContainText('Nurul Huda')

  // In Orders, the link's order is hers: her name and address on it, and her record holds it (no second Nurul made).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
  await page.getByTestId('order-row').filter({ hasText: invoice }).click()
  await expect(orderDetail(page).getByRole('heading', { name: invoice })).toBeVisible()
  await expect(orderDetail(page)).toContainText('Nurul Huda')
  await expect(orderDetail(page)).toContainText('nurul@example.my')
  const theirs = await call<{ orders: { invoiceNumber: string }[] }>(harness, 'customers.get', { id: nurul.id })
  expect(theirs.orders.map((order) => order.invoiceNumber)).toEqual([invoice])
  expect((await call<{ customers: unknown[] }>(harness, 'customers.search', { text: 'Nurul' })).customers).toHaveLength(1)

  // And her phone order shows it among her recent orders; the link set aside is still there to go back to.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' }).click()
  await expect(panel.getByRole('list', { name: 'Recent orders' })).toContainText(invoice)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  await page.getByRole('button', { name: 'New link' }).click()
  await page.getByTestId('link-aside-note').getByRole('button', { name: 'Go back to it' }).click()
  await expectFilled(form, { 'Customer name': 'Ahmad Faiz', 'Amount (RM)': '50' })
  // Its number went to Nurul's link meanwhile: it comes back with the next free one.
  await expect(form.getByLabel('Invoice number')).not.toHaveValue(invoice)
  await expect(form.getByLabel('Invoice number')).toHaveValue(/^INV-\d{6}$/)
  await expect(page.getByTestId('link-aside-note')).toHaveCount(0)
})

test('Find customer fills the form from a saved customer by keyboard, keeping what was typed; Clear customer leaves a blank customer and the rest', async ({ page, harness }) => {
  await call(harness, 'customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  await call(harness, 'customers.save', { name: 'Siti Rahmah', email: '', phone: '013-222 4444' })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const form = page.getByRole('form', { name: 'New payment link' })
  await form.getByRole('radio', { name: /^Other channel/ }).click()
  await form.getByLabel('Channel').selectOption({ label: 'GrabPay' })
  await form.getByLabel('Amount (RM)').fill('42')
  const find = form.getByRole('combobox', { name: 'Find customer' })
  await find.fill('nobody')
  await expect(form.getByText('No customer starts with “nobody”: type their details below.')).toBeVisible()
  await find.fill('Siti A')
  await expect(form.getByRole('option', { name: /Siti Aminah/ })).toBeVisible()
  await form.getByRole('listbox', { name: 'Customers found' }).scrollIntoViewIfNeeded()
  await shootBoth(page, 'link-find-customer')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')

  await expect(form.getByTestId('link-customer')).toContainText('Siti Aminah')
  await expectFilled(form, { 'Customer name': 'Siti Aminah', 'E-mail': 'siti@example.my', Phone: '012-345 6789', Channel: 'EWALLET_GRABPAY', 'Amount (RM)': '42' })
  await expect(form.getByRole('button', { name: 'Create payment link' })).toBeFocused()
  await shootBoth(page, 'link-customer-picked')

  await form.getByRole('button', { name: 'Clear customer' }).click()
  await expect(find).toBeFocused()
  await expect(find).toHaveValue('')
  await expectFilled(form, { 'Customer name': '', 'E-mail': '', Phone: '', 'Amount (RM)': '42', Channel: 'EWALLET_GRABPAY' })

  // A customer saved without an e-mail address: the keyboard goes on to it, what needs input next.
  await page.keyboard.type('Rahmah')
  await expect(form.getByRole('option', { name: /Siti Rahmah/ })).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(form.getByLabel('E-mail', { exact: true })).toBeFocused()
  await expectFilled(form, { 'Customer name': 'Siti Rahmah', 'E-mail': '', Phone: '013-222 4444' })
})

test.describe('with the idle lock longer than the wait', () => {
  // Sixteen minutes on the app's clock without a call would lock the desk (5 minutes by default).
  test.use({ harnessOptions: { statusTracker: false, listener: false, idleLockMinutes: 30 } })

  test('an e-wallet link left unpaid turns EXPIRED once its time has passed', async ({ page, harness }) => {
    const invoice = await fillLinkForm(page, {
      kind: 'Other channel',
      channel: "Touch 'n Go eWallet",
      expiresIn: '15 minutes',
      amount: '19.90',
      name: 'Lim Wei Jie',
      email: 'weijie@example.my',
      phone: '016-222 3333',
    })
    await createLink(page)
    await expect(page.getByTestId('link-result')).toContainText('Can be paid until')
    await checkInOrders(page, harness, invoice, 16 * 60_000)
    await expect(orderDetail(page)).toContainText('Status check: Pending → Expired (gateway says EXPIRED)')
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Expired')
  })
})

test('the form shows each problem against its field and keeps what was typed', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const linkForm = page.getByRole('form', { name: 'New payment link' })
  await linkForm.getByLabel('Amount (RM)').fill('12.345')
  await linkForm.getByLabel('E-mail').fill('siti@example')
  await linkForm.getByLabel(/^Phone/).fill('12345')
  await page.getByRole('button', { name: 'Create card link' }).click()
  await expect(linkForm).toContainText('Enter an amount in RM with at most two decimals, e.g. 25.50')
  await expect(linkForm).toContainText("Enter the customer's name")
  await expect(linkForm).toContainText('Enter a valid e-mail address, e.g. siti@example.my')
  await expect(linkForm).toContainText('Enter a valid phone number, e.g. 012-345 6789 or +65 8123 4567')
  await expect(linkForm.getByLabel('E-mail')).toHaveValue('siti@example')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/link-form-errors.png`, fullPage: true })
  // "The customer pays …" confirms only an amount a link may ask for, never one refused beside it.
  await linkForm.getByLabel('Amount (RM)').fill('25.50')
  await expect(linkForm).toContainText('The customer pays RM\u00a025.50')
  await linkForm.getByLabel('Amount (RM)').fill('99999999999')
  await expect(linkForm).not.toContainText('The customer pays')
})

test('an accented e-mail domain and a descriptor statements cannot print are refused at their fields, kept as typed', async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const linkForm = page.getByRole('form', { name: 'New payment link' })
  await linkForm.getByLabel('Amount (RM)').fill('10')
  await linkForm.getByLabel('Customer name').fill('Siti Aminah')
  // Typed key by key, as staff would: the field must keep the accented domain, not turn it into xn--.
  await linkForm.getByLabel('E-mail').pressSequentially('siti@kedái.my')
  await linkForm.getByLabel('Return address after payment').fill('https://shop.example.my/paid')
  await linkForm.getByLabel('Statement descriptor').fill('Kedai 🎉')
  await page.getByRole('button', { name: 'Create card link' }).click()
  await expect(linkForm).toContainText("The gateway takes e-mail domains in ASCII only: type the address's ASCII form, siti@xn--kedi-7na.my")
  await expect(linkForm).toContainText('Card statements cannot print “🎉”: use letters A–Z, digits, spaces and . , - & / *')
  await expect(linkForm.getByLabel('E-mail')).toHaveValue('siti@kedái.my')
  await expect(page.getByRole('heading', { name: 'Link ready' })).toHaveCount(0)
  await linkForm.getByLabel('E-mail').fill('siti@xn--kedi-7na.my')
  await linkForm.getByLabel('Statement descriptor').fill('Kedai Siti')
  await page.getByRole('button', { name: 'Create card link' }).click()
  await expect(page.getByRole('heading', { name: 'Link ready' })).toBeVisible()
})

test.describe('by keyboard only', () => {
  /** Presses Tab (or Shift+Tab) until `target` has the focus, as a person would; fails after `most` presses. */
  async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, most = 30, key = 'Tab'): Promise<number> {
    for (let presses = 1; presses <= most; presses += 1) {
      await page.keyboard.press(key)
      if (await target.evaluate((element) => element === document.activeElement)) return presses
    }
    throw new Error(`${String(most)} Tabs did not reach ${target.toString()}`)
  }

  test('from Orders to a link made and a new form, without the mouse: focus lands on what is new each time, the arrows choose how the customer pays', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    const menu = page.getByRole('navigation', { name: 'Main' })
    // A screen without a field of its own to start at takes the keyboard at its title, not left on the menu.
    await tabTo(page, menu.getByRole('button', { name: 'Settings' }))
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused()

    await tabTo(page, menu.getByRole('button', { name: 'Payment link' }), 30, 'Shift+Tab')
    await page.keyboard.press('Enter')

    // The form's first field is the choice of how the customer pays: one tab stop, the arrows move and choose.
    const card = page.getByRole('radio', { name: /^Card \(hosted page\)/ })
    const other = page.getByRole('radio', { name: /^Other channel/ })
    await expect(card).toBeFocused()
    await expect(card).toBeChecked()
    await page.keyboard.press('ArrowRight')
    await expect(other).toBeFocused()
    await expect(other).toBeChecked()
    await expect(page.getByLabel('Channel')).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(card).toBeChecked()
    await expect(page.getByLabel('Channel')).toHaveCount(0)

    // Tab goes on through the fields in reading order; the invoice number is already filled.
    const form = page.getByRole('form', { name: 'New payment link' })
    expect(await tabTo(page, form.getByLabel('Amount (RM)'), 3)).toBeLessThanOrEqual(2)
    await page.keyboard.type('88')
    // Then "Find customer" (a saved customer fills the fields), then the fields of a customer typed here.
    await page.keyboard.press('Tab')
    await expect(form.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('Customer name')).toBeFocused()
    await page.keyboard.type('Nur Aisyah')
    await page.keyboard.press('Tab')
    await expect(form.getByLabel('E-mail')).toBeFocused()
    await page.keyboard.type('aisyah@example.my')
    await page.keyboard.press('Enter')

    // Made: the keyboard is on the new link's heading; the next Tab is on its address, selected for Ctrl+C, then Copy.
    const made = page.locator('#link-result-heading')
    await expect(made).toBeFocused()
    await page.keyboard.press('Tab')
    const address = page.getByLabel('Payment address')
    await expect(address).toBeFocused()
    expect(await address.evaluate((input: HTMLInputElement) => [input.selectionStart, input.selectionEnd])).toEqual([0, (await address.inputValue()).length])
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeFocused()

    // "New link" from the keyboard: a fresh form, the focus on its first field again.
    await tabTo(page, page.getByRole('button', { name: 'New link' }))
    await page.keyboard.press('Enter')
    await expect(card).toBeFocused()
    await expect(form.getByLabel('Amount (RM)')).toHaveValue('')
  })
})
