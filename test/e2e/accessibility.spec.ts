/**
 * Accessibility: axe-core (WCAG 2.1 A and AA rules) finds nothing on every screen and every dialog
 * staff meet, in the states they meet them: empty and with orders, forms showing their errors, an
 * order open, the confirmations, the results. A failure names each rule, its impact and the elements,
 * so that the fix is where the message says.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { Harness } from '../harness/server'
import { expect, resizeWindow, SCREENSHOT_DIR, test } from './fixtures'
import { call, control } from './training-control'

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** Scans the page as it is now and fails with what is wrong, rule by rule. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  const found = violations.map((violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`)
  expect(found, `axe on ${state}`).toEqual([])
}

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name, exact: true })

/** A customer with a card saved at the training gateway, charged once (approved). */
async function customerWithCard(harness: Harness): Promise<void> {
  const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await control(harness, '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  await call(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'MASTERCARD' })
}

test.describe('a desk with no operators yet', () => {
  test.use({ harnessOptions: { statusTracker: false, operators: 'none' } })

  test('the first Admin form, empty and with its errors', async ({ page }) => {
    const form = page.getByRole('form', { name: /first Admin/i }).or(page.getByRole('region', { name: /first Admin/i }))
    await expect(form.first()).toBeVisible()
    await expectAccessible(page, 'first Admin')
    await form.first().getByRole('button').last().click()
    await expect(page.getByRole('alert').first()).toBeVisible()
    await expectAccessible(page, 'first Admin with errors')
  })
})

test.describe('a fresh desk in Training', () => {
  test.use({ harnessOptions: { statusTracker: false, welcome: true } })

  test('the welcome', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expectAccessible(page, 'welcome')
  })
})

test('every screen of an empty desk, the forms with their errors, Change your PIN, sign-in', async ({ page }) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expectAccessible(page, 'Orders (empty)')

  await nav(page, 'Payment link').click()
  await expect(page.getByRole('heading', { level: 2, name: 'New payment link' })).toBeVisible()
  await expectAccessible(page, 'Payment link')
  const link = page.getByRole('region', { name: 'New payment link' }).or(page.locator('form')).first()
  await link
    .getByRole('button', { name: /^Create/ })
    .first()
    .click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expectAccessible(page, 'Payment link with errors')

  await nav(page, 'Phone order').click()
  await expect(page.getByRole('heading', { level: 2, name: 'Customer and card' })).toBeVisible()
  await expectAccessible(page, 'Phone order')

  for (const screen of ['Audit log', 'Operators', 'Settings']) {
    await nav(page, screen).click()
    await expect(page.getByRole('heading', { level: 1, name: screen })).toBeVisible()
    await expectAccessible(page, screen)
  }

  const menu = page.getByTestId('operator-menu')
  await menu.getByRole('button', { name: /PIN/ }).click()
  const changePin = page.getByRole('dialog', { name: 'Change your PIN' })
  await changePin.getByRole('button', { name: /^Change/ }).click()
  await expect(changePin.getByRole('alert').first()).toBeVisible()
  await expectAccessible(page, 'Change your PIN with errors')
  await page.keyboard.press('Escape')
  await expect(changePin).toBeHidden()

  await menu.getByRole('button', { name: 'Sign out' }).click()
  const signIn = page.getByRole('button', { name: 'Sign in' })
  await expect(signIn).toBeVisible()
  await expectAccessible(page, 'sign-in')
  await page.getByLabel('Login').fill('aisyah')
  await page.getByLabel('PIN').fill('000000')
  await signIn.click()
  await expect(page.getByRole('alert').first()).toBeVisible()
  await expectAccessible(page, 'sign-in with a wrong PIN')
})

test.describe('the idle lock', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 5 } })

  test('the lock screen', async ({ page }) => {
    await page.clock.install()
    await page.reload()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible()
    await page.clock.fastForward(5 * 60_000 + 1_000)
    await expect(page.getByTestId('lock-screen')).toBeVisible()
    await expectAccessible(page, 'the lock screen')
  })
})

test.describe('a Clerk', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 60, operators: 'clerk' } })

  test('refused a refund, and the Supervisor approval dialog', async ({ page }) => {
    await page.getByTestId('order-row').filter({ hasText: 'Paid' }).first().click()
    const refunds = page.getByRole('complementary', { name: 'Order details' }).getByRole('region', { name: 'Refunds' })
    await refunds.getByRole('button', { name: 'Refund…' }).click()
    const dialog = page.getByRole('dialog', { name: /^Refund / })
    // A seeded payment is days old, so settled: the whole of it may be refunded.
    await dialog.getByRole('radio').first().check()
    await dialog.getByRole('button', { name: /^Review/ }).click()
    await dialog.getByRole('button', { name: /^(Refund|Void) RM/ }).click()
    const refusal = dialog.getByTestId('approval-needed')
    await expect(refusal).toContainText('Needs a Supervisor')
    await expectAccessible(page, 'a refund refused for a Clerk')
    await refusal.getByRole('button', { name: 'Ask a supervisor to approve' }).click()
    const approval = page.getByRole('dialog', { name: 'Supervisor approval' })
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect(approval.getByRole('alert').first()).toBeVisible()
    await expectAccessible(page, 'the Supervisor approval dialog with its errors')
  })
})

test.describe('with orders', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 120 } })

  test('the list, an order open as a panel and as a drawer, its refund dialog', async ({ page }) => {
    await expect(page.getByTestId('order-row').first()).toBeVisible()
    await expectAccessible(page, 'Orders with rows')
    const paid = page.getByTestId('order-row').filter({ hasText: 'Paid' }).first()
    await paid.click()
    const panel = page.getByRole('complementary', { name: 'Order details' })
    await expect(panel.getByRole('list', { name: 'Timeline' })).toBeVisible()
    await expectAccessible(page, 'an order open beside the list')

    await resizeWindow(page, { width: 1024, height: 700 })
    const drawer = page.getByRole('dialog', { name: 'Order details' })
    await expect(drawer).toBeVisible()
    await expectAccessible(page, 'an order open as a drawer')
    await drawer
      .getByRole('button', { name: /^Refund/ })
      .first()
      .click()
    await expect(page.getByRole('dialog', { name: /^Refund / })).toBeVisible()
    await expectAccessible(page, 'the refund dialog')
  })
})

test('a phone order: the card picked, the confirmation, the approval and its receipt', async ({ page, harness }) => {
  await customerWithCard(harness)
  await nav(page, 'Phone order').click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill('Siti')
  await expect(page.getByRole('listbox')).toBeVisible()
  await expectAccessible(page, 'the customer search with its suggestions')
  await page.getByRole('option', { name: /Siti Aminah/ }).click()
  const form = page.getByRole('region', { name: 'Charge' })
  await expect(form.getByLabel('Amount (RM)')).toBeFocused()
  await expectAccessible(page, 'the charge form')
  await form.getByLabel('Amount (RM)').fill('42.50')
  await form.getByRole('button', { name: 'Review charge' }).click()
  await expect(page.getByRole('dialog', { name: 'Confirm the charge' })).toBeVisible()
  await expectAccessible(page, 'the charge confirmation')
  await page.getByRole('button', { name: 'Charge RM 42.50' }).click()
  await expect(page.getByTestId('charge-result').getByRole('heading', { name: 'Approved' })).toBeVisible()
  await expectAccessible(page, 'an approved charge with its receipt')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/a11y-phone-approved.png`, fullPage: true })
})

test('a payment link created, with its address and QR code', async ({ page }) => {
  await nav(page, 'Payment link').click()
  // The form's own fields: Orders, where the page opens, stays on show until the screen's code has
  // arrived, and its amount filters' labels hold "Amount (RM)" too.
  const linkForm = page.getByRole('form', { name: 'New payment link' })
  await linkForm.getByLabel('Amount (RM)').fill('88')
  await linkForm.getByLabel('Customer name').fill('Nur Aisyah')
  await linkForm.getByLabel(/^E-mail/).fill('aisyah@example.my')
  await page
    .getByRole('button', { name: /^Create/ })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: /link (is )?ready|created/i }).first()).toBeVisible()
  await expectAccessible(page, 'a created link')
})

test('a link for a saved customer: a phone order with no saved card, Find customer on the link form with its suggestions, the customer picked, a link set aside', async ({ page, harness }) => {
  await call(harness, 'customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '019-876 5432', language: 'ms' })
  await nav(page, 'Payment link').click()
  const linkForm = page.getByRole('form', { name: 'New payment link' })
  await linkForm.getByLabel('Amount (RM)').fill('50')
  await linkForm.getByRole('combobox', { name: 'Find customer' }).fill('Nurul')
  await expect(linkForm.getByRole('listbox')).toBeVisible()
  await expectAccessible(page, 'Find customer on the link form, with its suggestions')
  await linkForm.getByRole('combobox', { name: 'Find customer' }).fill('nobody')
  await expect(linkForm.getByRole('status').filter({ hasText: 'type their details below' })).toBeVisible()
  await expectAccessible(page, 'Find customer on the link form, none found')

  await nav(page, 'Phone order').click()
  await page.getByRole('combobox', { name: 'Find customer' }).fill('Nurul')
  await page.getByRole('option', { name: /Nurul Huda/ }).click()
  const send = page.getByTestId('customer-panel').getByRole('button', { name: 'Send a payment link' })
  await expect(send).toBeVisible()
  await expectAccessible(page, 'a phone order with no saved card, and Send a payment link')
  await send.click()
  await expect(linkForm.getByTestId('link-customer')).toContainText('Nurul Huda')
  await expect(page.getByTestId('link-aside-note')).toBeVisible()
  await expectAccessible(page, 'the link form filled from a phone order, a link set aside')
})
