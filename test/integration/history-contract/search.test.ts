/** The search box and the filters, run on each engine: the same data gives the same rows. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { OrderRow, OrderSearch } from '../../../src-main/store/history-types'
import { newOrder } from '../history-fixture'
import { ENGINES, openEngineHistory, type EngineHistory } from './engines'

describe.each(ENGINES)('order search (%s)', (engine) => {
  let f: EngineHistory
  let siti: OrderRow
  let tan: OrderRow
  let ravi: OrderRow
  let fpx: OrderRow

  beforeEach(async () => {
    f = await openEngineHistory(engine)
    const orders = f.history.orders
    siti = orders.insert(
      newOrder({
        invoiceNumber: 'INV-2026-000123',
        customerName: 'Siti Aminah binti Abdullah',
        customerEmail: 'siti.aminah@gmail.com',
        customerPhone: '+60 12-345 6789',
        cardLast4: '4242',
        cardMasked: '411111******4242',
        requestId: '3f2a9c4e-1b7d-4c3e-9a51-0d6e8f7b2c10',
        gatewayReferenceId: 'GREF-88123456',
        status: 'PAID',
        amountSen: 12_550,
        createdAt: '2026-03-01T08:00:00.000Z',
      }),
    )
    tan = orders.insert(
      newOrder({
        kind: 'phone_order',
        invoiceNumber: 'INV-2026-000124',
        customerName: 'Tan Wei Ming',
        customerEmail: 'weiming.tan@yahoo.com.my',
        customerPhone: '0167788990',
        cardLast4: '1111',
        requestId: 'a1b2c3d4-0000-4000-8000-000000000001',
        gatewayReferenceId: 'GREF-77000001',
        status: 'FAILED',
        amountSen: 500,
        createdAt: '2026-04-15T10:00:00.000Z',
      }),
    )
    ravi = orders.insert(
      newOrder({
        kind: 'generic_link',
        invoiceNumber: 'INV-2026-000200',
        customerName: "Ravi a/l Subramaniam O'Neil",
        customerEmail: 'ravi.s@company.my',
        customerPhone: '60198765432',
        channel: 'EMONEY_TNG',
        paymentId: 'PAY-20260501-0042',
        status: 'PAID',
        amountSen: 499_999,
        createdAt: '2026-05-01T12:00:00.000Z',
      }),
    )
    fpx = orders.insert(
      newOrder({
        kind: 'generic_link',
        invoiceNumber: 'INV-2026-000201',
        customerName: 'Lee Siew-Ling',
        customerEmail: 'siewling@hotmail.com',
        customerPhone: '012-345 6789',
        channel: 'INTERNET_BANKING_FPX',
        paymentId: 'PAY-20260502-4242',
        status: 'EXPIRED',
        amountSen: 4_242,
        createdAt: '2026-05-02T09:30:00.000Z',
      }),
    )
  })
  afterEach(() => f.close())

  function ids(query: Omit<OrderSearch, 'limit'>): number[] {
    return f.history.orders.search({ limit: 50, ...query }).rows.map((row) => row.id)
  }

  it('returns every order newest first when there is no condition', () => {
    expect(ids({})).toEqual([fpx.id, ravi.id, tan.id, siti.id])
    expect(ids({ text: '   ' })).toEqual([fpx.id, ravi.id, tan.id, siti.id])
    expect(f.history.orders.count({})).toBe(4)
  })

  it('finds by invoice number prefix', () => {
    expect(ids({ text: 'INV-2026-000123' })).toEqual([siti.id])
    expect(ids({ text: 'inv-2026-0001' })).toEqual([tan.id, siti.id])
    expect(ids({ text: 'INV-2026-0002' })).toEqual([fpx.id, ravi.id])
  })

  it('finds by name word prefixes, all words required, in any order', () => {
    expect(ids({ text: 'siti' })).toEqual([siti.id])
    expect(ids({ text: 'Amin' })).toEqual([siti.id])
    expect(ids({ text: 'wei tan' })).toEqual([tan.id])
    expect(ids({ text: 'wei siti' })).toEqual([])
    expect(ids({ text: 'ling' })).toEqual([fpx.id])
    expect(ids({ text: 'siew-ling' })).toEqual([fpx.id])
    expect(ids({ text: "O'Neil" })).toEqual([ravi.id])
  })

  it('finds by e-mail, whole or by prefix', () => {
    expect(ids({ text: 'siti.aminah@gmail.com' })).toEqual([siti.id])
    expect(ids({ text: 'siti.am' })).toEqual([siti.id])
    expect(ids({ text: 'weiming.tan@ya' })).toEqual([tan.id])
    expect(ids({ text: 'RAVI.S@COMPANY.MY' })).toEqual([ravi.id])
  })

  it('finds by phone written with or without country code, trunk prefix or punctuation', () => {
    for (const spelling of ['0123456789', '60123456789', '+60 12-345 6789', '+60123456789', '012-345 6789', '123456789']) {
      expect(ids({ text: spelling }), spelling).toEqual([fpx.id, siti.id])
    }
    expect(ids({ text: '016778' })).toEqual([tan.id])
    expect(ids({ text: '+6016' })).toEqual([tan.id])
    expect(ids({ text: '0198765432' })).toEqual([ravi.id])
  })

  it('finds by card last four, and a 4-digit text also matches prefixes of other fields', () => {
    expect(ids({ text: '1111' })).toEqual([tan.id])
    // 4242: siti's card, and the start of nothing else: fpx's payment id ends in 4242 but is one term.
    expect(ids({ text: '4242' })).toEqual([siti.id])
  })

  it('finds an invoice by its last digits, typed with or without its leading zeros', () => {
    const orders = f.history.orders
    const phoned = orders.insert(newOrder({ invoiceNumber: 'INV-2026-002836', customerName: 'Nur Aisyah', createdAt: '2026-05-03T09:00:00.000Z' }))
    // Its last digit group starts with 2836 once its zero is dropped: found too, as a prefix is.
    const longer = orders.insert(newOrder({ invoiceNumber: 'INV-2026-028361', customerName: 'Ahmad Faiz', createdAt: '2026-05-04T09:00:00.000Z' }))
    const card = orders.insert(newOrder({ invoiceNumber: 'INV-2026-000300', customerName: 'Wong Mei', cardLast4: '2836', createdAt: '2026-05-05T09:00:00.000Z' }))
    // An invoice that starts with the digits, its last group another (77).
    const starts = orders.insert(newOrder({ invoiceNumber: '2836-77', customerName: 'Kumar', createdAt: '2026-05-06T09:00:00.000Z' }))
    // Typed as they are read out: also any field that starts with them, the card's last four as before.
    expect(ids({ text: '2836' })).toEqual([starts.id, card.id, longer.id, phoned.id])
    // With its zeros: the invoices only (and what starts with the zeros, as before), not the card.
    for (const typed of ['02836', '002836', '0002836', ' 002836 ']) expect(ids({ text: typed }), typed).toEqual([starts.id, longer.id, phoned.id])
    expect(f.history.orders.count({ text: '002836' })).toBe(3)
    expect(ids({ text: '28361' })).toEqual([longer.id])
    expect(ids({ text: 'INV-2026-002836' })).toEqual([phoned.id])
    expect(ids({ text: 'nur 002836' })).toEqual([phoned.id])
    expect(ids({ text: '002836', statuses: ['PAID'] })).toEqual([])
    // The last digits are not a suffix search: 836 is how no invoice's last digits start.
    expect(ids({ text: '836' })).toEqual([])
    expect(ids({ text: '124' })).toEqual([tan.id])
    expect(ids({ text: '00124' })).toEqual([tan.id])
    // An invoice number changed (only by SQL: OrderUpdate has no such field): the index follows.
    f.db.prepare("update orders set invoice_number = 'INV-2026-009999' where id = ?").run(phoned.id)
    expect(ids({ text: '002836' })).toEqual([starts.id, longer.id])
    expect(ids({ text: '9999' })).toEqual([phoned.id])
    expect(ids({ text: '009999' })).toEqual([phoned.id])
  })

  it('finds by gateway reference, request id and payment id prefixes', () => {
    expect(ids({ text: 'GREF-8812' })).toEqual([siti.id])
    expect(ids({ text: 'gref-77000001' })).toEqual([tan.id])
    expect(ids({ text: '3f2a9c4e' })).toEqual([siti.id])
    expect(ids({ text: '3f2a9c4e-1b7d-4c3e-9a51-0d6e8f7b2c10' })).toEqual([siti.id])
    expect(ids({ text: 'a1b2' })).toEqual([tan.id])
    expect(ids({ text: 'PAY-20260501' })).toEqual([ravi.id])
    expect(ids({ text: 'pay-2026050' })).toEqual([fpx.id, ravi.id])
  })

  it('filters by status, kind, channel, date and amount, alone and combined (AND)', () => {
    expect(ids({ statuses: ['PAID'] })).toEqual([ravi.id, siti.id])
    expect(ids({ statuses: ['PAID', 'FAILED'] })).toEqual([ravi.id, tan.id, siti.id])
    expect(ids({ kinds: ['generic_link'] })).toEqual([fpx.id, ravi.id])
    expect(ids({ kinds: ['card_link', 'phone_order'] })).toEqual([tan.id, siti.id])
    expect(ids({ channels: ['EMONEY_TNG', 'INTERNET_BANKING_FPX'] })).toEqual([fpx.id, ravi.id])
    expect(ids({ createdFrom: '2026-04-15T10:00:00.000Z' })).toEqual([fpx.id, ravi.id, tan.id])
    expect(ids({ createdTo: '2026-05-01T12:00:00.000Z' })).toEqual([tan.id, siti.id])
    expect(ids({ createdFrom: '2026-04-01T00:00:00.000Z', createdTo: '2026-05-02T00:00:00.000Z' })).toEqual([ravi.id, tan.id])
    expect(ids({ createdFrom: '2027-01-01T00:00:00.000Z' })).toEqual([])
    expect(ids({ createdTo: '2020-01-01T00:00:00.000Z' })).toEqual([])
    expect(ids({ amountMinSen: 4_242 })).toEqual([fpx.id, ravi.id, siti.id])
    expect(ids({ amountMaxSen: 4_242 })).toEqual([fpx.id, tan.id])
    expect(ids({ amountMinSen: 500, amountMaxSen: 500 })).toEqual([tan.id])
    expect(ids({ statuses: ['PAID'], kinds: ['generic_link'] })).toEqual([ravi.id])
    expect(ids({ statuses: ['PAID'], amountMaxSen: 20_000, createdFrom: '2026-01-01T00:00:00.000Z' })).toEqual([siti.id])
    expect(ids({ text: 'inv-2026', statuses: ['PAID', 'EXPIRED'], channels: ['INTERNET_BANKING_FPX'] })).toEqual([fpx.id])
    expect(ids({ text: '0123456789', statuses: ['PAID'] })).toEqual([siti.id])
    expect(ids({ text: 'siti', statuses: ['FAILED'] })).toEqual([])
    expect(ids({ text: 'inv', createdFrom: '2026-04-01T00:00:00.000Z', amountMaxSen: 5_000 })).toEqual([fpx.id, tan.id])
    expect(f.history.orders.count({ text: 'inv', statuses: ['PAID'] })).toBe(2)
  })

  it('gives the same answers once dates no longer follow ids (a clock set back)', () => {
    const late = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-OLD-1', createdAt: '2026-01-01T00:00:00.000Z', status: 'PAID' }))
    expect(ids({ createdTo: '2026-04-01T00:00:00.000Z' })).toEqual([late.id, siti.id])
    expect(ids({ createdFrom: '2026-04-01T00:00:00.000Z', createdTo: '2026-05-02T00:00:00.000Z' })).toEqual([ravi.id, tan.id])
    expect(ids({ statuses: ['PAID'], createdTo: '2026-04-01T00:00:00.000Z' })).toEqual([late.id, siti.id])
    expect(ids({ text: 'inv', createdTo: '2026-04-01T00:00:00.000Z' })).toEqual([late.id, siti.id])
  })

  it('never throws on FTS syntax or odd input, and treats it as plain text', () => {
    const nasty = [
      '"',
      '""',
      '"siti',
      'siti"',
      '*',
      '**',
      'siti*',
      '-',
      '--siti',
      'NOT',
      'siti NOT tan',
      'AND',
      'OR siti',
      'NEAR(siti tan)',
      '(',
      ')',
      '()',
      'name:siti',
      '{name}: siti',
      '^siti',
      'siti + tan',
      ':',
      "'; drop table orders; --",
      '\\',
      '%',
      '_',
      '\u0000',
      '🙂',
      'é',
      'ß',
      '  \t\n ',
      '.',
      '@',
      'a'.repeat(500),
      'x '.repeat(200),
    ]
    for (const text of nasty) {
      expect(() => f.history.orders.search({ text, limit: 10 }), JSON.stringify(text)).not.toThrow()
      expect(() => f.history.orders.count({ text }), JSON.stringify(text)).not.toThrow()
    }
    expect(ids({ text: 'siti*' })).toEqual([siti.id])
    expect(ids({ text: '"siti' })).toEqual([siti.id])
    expect(ids({ text: 'NOT' })).toEqual([])
    expect(ids({ text: 'OR siti' })).toEqual([])
    expect(ids({ text: '*' })).toEqual([fpx.id, ravi.id, tan.id, siti.id])
    expect(f.history.orders.count({})).toBe(4)
  })

  it('reads control characters (a NUL pasted with a name) as blanks, in orders and customers alike', () => {
    for (const text of ['siti\u0000', '\u0000siti', 'siti\u0000aminah', 'si\u0007ti', 'siti\u001b[0m', '"\u0000', '\u0000*', '012\u0000345']) {
      expect(() => f.history.orders.search({ text, limit: 10 }), JSON.stringify(text)).not.toThrow()
      expect(() => f.history.orders.count({ text }), JSON.stringify(text)).not.toThrow()
      expect(() => f.history.customers.search(text, 10), JSON.stringify(text)).not.toThrow()
    }
    expect(ids({ text: 'siti\u0000' })).toEqual([siti.id])
    expect(ids({ text: 'siti\u0000aminah' })).toEqual(ids({ text: 'siti aminah' }))
  })

  it('refuses a page size outside 1 to 500', () => {
    expect(() => f.history.orders.search({ limit: 0 })).toThrow(RangeError)
    expect(() => f.history.orders.search({ limit: 501 })).toThrow(RangeError)
    expect(() => f.history.orders.search({ limit: 1.5 })).toThrow(RangeError)
  })

  it('keeps the search in step when searched fields change, and when an order is deleted', () => {
    f.history.orders.update(tan.id, { cardLast4: '9876', gatewayReferenceId: 'GREF-NEW-1' }, '2026-06-01T00:00:00.000Z')
    expect(ids({ text: '1111' })).toEqual([])
    expect(ids({ text: '9876' })).toEqual([tan.id])
    expect(ids({ text: 'GREF-77' })).toEqual([])
    expect(ids({ text: 'gref-new' })).toEqual([tan.id])
    expect(ids({ text: 'tan' })).toEqual([tan.id])

    // The customer's snapshot is only changed by SQL (OrderUpdate has no such field): the triggers still follow.
    f.db.prepare("update orders set customer_email = 'wm.tan@newmail.my', customer_phone = '+60 11-2233 4455' where id = ?").run(tan.id)
    expect(ids({ text: 'weiming' })).toEqual([])
    expect(ids({ text: 'wm.tan@new' })).toEqual([tan.id])
    expect(ids({ text: '01122334455' })).toEqual([tan.id])
    expect(ids({ text: '0167788990' })).toEqual([])

    // A status change leaves the text index alone and the order stays findable.
    const updated = f.history.orders.update(siti.id, { status: 'REFUNDED', rawStatus: 'REFUNDED', completedAt: '2026-06-02T00:00:00.000Z' }, '2026-06-02T00:00:00.000Z')
    expect(updated).toMatchObject({ status: 'REFUNDED', updatedAt: '2026-06-02T00:00:00.000Z', completedAt: '2026-06-02T00:00:00.000Z', cardLast4: '4242' })
    expect(ids({ text: 'siti' })).toEqual([siti.id])

    f.db.prepare('delete from orders where id = ?').run(ravi.id)
    expect(ids({ text: 'ravi' })).toEqual([])
    expect(ids({ text: 'PAY-2026' })).toEqual([fpx.id])
  })

  it('looks orders up by id, invoice and request id, and update refuses an unknown id', () => {
    expect(f.history.orders.get(siti.id)).toEqual(siti)
    expect(f.history.orders.get(9_999)).toBeNull()
    expect(f.history.orders.byInvoice('INV-2026-000124')).toEqual(tan)
    expect(f.history.orders.byInvoice('INV-2026-00012')).toBeNull()
    expect(f.history.orders.byRequestId('3f2a9c4e-1b7d-4c3e-9a51-0d6e8f7b2c10')).toEqual(siti)
    expect(siti).toMatchObject({ updatedAt: siti.createdAt, completedAt: null, currency: 'MYR' })
    expect(() => f.history.orders.update(9_999, { status: 'PAID' }, '2026-06-01T00:00:00.000Z')).toThrow(/does not exist/)
    const cleared = f.history.orders.update(siti.id, { gatewayReferenceId: null }, '2026-06-01T00:00:00.000Z')
    expect(cleared.gatewayReferenceId).toBeNull()
    expect(cleared.requestId).toBe(siti.requestId)
  })
})
