/** Card payments made on the training gateway's page, set up through the bridge for specs that start after them. */
import type { Harness } from '../harness/server'
import { expect } from './fixtures'
import { call, control } from './training-control'

type Customer = { name: string; email: string; phone: string }

async function cardLinkPaid(harness: Harness, invoiceNumber: string, amountSen: number, customer: Customer, card: { number: string; saveCard: boolean }, checkAfterMs: number): Promise<void> {
  const link = await call<{ order: { id: number } }>(harness, 'links.create', {
    kind: 'card',
    channel: '',
    bankCode: '',
    invoiceNumber,
    amountSen,
    descriptor: '',
    autoRedirect: false,
    callbackUrl: 'https://shop.example.my/paid',
    failedUrl: '',
    expiryMinutes: 60,
    customer: { ...customer, address: '', city: '', state: '', zipCode: '', country: 'MY' },
    lineItems: [],
  })
  // Training's listener (on unless the spec turned it off) learns of the payment from the gateway's notification; else a status check does.
  const { running } = await call<{ running: boolean }>(harness, 'listener.status')
  await control(harness, '/pay', { invoice_number: invoiceNumber, card_number: card.number, expiry: '12/39', cvv: '100', ...(card.saveCard ? { save_card: true } : {}) })
  await harness.advanceClock(checkAfterMs)
  if (!running) await call(harness, 'orders.checkStatus', { id: link.order.id })
  await expect.poll(async () => (await call<{ order: { status: string } }>(harness, 'orders.get', { id: link.order.id })).order.status).toBe('PAID')
}

/** Siti paid a card link earlier with "save this card" ticked; its notification (or, the listener off, the status check 60 s later) saved the token. */
export async function cardSavedThroughHostedPage(harness: Harness): Promise<void> {
  await cardLinkPaid(harness, 'INV-LINK-0001', 25_00, { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' }, { number: '5120910000000038', saveCard: true }, 60_000)
}

/** A card link paid on the gateway's page, 61 s ago: Paid here (by its notification, or the listener off, by a status check). */
export async function paidByCard(harness: Harness, invoiceNumber: string, amountSen: number): Promise<void> {
  await cardLinkPaid(harness, invoiceNumber, amountSen, { name: 'Lim Wei Jie', email: 'weijie@example.my', phone: '016-777 8899' }, { number: '4509198934905332', saveCard: false }, 61_000)
}
