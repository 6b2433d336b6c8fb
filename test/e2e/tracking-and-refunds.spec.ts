/**
 * Status without anyone pressing "Check status", and refunds, end to end in real Chromium:
 * a link paid on the training gateway's page turns Paid through a notification with the listener on,
 * and through the status tracker with it off; a partial refund whose answer is lost is followed to
 * success by its own status check. The app's clock is moved through the harness, the page's with
 * Playwright's clock.
 */
import type { Page } from '@playwright/test'
import type { Harness } from '../harness/server'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { createLink, fillLinkForm, openLink, payByCard } from './link-steps'
import { call, control } from './training-control'
import { freePort } from '../support/free-port'

const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name })
const orderDetail = (page: Page) => page.getByRole('complementary', { name: 'Order details' })

/** Staff make a card link and the customer pays it on the gateway's page; returns the invoice number. */
async function paidCardLink(page: Page): Promise<string> {
  const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '88.00', name: 'Lim Wei Jie', email: 'weijie@example.my', phone: '016-777 8899' })
  await createLink(page)
  const customerPage = await openLink(page, page.context())
  await payByCard(customerPage, '4509198934905332')
  await expect(customerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
  await customerPage.close()
  return invoice
}

async function openInOrders(page: Page, invoice: string): Promise<void> {
  await nav(page, 'Orders').click()
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(invoice)
  await page.getByTestId('order-row').filter({ hasText: invoice }).click()
  await expect(orderDetail(page).getByRole('heading', { name: invoice })).toBeVisible()
}

async function statusChecksAtGateway(harness: Harness): Promise<number> {
  const { calls } = (await control(harness, '/calls')) as { calls: { operation: string }[] }
  return calls.filter((entry) => entry.operation === 'status').length
}

test('with the listener on, a link paid on the gateway page turns Paid through its notification', async ({ page, harness }) => {
  await nav(page, 'Settings').click()
  await page.getByLabel("Receive the gateway's notifications (off by default)").check()
  await page.locator('form[aria-labelledby="general-heading"]').getByLabel('Port').fill(String(await freePort()))
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByTestId('listener-state')).toContainText(/running|listening/i)

  const invoice = await paidCardLink(page)
  await openInOrders(page, invoice)
  await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Paid')
  await expect(orderDetail(page)).toContainText('Notification: Pending → Paid (gateway says SUCCESS)')
  // Nobody asked the gateway: the notification told the app.
  expect(await statusChecksAtGateway(harness)).toBe(0)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/paid-by-notification.png`, fullPage: true })

  await nav(page, 'Settings').click()
  const received = page.getByRole('table', { name: 'Last notifications' })
  await expect(received).toContainText(invoice)
  await expect(received).toContainText(`${invoice}: Pending → Paid`)
  await received.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/listener-panel.png` })
})

test.describe('with the status tracker running', () => {
  test.use({ harnessOptions: { statusTracker: true } })

  test('and the listener off, a paid link turns Paid on its own once its check is due', async ({ page, harness }) => {
    const invoice = await paidCardLink(page)
    await openInOrders(page, invoice)
    await expect(page.getByRole('region', { name: 'Status tracker' })).toContainText(/follow/i)
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Pending')
    await harness.advanceClock(61_000)
    // No click: the tracker asks, and the screens follow main's event.
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Paid', { timeout: 15_000 })
    await expect(orderDetail(page)).toContainText('Status check: Pending → Paid (gateway says SUCCESS)')
    // Nothing is left to follow, and the tracker's line says so.
    await expect(page.getByTestId('tracker-line')).not.toContainText('following 1')
    expect(await statusChecksAtGateway(harness)).toBe(1)
    const { early_status_checks: early } = (await control(harness, '/early-status-checks')) as { early_status_checks: unknown[] }
    expect(early).toEqual([])
    await page.screenshot({ path: `${SCREENSHOT_DIR}/paid-by-tracker.png`, fullPage: true })
  })
})

test('a partial refund whose answer is lost is followed to success by its status check', async ({ page, harness }) => {
  const invoice = await paidCardLink(page)
  await control(harness, '/settle', { invoice_number: invoice })
  await harness.advanceClock(61_000)
  const [order] = (await call<{ rows: { id: number }[] }>(harness, 'orders.search', { text: invoice, limit: 1 })).rows
  await call(harness, 'orders.checkStatus', { id: order?.id })
  await page.clock.install()
  await openInOrders(page, invoice)
  await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Paid')

  const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
  await refunds.getByRole('button', { name: 'Refund…' }).click()
  const dialog = page.getByRole('dialog', { name: `Refund ${invoice}` })
  await dialog.getByRole('radio', { name: 'Partial refund' }).check()
  await dialog.getByLabel('Amount to refund (RM)').fill('100')
  await dialog.getByRole('button', { name: 'Review refund' }).click()
  await expect(dialog).toContainText('At most RM 88.00 is left to refund')
  await dialog.getByLabel('Amount to refund (RM)').fill('12.50')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-form.png` })
  await dialog.getByRole('button', { name: 'Review refund' }).click()
  await expect(dialog.getByTestId('confirm-refund')).toContainText(invoice)

  // The gateway refunds, and its answer is lost.
  await control(harness, '/faults', { operation: 'refund', kind: 'error500', phase: 'after', count: 1 })
  await dialog.getByRole('button', { name: 'Refund RM 12.50' }).click()
  const result = dialog.getByTestId('refund-result')
  await expect(result).toHaveAttribute('data-view', 'unknown')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-unknown.png` })
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  await expect(refunds.getByTestId('refund-blocked')).toContainText('is unknown')
  const item = refunds.getByTestId('refund-item')
  await expect(item).toContainText('RM 12.50')
  await expect(refunds.getByRole('button', { name: /^Check refund status in/ })).toBeDisabled()

  await harness.advanceClock(61_000)
  await page.clock.fastForward(61_000)
  await refunds.getByRole('button', { name: 'Check refund status', exact: true }).click()
  await expect(item).toContainText('Approved')
  await expect(refunds).toContainText('RM 75.50')
  await expect(refunds.getByRole('button', { name: 'Refund…' })).toBeEnabled()
  await expect(orderDetail(page)).toContainText('Refund status check: Partial refund of RM 12.50')
  const state = (await control(harness, '/state')) as { refunds: { invoiceNumber: string }[] }
  expect(state.refunds.filter((refund) => refund.invoiceNumber === invoice)).toHaveLength(1)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-settled.png`, fullPage: true })
})
