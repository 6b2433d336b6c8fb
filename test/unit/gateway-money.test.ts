import { describe, expect, it } from 'vitest'
import { amount, formatAmount, MAX_AMOUNT_SEN, parseAmountSen, toWireJson } from '../../src-main/gateway/money'

describe('amounts on the wire', () => {
  it('are written exactly, with at most two decimals', () => {
    expect(formatAmount(1)).toBe('0.01')
    expect(formatAmount(10)).toBe('0.1')
    expect(formatAmount(450)).toBe('4.5')
    expect(formatAmount(455)).toBe('4.55')
    expect(formatAmount(100)).toBe('1')
    expect(formatAmount(0)).toBe('0')
    expect(formatAmount(100_000_099)).toBe('1000000.99')
    expect(formatAmount(MAX_AMOUNT_SEN)).toBe('999999999.99')
  })

  it('refuse fractions of a sen, negatives and absurd amounts', () => {
    expect(() => formatAmount(4.5)).toThrow(/whole number of sen/)
    expect(() => formatAmount(-1)).toThrow(/negative/)
    expect(() => formatAmount(Number.NaN)).toThrow()
    expect(() => formatAmount(MAX_AMOUNT_SEN + 1)).toThrow(/exceed/)
    expect(() => amount(0.5)).toThrow()
  })

  it('are read back to exact sen, refusing what is not an amount', () => {
    expect(parseAmountSen(4.5)).toBe(450)
    expect(parseAmountSen(0.29)).toBe(29)
    expect(parseAmountSen(1000000.99)).toBe(100_000_099)
    expect(parseAmountSen(120)).toBe(12_000)
    expect(parseAmountSen(1.005)).toBeNull()
    expect(parseAmountSen(-1)).toBeNull()
    expect(parseAmountSen(1e21)).toBeNull()
    expect(parseAmountSen(Number.POSITIVE_INFINITY)).toBeNull()
  })

  it('are read from numeric strings too, as the published status answers write them', () => {
    expect(parseAmountSen('5')).toBe(500)
    expect(parseAmountSen('4.50')).toBe(450)
    expect(parseAmountSen('4.5')).toBe(450)
    expect(parseAmountSen('1000000.99')).toBe(100_000_099)
    expect(parseAmountSen('0.01')).toBe(1)
    for (const bad of ['', ' 5', '5 ', '-5', '+5', '5.001', '1e3', '1,000.00', '5.', '.5', 'RM5', '0x10', 'NaN', 'Infinity', '999999999999']) {
      expect(parseAmountSen(bad), JSON.stringify(bad)).toBeNull()
    }
    expect(parseAmountSen(null)).toBeNull()
    expect(parseAmountSen({ value: 5 })).toBeNull()
  })

  it('go into request bodies as JSON numbers, never via float arithmetic', () => {
    const body = { order: { amount: amount(100_000_099), items: [{ price: amount(1) }], skip: undefined, note: 'a"b' }, flag: true, none: null }
    const text = toWireJson(body)
    expect(text).toBe('{"order":{"amount":1000000.99,"items":[{"price":0.01}],"note":"a\\"b"},"flag":true,"none":null}')
    expect(JSON.parse(text)).toEqual({ order: { amount: 1000000.99, items: [{ price: 0.01 }], note: 'a"b' }, flag: true, none: null })
  })

  it('match the bytes of the worked example of gateway-facts.md', () => {
    const text = toWireJson({
      order: { invoice_number: 'INV-DIRECT-CC-1', amount: amount(450), callback_url: 'https://doku.com', auto_redirect: false, currency: 'MYR' },
      customer: { id: 'DOKU-CUST-001', name: 'Anton Budiman', email: 'anton@doku.com', phone: '+628192837465' },
      payment: { type: 'SALE' },
    })
    expect(text).toBe(
      '{"order":{"invoice_number":"INV-DIRECT-CC-1","amount":4.5,"callback_url":"https://doku.com","auto_redirect":false,"currency":"MYR"},"customer":{"id":"DOKU-CUST-001","name":"Anton Budiman","email":"anton@doku.com","phone":"+628192837465"},"payment":{"type":"SALE"}}',
    )
  })
})
