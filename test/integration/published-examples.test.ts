/**
 * The gateway's published example answers, in the same shapes with values of our own, served over
 * loopback and signed as published (card answers: with a Digest line for a POST, without for a GET;
 * v3 answers with the generic scheme). Each is read by the real client to the right state, its
 * signature valid, with blocking on.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGatewayClient, type GatewayClient } from '../../src-main/gateway/client'
import { NotificationBody } from '../../src-main/gateway/schemas'
import { cardResponseStringToSign, digest, formatTimestamp, genericResponseStringToSign, hmacSignature } from '../../src-main/gateway/signing'
import { createLogger, memorySink } from '../../src-main/log'
import { checkPaidMoney } from '../../src-main/services/status-checks'
import type { OrderRow } from '../../src-main/store/history-types'

const CREDENTIALS = { clientId: 'BRN-0042-LIVE', secretKey: 'SK-example-5f4e3d2c1b0a', apiKey: 'doku_key_example' }

/** Answers by path, as the published examples show them (values ours). */
const ANSWERS: Record<string, object> = {
  '/orders/v1/status/INV-EX-0001': {
    order: { invoice_number: 'INV-EX-0001', amount: 150 },
    transaction: { status: 'SUCCESS', date: '2026-03-11T04:30:12Z', original_request_id: 'a1b2c3d4-0000-4000-8000-000000000001', amount: '150', currency: 'MYR', type: 'SALE' },
    service: { id: 'CREDIT_CARD' },
    acquirer: { id: 'MAYBANK', name: 'Maybank' },
    channel: { id: 'CREDIT_CARD' },
    card_payment: {
      card_masked: '411111******1111',
      card_type: 'CREDIT',
      issuer: 'Maybank',
      transaction_status: 'SUCCESS',
      brand: 'VISA',
      approval_code: '724519',
      response_code: '00',
      token_id: 'tok-ex-0001',
    },
  },
  '/orders/v1/status/b7e0c1d2-0000-4000-8000-00000000r001': {
    order: { invoice_number: 'INV-EX-0001' },
    transaction: { status: 'REFUNDED', type: 'REFUND', amount: '5', currency: 'MYR', original_request_id: 'a1b2c3d4-0000-4000-8000-000000000001' },
    refund: { amount: '5', type: 'PARTIAL_REFUND' },
  },
  '/orders/v1/status/b7e0c1d2-0000-4000-8000-00000000v001': {
    order: { invoice_number: 'INV-EX-0002' },
    transaction: { status: 'VOIDED', type: 'VOID', amount: '20', currency: 'MYR' },
  },
  '/credit-card/charge': {
    order: { invoice_number: 'INV-EX-0003', amount: 45.5, currency: 'MYR' },
    payment: { type: 'MOTO', request_id: 'c0ffee00-0000-4000-8000-000000000003', response_code: '00', response_message: 'Approved', status: 'SUCCES', approval_code: 'QX81ZT' },
    card: { token: 'tok-ex-0003', masked: '520000******0007', type: 'CREDIT', issuer: 'CIMB', brand: 'MASTERCARD' },
  },
  '/cancellation/credit-card/refund': {
    order: { invoice_number: 'INV-EX-0001' },
    refund: { amount: '5', type: 'PARTIAL_REFUND', status: 'SUCCESS', message: 'Refund accepted', approval_code: 'RF0042' },
  },
  '/v3/payments': {
    id: 'PAY-EX-0004',
    reference_id: 'DKR-77001',
    order: { amount: '25.00', currency: 'MYR', invoice_number: 'INV-EX-0004' },
    payment: { channel: 'EWALLET_TNG', status: 'PENDING', state: 'INITIATE', next_action: { required: true, type: 'REDIRECT', url: 'https://pay.example.my/tng/77001' } },
    customer: { id: 'CUST-000004', name: 'Nur Aisyah', country: 'MY' },
  },
  '/v3/payments/PAY-EX-0004': {
    id: 'PAY-EX-0004',
    reference_id: 'DKR-77001',
    order: { amount: '25.00', currency: 'MYR', invoice_number: 'INV-EX-0004' },
    payment: { channel: 'EWALLET_TNG', status: 'SUCCESS', state: 'COMPLETED', gateway_reference_id: 'DKR-77001' },
  },
  '/v3/payments/internet-banking/banks': {
    banks: [
      { bank_code: 'MBB0228', bank_name: 'Maybank2U', status: 'ACTIVE' },
      { bank_code: 'ABB0233', bank_name: 'Affin Bank', status: 'INACTIVE' },
    ],
  },
}

let server: Server
let gateway: GatewayClient

function signedHeaders(method: string, path: string, requestId: string, body: string): Record<string, string> {
  const responseTimestamp = formatTimestamp(new Date())
  if (path.startsWith('/v3/')) {
    const signature = hmacSignature(CREDENTIALS.secretKey, genericResponseStringToSign({ clientId: CREDENTIALS.clientId, responseTimestamp, requestTarget: path, digest: digest(body) }))
    return { 'Client-Id': CREDENTIALS.clientId, 'Response-Timestamp': responseTimestamp, Signature: signature }
  }
  const stringToSign = cardResponseStringToSign({
    clientId: CREDENTIALS.clientId,
    requestId,
    responseTimestamp,
    requestTarget: path,
    digest: method === 'POST' ? digest(body) : undefined,
  })
  return { 'Client-Id': CREDENTIALS.clientId, 'Request-Id': requestId, 'Response-Timestamp': responseTimestamp, Signature: hmacSignature(CREDENTIALS.secretKey, stringToSign) }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    request.resume()
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    const answer = ANSWERS[path]
    const body = JSON.stringify(answer ?? { error: { code: 'not_found', message: 'no example' } })
    response.writeHead(answer ? 200 : 404, { 'Content-Type': 'application/json', ...signedHeaders(request.method ?? 'GET', path, String(request.headers['request-id'] ?? ''), body) })
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  gateway = createGatewayClient({
    baseUrl: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`,
    credentials: CREDENTIALS,
    settings: { blockOnBadSignature: true, blockUnsignedMoneyAnswers: true },
    log: createLogger(memorySink()),
  })
})
afterAll(async () => {
  await gateway.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

describe('published example answers, read by the client', () => {
  it('status of a card payment: SUCCESS, the string amount, CREDIT is no brand, the token', async () => {
    const result = await gateway.checkStatus('INV-EX-0001')
    expect(result).toMatchObject({ ok: true, exchange: { signature: 'valid' } })
    if (!result.ok) return
    expect(result.value).toMatchObject({
      status: { status: 'SUCCESS', raw: 'SUCCESS' },
      amountSen: 150_00,
      currency: 'MYR',
      transactionDate: '2026-03-11T04:30:12.000Z',
      card: { masked: '411111******1111', brand: 'VISA', tokenId: 'tok-ex-0001', approvalCode: '724519', transactionStatus: 'SUCCESS' },
    })
  })

  it('status of a refund and of a void by their own Request-Id: REFUNDED and VOIDED, each with its amount', async () => {
    const refund = await gateway.checkStatus('b7e0c1d2-0000-4000-8000-00000000r001')
    expect(refund).toMatchObject({ ok: true, value: { status: { status: 'REFUNDED' }, transactionType: 'REFUND', amountSen: 5_00 }, exchange: { signature: 'valid' } })
    const voided = await gateway.checkStatus('b7e0c1d2-0000-4000-8000-00000000v001')
    expect(voided).toMatchObject({ ok: true, value: { status: { status: 'VOIDED' }, transactionType: 'VOID', amountSen: 20_00 } })
  })

  it('the MOTO charge: SUCCES is SUCCESS, with the approval code and card', async () => {
    const result = await gateway.charge({
      requestId: 'c0ffee00-0000-4000-8000-000000000003',
      amountSen: 45_50,
      token: 'tok-ex-0003',
      paymentType: 'MOTO',
      invoiceNumber: 'INV-EX-0003',
      customerId: 'CUST-000003',
    })
    expect(result).toMatchObject({
      ok: true,
      exchange: { signature: 'valid' },
      value: { status: { status: 'SUCCESS', raw: 'SUCCES' }, approvalCode: 'QX81ZT', amountSen: 45_50, currency: 'MYR', card: { masked: '520000******0007', brand: 'MASTERCARD' } },
    })
  })

  it('the refund: a string amount read to sen, its type and status', async () => {
    const result = await gateway.refund({ requestId: 'b7e0c1d2-0000-4000-8000-00000000r001', invoiceNumber: 'INV-EX-0001', originalRequestId: 'a1b2c3d4-0000-4000-8000-000000000001', amountSen: 5_00 })
    expect(result).toMatchObject({ ok: true, value: { status: { status: 'SUCCESS' }, type: 'PARTIAL_REFUND', amountSen: 5_00, approvalCode: 'RF0042' } })
  })

  it('v3 create and retrieve: signed answers, string amounts, the address to send and then SUCCESS', async () => {
    const created = await gateway.createPayment({
      requestId: 'd00d0000-0000-4000-8000-000000000004',
      paymentId: 'PAY-EX-0004',
      invoiceNumber: 'INV-EX-0004',
      amountSen: 25_00,
      expiresAt: new Date(Date.now() + 3_600_000),
      channel: 'EWALLET_TNG',
      customer: { id: 'CUST-000004', name: 'Nur Aisyah', country: 'MY' },
    })
    expect(created).toMatchObject({
      ok: true,
      exchange: { signature: 'valid' },
      value: { status: { status: 'PENDING' }, amountSen: 25_00, referenceId: 'DKR-77001', nextActionUrl: 'https://pay.example.my/tng/77001' },
    })
    const retrieved = await gateway.retrievePayment('PAY-EX-0004')
    expect(retrieved).toMatchObject({ ok: true, exchange: { signature: 'valid' }, value: { status: { status: 'SUCCESS' }, state: 'COMPLETED', amountSen: 25_00, currency: 'MYR' } })
  })

  it('the FPX bank list: active and inactive banks', async () => {
    expect(await gateway.bankList()).toMatchObject({
      ok: true,
      value: [
        { code: 'MBB0228', name: 'Maybank2U', active: true },
        { code: 'ABB0233', name: 'Affin Bank', active: false },
      ],
    })
  })
})

describe('published example shapes, read by the app', () => {
  const order = { amountSen: 45_50, currency: 'MYR' } as OrderRow

  it("a capture-shaped answer (SUCCES, currency MY, authorize_id) counts as this order's money", () => {
    const capture = { order: { invoice_number: 'INV-EX-0005', amount: '45.50', currency: 'MY' }, payment: { type: 'CAPTURE', status: 'SUCCES', authorize_id: 'AUTH-0005' } }
    expect(capture.payment.status).toBe('SUCCES')
    expect(checkPaidMoney(order, 45_50, capture.order.currency)).toEqual({ ok: true, gatewayAmountSen: null })
    expect(checkPaidMoney(order, 45_50, 'USD')).toEqual({ ok: false, reason: 'currency' })
    expect(checkPaidMoney(order, 46_00, 'MYR')).toEqual({ ok: false, reason: 'amount' })
    expect(checkPaidMoney(order, 40_00, null)).toEqual({ ok: true, gatewayAmountSen: 40_00 })
  })

  it('notifications: a payment with string amounts, and a refund with no refund.request_id', () => {
    const payment = NotificationBody.parse({
      order: { invoice_number: 'INV-EX-0001', amount: '150.00', currency: 'MYR' },
      transaction: { type: 'SALE', status: 'SUCCESS', date: '2026-03-11T04:30:12Z', original_request_id: 'a1b2c3d4-0000-4000-8000-000000000001' },
      card_payment: { masked_card_number: '411111******1111', approval_code: '724519', brand: 'VISA', token_id: 'tok-ex-0001' },
    })
    expect(payment.order).toMatchObject({ amount: 150_00, currency: 'MYR' })
    const refund = NotificationBody.parse({
      order: { invoice_number: 'INV-EX-0001', amount: '150' },
      transaction: { type: 'REFUND', status: 'SUCCESS' },
      refund: { amount: '5', type: 'PARTIAL_REFUND', status: 'SUCCESS' },
    })
    expect(refund.refund).toMatchObject({ amount: 5_00 })
    expect(refund.refund?.request_id).toBeUndefined()
  })
})
