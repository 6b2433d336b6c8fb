/**
 * The home screen and the end-of-day report (issue 20), in real Chromium over the harness: Home is
 * the first screen after sign-in; its figures and chart; a phone order paid through the training
 * gateway moves today's total while the page stays (no reload); Needs attention opens its order; the
 * report prints (print stylesheet, window.print, a PDF from the print path); a Clerk sees Needs
 * attention only.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { dayFirst, expect, screenshotsAtBothSizes, SCREENSHOT_DIR, shownDay, tabTo, test } from './fixtures'
import { menu as malayMenu, shoot, speakMalay } from './in-malay'
import { call, control } from './training-control'
import type { Harness } from '../harness/server'

test.use({ startOn: 'home' })

/** axe-core (WCAG 2.1 A/AA), as accessibility.spec.ts scans the other screens. */
async function expectAccessible(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const found = violations.map((violation) => `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n    ${violation.nodes.map((node) => node.target.join(' ')).join('\n    ')}`)
  expect(found, `axe on ${state}`).toEqual([])
}

async function chargePhoneOrder(harness: Harness, amountSen: number): Promise<string> {
  const customer = await call<{ id: number; externalId: string }>(harness, 'customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '013-222 3344' })
  const { token } = (await control(harness, '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await call<{ id: number }>(harness, 'cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'MASTERCARD' })
  const prepared = await call<{ invoiceNumber: string; descriptor: string }>(harness, 'phoneOrders.prepare')
  const charged = await call<{ outcome: string }>(harness, 'phoneOrders.charge', {
    customerId: customer.id,
    cardId: card.id,
    invoiceNumber: prepared.invoiceNumber,
    amountSen,
    descriptor: prepared.descriptor,
    note: '',
    confirmDuplicate: false,
  })
  expect(charged.outcome).toBe('approved')
  return prepared.invoiceNumber
}

test('a fresh Training desk opens on Home: nothing taken, nothing needs attention', async ({ page }) => {
  const navigation = page.getByRole('navigation', { name: 'Main' })
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(navigation.getByRole('button', { name: 'Home' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByTestId('home-period-today-paid')).toHaveText('RM 0.00' + '0 payments')
  await expect(page.getByTestId('home-period-this-month-net')).toHaveText('RM 0.00')
  await expect(page.getByText('Nothing needs attention now.')).toBeVisible()
  await expect(page.getByTestId('takings-chart').locator('canvas')).toHaveCount(1)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-empty.png`, fullPage: true })
  await expectAccessible(page, 'Home (empty)')
  // Orders is one click away.
  await navigation.getByRole('button', { name: 'Orders', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
})

test('a payment through the training gateway moves today’s total without a reload; a link about to expire needs attention and opens its order', async ({ page, harness }) => {
  await expect(page.getByTestId('home-period-today-paid')).toHaveText('RM 0.00' + '0 payments')
  await harness.waitForEventClients(1)
  // Marks this page: a reload would lose it.
  await page.evaluate(() => {
    ;(window as unknown as { stayed?: boolean }).stayed = true
  })

  const invoice = await chargePhoneOrder(harness, 128_50)
  await expect(page.getByTestId('home-period-today-paid')).toHaveText('RM 128.50' + '1 payment')
  await expect(page.getByTestId('home-period-this-week-net')).toHaveText('RM 128.50')
  await expect(page.getByTestId('home-period-this-month-net')).toHaveText('RM 128.50')
  await page.getByRole('group', { name: 'Chart period' }).getByRole('button', { name: 'Today' }).click()
  await page.getByText('The figures as a table').click()
  await expect(page.getByRole('figure').getByRole('table')).toContainText('RM 128.50')

  const prepared = await call<{ invoiceNumber: string }>(harness, 'links.prepare')
  // An e-wallet link that lives 30 minutes expires within the hour (a card page is listed only in its last quarter hour).
  await call(harness, 'links.create', {
    kind: 'generic',
    channel: 'EWALLET_TNG',
    bankCode: '',
    invoiceNumber: prepared.invoiceNumber,
    amountSen: 45_00,
    descriptor: '',
    autoRedirect: false,
    callbackUrl: '',
    failedUrl: '',
    expiryMinutes: 30,
    customer: { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789', address: '', city: '', state: '', zipCode: '', country: '' },
    lineItems: [],
  })
  const expiring = page.getByTestId('attention-expiring')
  await expect(expiring).toContainText(prepared.invoiceNumber)
  await expect(expiring).toContainText('RM 45.00')
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/home-after-payment.png`, fullPage: true })
  await expectAccessible(page, 'Home with Needs attention')

  await expiring.getByRole('button', { name: new RegExp(`^Open order ${prepared.invoiceNumber}`) }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await expect(page.getByRole('heading', { name: prepared.invoiceNumber })).toBeVisible()
  expect(invoice).not.toBe(prepared.invoiceNumber)
})

test.describe('with a year of orders', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 3000 } })

  test('home shows this desk’s figures and chart; the end-of-day report prints, and its PDF is the report alone', async ({ page, harness }) => {
    await expect(page.getByTestId('home-period-this-month-paid')).not.toHaveText(/^RM\s0\.00/)
    // The chart library draws under the strict CSP: nothing it does is refused.
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { refused: string[] }).refused = seen
      document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
    })
    await page.getByRole('group', { name: 'Chart period' }).getByRole('button', { name: 'This month' }).click()
    await expect(page.getByRole('heading', { name: 'Takings by day' })).toBeVisible()
    await expect(page.getByTestId('takings-chart').locator('canvas')).toHaveCount(1)
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([])
    await page.screenshot({ path: `${SCREENSHOT_DIR}/home-with-data.png`, fullPage: true })
    await expectAccessible(page, 'Home with a year of orders')

    // The shop's name heads the report (Settings, as the welcome asks for it in Training).
    const { settings } = await call<{ settings: Record<string, unknown> }>(harness, 'settings.get')
    await call(harness, 'settings.update', { ...settings, shop: { name: 'Kedai Siti (KL)' } })
    await page.getByRole('button', { name: 'End-of-day report' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'End-of-day report' })).toBeVisible()
    const report = page.getByTestId('report')
    await expect(report).toBeVisible()
    await expect(report).toContainText('Kedai Siti (KL)')
    // A Training report says it is no real money, on screen and (below) on paper.
    await expect(report.getByTestId('report-mark')).toHaveText('TRAINING — not real payments')
    await expect(report).toContainText('the gateway does not report them')
    // A month: the same total as the home screen's this month.
    const monthNet = (await call<{ month: { from: string; to: string; current: { netSen: number } } }>(harness, 'home.figures')).month
    const lastDay = new Date(Date.parse(`${monthNet.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    // Typed day first, as Malaysia writes dates, whatever the computer's locale.
    await page.getByRole('textbox', { name: 'From (Malaysia date)' }).fill(dayFirst(monthNet.from))
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(dayFirst(lastDay))
    await page.getByRole('button', { name: 'Show' }).click()
    const reportTitle = `Report ${await shownDay(page, monthNet.from)} to ${await shownDay(page, lastDay)}`
    await expect(report.getByRole('heading', { level: 2 })).toHaveText(reportTitle)
    const net = (monthNet.current.netSen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    await expect(report.getByTestId('report-totals')).toContainText(`NetRM ${net}`)
    await expect(report.getByRole('table', { name: /By channel/ })).toContainText('FPX online banking')
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report.png`, fullPage: true })
    await expectAccessible(page, 'the end-of-day report')

    // Print: window.print is asked for, and the print stylesheet shows the report alone.
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => {
        ;(window as unknown as { printed: number }).printed += 1
      }
    })
    await page.getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    await expect(report).toBeHidden()
    await expect(page.getByTestId('report-print')).toBeVisible()
    await expect(page.getByTestId('report-print')).toContainText(reportTitle)
    await expect(page.getByTestId('report-print')).toContainText('Kedai Siti (KL)')
    await expect(page.getByTestId('report-print').getByTestId('report-mark')).toHaveText('TRAINING — not real payments')
    await expect(page.getByTestId('report-print').getByTestId('report-mark')).toBeVisible()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/report-print.png`, fullPage: true })
    await page.emulateMedia({ media: 'screen' })
    const pdf = await page.pdf({ format: 'A4' })
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.length).toBeGreaterThan(5_000)

    // CSV where exports go; PDF is the desktop app's (browser mode offers Print instead).
    await expect(page.getByRole('button', { name: 'Save as PDF' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const saved = page.getByTestId('report-saved')
    await expect(saved).toContainText('Written to')
    const file = (await saved.locator('code').textContent()) ?? ''
    expect(readFileSync(file, 'utf8')).toMatch(/^section,key,name,paid_count,paid,refund_count,refunded,void_count,voided,net,currency\r\ntotal,all,/)
    const refused = await (harness.backend.dispatch as (name: string, input: unknown) => Promise<{ ok: boolean; error?: { code: string } }>)('report.savePdf', { from: monthNet.from, to: lastDay })
    expect(refused).toMatchObject({ ok: false, error: { code: 'DESKTOP_ONLY' } })

    // A last day before the first: said in the app's words (not a browser's bubble), and the report
    // of other days is taken away rather than left to be printed under these fields.
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('1/1/2020')
    await page.getByRole('button', { name: 'Show' }).click()
    await expect(page.getByRole('alert')).toHaveText('The "from" date is after the "to" date.')
    await expect(report).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeDisabled()
  })
})

test.describe('as a Clerk', () => {
  test.use({ harnessOptions: { statusTracker: false, operators: 'clerk' } })

  test('Home shows what needs attention, not the takings; no end-of-day report', async ({ page, harness }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'Needs attention' })).toBeVisible()
    await expect(page.getByText('Nothing needs attention now.')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Takings' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'End of day' })).toHaveCount(0)
    const refused = await (harness.backend.dispatch as (name: string, input: unknown) => Promise<{ ok: boolean; error?: { code: string } }>)('home.figures', undefined)
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } })
  })

  test('a quiet Home offers the first things to do, by keyboard, each leading where it says, in both languages', async ({ page }) => {
    const menu = page.getByRole('navigation', { name: 'Main' })
    const start = page.getByRole('region', { name: 'What would you like to do first?' })
    await expect(page.getByText('Nothing needs attention now.')).toBeVisible()
    for (const action of ['Create a payment link', 'Take a phone order', 'Find an order']) await expect(start.getByRole('button', { name: action })).toBeVisible()
    await expect(start.getByRole('button', { name: 'Find an order' })).toHaveAccessibleDescription('Search every link and phone order, see where it stands, check it or refund it.')
    await screenshotsAtBothSizes(page, 'home-clerk-quiet', { fullPage: true })
    await expectAccessible(page, 'Home (a Clerk, quiet)')

    // Each by keyboard from the menu's Home: Tab to the action, Enter; the keyboard lands where work starts.
    const fromHome = async (action: string): Promise<void> => {
      await menu.getByRole('button', { name: 'Home' }).click()
      await expect(start).toBeVisible()
      await tabTo(page, start.getByRole('button', { name: action }), 40)
      await page.keyboard.press('Enter')
    }
    await fromHome('Create a payment link')
    await expect(page.getByRole('form', { name: 'New payment link' }).getByRole('radio', { name: /Card \(hosted page\)/ })).toBeFocused()
    await expect(menu.getByRole('button', { name: 'Payment link' })).toHaveAttribute('aria-current', 'page')
    await fromHome('Take a phone order')
    await expect(page.getByRole('heading', { level: 1, name: 'Phone order' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()
    await fromHome('Find an order')
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()

    // In Bahasa Melayu, the same three.
    await speakMalay(page)
    await malayMenu(page).getByRole('button', { name: 'Laman utama' }).click()
    const mula = page.getByRole('region', { name: 'Apa yang anda mahu buat dahulu?' })
    for (const action of ['Cipta pautan pembayaran', 'Ambil pesanan telefon', 'Cari pesanan']) await expect(mula.getByRole('button', { name: action })).toBeVisible()
    await shoot(page, 'home-clerk-quiet', mula)
    await mula.getByRole('button', { name: 'Ambil pesanan telefon' }).click()
    await expect(page.getByRole('combobox', { name: 'Cari pelanggan' })).toBeFocused()
  })
})

test('Home opened again after another screen draws its chart again', async ({ page }) => {
  const chart = page.getByTestId('takings-chart').locator('canvas').first()
  await expect(chart).toBeVisible()
  const menu = page.getByRole('navigation', { name: 'Main' })
  await menu.getByRole('button', { name: 'Orders' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
  await menu.getByRole('button', { name: 'Home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(chart).toBeVisible()
  await expect(page.getByText('Something went wrong on this screen')).toHaveCount(0)
})
