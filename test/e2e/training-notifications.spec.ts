/**
 * A paid Training link shows Paid at once (found by a QA walk as new staff: the link stayed "Waiting
 * for payment" until the status tracker's next check, a minute or more later). Training's notification
 * listener is on from the start, so a newcomer who makes a link, pays it on the training gateway's page
 * and comes back sees "Payment received" without pressing "Check status", in English and in Bahasa
 * Melayu; with Settings' port taken by another program, Training listens on a free port instead and
 * Settings → Notification listener says so. Screenshots at 1280×800 and 1024×700.
 */
import type { Page } from '@playwright/test'
import { once } from 'node:events'
import { createServer, type Server } from 'node:net'
import type { Harness, HarnessOptions } from '../harness/server'
import { expect, screenshotsAtBothSizes, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'
import { control } from './training-control'

async function statusChecksAtGateway(harness: Harness): Promise<number> {
  const { calls } = (await control(harness, '/calls')) as { calls: { operation: string }[] }
  return calls.filter((entry) => entry.operation === 'status').length
}

/** The customer's side: the link's page in a new tab, paid with a card that is approved; back at the shop's (training) return page. */
async function customerPays(page: Page, address: string): Promise<void> {
  const customer = await page.context().newPage()
  await customer.goto(address)
  await expect(customer.getByRole('heading', { name: 'Pay by card' })).toBeVisible()
  await customer.getByLabel('Card number').fill('4509198934905332')
  await customer.getByLabel('Expiry (MM/YY)').fill('12/39')
  await customer.getByLabel('CVV').fill('100')
  await customer.getByRole('button', { name: /^Pay / }).click()
  await expect(customer.getByText('Thank you: your payment went through.')).toBeVisible()
  await customer.close()
}

test.describe('a fresh desk in Training', () => {
  test.use({ harnessOptions: { statusTracker: false, welcome: true } })

  test('a newcomer makes a card link, the customer pays it on the training page, and the app says Paid without “Check status”', async ({ page, harness }) => {
    // The welcome, as a newcomer finds it: the shop's name, then the first thing to do.
    await page.getByRole('form', { name: 'Your shop' }).getByLabel('Shop name').fill('Kedai Siti')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await page.getByRole('button', { name: 'Create a payment link' }).click()
    const form = page.getByRole('form', { name: 'New payment link' })
    await form.getByLabel('Amount (RM)').fill('42.00')
    await form.getByLabel('Customer name').fill('Nurul Huda')
    await form.getByLabel('E-mail').fill('nurul@example.my')
    await page.getByRole('button', { name: 'Create card link' }).click()
    const result = page.getByTestId('link-result')
    await expect(result.getByRole('heading', { name: 'Link ready' })).toBeVisible()
    const address = await result.getByLabel('Payment address').inputValue()

    await customerPays(page, address)

    // Back at the app: the link's screen says so by itself, from the gateway's notification.
    await expect(result.getByRole('heading', { name: 'Payment received' })).toBeVisible()
    expect(await statusChecksAtGateway(harness)).toBe(0)
    await screenshotsAtBothSizes(page, 'training-paid-at-once')

    // Orders says Paid too, and the order's timeline names the notification.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
    const row = page.getByTestId('order-row').first()
    await expect(row).toContainText('Paid')
    await row.click()
    await expect(page.getByRole('complementary', { name: 'Order details' })).toContainText('Notification: Pending → Paid (gateway says SUCCESS)')
    expect(await statusChecksAtGateway(harness)).toBe(0)
  })
})

/** Staff make a card link with Training's defaults (its return pages); the address to give the customer. */
async function cardLink(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const form = page.getByRole('form', { name: 'New payment link' })
  await form.getByLabel('Amount (RM)').fill('42.00')
  await form.getByLabel('Customer name').fill('Nurul Huda')
  await form.getByLabel('E-mail').fill('nurul@example.my')
  await page.getByRole('button', { name: 'Create card link' }).click()
  await expect(page.getByTestId('link-result').getByRole('heading', { name: 'Link ready' })).toBeVisible()
  return page.getByTestId('link-result').getByLabel('Payment address').inputValue()
}

test('in Bahasa Melayu, a link paid on the training page says “Bayaran diterima” by itself', async ({ page, harness }) => {
  const address = await cardLink(page)

  await speakMalay(page)
  await menu(page).getByRole('button', { name: 'Pautan pembayaran' }).click()
  const result = page.getByTestId('link-result')
  await expect(result.getByRole('heading', { name: 'Pautan sedia' })).toBeVisible()
  await customerPays(page, address)
  await expect(result.getByRole('heading', { name: 'Bayaran diterima' })).toBeVisible()
  expect(await statusChecksAtGateway(harness)).toBe(0)
  await shoot(page, 'training-paid-at-once', result)
})

/** Another program on Settings' port (9900) while the spec runs; if one holds it already, it is taken all the same. */
async function takePort(port: number): Promise<Server | null> {
  const server = createServer()
  server.listen(port, '127.0.0.1')
  try {
    await once(server, 'listening')
    return server
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return null
  }
}

const portTaken = test.extend<{ harnessOptions: HarnessOptions }>({
  // Settings' own port, as a desk's (the harness otherwise gives each spec a port of its own), taken first.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; it has none.
  harnessOptions: async ({}, use) => {
    const taken = await takePort(9900)
    await use({ statusTracker: false, listener: 'settings-port' })
    if (taken) await new Promise((resolve) => taken.close(resolve))
  },
})

portTaken('Settings’ port taken by another program: Training listens on a free port, says so in both languages, and a payment still shows at once', async ({ page, harness }) => {
  // Still notified at once: a link paid on the training page is Paid without a status check.
  await customerPays(page, await cardLink(page))
  await expect(page.getByTestId('link-result').getByRole('heading', { name: 'Payment received' })).toBeVisible()
  expect(await statusChecksAtGateway(harness)).toBe(0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  const panel = page.getByRole('region', { name: 'Notification listener' })
  await expect(panel.getByTestId('listener-state')).toHaveText('Running')
  const note = panel.getByTestId('listener-fallback')
  await expect(note).toContainText('Port 9900 on 127.0.0.1 is taken by another program. Training receives the notifications on a free port of this computer instead:')
  await expect(note).toContainText('Nothing to do: the training gateway is told this address by itself, and payments still show at once.')
  const url = (await panel.getByTestId('listener-local-url').textContent()) ?? ''
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/doku\/notifications$/)
  expect(url).not.toContain(':9900/')
  await expect(note).toContainText(url)
  // Training's gateway is on this computer: no word of a reverse proxy.
  await expect(panel).not.toContainText('reverse proxy with HTTPS')
  await expect(panel.getByRole('table', { name: 'Last notifications' })).toContainText('Pending → Paid')
  await note.scrollIntoViewIfNeeded()
  await screenshotsAtBothSizes(page, 'listener-fallback')

  await speakMalay(page)
  const malay = page.getByRole('region', { name: 'Penerima pemberitahuan' }).getByTestId('listener-fallback')
  await expect(malay).toContainText('Port 9900 pada 127.0.0.1 sedang digunakan oleh program lain. Latihan menerima pemberitahuan pada port lain yang bebas di komputer ini:')
  await expect(malay).toContainText('Tiada apa-apa yang perlu dilakukan')
  await shoot(page, 'listener-fallback', malay)
})
