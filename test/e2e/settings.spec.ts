import { startSimulator } from '../../src-main/simulator'
import type { HarnessOptions } from '../harness/server'
import { expect, SCREENSHOT_DIR, test as base } from './fixtures'

/** Sandbox points at a training gateway that knows other credentials than the ones typed here. */
const test = base.extend<{ harnessOptions: HarnessOptions }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  harnessOptions: async ({}, use) => {
    const gateway = await startSimulator({ clientId: 'BRN-REAL-SANDBOX', secretKey: 'SK-the-real-one-000000', apiKey: 'doku_key_real' })
    await use({ gatewayUrls: { sandbox: gateway.baseUrl }, statusTracker: false })
    await gateway.close()
  },
})

test.beforeEach(async ({ page }) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
})

test('a fresh start is in Training, with the banner, and its training gateway answers', async ({ page }) => {
  await expect(page.getByTestId('environment-banner')).toHaveText('Training · no real money · payments go to the built-in training gateway')
  await expect(page.getByRole('radio', { name: /Training/ })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('gateway-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+$/)
  await page.getByRole('button', { name: 'Test training connection' }).click()
  const results = page.getByTestId('connection-results')
  await expect(results).toContainText('Card operations (card signature): Connected')
  await expect(results).toContainText('Other channels (API key and signature): Connected')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-training.png`, fullPage: true })
})

test('Sandbox credentials show "set" once saved, and a gateway with other credentials is an auth failure', async ({ page }) => {
  const form = page.getByRole('form', { name: 'sandbox credentials' })
  await expect(form.getByText('Not set')).toHaveCount(2)
  await form.getByLabel('Client ID').fill('BRN-0001-TEST')
  await form.getByLabel('Secret Key', { exact: true }).fill('SK-typed-by-staff-123456')
  await form.getByLabel('API Key', { exact: true }).fill('doku_key_typed')
  await form.getByRole('button', { name: 'Save credentials' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved')
  await expect(form.getByText('Set', { exact: true })).toHaveCount(2)
  // Write-only: nothing typed stays in the page.
  await expect(form.getByLabel('Secret Key', { exact: true })).toHaveValue('')
  await expect(form.getByLabel('API Key', { exact: true })).toHaveValue('')
  await expect(page.locator('body')).not.toContainText('SK-typed-by-staff-123456')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-sandbox-credentials-set.png`, fullPage: true })

  await form.getByRole('button', { name: 'Test connection' }).click()
  const results = form.getByTestId('connection-results')
  await expect(results).toContainText('Card operations (card signature): Authentication failed (HTTP 401)')
  await expect(results).toContainText('Other channels (API key and signature): Authentication failed (HTTP 401)')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-sandbox-auth-failed.png`, fullPage: true })

  await form.getByRole('button', { name: 'Remove the Secret Key' }).click()
  await expect(form.getByText('Not set')).toHaveCount(1)
})

test('switching to Production asks first, and Cancel keeps the environment', async ({ page }) => {
  const banner = page.getByTestId('environment-banner')
  await page.getByRole('radio', { name: /Production/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Switch to Production?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('real money')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-production-confirm.png` })
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(banner).toContainText('Training')

  await page.getByRole('radio', { name: /Production/ }).click()
  await dialog.getByRole('button', { name: 'Switch to Production' }).click()
  await expect(banner).toHaveText('Production · real payments')
  await expect(page.getByRole('radio', { name: /Production/ })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('gateway-url')).toHaveText('https://api.doku.com')
  await expect(page.getByRole('heading', { name: 'Production settings' })).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-production.png`, fullPage: true })
})

test('a bad setting is refused next to its field, and a good one is kept', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Training settings' })
  await form.getByLabel('Links expire after (minutes)').fill('2')
  await form.getByLabel('Return address after payment').fill('ftp://shop.example/ok')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('alert')).toHaveText(/^Must be a web address starting with https:\/\//)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/settings-invalid.png`, fullPage: true })
  await form.getByLabel('Return address after payment').fill('https://shop.example.my/thanks')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('alert')).toHaveText('Must be at least 5 minutes')
  await form.getByLabel('Links expire after (minutes)').fill('120')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved')
  await page.reload()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('form', { name: 'Training settings' }).getByLabel('Links expire after (minutes)')).toHaveValue('120')
})

test("the daily settlement is a 24-hour time as its hint says, whatever the computer's clock", async ({ page }) => {
  const form = page.getByRole('form', { name: 'Training settings' })
  const settlement = form.getByRole('textbox', { name: 'Daily settlement at (Malaysia time)' })
  await expect(settlement).toHaveValue('00:00')
  await settlement.fill('25:00')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('alert')).toHaveText('Must be a time of day as HH:MM, e.g. 00:00')
  // An hour of one digit is read as the time it is.
  await settlement.fill('9:30')
  await settlement.blur()
  await expect(settlement).toHaveValue('09:30')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved')
})

test('a default descriptor that card statements cannot print is refused at its field, as typed', async ({ page }) => {
  const form = page.getByRole('form', { name: 'Training settings' })
  const descriptor = form.getByLabel('Card statement descriptor')
  await descriptor.fill('Kedai 🎉')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('alert')).toHaveText('Card statements cannot print “🎉”: use letters A–Z, digits, spaces and . , - & / *')
  await expect(descriptor).toBeFocused()
  await expect(descriptor).toHaveValue('Kedai 🎉')
  await descriptor.fill('Batik & Co.')
  await form.getByRole('button', { name: 'Save settings' }).click()
  await expect(form.getByRole('status')).toHaveText('Saved')
})
