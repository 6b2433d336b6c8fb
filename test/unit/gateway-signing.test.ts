import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  basicAuthorization,
  cardRequestHeaders,
  cardRequestStringToSign,
  cardResponseStringToSign,
  digest,
  formatTimestamp,
  genericRequestHeaders,
  genericStringToSign,
  hmacSignature,
  parseTimestamp,
  requestTargetOf,
  verifySignature,
} from '../../src-main/gateway/signing'

const SECRET = 'SK-test-0123456789'

// gateway-facts.md 1, first worked example (POST).
const POST_BODY =
  '{"order":{"invoice_number":"INV-DIRECT-CC-1","amount":4.5,"callback_url":"https://doku.com","auto_redirect":false,"currency":"MYR"},"customer":{"id":"DOKU-CUST-001","name":"Anton Budiman","email":"anton@doku.com","phone":"+628192837465"},"payment":{"type":"SALE"}}'
const POST_DIGEST = 'Va0lP10Iumj1JLVrxyzglEgA7WvFSXXr0VTuB6wBCpk='
const POST_SIGNATURE = 'HMACSHA256=snUtPR4RXwYV3ivGegvlCVN+e6v1l/oFfaMSgG+3WNY='
const POST_PARTS = {
  clientId: 'BRN-0001-TEST',
  requestId: 'b266c265-3d61-4708-9860-c0d5b9a98f8c',
  requestTimestamp: '2026-01-30T08:45:42Z',
  requestTarget: '/credit-card/v1/payment-page',
}

// gateway-facts.md 1, second worked example (GET).
const GET_PARTS = {
  clientId: 'MCH-0001-10791114622547',
  requestId: 'd895fb53-479c-4f77-a76a-ab81b40d77cb',
  requestTimestamp: '2020-08-11T08:45:42Z',
  requestTarget: '/orders/v1/status/INV-123123-12313',
}
const GET_SIGNATURE = 'HMACSHA256=i4xK+ZQKtxKvX64xgiGj55nyB/Jp0x3Bd6aJYTnxO8k='

const postString = (): string => cardRequestStringToSign({ ...POST_PARTS, digest: POST_DIGEST })
const getString = (): string => cardRequestStringToSign(GET_PARTS)

describe('card scheme: the worked examples of gateway-facts.md', () => {
  it('digests the exact POST body bytes', () => {
    expect(digest(POST_BODY)).toBe(POST_DIGEST)
    expect(digest(Buffer.from(POST_BODY, 'utf8'))).toBe(POST_DIGEST)
    expect(digest(new TextEncoder().encode(POST_BODY))).toBe(POST_DIGEST)
  })

  it('builds the five-line POST string and reproduces its signature', () => {
    expect(postString()).toBe(
      [
        'Client-Id:BRN-0001-TEST',
        'Request-Id:b266c265-3d61-4708-9860-c0d5b9a98f8c',
        'Request-Timestamp:2026-01-30T08:45:42Z',
        'Request-Target:/credit-card/v1/payment-page',
        `Digest:${POST_DIGEST}`,
      ].join('\n'),
    )
    expect(hmacSignature(SECRET, postString())).toBe(POST_SIGNATURE)
  })

  it('builds the four-line GET string and reproduces its signature', () => {
    expect(getString().split('\n')).toHaveLength(4)
    expect(hmacSignature(SECRET, getString())).toBe(GET_SIGNATURE)
  })

  it('gives the same headers through the one-call helper', () => {
    expect(cardRequestHeaders({ ...POST_PARTS, secretKey: SECRET, body: POST_BODY })).toEqual({
      'Client-Id': 'BRN-0001-TEST',
      'Request-Id': POST_PARTS.requestId,
      'Request-Timestamp': POST_PARTS.requestTimestamp,
      Signature: POST_SIGNATURE,
    })
    expect(cardRequestHeaders({ ...GET_PARTS, secretKey: SECRET })['Signature']).toBe(GET_SIGNATURE)
  })
})

describe('card scheme: each listed mistake changes the signature', () => {
  it('a trailing newline', () => {
    expect(hmacSignature(SECRET, `${postString()}\n`)).not.toBe(POST_SIGNATURE)
    expect(hmacSignature(SECRET, `${getString()}\n`)).not.toBe(GET_SIGNATURE)
  })

  it('a space after a colon', () => {
    expect(hmacSignature(SECRET, postString().replace('Client-Id:', 'Client-Id: '))).not.toBe(POST_SIGNATURE)
    expect(hmacSignature(SECRET, getString().replace('Request-Target:', 'Request-Target: '))).not.toBe(GET_SIGNATURE)
  })

  it('an empty Digest line on a GET', () => {
    const withEmptyDigest = cardRequestStringToSign({ ...GET_PARTS, digest: '' })
    expect(withEmptyDigest.endsWith('\nDigest:')).toBe(true)
    expect(hmacSignature(SECRET, withEmptyDigest)).not.toBe(GET_SIGNATURE)
  })

  it('a digest of re-serialised JSON instead of the bytes sent', () => {
    const reserialised = JSON.stringify(JSON.parse(POST_BODY), null, 2)
    expect(digest(reserialised)).not.toBe(POST_DIGEST)
    const signature = hmacSignature(SECRET, cardRequestStringToSign({ ...POST_PARTS, digest: digest(reserialised) }))
    expect(signature).not.toBe(POST_SIGNATURE)
    // Even a compact re-serialisation differs once the sender's key order is not JSON.stringify's.
    const reordered = JSON.stringify({ payment: { type: 'SALE' }, ...(JSON.parse(POST_BODY) as object) })
    expect(digest(reordered)).not.toBe(POST_DIGEST)
  })

  it('a host or a query string in Request-Target', () => {
    const withHost = postString().replace('Request-Target:/credit-card/v1/payment-page', 'Request-Target:https://api-sandbox.doku.com/credit-card/v1/payment-page')
    const withQuery = getString().replace('INV-123123-12313', 'INV-123123-12313?x=1')
    expect(hmacSignature(SECRET, withHost)).not.toBe(POST_SIGNATURE)
    expect(hmacSignature(SECRET, withQuery)).not.toBe(GET_SIGNATURE)
    // The builder refuses both, so the mistake cannot be made through it.
    expect(() => cardRequestStringToSign({ ...POST_PARTS, requestTarget: 'https://api-sandbox.doku.com/credit-card/v1/payment-page' })).toThrow(/path only/)
    expect(() => cardRequestStringToSign({ ...GET_PARTS, requestTarget: '/orders/v1/status/X?y=1' })).toThrow(/path only/)
    expect(() => cardRequestStringToSign({ ...GET_PARTS, requestTarget: '//host/orders' })).toThrow(/path only/)
  })

  it('requestTargetOf keeps the path and drops host and query', () => {
    expect(requestTargetOf('https://api-sandbox.doku.com/orders/v1/status/INV-1?x=1#f')).toBe('/orders/v1/status/INV-1')
    expect(requestTargetOf('/credit-card/charge?debug=1')).toBe('/credit-card/charge')
  })
})

describe('card scheme: responses', () => {
  it('replaces Request-Timestamp with Response-Timestamp and signs the response body digest', () => {
    const body = '{"order":{"invoice_number":"INV-1"}}'
    const text = cardResponseStringToSign({
      clientId: 'BRN-0001-TEST',
      requestId: 'r-1',
      responseTimestamp: '2026-01-30T08:45:43Z',
      requestTarget: '/credit-card/charge',
      digest: digest(body),
    })
    expect(text).toBe(`Client-Id:BRN-0001-TEST\nRequest-Id:r-1\nResponse-Timestamp:2026-01-30T08:45:43Z\nRequest-Target:/credit-card/charge\nDigest:${digest(body)}`)
    const asRequest = text.replace('Response-Timestamp:', 'Request-Timestamp:')
    expect(hmacSignature(SECRET, text)).not.toBe(hmacSignature(SECRET, asRequest))
  })
})

describe('generic (v3) scheme', () => {
  const body = '{"id":"PAY-1","order":{"amount":10.5,"currency":"MYR"}}'

  it('signs four unlabelled lines with the same HMAC', () => {
    const text = genericStringToSign({
      clientId: 'BRN-0001-TEST',
      requestTimestamp: '2026-01-30T08:45:42Z',
      requestTarget: '/v3/payments',
      digest: digest(body),
    })
    const bodyHash = createHash('sha256').update(body).digest('base64')
    expect(text).toBe(`BRN-0001-TEST\n2026-01-30T08:45:42Z\n/v3/payments\n${bodyHash}`)
    // An independent HMAC of the same string, to pin the algorithm and the key encoding.
    const independent = `HMACSHA256=${createHmac('sha256', Buffer.from(SECRET, 'utf8')).update(text).digest('base64')}`
    expect(hmacSignature(SECRET, text)).toBe(independent)
  })

  it('builds the headers, with or without the trailing colon after the API key', () => {
    const headers = genericRequestHeaders({
      clientId: 'BRN-0001-TEST',
      secretKey: SECRET,
      apiKey: 'doku_key_test',
      requestTimestamp: '2026-01-30T08:45:42Z',
      requestTarget: '/v3/payments',
      body,
    })
    expect(headers['Authorization']).toBe(`Basic ${Buffer.from('doku_key_test').toString('base64')}`)
    expect(headers['API-Version']).toBe('arabica.2025-12-01')
    expect(headers['Request-Id']).toBeUndefined()
    expect(basicAuthorization('doku_key_test', true)).toBe(`Basic ${Buffer.from('doku_key_test:').toString('base64')}`)
  })
})

describe('verification and timestamps', () => {
  it('verifies a good signature and refuses a changed, shortened or empty one', () => {
    expect(verifySignature(SECRET, postString(), POST_SIGNATURE)).toBe(true)
    const flipped = POST_SIGNATURE.slice(0, -2) + (POST_SIGNATURE.at(-2) === 'A' ? 'B' : 'A') + '='
    expect(verifySignature(SECRET, postString(), flipped)).toBe(false)
    expect(verifySignature(SECRET, postString(), POST_SIGNATURE.slice(0, -1))).toBe(false)
    expect(verifySignature(SECRET, postString(), '')).toBe(false)
    expect(verifySignature('another-secret', postString(), POST_SIGNATURE)).toBe(false)
  })

  it('formats timestamps as YYYY-MM-DDTHH:mm:ssZ without milliseconds', () => {
    expect(formatTimestamp(new Date('2026-01-30T08:45:42.987Z'))).toBe('2026-01-30T08:45:42Z')
    expect(() => formatTimestamp(new Date('nonsense'))).toThrow()
  })

  it('parses only the exact timestamp format', () => {
    expect(parseTimestamp('2026-01-30T08:45:42Z')?.toISOString()).toBe('2026-01-30T08:45:42.000Z')
    for (const bad of ['2026-01-30T08:45:42.000Z', '2026-01-30T08:45:42+00:00', '2026-02-30T08:45:42Z', '2026-01-30 08:45:42Z', '']) {
      expect(parseTimestamp(bad)).toBeNull()
    }
  })
})
