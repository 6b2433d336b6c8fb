/**
 * Operators, sign-in, roles and approval end to end in real Chromium: the first start makes the first
 * Admin in a few seconds; a Clerk is refused a refund with a clear message and a Supervisor approves
 * it on the spot, and the audit log shows both names; the idle lock hides customer data and the same
 * operator continues where they were, while someone else starts afresh; an Admin keeps the operators.
 */
import type { Page } from '@playwright/test'
import { TEST_OPERATORS } from '../harness/operators'
import type { Harness } from '../harness/server'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { createLink, fillLinkForm, openLink, payByCard } from './link-steps'
import { call, control } from './training-control'

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name })
const orderDetail = (page: Page) => page.getByRole('complementary', { name: 'Order details' })
const { admin, supervisor, clerk } = TEST_OPERATORS

async function signIn(page: Page, login: string, pin: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' })
  await form.getByLabel('Login').fill(login)
  await form.getByLabel('PIN').fill(pin)
  await form.getByRole('button', { name: 'Sign in' }).click()
}

/** A card link made and paid on the gateway's page, settled and checked: a Paid order to refund. */
async function paidOrder(page: Page, harness: Harness): Promise<string> {
  const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '88.00', name: 'Lim Wei Jie', email: 'weijie@example.my', phone: '016-777 8899' })
  await createLink(page)
  const customerPage = await openLink(page, page.context())
  await payByCard(customerPage, '4509198934905332')
  await expect(customerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
  await customerPage.close()
  await harness.advanceClock(61_000)
  const [order] = (await call<{ rows: { id: number }[] }>(harness, 'orders.search', { text: invoice, limit: 1 })).rows
  await call(harness, 'orders.checkStatus', { id: order?.id })
  // Past midnight in Malaysia (the clock started at 23:57 there): settled, so a part of it may be refunded.
  await harness.advanceClock(3 * 60_000)
  return invoice
}

test.describe('on a desk without operators', () => {
  test.use({ harnessOptions: { statusTracker: false, operators: 'none' } })

  test('the first start makes the first Admin in a few seconds and lands on Home', async ({ page }) => {
    const form = page.getByRole('form', { name: 'Create the first Admin' })
    await expect(form).toBeVisible()
    await expect(form).toContainText('At least 6 digits, or at least 8 characters')
    // Nothing of the app shows before there is someone to sign in.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-first-admin.png` })

    const started = Date.now()
    await form.getByLabel('Your name').fill('Nur Aisyah')
    await form.getByLabel('Login').fill('nur aisyah')
    await form.getByLabel('PIN', { exact: true }).fill('1234')
    await form.getByLabel('PIN again').fill('1234')
    await form.getByRole('button', { name: 'Create Admin and start' }).click()
    // Every problem at once, each at its field.
    await expect(form).toContainText('Use at least 6 digits')
    await expect(form).toContainText('Use letters, digits and . _ - only')
    await expect(form.getByLabel('Login')).toHaveAttribute('aria-invalid', 'true')
    await form.getByLabel('Login').fill('aisyah')
    await form.getByLabel('PIN', { exact: true }).fill('246810')
    await form.getByLabel('PIN again').fill('246810')
    await form.getByRole('button', { name: 'Create Admin and start' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    expect(Date.now() - started).toBeLessThan(5_000)
    const menu = page.getByTestId('operator-menu')
    await expect(menu).toContainText('Nur Aisyah')
    await expect(menu).toContainText('Admin')
    await expect(nav(page, 'Operators')).toBeVisible()
    await expect(nav(page, 'Audit log')).toBeVisible()

    // Sign out: the sign-in screen, and the same Admin back in.
    await menu.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
    await signIn(page, 'aisyah', '999999')
    await expect(page.getByRole('form', { name: 'Sign in' })).toContainText(/wrong login or PIN/i)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-sign-in.png` })
    await signIn(page, 'aisyah', '246810')
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  })
})

test.describe('a Clerk at the desk', () => {
  // 23:57 in Malaysia: the payment comes just before the gateway's daily settlement, and is settled minutes later.
  // The listener off, as on a desk whose Training settings were saved before it was on by default: the Clerk's note about it.
  test.use({ harnessOptions: { statusTracker: false, listener: false, operators: 'clerk', clockStartsAt: '2026-11-24T15:57:00.000Z' } })

  test('is refused a refund with a clear message; a Supervisor approves it on the spot; the audit log shows both names', async ({ page, harness }) => {
    const menu = page.getByTestId('operator-menu')
    await expect(menu).toContainText(clerk.name)
    await expect(menu).toContainText('Clerk')
    // What a Clerk may not reach at all is not offered.
    await expect(nav(page, 'Audit log')).toHaveCount(0)
    await expect(nav(page, 'Operators')).toHaveCount(0)
    await nav(page, 'Settings').click()
    await expect(page.getByTestId('settings-admin-only')).toContainText('for Admins')
    await expect(page.getByRole('radiogroup', { name: 'Environment' })).toHaveCount(0)
    // The listener's note points a Clerk to an Admin, not to settings "above" they cannot see.
    const listener = page.getByRole('region', { name: 'Notification listener' })
    await expect(listener).toContainText("An Admin can turn on the gateway's notifications here")
    await expect(listener).not.toContainText('above')

    const invoice = await paidOrder(page, harness)
    await nav(page, 'Orders').click()
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
    await page.getByTestId('order-row').filter({ hasText: invoice }).click()
    const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
    await expect(refunds.getByTestId('need-note').first()).toContainText('Needs a Supervisor')

    await refunds.getByRole('button', { name: 'Refund…' }).click()
    const dialog = page.getByRole('dialog', { name: `Refund ${invoice}` })
    await dialog.getByRole('radio', { name: 'Partial refund' }).check()
    await dialog.getByLabel('Amount to refund (RM)').fill('12.50')
    await dialog.getByRole('button', { name: 'Review refund' }).click()
    await dialog.getByRole('button', { name: 'Refund RM 12.50' }).click()

    // Refused, in main's words, with the way to a Supervisor; nothing was sent.
    const refusal = dialog.getByTestId('approval-needed')
    await expect(refusal).toContainText('Needs a Supervisor')
    await expect(dialog.getByRole('button', { name: 'Refund RM 12.50' })).toBeDisabled()
    const state = (await control(harness, '/state')) as { refunds: { invoiceNumber: string }[] }
    expect(state.refunds.filter((refund) => refund.invoiceNumber === invoice)).toHaveLength(0)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-clerk-refused.png` })

    await refusal.getByRole('button', { name: 'Ask a supervisor to approve' }).click()
    const approval = page.getByRole('dialog', { name: 'Supervisor approval' })
    await expect(approval).toContainText('this refund')
    // The Clerk's own PIN approves nothing.
    await approval.getByLabel("Supervisor's login").fill(clerk.login)
    await approval.getByLabel("Supervisor's PIN").fill(clerk.pin)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect(approval.getByRole('alert')).toBeVisible()
    await approval.getByLabel("Supervisor's login").fill(supervisor.login)
    await approval.getByLabel("Supervisor's PIN").fill(supervisor.pin)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-approval.png` })
    await approval.getByRole('button', { name: 'Approve' }).click()

    await expect(approval).toBeHidden()
    await expect(dialog.getByTestId('refund-result')).toBeVisible()
    await expect(dialog.getByTestId('refund-result')).toContainText('RM 12.50')
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(refunds.getByTestId('refund-item')).toContainText('RM 12.50')

    // A Supervisor signs in and reads the audit log: the refund names both.
    await menu.getByRole('button', { name: 'Sign out' }).click()
    await signIn(page, supervisor.login, supervisor.pin)
    await expect(menu).toContainText(supervisor.name)
    await nav(page, 'Audit log').click()
    const log = page.getByRole('table', { name: 'Audit log' })
    const rows = log.getByTestId('audit-row').filter({ hasText: invoice })
    await expect(rows.first()).toBeVisible()
    await expect(log).toContainText(clerk.name)
    await expect(log).toContainText(supervisor.name)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-audit-log.png`, fullPage: true })

    // The order's link opens it.
    await rows.first().getByRole('button', { name: invoice }).click()
    await expect(orderDetail(page).getByRole('heading', { name: invoice })).toBeVisible()
  })
})

test.describe('a Clerk with a waiting link', () => {
  test.use({ harnessOptions: { statusTracker: false, operators: 'clerk' } })

  test('marks it cancelled once a Supervisor approves, in the question itself', async ({ page }) => {
    const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '25.00', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    await createLink(page)
    await nav(page, 'Orders').click()
    await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
    await page.getByTestId('order-row').filter({ hasText: invoice }).click()
    const detail = orderDetail(page)
    await expect(detail.getByTestId('need-note').first()).toContainText('Needs a Supervisor')
    await detail.getByRole('button', { name: 'Mark cancelled' }).click()
    const question = page.getByRole('dialog', { name: `Mark ${invoice} cancelled?` })
    await question.getByRole('button', { name: 'Mark cancelled' }).click()
    await expect(question.getByTestId('approval-needed')).toContainText('Needs a Supervisor')
    await question.getByRole('button', { name: 'Ask a supervisor to approve' }).click()
    const approval = page.getByRole('dialog', { name: 'Supervisor approval' })
    await approval.getByLabel("Supervisor's login").fill(supervisor.login)
    await approval.getByLabel("Supervisor's PIN").fill(supervisor.pin)
    await approval.getByRole('button', { name: 'Approve' }).click()
    await expect(question).toBeHidden()
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Cancelled')
  })
})

test.describe('the idle lock', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 5 } })

  test('hides the order list; the same operator continues where they were; someone else starts afresh', async ({ page }) => {
    // The page's clock, so that five idle minutes pass at once.
    await page.clock.install()
    await page.reload()
    await nav(page, 'Orders').click()
    const table = page.getByRole('table', { name: 'Orders' })
    await expect(table).toBeVisible()

    // An unsent link form, then back to Orders.
    await nav(page, 'Payment link').click()
    const linkForm = page.getByRole('form', { name: 'New payment link' })
    await linkForm.getByLabel('Customer name').fill('Tan Siew Ling')
    await linkForm.getByLabel('Amount (RM)').fill('42.00')
    await nav(page, 'Orders').click()
    await expect(table).toBeVisible()

    await page.clock.fastForward(5 * 60_000 + 1_000)
    const lock = page.getByTestId('lock-screen')
    await expect(lock).toBeVisible()
    await expect(lock).toContainText(admin.name)
    await expect(table).toBeHidden()
    await expect(page.getByTestId('shell')).toBeHidden()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-lock.png` })

    await lock.getByLabel('PIN').fill('000000')
    await lock.getByRole('button', { name: `Continue as ${admin.name}` }).click()
    // Only the PIN was asked for: the answer says the PIN, not "login or PIN".
    await expect(lock.getByRole('alert')).toHaveText('Wrong PIN.')
    await lock.getByLabel('PIN').fill(admin.pin)
    await lock.getByRole('button', { name: `Continue as ${admin.name}` }).click()
    await expect(lock).toBeHidden()
    await expect(table).toBeVisible()
    await nav(page, 'Payment link').click()
    await expect(linkForm.getByLabel('Customer name')).toHaveValue('Tan Siew Ling')
    await expect(linkForm.getByLabel('Amount (RM)')).toHaveValue('42.00')

    // Locked again on the link form itself: it stays, hidden, and comes back as it was.
    await page.clock.fastForward(5 * 60_000 + 1_000)
    await expect(lock).toBeVisible()
    await expect(linkForm).toBeHidden()
    await lock.getByLabel('PIN').fill(admin.pin)
    await lock.getByRole('button', { name: `Continue as ${admin.name}` }).click()
    await expect(linkForm.getByLabel('Customer name')).toHaveValue('Tan Siew Ling')

    // Someone else: the previous operator's unsent form is discarded.
    await page.clock.fastForward(5 * 60_000 + 1_000)
    await lock.getByRole('button', { name: 'Sign in as someone else' }).click()
    await signIn(page, clerk.login, clerk.pin)
    await expect(page.getByTestId('operator-menu')).toContainText(clerk.name)
    await nav(page, 'Payment link').click()
    await expect(linkForm.getByLabel('Customer name')).toHaveValue('')
  })
})

test('an Admin adds an operator, edits one and resets a PIN; errors show at their fields', async ({ page }) => {
  await nav(page, 'Operators').click()
  const list = page.getByRole('table', { name: 'Operators' })
  await expect(list.getByTestId('operator-row')).toHaveCount(3)
  await expect(list).toContainText(supervisor.name)

  const add = page.getByRole('form', { name: 'Add an operator' })
  await add.getByLabel('Name').fill('Farid')
  await add.getByLabel('Login').fill(supervisor.login)
  await add.getByLabel('Role').selectOption({ label: 'Supervisor' })
  await add.getByLabel('First PIN').fill('12345')
  await add.getByRole('button', { name: 'Add operator' }).click()
  await expect(add).toContainText('Use at least 6 digits')
  await add.getByLabel('First PIN').fill('864200')
  await add.getByRole('button', { name: 'Add operator' }).click()
  // The login is taken: main says so at the field, which takes the focus (the button was greyed while adding).
  await expect(add.locator('.field--invalid')).toContainText('Login')
  await expect(add.getByLabel('Login')).toBeFocused()
  await add.getByLabel('Login').fill('farid')
  await add.getByRole('button', { name: 'Add operator' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Farid can now sign in as farid' })).toBeVisible()
  await expect(list.getByTestId('operator-row')).toHaveCount(4)
  // The next operator starts at the name, the form emptied.
  await expect(add.getByLabel('Name')).toBeFocused()
  await expect(add.getByLabel('Name')).toHaveValue('')

  await list.getByRole('button', { name: `Edit ${clerk.name}` }).click()
  const edit = page.getByRole('dialog', { name: `Edit ${clerk.name}` })
  // "Active" is a checkbox beside its word, not stretched across the dialog.
  const active = edit.getByRole('checkbox', { name: 'Active' })
  await expect(active).toBeChecked()
  expect((await active.boundingBox())?.width).toBeLessThan(30)
  await edit.getByLabel('Role').selectOption({ label: 'Supervisor' })
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(list.getByTestId('operator-row').filter({ hasText: clerk.name })).toContainText('Supervisor')

  await list.getByRole('button', { name: 'Reset PIN of Farid' }).click()
  const reset = page.getByRole('dialog', { name: 'Reset the PIN of Farid' })
  await reset.getByLabel('New PIN', { exact: true }).fill('11223344')
  await reset.getByLabel('New PIN again').fill('11223345')
  await reset.getByRole('button', { name: 'Set new PIN' }).click()
  await expect(reset).toContainText('The two PINs differ')
  await reset.getByLabel('New PIN again').fill('11223344')
  await reset.getByRole('button', { name: 'Set new PIN' }).click()
  await expect(reset).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'New PIN set for Farid' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/operators-screen.png`, fullPage: true })
})
