/**
 * Status without anyone pressing "Check status", and refunds, end to end in real Chromium:
 * a link paid on the training gateway's page turns Paid through a notification with the listener on
 * (Training's default), and through the status tracker with it off; before settlement the refund dialog offers only the
 * void the gateway will do (by keyboard: focus kept inside, Escape steps back); after it a partial
 * refund whose answer is lost is followed to success by its own status check, and the rest refunded.
 * The app's clock is moved through the harness (started at a chosen time of day where settlement
 * matters), the page's with Playwright's clock.
 */
import type { Locator, Page } from '@playwright/test'
import type { Harness } from '../harness/server'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { paidByCard } from './paid-cards'
import { createLink, fillLinkForm, openLink, payByCard } from './link-steps'
import { call, control } from './training-control'

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

/** Whether the focus is inside `dialog`: Tab must never leave it. */
async function focusInside(dialog: Locator): Promise<boolean> {
  return dialog.evaluate((element) => element.contains(document.activeElement))
}

async function statusChecksAtGateway(harness: Harness): Promise<number> {
  const { calls } = (await control(harness, '/calls')) as { calls: { operation: string }[] }
  return calls.filter((entry) => entry.operation === 'status').length
}

test('with the listener on (Training’s default), a link paid on the gateway page turns Paid through its notification', async ({ page, harness }) => {
  await nav(page, 'Settings').click()
  await expect(page.getByLabel("Receive the gateway's notifications (on by default in Training only)")).toBeChecked()
  await expect(page.getByTestId('listener-state')).toHaveText('Running')

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

  // What the listener did is kept as a message id: a Malay desk reads it in Malay.
  await page.getByRole('region', { name: 'Language' }).getByRole('radio', { name: 'Bahasa Melayu' }).click()
  await expect(page.getByRole('table', { name: 'Pemberitahuan terakhir' })).toContainText(`${invoice}: Menunggu → Dibayar`)
})

test.describe('with the status tracker running', () => {
  test.use({ harnessOptions: { statusTracker: true, listener: false } })

  test('and the listener off, a paid link turns Paid on its own once its check is due', async ({ page, harness }) => {
    const invoice = await paidCardLink(page)
    await openInOrders(page, invoice)
    await expect(page.getByRole('region', { name: 'Status tracker' })).toContainText(/follow/i)
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Pending')
    // 60 s and the tracker's 5-s grace for a card link (its customer may have paid a moment after it was made).
    await harness.advanceClock(66_000)
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

test.describe('before the day’s settlement (noon in Malaysia)', () => {
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' } })

  test('the refund dialog offers only the void of the whole payment; by keyboard, focus stays inside and Escape steps back', async ({ page, harness }) => {
    await paidByCard(harness, 'INV-VOID-0001', 88_00)
    await openInOrders(page, 'INV-VOID-0001')
    await orderDetail(page).getByRole('region', { name: 'Refunds' }).getByRole('button', { name: 'Refund…' }).press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Refund INV-VOID-0001' })
    await expect(dialog.getByTestId('refund-not-settled')).toContainText('Not settled yet: today you can void the full RM 88.00.')
    await expect(dialog.getByTestId('refund-not-settled')).toContainText('The gateway settles card payments at midnight, Malaysia time')
    await expect(dialog.getByTestId('refund-not-settled')).toContainText('from Wed 25 Nov, 00:00 a refund of any part is possible')
    // Nothing to choose: no partial refund the gateway would refuse.
    await expect(dialog.getByRole('radio')).toHaveCount(0)
    const reviewVoid = dialog.getByRole('button', { name: 'Review void' })
    await expect(reviewVoid).toBeFocused()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-before-settlement-1280x800.png` })
    const opener = orderDetail(page).getByRole('region', { name: 'Refunds' }).getByRole('button', { name: 'Refund…' })

    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Tab')
      expect(await focusInside(dialog)).toBe(true)
    }
    for (let i = 0; i < 5; i += 1) {
      await page.keyboard.press('Shift+Tab')
      expect(await focusInside(dialog)).toBe(true)
    }

    // The confirmation; Escape steps back to the form (focus on what opened it), a second Escape closes the dialog.
    await reviewVoid.focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Confirm the void' })).toBeFocused()
    await expect(dialog.getByTestId('confirm-refund')).toContainText('RM 88.00')
    await page.keyboard.press('Escape')
    await expect(dialog.getByTestId('confirm-refund')).toBeHidden()
    await expect(dialog).toBeVisible()
    await expect(reviewVoid).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    // Back on what opened the dialog.
    await expect(opener).toBeFocused()

    // Voided, by keyboard: Enter, Enter, Tab to the void, Enter.
    await page.keyboard.press('Enter')
    await expect(reviewVoid).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Confirm the void' })).toBeFocused()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', { name: 'Void RM 88.00' })).toBeFocused()
    await page.keyboard.press('Enter')
    const result = dialog.getByTestId('refund-result')
    await expect(result.getByRole('heading', { name: 'Payment voided' })).toBeFocused()
    await expect(result).toContainText('The payment is cancelled: the customer is not charged for it.')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
    await expect(refunds.getByTestId('refund-item')).toContainText('Void')
    await expect(refunds.getByTestId('refund-blocked')).toContainText('This payment was voided')
    // What opened the dialog is disabled now (nothing left to refund): the focus goes to its section's heading, not the page's body.
    await expect(opener).toBeDisabled()
    await expect(refunds.getByRole('heading', { name: 'Refunds', exact: true })).toBeFocused()
  })
})

test.describe('before the day’s settlement, on a 1024×700 window', () => {
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' }, viewport: { width: 1024, height: 700 } })

  test('the refund dialog says the same, all of it in view', async ({ page, harness }) => {
    await paidByCard(harness, 'INV-VOID-0002', 88_00)
    await nav(page, 'Orders').click()
    await page.getByRole('searchbox', { name: 'Search orders' }).fill('INV-VOID-0002')
    await page.getByTestId('order-row').filter({ hasText: 'INV-VOID-0002' }).click()
    // On a narrow window the order may be a drawer over the list rather than a panel beside it: found by its name either way.
    await page.locator('[aria-label="Order details"]').getByRole('region', { name: 'Refunds' }).getByRole('button', { name: 'Refund…' }).press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Refund INV-VOID-0002' })
    await expect(dialog.getByTestId('refund-not-settled')).toContainText('Not settled yet: today you can void the full RM 88.00.')
    await expect(dialog.getByRole('button', { name: 'Review void' })).toBeFocused()
    await expect(dialog.getByRole('button', { name: 'Review void' })).toBeInViewport()
    await expect(dialog.getByTestId('refund-not-settled')).toBeInViewport()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-before-settlement-1024x700.png` })
  })
})

test.describe('when Settings put the settlement earlier than the gateway does it', () => {
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' } })

  test('a partial refund the gateway refuses is said in shop words, with its message in sentence case', async ({ page, harness }) => {
    // Settings say 12:01 in Malaysia; the training gateway settles at midnight: the app's guess is wrong.
    const view = await call<{ settings: Record<string, unknown> & { gateway: Record<string, unknown> } }>(harness, 'settings.get')
    await call(harness, 'settings.update', { ...view.settings, gateway: { ...view.settings.gateway, settlementCutOff: '12:01' } })
    await paidByCard(harness, 'INV-EARLY-0001', 88_00)
    await harness.advanceClock(2 * 60_000)
    await openInOrders(page, 'INV-EARLY-0001')
    const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
    await refunds.getByRole('button', { name: 'Refund…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Refund INV-EARLY-0001' })
    await dialog.getByRole('radio', { name: 'Partial refund' }).check()
    await dialog.getByLabel('Amount to refund (RM)').fill('10')
    await dialog.getByRole('button', { name: 'Review refund' }).click()
    await dialog.getByRole('button', { name: 'Refund RM 10.00' }).click()

    const result = dialog.getByTestId('refund-result')
    await expect(result.getByRole('heading', { name: 'The gateway declined the partial refund' })).toBeVisible()
    await expect(result).toContainText('Not settled yet: until the day’s settlement the gateway can only void the whole payment. Nothing was refunded.')
    await expect(result).toContainText('Before settlement only a void of the full amount is possible.')
    await expect(result).not.toContainText('Before Settlement Only')
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-declined-before-settlement.png` })
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    const item = refunds.getByTestId('refund-item')
    await expect(item).toContainText('Partial refund')
    await expect(item).not.toContainText('Void')
    await expect(item).toContainText('Declined')
    await expect(item).toContainText('Before settlement only a void of the full amount is possible.')
    await item.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-declined-item.png` })
    // The gateway's answer outweighs the cut-off set too early: now the dialog offers the void it will do.
    await refunds.getByRole('button', { name: 'Refund…' }).click()
    await expect(dialog.getByTestId('refund-not-settled')).toContainText('Not settled yet: today you can void the full RM 88.00.')
  })
})

test.describe('a refund made elsewhere (noon in Malaysia)', () => {
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' } })

  test('registered by its request id alone, its amount is said as not known yet, and what is left as at most; an id the gateway does not know reads "Not confirmed"', async ({ page, harness }) => {
    await page.clock.install()
    await page.reload()
    await paidByCard(harness, 'INV-ELSE-0001', 88_00)
    await openInOrders(page, 'INV-ELSE-0001')
    const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
    await refunds.getByRole('button', { name: 'Register a refund made elsewhere' }).click()
    await refunds.getByLabel('Refund request id').fill('BACKOFFICE-REF-77')
    await refunds.getByRole('button', { name: 'Register refund' }).click()
    await expect(refunds.getByRole('status')).toContainText('Registered BACKOFFICE-REF-77')

    // Not "Pending RM 0.00" beside a refund waiting for the gateway: its amount is not known yet.
    const summary = (label: string) => refunds.getByRole('term').filter({ hasText: label }).locator('xpath=following-sibling::dd')
    await expect(summary('Pending')).toHaveText('Amount not known yet')
    await expect(summary('Left to refund')).toHaveText('at most RM 88.00')
    await expect(refunds.getByTestId('refund-item')).toContainText('amount not known yet')
    // Nothing more is refunded until the gateway tells that amount: only its cap would stop too much.
    await expect(refunds.getByRole('button', { name: 'Refund…' })).toBeDisabled()
    await expect(refunds.getByTestId('refund-blocked')).toHaveText(
      'The amount of refund BACKOFFICE-REF-77, registered from elsewhere, is not known yet: nothing more can be refunded on this order until its status check tells it.',
    )
    await refunds.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-registered-unknown-amount.png` })

    // The gateway knows no refund of that id (a typo, say): not "Declined … nothing was refunded",
    // which would invite a second refund, but not confirmed, and why.
    await harness.advanceClock(61_000)
    await page.clock.fastForward(61_000)
    await refunds.getByRole('button', { name: 'Check refund status', exact: true }).click()
    const item = refunds.getByTestId('refund-item')
    await expect(item).toContainText('Not confirmed')
    await expect(item).toContainText('The gateway did not confirm this as a refund of this payment')
    await expect(item).not.toContainText('Declined')
    await expect(item).not.toContainText('nothing was refunded')
    await expect(summary('Left to refund')).toHaveText('RM 88.00')
    await expect(refunds.getByRole('button', { name: 'Refund…' })).toBeEnabled()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/refund-registered-not-confirmed.png` })
  })
})

test.describe('after the day’s settlement (a payment just before midnight in Malaysia)', () => {
  // 23:57 in Malaysia: the payment is made before the cut-off, and the clock is then moved past it.
  // The refund's unknown outcome is settled by its own status check: no notification of the training gateway settles it first.
  test.use({ harnessOptions: { statusTracker: false, listener: false, clockStartsAt: '2026-11-24T15:57:00.000Z' } })

  test('a partial refund whose answer is lost is followed to success by its status check; the rest is refunded', async ({ page, harness }) => {
    const invoice = 'INV-PART-0001'
    await paidByCard(harness, invoice, 88_00)
    // Past midnight in Malaysia (by less than the idle lock): settled, at the gateway and here.
    await harness.advanceClock(3 * 60_000)
    await page.clock.install()
    await openInOrders(page, invoice)
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toContainText('Paid')

    const refunds = orderDetail(page).getByRole('region', { name: 'Refunds' })
    await refunds.getByRole('button', { name: 'Refund…' }).click()
    const dialog = page.getByRole('dialog', { name: `Refund ${invoice}` })
    await expect(dialog.getByTestId('refund-not-settled')).toHaveCount(0)
    await expect(dialog.getByRole('radio', { name: 'Void' })).toHaveCount(0)
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

    // The rest: a full refund of what is left, titled as staff asked it (the gateway calls it a partial refund).
    await refunds.getByRole('button', { name: 'Refund…' }).click()
    await dialog.getByRole('radio', { name: 'Refund the rest' }).check()
    await dialog.getByRole('button', { name: 'Review refund' }).click()
    await dialog.getByRole('button', { name: 'Refund RM 75.50' }).click()
    await expect(result.getByRole('heading', { name: 'Refund of the rest approved' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()
    await expect(refunds.getByTestId('refund-item').filter({ hasText: 'RM 75.50' })).toContainText('Refund of the rest')
  })
})
