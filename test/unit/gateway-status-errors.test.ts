import { describe, expect, it } from 'vitest'
import { badResponse, fieldOf, httpError, readErrorBody, transportError } from '../../src-main/gateway/errors'
import { DeadlineExceededError } from '../../src-main/gateway/http'
import { redactBody } from '../../src-main/gateway/redact'
import { meaningOf, normaliseStatus } from '../../src-main/gateway/status'

describe('status normalisation', () => {
  it('reads SUCCES as SUCCESS and keeps the raw word', () => {
    expect(normaliseStatus('SUCCES')).toEqual({ status: 'SUCCESS', raw: 'SUCCES' })
    expect(normaliseStatus('success')).toEqual({ status: 'SUCCESS', raw: 'success' })
  })

  it('knows every status of gateway-facts.md and keeps an unknown one', () => {
    for (const word of ['PENDING', 'SUCCESS', 'FAILED', 'EXPIRED', 'REFUNDED', 'VOIDED', 'TIMEOUT', 'REDIRECT']) {
      expect(normaliseStatus(word).status).toBe(word)
    }
    expect(normaliseStatus('PARTIALLY_SETTLED')).toEqual({ status: 'UNKNOWN', raw: 'PARTIALLY_SETTLED' })
  })

  it('says what each status means for the order', () => {
    expect(['SUCCESS', 'EXPIRED', 'REFUNDED', 'VOIDED'].map((s) => meaningOf(normaliseStatus(s).status))).toEqual(['final', 'final', 'final', 'final'])
    expect(meaningOf('FAILED')).toBe('failed')
    expect(['PENDING', 'REDIRECT', 'TIMEOUT', 'UNKNOWN'].map((s) => meaningOf(s as 'PENDING'))).toEqual(['check_later', 'check_later', 'check_later', 'check_later'])
  })
})

describe('error mapping', () => {
  it('reads the card 400 body, with the field it names', () => {
    const error = httpError(400, '{"error":{"code":"INVALID_PARAMETER","message":"order.amount Must Not Be Blank","type":"Invalid Parameter"}}', true)
    expect(error).toMatchObject({ code: 'REJECTED', httpStatus: 400, gatewayCode: 'INVALID_PARAMETER', field: 'order.amount', outcomeUnknown: false })
    expect(error.message).toContain('order.amount Must Not Be Blank')
  })

  it('reads the card 500 body; for a charge that is an unknown outcome, never a failure', () => {
    const body = '{"timestamp":"2026-01-30T08:45:42Z","status":"500","error":"Internal Server Error","path":"/credit-card/charge"}'
    expect(httpError(500, body, true)).toMatchObject({ code: 'SERVER', gatewayMessage: 'Internal Server Error', outcomeUnknown: true })
    expect(httpError(500, body, true).message).toMatch(/may have gone through/)
    expect(httpError(500, body, false)).toMatchObject({ code: 'SERVER', outcomeUnknown: false })
  })

  it('reads the generic bodies', () => {
    expect(httpError(401, '{"error":{"code":"invalid_signature","message":"invalid signature"}}', true)).toMatchObject({ code: 'AUTH', gatewayCode: 'invalid_signature', outcomeUnknown: false })
    expect(httpError(400, '{"error":{"code":"invalid_request","message":"bad"}}', true)).toMatchObject({ code: 'REJECTED', gatewayCode: 'invalid_request' })
    expect(httpError(404, '{"error":{"code":"invalid_request","message":"no such payment"}}', false)).toMatchObject({ code: 'NOT_FOUND' })
    expect(httpError(408, '{"error":{"code":"payment_timeout","message":"t"}}', true)).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: true })
    expect(httpError(409, '{"error":{"code":"idempotency_id_conflict","message":"c"}}', true)).toMatchObject({ code: 'CONFLICT', gatewayCode: 'idempotency_id_conflict', outcomeUnknown: true })
  })

  it('copes with empty and non-JSON bodies', () => {
    expect(readErrorBody('')).toEqual({ gatewayCode: null, gatewayMessage: null })
    expect(readErrorBody('<html>Bad Gateway</html>')).toEqual({ gatewayCode: null, gatewayMessage: null })
    expect(readErrorBody('"just a string"')).toEqual({ gatewayCode: null, gatewayMessage: null })
    expect(httpError(502, '<html>Bad Gateway</html>', true)).toMatchObject({ code: 'SERVER', field: null, outcomeUnknown: true })
    expect(httpError(400, '', false)).toMatchObject({ code: 'REJECTED', message: 'The gateway refused the request.' })
  })

  it('finds a field only where the message names one', () => {
    expect(fieldOf('customer.email Must Be A Valid Email')).toBe('customer.email')
    expect(fieldOf('order.line_items.0.id is required')).toBe('order.line_items.0.id')
    expect(fieldOf('Invalid Signature')).toBeNull()
    expect(fieldOf(null)).toBeNull()
  })

  it('treats a refused connection as not sent, and a reset or timeout after sending as unknown', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
    expect(transportError(refused, true)).toMatchObject({ code: 'NETWORK', outcomeUnknown: false })
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET', cause: { code: 'ECONNRESET' } })
    expect(transportError(reset, true)).toMatchObject({ code: 'NETWORK', outcomeUnknown: true })
    const headers = Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' })
    expect(transportError(headers, true)).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: true })
    expect(transportError(headers, false)).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: false })
    // The deadline on the whole exchange (a dripped answer) is a timeout like the header timeout: never "failed".
    const deadline = new DeadlineExceededError('The gateway answer did not end in time')
    expect(transportError(deadline, true)).toMatchObject({ code: 'TIMEOUT', gatewayCode: 'ANSWER_DEADLINE', outcomeUnknown: true })
    expect(transportError(deadline, false)).toMatchObject({ code: 'TIMEOUT', outcomeUnknown: false })
    expect(transportError(new Error('mystery'), true)).toMatchObject({ code: 'NETWORK', outcomeUnknown: true })
  })
})

describe('redaction', () => {
  it('masks every card token in a stored body', () => {
    const body = JSON.stringify({ card: { token: 'tok_4509198934905316abcd', masked: '450919******5316' }, card_payment: { token_id: 'tok_ZZZZ9999' }, token: { id: 'tok_1234567890' } })
    const redacted = redactBody(body)
    expect(redacted).not.toMatch(/tok_/)
    expect(JSON.parse(redacted)).toEqual({ card: { token: '••••abcd', masked: '450919******5316' }, card_payment: { token_id: '••••9999' }, token: { id: '••••7890' } })
  })

  it('masks token-looking text in a body that is not JSON', () => {
    expect(redactBody('token=tok_secret_value_1234&x=1')).toBe('token=••••1234&x=1')
  })
})

describe('a 2xx whose body is an error', () => {
  it('keeps the gateway\'s code and message (and the field it names) beside "bad response"', () => {
    const error = badResponse(200, 'unexpected payment', true, '{"error":{"code":"INVALID_PARAMETER","message":"order.amount Must Not Be Blank","type":"Invalid Parameter"}}')
    expect(error).toMatchObject({
      code: 'BAD_RESPONSE',
      httpStatus: 200,
      gatewayCode: 'INVALID_PARAMETER',
      gatewayMessage: 'order.amount Must Not Be Blank',
      field: 'order.amount',
      outcomeUnknown: true,
    })
    expect(error.message).toContain('the gateway said INVALID_PARAMETER: order.amount Must Not Be Blank')
    expect(badResponse(200, 'not JSON', false, 'oops')).toMatchObject({ gatewayCode: null, gatewayMessage: null, message: 'The gateway answered something the app cannot read (not JSON).' })
  })
})

describe('redaction against bodies built to dodge it', () => {
  it('masks a token whose key is spelled with JSON escapes, and survives a nesting bomb', () => {
    const token = 'f00dfacecafebeef0123456789abcdef'
    const bomb = `{"card":{"\\u0074oken":"${token}"},"extra":${'['.repeat(100_000)}${']'.repeat(100_000)}}`
    const stored = redactBody(bomb)
    expect(stored).not.toContain(token)
    expect(redactBody(`{"card_payment":{"token\\u005fid":"${token}"}}`)).not.toContain(token)
    expect(redactBody(`not json "\\u0074oken":"${token}"`)).not.toContain(token)
    const deep = JSON.parse(redactBody(JSON.stringify({ a: { b: { c: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[['x']]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] } } }))) as unknown
    expect(JSON.stringify(deep)).toContain('nested too deep')
  })
})
