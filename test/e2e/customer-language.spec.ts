/**
 * The customer's language (issue 21): staff at an English desk make a link for a customer who reads
 * Bahasa Melayu. The e-mail and WhatsApp messages the buttons hand over, and the gateway's channel
 * page, are in Malay; the screens stay in English. The receipt of a phone order follows the customer
 * too, and saving the customer keeps the choice.
 */
import type { Page } from '@playwright/test'
import { expect, SCREENSHOT_DIR, test } from './fixtures'
import { createLink, fillLinkForm, openLink } from './link-steps'

/** What a share button hands to the system (window.open), caught instead of opening a mail program. */
async function handedOver(page: Page, button: string): Promise<string> {
  await page.evaluate(() => {
    const caught = window as unknown as { opened: string[]; realOpen: typeof window.open }
    caught.opened = []
    caught.realOpen = window.open.bind(window)
    window.open = (url?: string | URL) => {
      caught.opened.push(String(url))
      return null
    }
  })
  await page.getByRole('button', { name: button }).click()
  const opened = await page.evaluate(() => {
    const caught = window as unknown as { opened: string[]; realOpen: typeof window.open }
    window.open = caught.realOpen
    return caught.opened
  })
  expect(opened).toHaveLength(1)
  return decodeURIComponent(opened[0] ?? '')
}

test("a link for a customer who reads Bahasa Melayu: the messages and the gateway's page in Malay, the screens in English", async ({ page, context }) => {
  await fillLinkForm(page, { kind: 'Other channel', channel: "Touch 'n Go eWallet", amount: '128.50', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const form = page.getByRole('form', { name: 'New payment link' })
  const language = form.getByLabel('Customer’s language')
  await expect(language).toHaveValue('')
  await expect(language.locator('option:checked')).toHaveText('The customer’s saved choice, or this desk’s (English)')
  await language.selectOption({ label: 'Bahasa Melayu' })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/customer-language-link-form.png`, fullPage: true })
  await createLink(page)

  const mail = await handedOver(page, 'Send by e-mail')
  expect(mail).toMatch(/^mailto:siti@example\.my\?subject=Bayaran untuk INV-\d{6}&body=Hai Siti,/)
  expect(mail).toContain('Sila bayar RM 128.50 untuk invois')
  expect(mail).toContain('Terima kasih.')
  const chat = await handedOver(page, 'Send by WhatsApp')
  expect(chat).toMatch(/^https:\/\/wa\.me\/60123456789\?text=Hai Siti,\n/)
  // The screen itself stays in the desk's language.
  await expect(page.getByRole('heading', { name: 'Link ready' })).toBeVisible()

  const customerPage = await openLink(page, context)
  await expect(customerPage.getByRole('heading', { name: 'Sahkan pembayaran' })).toBeVisible()
  await expect(customerPage.getByRole('button', { name: 'Luluskan pembayaran' })).toBeVisible()
  await customerPage.close()

  // The next link for her starts from her saved choice: the form leaves it, the messages stay Malay.
  await page.getByRole('button', { name: 'New link' }).click()
  await fillLinkForm(page, { kind: 'Other channel', channel: 'GrabPay', amount: '20', name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  await createLink(page)
  expect(await handedOver(page, 'Send by WhatsApp')).toContain('Sila bayar RM 20.00 untuk invois')
})
