import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { HarnessOptions } from '../harness/server'
import type { OrderView } from '../../src-preload/contract'
import { ordersText } from '../../src-common/count-text'
import { invoiceDigits } from '../../src-main/store/order-search'
import { dayFirst, expect, resizeWindow, SCREENSHOT_DIR, screenshotsAtBothSizes, test as base } from './fixtures'
import { call } from './training-control'

const test = base.extend<{ harnessOptions: HarnessOptions }>({
  harnessOptions: { seedOrders: 400, statusTracker: false },
})

async function someOrders(harness: { backend: { dispatch: (name: string, input: unknown) => Promise<unknown> } }, filters: Record<string, unknown> = {}): Promise<OrderView[]> {
  const result = (await harness.backend.dispatch('orders.search', { ...filters, limit: 50 })) as { ok: true; value: { rows: OrderView[] } }
  return result.value.rows
}

async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(text)
}

const invoicesShown = (page: Page) => page.getByTestId('order-invoice').allTextContents()

test('finds an order by each field of the one search box', async ({ page, harness }) => {
  await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-list.png` })
  const rows = await someOrders(harness, { kinds: ['phone_order'] })
  const order = rows.find((row) => row.cardLast4 && row.customerPhone && row.customerEmail && row.gatewayReferenceId && row.requestId)
  if (!order) throw new Error('the seed has no phone order with every field')

  const probes: [string, string][] = [
    ['invoice prefix', order.invoiceNumber.slice(0, -2)],
    ['customer name', order.customerName],
    ['e-mail', order.customerEmail ?? ''],
    ['phone', order.customerPhone ?? ''],
    ['gateway reference', order.gatewayReferenceId ?? ''],
    ['request id', order.requestId ?? ''],
  ]
  for (const [what, text] of probes) {
    await searchFor(page, text)
    await expect(page.getByTestId('order-invoice').filter({ hasText: order.invoiceNumber }), what).toHaveCount(1)
  }
  // The card's last four digits, narrowed by the customer's name.
  await searchFor(page, `${order.cardLast4 ?? ''} ${order.customerName.split(' ')[0] ?? ''}`)
  await expect(page.getByTestId('order-invoice').filter({ hasText: order.invoiceNumber })).toHaveCount(1)
  await searchFor(page, 'zz-no-such-order-zz')
  await expect(page.getByTestId('orders-count')).toHaveText('No orders match.')
})

test('finds an order by the last digits of its invoice number, read out with or without their zeros', async ({ page, harness }) => {
  const [order] = await someOrders(harness, { kinds: ['phone_order'] })
  if (!order) throw new Error('the seed has no phone order')
  // INV-2026-000397: the customer says "it ends in 397", or reads out 000397.
  const group = order.invoiceNumber.match(/[0-9]+/g)?.at(-1) ?? ''
  const digits = invoiceDigits(order.invoiceNumber)
  expect(group).not.toBe(digits)
  for (const typed of [digits, group, `0${digits}`]) {
    await searchFor(page, typed)
    await expect(page.getByTestId('order-invoice').filter({ hasText: order.invoiceNumber }), typed).toHaveCount(1)
    await expect(page.getByTestId('orders-count')).not.toHaveText('No orders match.')
  }
  // With its zeros, only invoices whose last digits start so are shown (nothing else starts with zeros).
  // Polled: the list first still shows the previous search's rows (`0397` also finds phones 03-97…).
  await searchFor(page, group)
  await expect
    .poll(async () => {
      const shown = await invoicesShown(page)
      return { target: shown.includes(order.invoiceNumber), others: shown.filter((invoice) => !invoiceDigits(invoice).startsWith(digits)) }
    })
    .toEqual({ target: true, others: [] })
  await searchFor(page, digits)
  await expect(page.getByTestId('order-invoice').filter({ hasText: order.invoiceNumber })).toHaveCount(1)
  await screenshotsAtBothSizes(page, 'orders-last-digits')
})

test('takes an amount typed in the search box as the orders of exactly that amount, and says so', async ({ page, harness }) => {
  const [order] = await someOrders(harness, { kinds: ['card_link'] })
  if (!order) throw new Error('the seed has no card link')
  const ringgit = (order.amountSen / 100).toFixed(2)
  const sameAmount = (await someOrders(harness, { amountMinSen: order.amountSen, amountMaxSen: order.amountSen })).map((row) => row.invoiceNumber)
  await searchFor(page, `RM ${ringgit}`)
  await expect(page.getByRole('status').filter({ hasText: 'Orders of exactly RM' })).toHaveText(
    `Orders of exactly RM\u00a0${(order.amountSen / 100).toLocaleString('en-MY', { minimumFractionDigits: 2 })}`,
  )
  await expect.poll(() => invoicesShown(page)).toEqual(sameAmount)
})

test('opens an order with its details and timeline', async ({ page, harness }) => {
  const [order] = await someOrders(harness, { statuses: ['PAID'], kinds: ['card_link'] })
  if (!order) throw new Error('the seed has no paid card link')
  await searchFor(page, order.invoiceNumber)
  await page.getByTestId('order-row').filter({ hasText: order.invoiceNumber }).click()
  const detail = page.getByRole('complementary', { name: 'Order details' })
  await expect(detail.getByRole('heading', { name: order.invoiceNumber })).toBeVisible()
  await expect(detail).toContainText(order.customerName)
  await expect(detail.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible()
  await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-detail.png` })
  await detail.getByRole('button', { name: 'Close the order' }).click()
  await expect(detail).toBeHidden()
})

test('exports exactly the filtered orders as CSV', async ({ page, harness }) => {
  const expected = await someOrders(harness, { statuses: ['FAILED'], kinds: ['phone_order'] })
  expect(expected.length).toBeGreaterThan(0)
  expect(expected.length).toBeLessThan(30)
  await page.getByRole('combobox', { name: 'Status' }).selectOption('FAILED')
  await page.getByRole('combobox', { name: 'Kind' }).selectOption('phone_order')
  await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(expected.length)}, newest first`)
  const shown = await invoicesShown(page)
  expect(shown).toEqual(expected.map((order) => order.invoiceNumber))
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const result = page.getByTestId('export-result')
  await expect(result).toContainText(`Exported ${ordersText(shown.length)}.`)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-export.png` })
  const file = (await result.locator('code').textContent()) ?? ''
  const lines = readFileSync(file, 'utf8').trim().split('\r\n')
  expect(lines[0]).toMatch(/^invoice_number,created_at,kind,channel,status,gateway_status,amount,gateway_amount,currency,/)
  const exported = lines.slice(1).map((line) => line.split(',')[0])
  expect(exported).toEqual(shown)
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/,phone_order,CARD,FAILED,/)
    expect(line).toMatch(/,\d+\.\d{2},(\d+\.\d{2})?,MYR,/) // the amount, and what the gateway says was paid where it differs
    expect(line).toMatch(/^[^,]+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z,/)
  }
})

test('refuses an amount filter that is not an amount, and says why', async ({ page }) => {
  await page.getByRole('textbox', { name: 'Lowest amount (RM)' }).fill('12.345')
  await expect(page.getByRole('alert')).toHaveText('The lowest amount must be in RM with at most two decimals, e.g. 10 or 10.50.')
  await page.getByRole('textbox', { name: 'Lowest amount (RM)' }).fill('100')
  await page.getByRole('textbox', { name: 'Highest amount (RM)' }).fill('50')
  await expect(page.getByRole('alert')).toHaveText('The lowest amount is above the highest.')
  await page.getByRole('textbox', { name: 'Highest amount (RM)' }).fill('200')
  await expect(page.getByRole('alert')).toBeHidden()
  await expect(page.getByTestId('orders-count')).toContainText('newest first')
})

test('reads a date day first, says when it cannot, and offers the calendar and the arrow keys', async ({ page, harness }) => {
  const [order] = await someOrders(harness, { kinds: ['card_link'] })
  if (!order) throw new Error('the seed has no card link')
  // The order's Malaysia day (UTC+8), and the orders of that day as main counts them.
  const day = new Date(Date.parse(order.createdAt) + 8 * 3_600_000).toISOString().slice(0, 10)
  const start = new Date(`${day}T00:00:00+08:00`).toISOString()
  const ofTheDay = await countOf(harness, { createdFrom: start, createdTo: new Date(Date.parse(start) + 86_400_000).toISOString() })
  expect(ofTheDay).toBeLessThan(400)
  const [year, month, date] = day.split('-')
  const from = page.getByRole('textbox', { name: 'Created from' })
  const to = page.getByRole('textbox', { name: 'Created to' })
  await expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy')

  // Typed day first (the 3rd of April is 3/4), searched as soon as the text is a day.
  await from.fill(dayFirst(day))
  await to.fill(`${date ?? ''}-${month ?? ''}-${year ?? ''}`)
  await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(ofTheDay)}, newest first`)
  await expect(page.getByTestId('order-invoice').filter({ hasText: order.invoiceNumber })).toHaveCount(1)
  // Left, a day reads in full, as every date field shows it.
  await from.blur()
  await expect(from).toHaveValue(`${date ?? ''}/${month ?? ''}/${year ?? ''}`)
  await expect(to).toHaveValue(`${date ?? ''}-${month ?? ''}-${year ?? ''}`)
  await to.blur()
  await expect(to).toHaveValue(`${date ?? ''}/${month ?? ''}/${year ?? ''}`)

  // A day the calendar does not have, or a month first (12/31), is said, and the rows of the last search stay.
  for (const typed of ['31/02/2026', '12/31/2026']) {
    await from.fill(typed)
    await from.press('Enter')
    await expect(page.getByRole('alert')).toHaveText('The "from" date is not a day of the calendar: write it day/month/year, for example 31/12/2026.')
    await expect(from).toHaveAttribute('aria-invalid', 'true')
    await expect(from).toHaveValue(typed)
    await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(ofTheDay)}, newest first`)
  }
  await from.fill('')
  await expect(page.getByRole('alert')).toBeHidden()

  // Up and Down move the day by one.
  await to.press('ArrowDown')
  const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  await expect(to).toHaveValue(dayBefore.split('-').reverse().join('/'))
  await to.press('ArrowUp')
  await expect(to).toHaveValue(`${date ?? ''}/${month ?? ''}/${year ?? ''}`)

  // The calendar button opens the browser's own calendar; a day picked there is the field's day.
  await page.evaluate(() => {
    const opened: string[] = []
    Object.assign(window, { calendarsOpened: opened })
    const prototype = HTMLInputElement.prototype
    const showPicker = Object.getOwnPropertyDescriptor(prototype, 'showPicker')?.value as (this: HTMLInputElement) => void
    prototype.showPicker = function (this: HTMLInputElement) {
      opened.push(this.type)
      showPicker.call(this)
    }
  })
  await page.getByRole('button', { name: 'Calendar: Created from' }).click()
  expect(await page.evaluate(() => (window as unknown as { calendarsOpened: string[] }).calendarsOpened)).toEqual(['date'])
  await page.keyboard.press('Escape')
  await page.locator('.date-field__picker').first().fill(day)
  await expect(from).toHaveValue(`${date ?? ''}/${month ?? ''}/${year ?? ''}`)
  await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(ofTheDay)}, newest first`)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-date-filter.png` })
})

async function countOf(harness: { backend: { dispatch: (name: string, input: unknown) => Promise<unknown> } }, filters: Record<string, unknown>): Promise<number> {
  const result = (await harness.backend.dispatch('orders.count', filters)) as { ok: true; value: { total: number } }
  return result.value.total
}

/** Whether focus is inside the element (the drawer, the panel). */
const holdsFocus = (locator: Locator) => locator.evaluate((element) => element.contains(document.activeElement))

test.describe('with an order open', () => {
  test('at 1024×700 it is a drawer over the list: focus on its heading, kept inside, Escape back to the row', async ({ page, harness }) => {
    await resizeWindow(page, { width: 1024, height: 700 })
    const [order] = await someOrders(harness, { statuses: ['PAID'], kinds: ['card_link'] })
    if (!order) throw new Error('the seed has no paid card link')
    await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')

    // Closed, the list is the whole width: status, invoice, amount, customer and the date, and room for rows.
    for (const name of ['Status', 'Invoice', 'Amount', 'Customer', 'Created']) {
      const header = page.getByRole('columnheader', { name, exact: true })
      await expect(header).toBeVisible()
      expect((await header.boundingBox())?.width ?? 0, name).toBeGreaterThan(40)
    }
    const scroll = (await page.getByTestId('orders-scroll').boundingBox())?.height ?? 0
    expect(Math.floor(scroll / 44)).toBeGreaterThanOrEqual(5)
    // The Channel column has no room: each order's channel is under its customer's name (found by QA: it was gone).
    await expect(page.getByRole('columnheader', { name: 'Channel', exact: true })).toBeHidden()
    const orderRow = page.getByTestId('order-row').filter({ hasText: order.invoiceNumber })
    await expect(orderRow.getByRole('cell').nth(3).locator('.orders-table__channel-inline')).toBeVisible()
    await expect(orderRow.getByRole('cell').nth(3)).toContainText(/Card/)
    // The filters wrap in whole groups: a range keeps its two ends on one line.
    const top = async (name: string) => (await page.getByRole('textbox', { name }).boundingBox())?.y ?? -1
    expect(await top('Created from')).toBe(await top('Created to'))
    expect(await top('Lowest amount (RM)')).toBe(await top('Highest amount (RM)'))
    await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-list-1024.png` })

    const row = page.getByTestId('order-row').filter({ hasText: order.invoiceNumber })
    await row.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Order details' })
    await expect(drawer.getByRole('heading', { level: 2, name: order.invoiceNumber })).toBeFocused()
    await expect(drawer.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Order details' })).toHaveCount(0)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-open-1024.png` })

    // Tab and Shift+Tab go round inside the drawer, never to the list or the page behind it.
    const stops = await drawer.locator('button:visible, a[href]:visible, input:visible').count()
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Tab')
      expect(await holdsFocus(drawer), `Tab ${String(i + 1)}`).toBe(true)
    }
    for (let i = 0; i < stops + 2; i += 1) {
      await page.keyboard.press('Shift+Tab')
      expect(await holdsFocus(drawer), `Shift+Tab ${String(i + 1)}`).toBe(true)
    }

    // A dialog opened from the drawer takes Escape first; the drawer stays.
    await drawer.getByRole('button', { name: /^Refund/ }).focus()
    await page.keyboard.press('Enter')
    const refund = page.getByRole('dialog', { name: `Refund ${order.invoiceNumber}` })
    await expect(refund).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(refund).toBeHidden()
    await expect(drawer).toBeVisible()
    expect(await holdsFocus(drawer)).toBe(true)

    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()
    await expect(row).toBeFocused()

    // Again, closed with its Close button from the keyboard (the first stop after the heading).
    await page.keyboard.press('Enter')
    await expect(drawer.getByRole('heading', { level: 2, name: order.invoiceNumber })).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(drawer.getByRole('button', { name: 'Close the order' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(drawer).toBeHidden()
    await expect(row).toBeFocused()
  })

  test('at 1280×800 it is a panel beside the list, which keeps status, invoice, amount and customer and stays usable', async ({ page }) => {
    await resizeWindow(page, { width: 1280, height: 800 })
    await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')
    const rows = page.getByTestId('order-row')
    const first = rows.nth(1)
    const firstInvoice = (await first.getByTestId('order-invoice').textContent()) ?? ''
    await first.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('complementary', { name: 'Order details' })
    await expect(panel.getByRole('heading', { level: 2, name: firstInvoice })).toBeFocused()
    await expect(panel.getByRole('list', { name: 'Timeline' }).getByRole('listitem').first()).toBeVisible()

    for (const name of ['Status', 'Invoice', 'Amount', 'Customer']) {
      const header = page.getByRole('columnheader', { name, exact: true })
      await expect(header).toBeVisible()
      expect((await header.boundingBox())?.width ?? 0, name).toBeGreaterThan(40)
    }
    // Each visible invoice is shown whole, not cut off.
    const invoice = first.getByTestId('order-invoice')
    expect(await invoice.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
    const scroll = (await page.getByTestId('orders-scroll').boundingBox())?.height ?? 0
    expect(Math.floor(scroll / 44)).toBeGreaterThanOrEqual(9)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-open-1280.png` })

    // The list stays usable beside it: another row opens in its place, and focus follows.
    const other = rows.nth(3)
    const otherInvoice = (await other.getByTestId('order-invoice').textContent()) ?? ''
    await other.focus()
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('heading', { level: 2, name: otherInvoice })).toBeFocused()

    // Escape in the panel closes it, and focus goes back to the row it was opened from.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(other).toBeFocused()

    // Escape on a row closes it too.
    await page.keyboard.press('Enter')
    await expect(panel.getByRole('heading', { level: 2, name: otherInvoice })).toBeFocused()
    await first.focus()
    await page.keyboard.press('Escape')
    await expect(panel).toBeHidden()
    await expect(other).toBeFocused()
  })

  test('a row scrolled out of sight gets focus back when its order closes', async ({ page }) => {
    await resizeWindow(page, { width: 1024, height: 700 })
    await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')
    const row = page.getByTestId('order-row').nth(2)
    const invoice = (await row.getByTestId('order-invoice').textContent()) ?? ''
    await row.focus()
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog', { name: 'Order details' })
    await expect(drawer.getByRole('heading', { level: 2, name: invoice })).toBeFocused()
    // The list behind moves on (as a live update or a scroll would) while the drawer is open.
    await page.getByTestId('orders-scroll').evaluate((element) => {
      element.scrollTop = 44 * 150
      element.dispatchEvent(new Event('scroll'))
    })
    await expect(page.getByTestId('order-row').filter({ hasText: invoice })).toHaveCount(0)
    await page.keyboard.press('Escape')
    const back = page.getByTestId('order-row').filter({ hasText: invoice })
    await expect(back).toBeFocused()
    await expect(back).toBeInViewport()
  })
})

test('the rows in view are drawn, at the top, after a scroll and in a taller window', async ({ page }) => {
  await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')
  const scroller = page.getByTestId('orders-scroll')
  /** Every row whose place is within the table's visible height is on the page (the header is row 1). */
  const expectViewFilled = async () => {
    const { top, height } = await scroller.evaluate((element) => ({ top: element.scrollTop, height: element.clientHeight }))
    const firstInView = Math.floor(top / 44)
    const lastInView = Math.min(399, Math.floor((top + height - 1) / 44))
    for (const index of [firstInView, lastInView]) {
      await expect(page.locator(`[data-testid="order-row"][aria-rowindex="${String(index + 2)}"]`)).toBeInViewport()
    }
  }
  await expectViewFilled()
  await scroller.evaluate((element) => {
    element.scrollTop = 44 * 150
    element.dispatchEvent(new Event('scroll'))
  })
  await expectViewFilled()
  await resizeWindow(page, { width: 1280, height: 2000 })
  await expectViewFilled()
})

test('the longest status, Outcome unknown, stays inside its column at each width', async ({ page }) => {
  await expect(page.getByTestId('orders-count')).toHaveText('400 orders, newest first')
  await page.getByRole('combobox', { name: 'Status' }).selectOption('OUTCOME_UNKNOWN')
  const rows = page.getByTestId('order-row')
  await expect(rows.first()).toContainText('Outcome unknown')
  /** Each drawn row's status chip ends inside its own cell, short of the invoice beside it. */
  const expectChipsInCells = async (width: string) => {
    const overflowing = await rows.evaluateAll((all) =>
      all.flatMap((row) => {
        const cell = row.querySelector('[role="cell"]')
        const chip = cell?.querySelector('.chip')
        return cell && chip && chip.getBoundingClientRect().right > cell.getBoundingClientRect().right + 0.5 ? [chip.textContent] : []
      }),
    )
    expect(overflowing, width).toEqual([])
  }
  await expectChipsInCells('1280 px')
  await rows.first().click()
  await expect(page.getByRole('complementary', { name: 'Order details' })).toBeVisible()
  await expectChipsInCells('1280 px, the order open beside the list')
  await page.keyboard.press('Escape')
  await resizeWindow(page, { width: 1024, height: 700 })
  await expectChipsInCells('1024 px')
})

test.describe('the exact count', () => {
  test.use({ harnessOptions: { seedOrders: 1_628, statusTracker: false } })

  test('shows every order counted, in words, and the export writes as many', async ({ page, harness }) => {
    await expect(page.getByTestId('orders-count')).toHaveText('1,628 orders, newest first')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const result = page.getByTestId('export-result')
    await expect(result).toContainText('Exported 1,628 orders.')
    const file = (await result.locator('code').textContent()) ?? ''
    expect(readFileSync(file, 'utf8').trim().split('\r\n')).toHaveLength(1 + 1_628)

    // A filter's count is main's, for exactly these filters: more than a page of them, counted exactly.
    await page.getByRole('combobox', { name: 'Status' }).selectOption('PAID')
    const paid = await countOf(harness, { statuses: ['PAID'] })
    expect(paid).toBeGreaterThan(100)
    await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(paid)}, newest first`)

    // One order is "1 order", and its export "Exported 1 order."
    await page.getByRole('combobox', { name: 'Status' }).selectOption('')
    const [order] = await someOrders(harness, { statuses: ['PAID'] })
    await searchFor(page, order?.invoiceNumber ?? '')
    await expect(page.getByTestId('orders-count')).toHaveText('1 order, newest first')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    await expect(result).toHaveText(/^Exported 1 order\. /)
  })

  test('follows an order made while the list is on show', async ({ page, harness }) => {
    await page.getByRole('combobox', { name: 'Kind' }).selectOption('card_link')
    const before = await countOf(harness, { kinds: ['card_link'] })
    await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(before)}, newest first`)
    await call(harness, 'links.create', {
      kind: 'card',
      channel: '',
      bankCode: '',
      invoiceNumber: 'INV-COUNT-LIVE-1',
      amountSen: 12_50,
      descriptor: '',
      autoRedirect: false,
      callbackUrl: 'https://shop.example.my/paid',
      failedUrl: '',
      expiryMinutes: 60,
      customer: { name: 'Count Live', email: 'count.live@example.my', phone: '', address: '', city: '', state: '', zipCode: '', country: 'MY' },
      lineItems: [],
    })
    await expect(page.getByTestId('order-invoice').filter({ hasText: 'INV-COUNT-LIVE-1' })).toHaveCount(1)
    await expect(page.getByTestId('orders-count')).toHaveText(`${ordersText(before + 1)}, newest first`)
  })
})
