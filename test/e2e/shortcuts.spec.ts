import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createLink, fillLinkForm } from './link-steps'
import { expect, SCREENSHOT_DIR, test } from './fixtures'

/** axe-core (WCAG 2.1 A and AA) finds nothing on the page as it is now. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    `axe on ${state}`,
  ).toEqual([])
}

/** The keyboard shortcuts (src-common/shortcuts.ts) in the browser harness, and the help panels. */
test('the shortcuts move staff around by keyboard, and keep out of typing', async ({ page }) => {
  const navigation = page.getByRole('navigation', { name: 'Main' })
  await expect(page.getByTestId('shell')).toBeVisible()

  await page.keyboard.press('Control+Shift+L')
  await expect(navigation.getByRole('button', { name: 'Payment link' })).toHaveAttribute('aria-current', 'page')
  // The keyboard is in the new screen (the screen puts it where it needs input first).
  await expect(page.locator('main.content :focus')).toHaveCount(1)

  // In a text field, F types an F.
  const invoice = page.getByLabel('Invoice number')
  await invoice.click()
  await page.keyboard.press('End')
  await page.keyboard.type('F')
  await expect(invoice).toHaveValue(/F$/)
  await expect(navigation.getByRole('button', { name: 'Payment link' })).toHaveAttribute('aria-current', 'page')

  // Ctrl+K works from a text field too: Orders, with its search focused.
  await page.keyboard.press('Control+K')
  await expect(navigation.getByRole('button', { name: 'Orders' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()

  await page.keyboard.press('Control+Shift+P')
  await expect(navigation.getByRole('button', { name: 'Phone order' })).toHaveAttribute('aria-current', 'page')
  // A new phone order starts at "Find customer".
  await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()

  // F alone, outside a text field: the search.
  await page.getByRole('heading', { level: 1, name: 'Phone order' }).click()
  await page.locator('body').focus()
  await page.keyboard.press('f')
  await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()
})

test.describe('on an open order', () => {
  // The app's clock is the harness's: a check is due 60 seconds after the link was made.
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' } })

  test('Check status and Escape act on the open order', async ({ page, harness }) => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
    const invoice = await fillLinkForm(page, { kind: 'Card (hosted page)', amount: '12.00', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    await createLink(page)
    await harness.advanceClock(61_000)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders' }).click()
    await page.getByTestId('order-row').filter({ hasText: invoice }).click()
    const panel = page.locator('.order-detail')
    await expect(panel).toBeVisible()
    const check = panel.locator('.status-check button').first()
    await expect(check).toBeVisible()
    await expect(check).toBeEnabled()
    await page.keyboard.press('Control+Shift+S')
    // The check ran: the button waits again (a check is not due twice in a row).
    await expect(check).toBeDisabled()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/shortcuts-check-status.png` })
    await panel.getByRole('heading', { level: 2 }).focus()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
  })
})

test('the Keyboard shortcuts and About panels show', async ({ page, harness }) => {
  await expect(page.getByTestId('shell')).toBeVisible()
  await page.keyboard.press('Control+/')
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(shortcuts).toBeVisible()
  await expect(shortcuts).toContainText('New payment link')
  await expect(shortcuts).toContainText('Ctrl+Shift+L')
  await expect(shortcuts).toContainText('Ctrl+K')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/shortcuts-panel.png` })
  await expectAccessible(page, 'the Keyboard shortcuts panel')
  await page.keyboard.press('Escape')
  await expect(shortcuts).toBeHidden()

  await page.getByRole('button', { name: 'About' }).click()
  const about = page.getByRole('dialog', { name: 'About Merchant Back Office' })
  await expect(about).toBeVisible()
  await expect(about.getByTestId('about-version')).toHaveText(/^\d+\.\d+\.\d+/)
  await expect(about).toContainText(/SQLite\s*\d+\.\d+/)
  await expect(about.getByRole('textbox', { name: /Data folder/ })).toHaveValue(harness.dataDir)
  await expect(about).toContainText('Browser mode cannot open a folder')
  // The licence notices the build wrote (out/renderer/licences.json).
  await about.getByText(/Licences of the software inside \(\d+ packages\)/).click()
  await expect(about.getByTestId('about-licences')).toContainText('better-sqlite3')
  await expect(about.getByTestId('about-licences')).toContainText('MIT')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/about-panel.png` })
  await expectAccessible(page, 'the About panel with its licences open')
})

test('a menu item reaches the page as the app.shortcut event', async ({ page, harness }) => {
  await expect(page.getByTestId('shell')).toBeVisible()
  await harness.waitForEventClients(1)
  // What the desktop app's Help › Keyboard shortcuts and View › Close panel send.
  harness.backend.events.emit('app.shortcut', { action: 'show-shortcuts' })
  const shortcuts = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(shortcuts).toBeVisible()
  harness.backend.events.emit('app.shortcut', { action: 'close-panel' })
  await expect(shortcuts).toBeHidden()
  harness.backend.events.emit('app.shortcut', { action: 'new-phone-order' })
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Phone order' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
})
