import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Simulator } from '../../src-main/simulator'
import { advance, cardPost, newInvoice, paymentPageBody, start, startReceiver, statusOf } from './helpers'

let sim: Simulator
let receiver: Awaited<ReturnType<typeof startReceiver>>
beforeAll(async () => {
  receiver = await startReceiver()
  sim = await start({ notifyUrl: receiver.url })
})
afterAll(async () => {
  await sim.close()
  await receiver.close()
})

async function openPage(options: Parameters<typeof paymentPageBody>[1] = {}): Promise<{ invoice: string; url: string; requestId: string }> {
  const invoice = newInvoice()
  const created = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice, options))
  const url = (created.json()['credit_card_payment_page'] as { url: string }).url
  return { invoice, url, requestId: created.requestId }
}

const get = (url: string) => fetch(url, { redirect: 'manual' })
const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() })
const location = (response: Response): string => new URL(response.headers.get('Location') ?? '', response.url).toString()

const card = (number: string, extra: Record<string, string> = {}) => ({ card_number: number, expiry: '12/39', cvv: '100', ...extra })

describe('the hosted card payment page', () => {
  it('is a labelled HTML form with the order on it, and no secret in it', async () => {
    const { url, invoice } = await openPage()
    const response = await get(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toMatch(/^text\/html/)
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'")
    const html = await response.text()
    for (const label of ['<label for="card_number">Card number</label>', '<label for="expiry">Expiry (MM/YY)</label>', '<label for="cvv">CVV</label>']) {
      expect(html).toContain(label)
    }
    expect(html).toContain('Save this card for future payments')
    expect(html).toContain(invoice)
    expect(html).toContain('MYR 150.25')
    expect(html).not.toContain('SK-test')
    expect(html).not.toContain('doku_key')
  })

  it('refuses a tampered link', async () => {
    const { url } = await openPage()
    const tampered = new URL(url)
    tampered.searchParams.set('invoice_number', 'INV-SOMEONE-ELSE')
    expect((await get(tampered.toString())).status).toBe(403)
    expect((await post(tampered.toString(), card('5120910000000012'))).status).toBe(403)
  })

  it.each([
    [{ card_number: '4111111111111111' }, 'card_number', 'only the sandbox test cards'],
    [{ card_number: '12' }, 'card_number', '12 to 19 digits'],
    [{ expiry: '01/20' }, 'expiry', 'future expiry'],
    [{ expiry: '13/39' }, 'expiry', 'future expiry'],
    [{ cvv: '1' }, 'cvv', '3-digit'],
  ])('shows the form again for a bad entry %#, marking the field', async (change, field, message) => {
    const { url, invoice } = await openPage()
    const response = await post(url, { ...card('5120910000000012'), ...change })
    expect(response.status).toBe(422)
    const html = await response.text()
    expect(html).toContain('role="alert"')
    expect(html).toContain(message)
    expect(html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`))
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'PENDING' } })
  })

  it('approves a frictionless card, saves it, shows the result, and then that token can be charged', async () => {
    const { url, invoice, requestId } = await openPage()
    const paid = await post(url, card('5120910000000012', { save_card: '1' }))
    expect(paid.status).toBe(303)
    const result = await get(location(paid))
    const html = await result.text()
    expect(html).toContain('Payment successful')
    expect(html).toContain('512091******0012')
    expect(html).toContain('href="https://merchant.example/paid"')

    const notification = JSON.parse((await receiver.next()).body) as { card: { token: string }; transaction: { original_request_id: string } }
    const token = notification.card.token
    expect(token).toMatch(/^[0-9a-f]{32}$/)
    expect(notification.transaction.original_request_id).toBe(requestId)

    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'SUCCESS' }, card_payment: { token_id: token } })

    const charge = await cardPost(sim, '/credit-card/charge', { order: { amount: 42 }, payment: { type: 'MOTO' }, card: { token } })
    expect(charge.status).toBe(200)
    expect(charge.json()).toMatchObject({
      payment: { status: 'SUCCES', type: 'MOTO' },
      card: { token, masked: '512091******0012' },
      customer: { id: 'CUST-1', name: 'Siti Aminah' },
    })
    await receiver.next()

    // Paying the same page again changes nothing.
    const again = await post(url, card('5120910000000046'))
    expect(await (await get(location(again))).text()).toContain('Payment successful')
  })

  it('does not save the card when not asked', async () => {
    const { url, invoice } = await openPage()
    await post(url, card('4509198934905332'))
    await receiver.next()
    await advance(sim, 61)
    const status = (await statusOf(sim, invoice)).json() as { card_payment: Record<string, unknown> }
    expect(status.card_payment['token_id']).toBeUndefined()
  })

  it('declines a card with its response code and redirects to failed_url when auto_redirect is on', async () => {
    const { url, invoice } = await openPage({ autoRedirect: true })
    const declined = await post(url, card('5120910000000053'))
    expect(declined.status).toBe(303)
    expect(declined.headers.get('Location')).toBe('https://merchant.example/failed')
    await receiver.next()
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'FAILED' }, card_payment: { response_code: '51' } })
  })

  it('redirects an approved payment to callback_url when auto_redirect is on', async () => {
    const { url } = await openPage({ autoRedirect: true })
    const paid = await post(url, card('4509198934905316'))
    expect(paid.headers.get('Location')).toBe('https://merchant.example/paid')
    await receiver.next()
  })

  it('declines a wrong CVV with N7', async () => {
    const { url } = await openPage()
    const response = await post(url, card('5120910000000012', { cvv: '999' }))
    const html = await (await get(location(response))).text()
    expect(html).toContain('Payment declined')
    expect(html).toContain('N7')
    await receiver.next()
  })

  it('asks a challenge card for the one-time password first, then approves', async () => {
    const { url, invoice } = await openPage()
    const submitted = await post(url, card('5120910000000020', { save_card: '1' }))
    expect(submitted.status).toBe(303)
    const challengeUrl = location(submitted)
    expect(new URL(challengeUrl).pathname).toMatch(/\/challenge$/)
    const challenge = await get(challengeUrl)
    const html = await challenge.text()
    expect(html).toContain('3-D Secure verification')
    expect(html).toContain('<label for="otp">One-time password</label>')
    // While the challenge waits, the order is still pending and the page sends the customer back to it.
    expect(location(await get(url))).toBe(challengeUrl)
    const verified = await post(challengeUrl, { otp: '123456', action: 'verify' })
    expect(await (await get(location(verified))).text()).toContain('Payment successful')
    const notification = JSON.parse((await receiver.next()).body) as { card_payment: { three_d_secure_status: string; authentication_id: string; token_id: string } }
    expect(notification.card_payment.three_d_secure_status).toBe('TRUE')
    expect(notification.card_payment.authentication_id).toMatch(/^AUTH-/)
    expect(notification.card_payment.token_id).not.toBe('')
    await advance(sim, 61)
    expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'SUCCESS' } })
  })

  it('fails the payment when the challenge is cancelled or answered wrongly', async () => {
    for (const answer of [
      { otp: '', action: 'cancel' },
      { otp: '000000', action: 'verify' },
    ]) {
      const { url, invoice } = await openPage()
      const challengeUrl = location(await post(url, card('4509198934905324')))
      const done = await post(challengeUrl, answer)
      expect(await (await get(location(done))).text()).toContain('Payment declined')
      await receiver.next()
      await advance(sim, 61)
      expect((await statusOf(sim, invoice)).json()).toMatchObject({ transaction: { status: 'FAILED' } })
    }
  })

  it('shows an expired page after an hour', async () => {
    const { url } = await openPage()
    await advance(sim, 3601)
    expect(await (await get(url)).text()).toContain('Payment page expired')
  })
})
