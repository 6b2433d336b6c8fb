/** What staff and the customer do with a payment link, step by step, for the specs that need a link. */
import type { BrowserContext, Locator, Page } from '@playwright/test'
import { expect } from './fixtures'

export interface LinkForm {
  kind: 'Card (hosted page)' | 'Other channel'
  channel?: string
  bank?: string
  items?: { name: string; quantity: string; price: string }[]
  expiresIn?: string
  amount: string
  name: string
  email: string
  phone: string
}

export async function fillLinkForm(page: Page, form: LinkForm): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' }).click()
  const linkForm = page.getByRole('form', { name: 'New payment link' })
  await expect(linkForm).toBeVisible()
  await linkForm.getByRole('radio', { name: new RegExp(form.kind.replace(/[()]/g, '\\$&')) }).click()
  if (form.channel) await linkForm.getByLabel('Channel').selectOption({ label: form.channel })
  if (form.bank) await linkForm.getByLabel("Customer's bank").selectOption({ label: form.bank })
  await linkForm.getByLabel('Amount (RM)').fill(form.amount)
  for (const [index, item] of (form.items ?? []).entries()) {
    if (index > 0) await linkForm.getByRole('button', { name: 'Add item' }).click()
    const n = String(index + 1)
    await linkForm.getByLabel(`Item ${n} name`).fill(item.name)
    await linkForm.getByLabel(`Item ${n} quantity`).fill(item.quantity)
    await linkForm.getByLabel(`Item ${n} price each in RM`).fill(item.price)
  }
  if (form.expiresIn) await linkForm.getByLabel('Expires in').selectOption({ label: form.expiresIn })
  await linkForm.getByLabel('Customer name').fill(form.name)
  await linkForm.getByLabel('E-mail').fill(form.email)
  await linkForm.getByLabel(/^Phone/).fill(form.phone)
  if (form.kind === 'Card (hosted page)') {
    // No auto-redirect: the customer stays on the gateway's result page (there is no shop to go back to here).
    await linkForm.getByLabel('Return address after payment').fill('https://shop.example.my/paid')
    await linkForm.getByLabel(/auto/i).uncheck()
  }
  return (await linkForm.getByLabel('Invoice number').inputValue()).trim()
}

export async function createLink(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Create (card|payment) link$/ }).click()
  await expect(page.getByRole('heading', { name: 'Link ready' })).toBeVisible()
}

/** "Open in browser", as the customer would open the address: a new page in the same browser. */
export async function openLink(page: Page, context: BrowserContext): Promise<Page> {
  const [customerPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Open in browser' }).click()])
  await customerPage.waitForLoadState()
  return customerPage
}

export async function payByCard(customerPage: Page, cardNumber: string): Promise<void> {
  await expect(customerPage.getByRole('heading', { name: 'Pay by card' })).toBeVisible()
  await customerPage.getByLabel('Card number').fill(cardNumber)
  await customerPage.getByLabel('Expiry (MM/YY)').fill('12/39')
  await customerPage.getByLabel('CVV').fill('100')
  await customerPage.getByRole('button', { name: /^Pay / }).click()
}

/** The link form's fields hold these values, each field by its label (`Phone` matches "Phone (optional)" too). */
export async function expectFilled(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await expect(form.getByLabel(label === 'Phone' ? /^Phone/ : label, { exact: true })).toHaveValue(value)
}
