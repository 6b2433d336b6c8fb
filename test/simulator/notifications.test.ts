import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cardRequestStringToSign, digest, formatTimestamp, genericStringToSign, parseTimestamp, verifySignature } from '../../src-main/gateway/signing'
import type { Simulator } from '../../src-main/simulator'
import { advance, cardPost, CLIENT_ID, control, genericPost, newInvoice, paidOrder, SECRET_KEY, start, startReceiver, type ReceivedNotification } from './helpers'

let sim: Simulator
let receiver: Awaited<ReturnType<typeof startReceiver>>
const statuses: number[] = []

beforeEach(async () => {
  statuses.length = 0
  receiver = await startReceiver(statuses)
  sim = await start({ notifyUrl: receiver.url })
})
afterEach(async () => {
  await sim.close()
  await receiver.close()
})

const header = (notification: ReceivedNotification, name: string): string => {
  const value = notification.headers[name.toLowerCase()]
  return typeof value === 'string' ? value : ''
}

function signatureValid(notification: ReceivedNotification): boolean {
  const stringToSign = cardRequestStringToSign({
    clientId: header(notification, 'Client-Id'),
    requestId: header(notification, 'Request-Id'),
    requestTimestamp: header(notification, 'Request-Timestamp'),
    requestTarget: '/merchants-url/receive-notification',
    digest: digest(notification.body),
  })
  return verifySignature(SECRET_KEY, stringToSign, header(notification, 'Signature'))
}

interface DeliveryView {
  event: string
  state: string
  attempts: { at: number; status: number | null }[]
  firstAttemptAt: number
}
const deliveries = async (): Promise<DeliveryView[]> => ((await control(sim, 'GET', '/notifications')).json() as { notifications: DeliveryView[] }).notifications

describe('card notifications', () => {
  it('sends the 2.8 body for a successful payment, signed for the path of the notification URL', async () => {
    const { invoice, requestId, tokenId } = await paidOrder(sim, { saveCard: true, amount: 88.8 })
    const notification = await receiver.next()
    expect(notification.path).toBe('/merchants-url/receive-notification')
    expect(header(notification, 'Client-Id')).toBe(CLIENT_ID)
    expect(parseTimestamp(header(notification, 'Request-Timestamp'))).not.toBeNull()
    expect(signatureValid(notification)).toBe(true)
    expect(JSON.parse(notification.body)).toMatchObject({
      order: { invoice_number: invoice, amount: 88.8, currency: 'MYR' },
      customer: { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my' },
      transaction: { type: 'SALE', status: 'SUCCESS', original_request_id: requestId },
      service: { id: 'CREDIT_CARD' },
      channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
      card_payment: {
        masked_card_number: '512091******0012',
        response_code: '00',
        response_message: 'Approved',
        identifier: [
          { name: 'Acquirer', value: expect.any(String) as unknown },
          { name: 'MID', value: expect.any(String) as unknown },
        ],
        token_id: tokenId,
        three_d_secure_status: 'TRUE',
      },
      card: { token: tokenId },
      verification: { status: 'NA', reason: '' },
    })
  })

  it('sends a failure with the decline code, and a refund', async () => {
    await paidOrder(sim, { card: '4509198934900010' })
    const failed = JSON.parse((await receiver.next()).body) as Record<string, Record<string, unknown>>
    expect(failed['transaction']).toMatchObject({ status: 'FAILED' })
    expect(failed['card_payment']).toMatchObject({ response_code: '62', response_message: 'Restricted Card' })

    const { invoice, requestId } = await paidOrder(sim, { amount: 20 })
    await receiver.next()
    await cardPost(sim, '/cancellation/credit-card/refund', { order: { invoice_number: invoice }, payment: { original_request_id: requestId }, refund: { amount: 20 } })
    const refund = await receiver.next()
    expect(signatureValid(refund)).toBe(true)
    const body = JSON.parse(refund.body) as { refund: Record<string, unknown> }
    expect(body).toMatchObject({
      order: { invoice_number: invoice, amount: 20 },
      transaction: { type: 'VOID', status: 'SUCCESS', original_request_id: requestId },
      refund: { type: 'VOID', amount: '20', status: 'SUCCESS' },
    })
    // As in the published examples: no refund.request_id.
    expect(body.refund['request_id']).toBeUndefined()
  })

  it('retries a refused notification 30 min, 6 h and 12 h after the first attempt, with the same Request-Id, then gives up', async () => {
    statuses.push(500, 503, 404, 500)
    await paidOrder(sim)
    const first = await receiver.next()
    await advance(sim, 29 * 60)
    expect(receiver.received).toHaveLength(1)
    await advance(sim, 60)
    const second = await receiver.next()
    await advance(sim, 5.5 * 3600 - 60)
    expect(receiver.received).toHaveLength(2)
    await advance(sim, 60)
    const third = await receiver.next()
    await advance(sim, 6 * 3600)
    const fourth = await receiver.next()
    await advance(sim, 48 * 3600)
    expect(receiver.received).toHaveLength(4)
    for (const attempt of [second, third, fourth]) {
      expect(header(attempt, 'Request-Id')).toBe(header(first, 'Request-Id'))
      expect(attempt.body).toBe(first.body)
      expect(signatureValid(attempt)).toBe(true)
    }
    const [delivery] = await deliveries()
    expect(delivery?.state).toBe('failed')
    // Real time also passes a little between the steps; the schedule itself is in whole minutes.
    expect(delivery?.attempts.map((attempt) => Math.round((attempt.at - delivery.firstAttemptAt) / 60_000))).toEqual([0, 30, 360, 720])
    expect(delivery?.attempts.map((attempt) => attempt.status)).toEqual([500, 503, 404, 500])
  })

  it('stops retrying once the merchant answers 2xx', async () => {
    statuses.push(500)
    await paidOrder(sim)
    await receiver.next()
    await advance(sim, 30 * 60)
    await receiver.next()
    await advance(sim, 24 * 3600)
    expect(receiver.received).toHaveLength(2)
    const [delivery] = await deliveries()
    expect(delivery?.state).toBe('delivered')
  })

  it('retries when the merchant cannot be reached at all', async () => {
    await receiver.close()
    await paidOrder(sim)
    await control(sim, 'POST', '/clock/advance', { ms: 0 })
    const [delivery] = await deliveries()
    expect(delivery?.attempts).toHaveLength(1)
    expect(delivery?.attempts[0]?.status).toBeNull()
    expect(delivery?.state).toBe('pending')
  })
})

/** The generic scheme over the notification URL's path: `<Client-Id>\n<Request-Timestamp>\n<path>\n<digest of the body>`. */
function genericSignatureValid(notification: ReceivedNotification): boolean {
  const stringToSign = genericStringToSign({
    clientId: header(notification, 'Client-Id'),
    requestTimestamp: header(notification, 'Request-Timestamp'),
    requestTarget: '/merchants-url/receive-notification',
    digest: digest(notification.body),
  })
  return verifySignature(SECRET_KEY, stringToSign, header(notification, 'Signature'))
}

async function v3Payment(overrides: { channel?: string; bankCode?: string; amount?: number; expiredAt?: string } = {}): Promise<{ id: string; invoice: string; url: string }> {
  const id = newInvoice('PAY')
  const invoice = `INV-${id}`
  const created = await genericPost(sim, '/v3/payments', {
    id,
    order: { amount: overrides.amount ?? 12.5, currency: 'MYR', invoice_number: invoice, ...(overrides.expiredAt ? { expired_at: overrides.expiredAt } : {}) },
    payment: { channel: overrides.channel ?? 'EWALLET_TNG', ...(overrides.bankCode ? { bank_code: overrides.bankCode } : {}) },
    customer: { name: 'Lim Wei', email: 'lim@example.my', phone: '+60129998888' },
  })
  expect(created.status).toBe(200)
  return { id, invoice, url: (created.json()['payment'] as { next_action: { url: string } }).next_action.url }
}

describe('v3 (non-card) notifications', () => {
  it("sends the training gateway's own form when the customer pays on the page, signed with the generic scheme", async () => {
    const { id, invoice, url } = await v3Payment()
    // Nothing while the payment waits.
    await control(sim, 'POST', '/clock/advance', { ms: 0 })
    expect(receiver.received).toHaveLength(0)
    await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'action=approve' })
    const notification = await receiver.next()
    expect(notification.path).toBe('/merchants-url/receive-notification')
    expect(header(notification, 'Client-Id')).toBe(CLIENT_ID)
    expect(parseTimestamp(header(notification, 'Request-Timestamp'))).not.toBeNull()
    expect(header(notification, 'Request-Id')).toBe('')
    expect(genericSignatureValid(notification)).toBe(true)
    expect(signatureValid(notification)).toBe(false)
    const body = JSON.parse(notification.body) as Record<string, unknown>
    expect(body).toEqual({
      id,
      reference_id: expect.stringMatching(/^DKR-/) as unknown,
      order: { invoice_number: invoice, amount: '12.50', currency: 'MYR' },
      payment: {
        channel: 'EWALLET_TNG',
        amount: '12.50',
        currency: 'MYR',
        status: 'SUCCESS',
        state: 'COMPLETED',
        gateway_reference_id: body['reference_id'],
        completed_at: expect.stringMatching(/Z$/) as unknown,
      },
    })
    const [delivery] = (await control(sim, 'GET', '/notifications')).json()['notifications'] as { event: string; scheme: string; requestId: string | null }[]
    expect(delivery).toMatchObject({ event: 'V3_PAYMENT_SUCCESS', scheme: 'generic', requestId: null })
  })

  it('notifies a decline through the control API (FPX, with its bank) and an expiry when the time passes', async () => {
    const declined = await v3Payment({ channel: 'INTERNET_BANKING_FPX', bankCode: 'MBB0228', amount: 30 })
    await control(sim, 'POST', '/v3/decide', { id: declined.id, action: 'decline' })
    expect(JSON.parse((await receiver.next()).body)).toMatchObject({
      id: declined.id,
      order: { amount: '30' },
      payment: { channel: 'INTERNET_BANKING_FPX', bank_code: 'MBB0228', status: 'FAILED', state: 'FAILED' },
    })

    const expiring = await v3Payment({ expiredAt: formatTimestamp(new Date(sim.clock.now() + 10 * 60_000)) })
    await advance(sim, 9 * 60)
    expect(receiver.received).toHaveLength(1)
    // Nobody looks at the payment: the expiry is noticed as the clock passes it.
    await advance(sim, 61)
    const expired = await receiver.next()
    expect(genericSignatureValid(expired)).toBe(true)
    expect(JSON.parse(expired.body)).toMatchObject({ id: expiring.id, payment: { status: 'EXPIRED', state: 'EXPIRED' } })
    // Looking at it afterwards sends nothing more.
    await fetch(expiring.url)
    await control(sim, 'POST', '/clock/advance', { ms: 0 })
    expect(receiver.received).toHaveLength(2)
  })

  it('retries a refused v3 notification like a card one: same body, fresh timestamp and signature', async () => {
    statuses.push(500)
    const { id } = await v3Payment()
    await control(sim, 'POST', '/v3/decide', { id, action: 'approve' })
    const first = await receiver.next()
    await advance(sim, 30 * 60)
    const second = await receiver.next()
    expect(second.body).toBe(first.body)
    expect(header(second, 'Request-Timestamp')).not.toBe(header(first, 'Request-Timestamp'))
    expect(genericSignatureValid(second)).toBe(true)
    const [delivery] = (await control(sim, 'GET', '/notifications')).json()['notifications'] as { state: string }[]
    expect(delivery?.state).toBe('delivered')
  })
})
