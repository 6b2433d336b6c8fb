/**
 * The merchant on the customer pages (issue 19: "Merchant: Merchant"): the training gateway's merchant
 * name when it has one (the app's Training gives its shop name, asked for each page), else the
 * descriptor the order was sent with, else no merchant row; and the return pages that stand in for a
 * shop's own website.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { RETURN_PAGE_PATHS, returnPageUrls } from '../../src-main/simulator'
import { cardPost, newInvoice, paymentPageBody, start } from './helpers'

let named: Simulator
let unnamed: Simulator
let shopName = 'Kedai Siti'
beforeAll(async () => {
  named = await start({ merchantName: () => shopName })
  unnamed = await start()
})
afterAll(async () => {
  await named.close()
  await unnamed.close()
})

async function pageOf(sim: Simulator, descriptor: string | null): Promise<string> {
  const body = paymentPageBody(newInvoice()) as { order: Record<string, unknown> }
  if (descriptor === null) delete body.order['descriptor']
  else body.order['descriptor'] = descriptor
  const created = await cardPost(sim, '/credit-card/v1/payment-page', body)
  const url = (created.json()['credit_card_payment_page'] as { url: string }).url
  return (await fetch(url)).text()
}

describe('the merchant on the hosted card page', () => {
  it("is the gateway's merchant name, with the descriptor as the statement text; the name is read for each page", async () => {
    const html = await pageOf(named, 'KEDAI SITI KL')
    expect(html).toContain('<dt>Merchant</dt><dd>Kedai Siti</dd>')
    expect(html).toContain('<dt>On your card statement</dt><dd>KEDAI SITI KL</dd>')
    shopName = 'Kedai Siti & Anak <KL>'
    expect(await pageOf(named, null)).toContain('<dt>Merchant</dt><dd>Kedai Siti &amp; Anak &lt;KL&gt;</dd>')
    shopName = 'Kedai Siti'
  })

  it('is the descriptor without a merchant name, and not shown at all without either', async () => {
    expect(await pageOf(unnamed, 'KEDAI ALI')).toContain('<dt>Merchant</dt><dd>KEDAI ALI</dd>')
    const bare = await pageOf(unnamed, null)
    expect(bare).not.toContain('<dt>Merchant</dt>')
    expect(bare).not.toContain('On your card statement')
  })
})

describe('the return pages', () => {
  it('stand in for the shop’s own pages after paying and after a failure, naming the shop', async () => {
    expect(returnPageUrls(named.baseUrl)).toEqual({ paid: `${named.baseUrl}${RETURN_PAGE_PATHS.paid}`, failed: `${named.baseUrl}${RETURN_PAGE_PATHS.failed}` })
    const paid = await fetch(returnPageUrls(named.baseUrl).paid)
    expect(paid.status).toBe(200)
    const paidHtml = await paid.text()
    expect(paidHtml).toContain('<h1>Back at Kedai Siti</h1>')
    expect(paidHtml).toContain('your payment went through')
    expect(await (await fetch(returnPageUrls(named.baseUrl).failed)).text()).toContain('did not go through')
    expect(await (await fetch(returnPageUrls(unnamed.baseUrl).paid)).text()).toContain('<h1>Back at the shop</h1>')
    expect((await fetch(`${named.baseUrl}/return/elsewhere`)).status).toBe(404)
    expect((await fetch(returnPageUrls(named.baseUrl).paid, { method: 'POST' })).status).toBe(405)
  })
})
