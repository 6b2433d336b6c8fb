import { describe, expect, it } from 'vitest'
import { compileSearchText, invoiceDigits, invoiceTailOf } from '../../src-main/store/order-search'
import { compileSearchTerms, termConditions } from '../../src-main/store/postgres/search-terms'

describe('the last digits of an invoice', () => {
  it('are the digits of its last digit group without their leading zeros', () => {
    expect(invoiceDigits('INV-2026-002836')).toBe('2836')
    expect(invoiceDigits('INV-2026-000010')).toBe('10')
    expect(invoiceDigits('ORDER-7-B')).toBe('7')
    expect(invoiceDigits('123456')).toBe('123456')
    expect(invoiceDigits('INV-2026-000000')).toBe('')
    expect(invoiceDigits('TOKO-ABC')).toBe('')
    expect(invoiceDigits('')).toBe('')
  })

  it('are looked for in a number typed with its leading zeros, without them', () => {
    expect(invoiceTailOf('002836')).toBe('2836')
    expect(invoiceTailOf('02836')).toBe('2836')
    expect(invoiceTailOf('2836')).toBe('')
    expect(invoiceTailOf('000')).toBe('')
  })
})

describe('the box compiled for orders (FTS5)', () => {
  const orders = { invoice: true }

  it('finds the last digits as typed: a prefix term, which the invoice column holds', () => {
    expect(compileSearchText('2836', orders)).toBe('"2836"*')
  })

  it('looks for a number with leading zeros among the invoices without them', () => {
    expect(compileSearchText('002836', orders)).toBe('("002836"* OR phone : "02836"* OR invoice : "2836"*)')
    expect(compileSearchText('02836', orders)).toBe('("02836"* OR phone : "2836"* OR invoice : "2836"*)')
    expect(compileSearchText('0123456789', orders)).toBe('("0123456789"* OR phone : "123456789"* OR invoice : "123456789"*)')
  })

  it('leaves a number without leading zeros, a phone number with its country code and words as they were', () => {
    expect(compileSearchText('60123456789', orders)).toBe('("60123456789"* OR phone : "123456789"*)')
    expect(compileSearchText('inv-2026-002836', orders)).toBe('"inv-2026-002836"*')
    expect(compileSearchText('siti 002836', orders)).toBe('"siti"* AND ("002836"* OR phone : "02836"* OR invoice : "2836"*)')
    expect(compileSearchText('000', orders)).toBe('("000"* OR phone : "00"*)')
  })

  it('compiles as before for customers, who have no invoice', () => {
    expect(compileSearchText('002836')).toBe('("002836"* OR phone : "02836"*)')
  })
})

describe('the box compiled for orders (PostgreSQL terms)', () => {
  const orders = { invoice: true }

  it('has the same alternatives as FTS5', () => {
    expect(compileSearchTerms('2836', orders)).toEqual([[{ token: '2836' }]])
    expect(compileSearchTerms('002836', orders)).toEqual([[{ token: '002836' }, { phone: '02836' }, { invoice: '2836' }]])
    expect(compileSearchTerms('60123456789', orders)).toEqual([[{ token: '60123456789' }, { phone: '123456789' }]])
    expect(compileSearchTerms('002836')).toEqual([[{ token: '002836' }, { phone: '02836' }]])
  })

  it('looks for the invoice digits in the invoice section of the column (before the first marker), and at the start of the invoice when one starts so', () => {
    const params: Record<string, unknown> = {}
    const terms = compileSearchTerms('002836', orders) ?? []
    const sql = termConditions('o', terms, params, { invoiceKey: (_, a) => a === 2 })
    expect(sql).toBe("(o.search like @t0 or o.search like @t1 or o.invoice_key like @t4 or (o.search like @t2 and strpos(o.search, @t3) < strpos(o.search, ' | ')))")
    expect(params).toEqual({ t0: '% 002836%', t1: '% #02836%', t2: '% 2836%', t3: ' 2836', t4: '2836%' })
    const without: Record<string, unknown> = {}
    expect(termConditions('o', terms, without, { invoiceKey: () => false })).not.toContain('invoice_key')
  })
})
