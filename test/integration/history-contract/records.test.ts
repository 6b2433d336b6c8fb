/** The repositories' contract, run on each engine: records of every table but orders' search. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewCustomer } from '../../../src-main/store/history-types'
import { newOrder } from '../history-fixture'
import { ENGINES, openEngineHistory, REFUSED, type EngineHistory } from './engines'

function customer(overrides: Partial<NewCustomer> = {}): NewCustomer {
  return {
    externalId: null,
    name: 'Nur Aisyah binti Razak',
    email: 'aisyah.razak@gmail.com',
    phone: '+60 13-222 3344',
    address: '12 Jalan Ampang',
    city: 'Kuala Lumpur',
    state: 'WP Kuala Lumpur',
    zipCode: '50450',
    country: 'MY',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

describe.each(ENGINES)('history records (%s)', (engine) => {
  let f: EngineHistory
  beforeEach(async () => {
    f = await openEngineHistory(engine)
  })
  afterEach(() => f.close())

  it('attempts: begun pending, completed once, and the interrupted ones are found by pending()', () => {
    const order = f.history.orders.insert(newOrder())
    const started = {
      orderId: order.id,
      operation: 'charge',
      method: 'POST' as const,
      path: '/credit-card/v1/charge',
      requestBody: '{"card":{"token":"••••4242"}}',
      startedAt: '2026-01-01T00:00:00.000Z',
    }
    const done = f.history.attempts.begin({ ...started, requestId: 'req-1' })
    const crashed = f.history.attempts.begin({ ...started, requestId: 'req-2' })
    const orphan = f.history.attempts.begin({ ...started, orderId: null, operation: 'status', method: 'GET', path: '/orders/v1/status/INV-1', requestBody: null, requestId: 'req-3' })
    expect(done).toEqual({ id: done.id, ...started, requestId: 'req-1', outcome: 'pending' })
    expect(f.history.attempts.pending().map((attempt) => attempt.requestId)).toEqual(['req-1', 'req-2', 'req-3'])

    const completion = {
      httpStatus: 200,
      responseBody: '{"ok":true}',
      signature: 'HMACSHA256=abc',
      outcome: 'ok' as const,
      errorCode: null,
      errorMessage: null,
      durationMs: 182.4,
      finishedAt: '2026-01-01T00:00:01.000Z',
    }
    const completed = f.history.attempts.complete(done.id, completion)
    expect(completed).toEqual({ ...done, ...completion, durationMs: 182 })
    expect(() => f.history.attempts.complete(done.id, { ...completion, outcome: 'error' })).toThrow(/already complete \(ok\)/)
    expect(() => f.history.attempts.complete(999, completion)).toThrow(/does not exist/)
    f.history.attempts.complete(orphan.id, { ...completion, httpStatus: null, responseBody: null, outcome: 'unknown', errorCode: 'TIMEOUT', errorMessage: 'No answer in 30 s' })

    // What a restart sees: the attempt a crash cut off between begin and complete.
    expect(f.history.attempts.pending()).toEqual([crashed])
    expect(f.history.attempts.forOrder(order.id).map((attempt) => [attempt.requestId, attempt.outcome])).toEqual([
      ['req-1', 'ok'],
      ['req-2', 'pending'],
    ])
    expect(f.history.attempts.get(orphan.id)).toMatchObject({ outcome: 'unknown', errorCode: 'TIMEOUT', httpStatus: null })
    expect(f.history.attempts.get(12345)).toBeNull()

    // A read recorded once answered: one insert of the row begin and complete would leave; its id comes back.
    const read = { ...started, operation: 'status', method: 'GET' as const, path: '/orders/v1/status/INV-1', requestBody: null, requestId: 'req-4' }
    const readId = f.history.attempts.record(read, completion)
    expect(f.history.attempts.get(readId)).toEqual({ id: readId, ...read, ...completion, durationMs: 182 })
    expect(f.history.attempts.pending()).toEqual([crashed])
  })

  it('orders: an invoice number is held in any case, the exact holder first', () => {
    const upper = f.history.orders.insert(newOrder({ invoiceNumber: 'INV-CASE-7' }))
    expect(f.history.orders.holdingInvoice('inv-case-7').map((order) => order.id)).toEqual([upper.id])
    expect(f.history.orders.holdingInvoice('Inv-Case-7').map((order) => order.invoiceNumber)).toEqual(['INV-CASE-7'])
    expect(f.history.orders.holdingInvoice('INV-CASE-70')).toEqual([])
    // Byte-exact look-ups stay exact: the gateway names a number as it was sent.
    expect(f.history.orders.byInvoice('inv-case-7')).toBeNull()
    const lower = f.history.orders.insert(newOrder({ invoiceNumber: 'inv-case-7' }))
    expect(f.history.orders.holdingInvoice('inv-case-7').map((order) => order.id)).toEqual([lower.id, upper.id])
    expect(f.history.orders.holdingInvoice('INV-CASE-7').map((order) => order.id)).toEqual([upper.id, lower.id])
  })

  it('events: the timeline of an order, oldest first, with JSON details', () => {
    const order = f.history.orders.insert(newOrder())
    const other = f.history.orders.insert(newOrder())
    const attempt = f.history.attempts.begin({ orderId: order.id, operation: 'create', requestId: 'r', method: 'POST', path: '/p', requestBody: null, startedAt: 't' })
    const first = f.history.events.append({
      orderId: order.id,
      type: 'created',
      summary: 'Link created',
      details: { amountSen: 100, nested: { a: [1, 2] } },
      attemptId: attempt.id,
      actor: 'Aisyah',
      at: '2026-01-01T00:00:00.000Z',
    })
    f.history.events.append({ orderId: other.id, type: 'note', summary: 'Other', details: null, attemptId: null, actor: null, at: '2026-01-01T00:00:00.500Z' })
    const second = f.history.events.append({ orderId: order.id, type: 'status_changed', summary: 'PENDING → PAID', details: null, attemptId: null, actor: null, at: '2026-01-01T00:00:01.000Z' })
    expect(f.history.events.forOrder(order.id)).toEqual([first, second])
    expect(first.details).toEqual({ amountSen: 100, nested: { a: [1, 2] } })
    expect(() => f.history.events.append({ ...second, orderId: 999 })).toThrow(REFUSED.foreignKey)
    expect(() => f.history.events.append({ ...second, type: 'bogus' as 'note' })).toThrow(REFUSED.check)
  })

  it('customers: insert, update, external id, and search-as-you-type by name, e-mail and phone prefix', () => {
    const aisyah = f.history.customers.insert(customer({ externalId: 'CUST-1' }))
    const chong = f.history.customers.insert(customer({ name: 'Chong Kah Wai', email: 'kahwai@chong.com.my', phone: '0192223344' }))
    const priya = f.history.customers.insert(customer({ name: 'Priya d/o Raman', email: 'priya.r@outlook.com', phone: null }))
    expect(aisyah).toMatchObject({ id: aisyah.id, name: 'Nur Aisyah binti Razak', zipCode: '50450', updatedAt: '2026-01-01T00:00:00.000Z' })
    expect(f.history.customers.get(aisyah.id)).toEqual(aisyah)
    expect(f.history.customers.byExternalId('CUST-1')).toEqual(aisyah)
    expect(f.history.customers.byExternalId('CUST-2')).toBeNull()

    const names = (text: string): string[] => f.history.customers.search(text, 10).map((c) => c.name)
    expect(names('ais')).toEqual(['Nur Aisyah binti Razak'])
    expect(names('kah')).toEqual(['Chong Kah Wai'])
    expect(names('priya.r@')).toEqual(['Priya d/o Raman'])
    expect(names('013222')).toEqual(['Nur Aisyah binti Razak'])
    expect(names('+60 19-222')).toEqual(['Chong Kah Wai'])
    expect(names('')).toEqual([])
    expect(names('"(*')).toEqual([])

    const moved = f.history.customers.update(chong.id, { email: 'kw.chong@gmail.com', city: null }, '2026-02-01T00:00:00.000Z')
    expect(moved).toMatchObject({ email: 'kw.chong@gmail.com', city: null, name: 'Chong Kah Wai', updatedAt: '2026-02-01T00:00:00.000Z' })
    expect(names('kahwai')).toEqual([])
    expect(names('kw.chong')).toEqual(['Chong Kah Wai'])
    expect(() => f.history.customers.update(999, { name: 'x' }, 't')).toThrow(/does not exist/)
    expect(() => f.history.customers.insert(customer({ externalId: 'CUST-1' }))).toThrow(REFUSED.unique)
    expect(priya.phone).toBeNull()

    // The customer's language: none until chosen, kept through other changes, cleared by null, and only the app's two.
    expect(aisyah.language).toBeNull()
    expect(f.history.customers.insert(customer({ name: 'Lim Mei Ling', language: 'ms' })).language).toBe('ms')
    expect(f.history.customers.update(aisyah.id, { language: 'ms' }, 't').language).toBe('ms')
    expect(f.history.customers.update(aisyah.id, { phone: '0123334444' }, 't').language).toBe('ms')
    expect(f.history.customers.update(aisyah.id, { language: null }, 't').language).toBeNull()
    expect(() => f.history.customers.update(aisyah.id, { language: 'fr' as 'ms' }, 't')).toThrow(REFUSED.check)
  })

  it('refunds: insert, update, by request id and by order', () => {
    const order = f.history.orders.insert(newOrder({ status: 'PAID' }))
    const refund = f.history.refunds.insert({
      orderId: order.id,
      requestId: 'rf-1',
      amountSen: 2_500,
      type: 'PARTIAL_REFUND',
      status: 'PENDING',
      external: false,
      createdBy: 'Ali',
      createdAt: '2026-01-02T00:00:00.000Z',
    })
    expect(refund).toEqual({
      id: refund.id,
      orderId: order.id,
      requestId: 'rf-1',
      amountSen: 2_500,
      type: 'PARTIAL_REFUND',
      status: 'PENDING',
      rawStatus: null,
      message: null,
      external: false,
      createdBy: 'Ali',
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    })
    const external = f.history.refunds.insert({
      orderId: order.id,
      requestId: 'rf-2',
      amountSen: 100,
      type: null,
      status: 'OUTCOME_UNKNOWN',
      external: true,
      createdBy: 'Ali',
      createdAt: '2026-01-03T00:00:00.000Z',
    })
    const settled = f.history.refunds.update(refund.id, { status: 'SUCCESS', rawStatus: 'SUCCES' }, '2026-01-02T00:05:00.000Z')
    expect(settled).toMatchObject({ status: 'SUCCESS', rawStatus: 'SUCCES', amountSen: 2_500, updatedAt: '2026-01-02T00:05:00.000Z' })
    expect(f.history.refunds.byRequestId('rf-1')).toEqual(settled)
    expect(f.history.refunds.byRequestId('rf-9')).toBeNull()
    expect(f.history.refunds.forOrder(order.id)).toEqual([settled, external])
    expect(() => f.history.refunds.insert({ ...external, requestId: 'rf-1' })).toThrow(REFUSED.unique)
    expect(() => f.history.refunds.update(999, { status: 'FAILED' }, 't')).toThrow(/does not exist/)
  })

  it('notifications: a repeated request id is a duplicate and changes nothing', () => {
    const order = f.history.orders.insert(newOrder())
    const first = {
      requestId: 'n-1',
      rawBody: '{"order":{"status":"SUCCESS"}}',
      headers: { 'request-id': 'n-1' },
      verified: true,
      orderId: order.id,
      receivedAt: '2026-01-01T00:00:00.000Z',
      token: null,
      invoiceNumber: null,
      scheme: 'card' as const,
    }
    const stored = f.history.notifications.insert(first)
    expect(stored.duplicate).toBe(false)
    expect(f.history.notifications.insert({ ...first, rawBody: '{"changed":true}', verified: false, receivedAt: 'later' })).toEqual({ id: stored.id, duplicate: true })
    expect(f.history.notifications.forOrder(order.id)).toEqual([
      {
        id: stored.id,
        requestId: 'n-1',
        rawBody: first.rawBody,
        headers: first.headers,
        verified: true,
        orderId: order.id,
        receivedAt: first.receivedAt,
        handledAt: null,
        result: null,
        failed: false,
        invoiceNumber: null,
        scheme: 'card',
      },
    ])
    // Without a request id nothing can be matched, so each is kept.
    const a = f.history.notifications.insert({ ...first, requestId: null })
    const b = f.history.notifications.insert({ ...first, requestId: null })
    expect([a.duplicate, b.duplicate]).toEqual([false, false])
    expect(a.id).not.toBe(b.id)
  })

  it('notifications: the card token is kept encrypted beside the body, never in clear in the file', () => {
    const token = 'tok-5f8e2a9c7d41b3e6'
    const stored = f.history.notifications.insert({
      requestId: 'n-tok',
      rawBody: '{}',
      headers: {},
      verified: true,
      orderId: null,
      receivedAt: '2026-01-01T00:00:00.000Z',
      token,
      invoiceNumber: null,
      scheme: 'card',
    })
    expect(f.history.notifications.token(stored.id)).toBe(token)
    const blob = f.history.db.prepare('select token_ciphertext from notifications where id = ?').pluck().get(stored.id) as Buffer
    expect(blob.includes(Buffer.from(token))).toBe(false)
    expect(
      f.history.notifications.token(
        f.history.notifications.insert({ requestId: 'n-none', rawBody: '{}', headers: {}, verified: true, orderId: null, receivedAt: 'x', token: null, invoiceNumber: null, scheme: 'card' as const })
          .id,
      ),
    ).toBeNull()
  })

  it('audit log: appended and listed newest first, and neither UPDATE nor DELETE is possible', () => {
    const one = f.history.audit.append({ actor: 'Aisyah', action: 'order.create', orderId: null, details: { invoice: 'INV-1' }, at: '2026-01-01T00:00:00.000Z' })
    const two = f.history.audit.append({ actor: 'Ali', action: 'settings.update', orderId: null, details: null, at: '2026-01-01T00:00:01.000Z' })
    expect(f.history.audit.list(10)).toEqual([two, one])
    expect(f.history.audit.list(1)).toEqual([two])
    expect(() => f.db.prepare("update audit_log set actor = 'someone else'").run()).toThrow(/append-only/)
    expect(() => f.db.prepare('delete from audit_log').run()).toThrow(/append-only/)
    expect(() => f.db.prepare('delete from audit_log where id = ?').run(one.id)).toThrow(/append-only/)
    expect(f.history.audit.list(10)).toEqual([two, one])
  })
})
