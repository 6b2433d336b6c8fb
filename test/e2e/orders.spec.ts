import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import type { HarnessOptions } from '../harness/server'
import type { OrderView } from '../../src-preload/contract'
import { expect, SCREENSHOT_DIR, test as base } from './fixtures'

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
  await expect(page.getByTestId('orders-count')).toContainText('orders, newest first')
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
  await expect(page.getByTestId('orders-count')).toHaveText(`${String(expected.length)} order${expected.length === 1 ? '' : 's'}, newest first`)
  const shown = await invoicesShown(page)
  expect(shown).toEqual(expected.map((order) => order.invoiceNumber))
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const result = page.getByTestId('export-result')
  await expect(result).toContainText(`Exported ${String(shown.length)} orders.`)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/orders-export.png` })
  const file = (await result.locator('code').textContent()) ?? ''
  const lines = readFileSync(file, 'utf8').trim().split('\r\n')
  expect(lines[0]).toMatch(/^invoice_number,created_at,kind,channel,status,gateway_status,amount,/)
  const exported = lines.slice(1).map((line) => line.split(',')[0])
  expect(exported).toEqual(shown)
  for (const line of lines.slice(1)) {
    expect(line).toMatch(/,phone_order,CARD,FAILED,/)
    expect(line).toMatch(/,\d+\.\d{2},MYR,/)
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
