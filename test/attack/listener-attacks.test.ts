/**
 * The notification listener of a real back end (Sandbox, known credentials, real loopback HTTP) under
 * attack, beyond what test/integration/notification-listener.test.ts covers: forgeries of every kind
 * (each header missing in turn, headers of another notification over this body, changed request id
 * or timestamp, doubled or oversized signatures), oversized bodies declared and chunked, lying and
 * contradictory lengths, signed bodies that are not notifications (JSON bombs, deep nesting, huge
 * numbers, wrong encodings), signed ones built to hurt (prototype keys, an unreadable date, an amount
 * that is not the order's, a token hidden from the redaction), wrong methods and look-alike paths, a
 * flood of forgeries, a flood of idle connections and slow requests.
 *
 * Each refusal is answered with its status and leaves the history as it was (every row of every table
 * compared), the order untouched and the gateway unasked; a signed body that is not a card notification
 * is refused or kept for staff but never taken as a payment; after each attack a genuine notification
 * is still taken. Fixed size (no random part): it runs the same under SOAK=1.
 */
import { randomUUID } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { formatTimestamp } from '../../src-main/gateway/signing'
import { historyFile } from '../../src-main/store/history-file'
import type { OrderView } from '../../src-preload/contract'
import { cardLink } from '../integration/link-requests'
import { startSandboxBackend, type SandboxTestBackend } from '../integration/sandbox-fixture'
import { historyFingerprint, openReader, type Db } from './books'
import { LISTENER_PATH, listenerOn, nextEvent, paymentNotification, post, raw, signed, type Answer } from './listener-kit'

let app: SandboxTestBackend
let url: URL
let reader: Db
let order: OrderView

beforeEach(async () => {
  app = await startSandboxBackend()
  url = await listenerOn(app)
  order = (await app.call('links.create', cardLink({ invoiceNumber: 'INV-ATTACK-1', amountSen: 128_50 }))).order
  reader = openReader(historyFile(app.dataDir, 'sandbox'))
})
afterEach(async () => {
  reader.close()
  await app.close()
})

const requestId = (): string => `doku-attack-${randomUUID()}`
const bodyFor = (status = 'SUCCESS', extra: Record<string, unknown> = {}): string => JSON.stringify(paymentNotification(order, status, extra))

function without(headers: Record<string, string>, name: string): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name.toLowerCase()))
}

/** What must not change when an attack is refused: the history, the order and what the gateway was asked. */
interface Untouched {
  fingerprint: string
  timeline: number
  gatewayCalls: number
}

async function snapshot(): Promise<Untouched> {
  return {
    fingerprint: historyFingerprint(reader),
    timeline: (await app.call('orders.get', { id: order.id })).timeline.length,
    gatewayCalls: app.sim.state.calls.length,
  }
}

async function expectUntouched(before: Untouched): Promise<void> {
  expect(historyFingerprint(reader), 'the history changed').toBe(before.fingerprint)
  const detail = await app.call('orders.get', { id: order.id })
  expect(detail.order.status).toBe('PENDING')
  expect(detail.timeline).toHaveLength(before.timeline)
  expect(app.sim.state.calls.length, 'the gateway was asked something').toBe(before.gatewayCalls)
}

/** A genuine notification is still taken: answered 200 and the order paid. */
async function genuineStillTaken(): Promise<void> {
  const body = bodyFor()
  const paid = nextEvent(app, 'orders.changed', (payload) => (payload as { id: number }).id === order.id)
  expect(await post(url, body, signed(body, requestId()))).toMatchObject({ status: 200, body: '{}' })
  await paid
  expect((await app.call('orders.get', { id: order.id })).order.status).toBe('PAID')
}

/** The promise's value, or 'timeout' if it takes longer than `ms` (the attack's own time limit, not a wait for the app). */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([promise, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]).finally(() => clearTimeout(timer))
}

function statuses(answers: (Answer & { name: string })[]): Record<string, number | string | null> {
  return Object.fromEntries(answers.map((answer) => [answer.name, answer.status ?? answer.error]))
}

describe('the listener under attack', () => {
  it('refuses every forgery with 401, stores nothing and acts on nothing', async () => {
    const before = await snapshot()
    const body = bodyFor()
    const genuineId = requestId()
    const good = signed(body, genuineId)
    const failed = bodyFor('FAILED')
    const other = JSON.stringify(paymentNotification({ invoiceNumber: 'INV-SOMEONE-ELSE', amountSen: 1_00, requestId: null }))
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(body) as Record<string, unknown>).reverse()))
    const signature = good['Signature'] ?? ''
    const forgeries: [string, string, Record<string, string | string[]>][] = [
      ['signed with another key', body, signed(body, requestId(), { secretKey: 'SK-not-the-merchants' })],
      ['signed with the right key for another client id', body, signed(body, requestId(), { clientId: 'BRN-SOMEONE-ELSE' })],
      ['signed for the path with a trailing slash', body, signed(body, requestId(), { target: `${LISTENER_PATH}/` })],
      ['signed for /', body, signed(body, requestId(), { target: '/' })],
      ['signed for the path in capitals', body, signed(body, requestId(), { target: LISTENER_PATH.toUpperCase() })],
      ['the body changed after signing (one letter)', body.replace('Siti', 'Sita'), good],
      ['the body changed after signing (a space at the end)', `${body} `, good],
      ['the body changed after signing (keys reordered)', reordered, good],
      ['a FAILED notification turned SUCCESS', body, signed(failed, requestId())],
      ['the headers of another notification over this body', body, signed(other, requestId())],
      ['the request id changed after signing', body, { ...good, 'Request-Id': requestId() }],
      ['the timestamp changed after signing', body, { ...good, 'Request-Timestamp': formatTimestamp(new Date(Date.now() + 1_000)) }],
      ['without Client-Id', body, without(good, 'Client-Id')],
      ['without Request-Id', body, without(good, 'Request-Id')],
      ['without Request-Timestamp', body, without(good, 'Request-Timestamp')],
      ['without Signature', body, without(good, 'Signature')],
      ['an empty Signature', body, { ...good, Signature: '' }],
      ['HMACSHA256= alone', body, { ...good, Signature: 'HMACSHA256=' }],
      ['the signature without its scheme', body, { ...good, Signature: signature.replace(/^HMACSHA256=/, '') }],
      ['the signature in lower case', body, { ...good, Signature: `HMACSHA256=${signature.replace(/^HMACSHA256=/, '').toLowerCase()}` }],
      ['an 8 KiB signature', body, { ...good, Signature: `HMACSHA256=${'A'.repeat(8_192)}` }],
      ['two Signature headers, a wrong one first', body, { ...good, Signature: ['HMACSHA256=AAAA', signature] }],
      ['two Signature headers, the right one first', body, { ...good, Signature: [signature, 'HMACSHA256=AAAA'] }],
      ['the signature of an empty body', body, signed('', requestId())],
    ]
    const answers = await Promise.all(forgeries.map(async ([name, forged, headers]) => ({ name, ...(await post(url, forged, headers)) })))
    expect(statuses(answers)).toEqual(Object.fromEntries(forgeries.map(([name]) => [name, 401])))
    expect((await app.call('listener.status')).counts).toMatchObject({ accepted: 0, badSignature: forgeries.length })
    await expectUntouched(before)
    await genuineStillTaken()
  })

  it('refuses oversized bodies with 413 (declared or chunked) and lying lengths, storing nothing', async () => {
    const before = await snapshot()
    const padded = (bytes: number): string => bodyFor('SUCCESS', { padding: 'x'.repeat(bytes) })
    const declared = padded(300 * 1024)
    const chunked = padded(300 * 1024)
    const endless = Buffer.from(padded(5 * 1024 * 1024))
    const chunks = (bytes: Buffer, size: number): Buffer[] => Array.from({ length: Math.ceil(bytes.length / size) }, (_chunk, index) => bytes.subarray(index * size, (index + 1) * size))
    const answers = [
      { name: 'declared 300 KiB', ...(await post(url, declared, signed(declared, requestId()))) },
      { name: 'chunked 300 KiB', ...(await post(url, chunks(Buffer.from(chunked), 16 * 1024), signed(chunked, requestId()), true)) },
      { name: 'chunked 5 MiB', ...(await post(url, chunks(endless, 64 * 1024), signed(endless, requestId()), true)) },
    ]
    expect(statuses(answers)).toEqual({ 'declared 300 KiB': 413, 'chunked 300 KiB': 413, 'chunked 5 MiB': 413 })

    // Lengths that lie or contradict: never taken, and the server keeps answering.
    const body = bodyFor()
    const head = (extra: string): string =>
      `POST ${LISTENER_PATH} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n${Object.entries(signed(body, requestId()))
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}${extra}\r\n`
    const lying = [
      ['Content-Length shorter than the body', `${head('Content-Length: 10\r\n')}${body}`],
      ['Content-Length not a number', `${head('Content-Length: abc\r\n')}${body}`],
      ['a negative Content-Length', `${head('Content-Length: -1\r\n')}${body}`],
      ['two different Content-Lengths', `${head(`Content-Length: ${String(body.length)}\r\nContent-Length: 5\r\n`)}${body}`],
      ['Content-Length and chunked together', `${head(`Content-Length: ${String(body.length)}\r\nTransfer-Encoding: chunked\r\n`)}${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`],
      ['a bad chunk size', `${head('Transfer-Encoding: chunked\r\n')}zz\r\n${body}\r\n0\r\n\r\n`],
    ] as const
    const exchanges = await Promise.all(
      lying.map(async ([name, bytes]) => {
        const exchange = raw(url, bytes)
        const end = await withDeadline(exchange.closed, 15_000)
        exchange.destroy()
        return [name, end === 'timeout' ? 'still open after 15 s' : (/^HTTP\/1\.1 (\d{3})/.exec(end.received)?.[1] ?? 'no answer')] as const
      }),
    )
    for (const [name, status] of exchanges) expect(['400', '401', '413', 'no answer'], `${name} answered ${status}`).toContain(status)

    await expectUntouched(before)
    await genuineStillTaken()
  }, 30_000)

  it('answers signed bodies that are not card notifications (JSON bombs, deep nesting, huge numbers, wrong encodings) with 400, or 200 when kept to look at, and never takes them as a payment', async () => {
    const valid = paymentNotification(order)
    const withOrder = (patch: Record<string, unknown>): string => JSON.stringify({ ...valid, order: { ...(valid['order'] as object), ...patch } })
    const withTransaction = (patch: Record<string, unknown>): string => JSON.stringify({ ...valid, transaction: { ...(valid['transaction'] as object), ...patch } })
    const bodies: [string, string | Buffer][] = [
      ['not JSON', 'not json'],
      ['empty', ''],
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"SUCCESS"'],
      ['a number', '128.5'],
      ['an unterminated JSON bomb of 100,000 [', '['.repeat(100_000)],
      ['100,000 nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
      ['40,000 nested objects', `${'{"a":'.repeat(40_000)}1${'}'.repeat(40_000)}`],
      ['the amount as 1e400', withOrder({ amount: 0 }).replace('"amount":0', '"amount":1e400')],
      ['the amount as a 400-digit number', withOrder({ amount: 0 }).replace('"amount":0', `"amount":${'9'.repeat(400)}`)],
      ['a negative amount', withOrder({ amount: -128.5 })],
      ['an amount in thousandths', withOrder({ amount: 128.505 })],
      ['a 10,000-character invoice number', withOrder({ invoice_number: 'I'.repeat(10_000) })],
      ['the invoice number as a number', withOrder({ invoice_number: 42 })],
      ['no invoice number', withOrder({ invoice_number: null })],
      ['no transaction', JSON.stringify({ ...valid, transaction: undefined })],
      ['an empty status', withTransaction({ status: '' })],
      ['a 10,000-character status', withTransaction({ status: 'S'.repeat(10_000) })],
      ['the status as an object', withTransaction({ status: { value: 'SUCCESS' } })],
      ['a byte-order mark before the JSON', `\ufeff${JSON.stringify(valid)}`],
      ['UTF-16', Buffer.from(JSON.stringify(valid), 'utf16le')],
      ['bytes that are not UTF-8', Buffer.concat([Buffer.from('{"order":{"invoice_number":'), Buffer.from([0xff, 0xfe, 0xc0, 0x80]), Buffer.from('},"transaction":{"status":"SUCCESS"}}')])],
    ]
    const answers = await Promise.all(bodies.map(async ([name, body]) => ({ name, ...(await post(url, body, signed(body, requestId()))) })))
    // Signed by the gateway's key, so answered without an error; whether such a body is refused (400) or kept for staff (200) is the app's choice.
    const unexpected = answers.filter((answer) => answer.status !== 400 && answer.status !== 200)
    expect(statuses(unexpected)).toEqual({})
    // Whatever was kept is looked at, never applied: the order is still waiting, and still a genuine notification gets through.
    await expect.poll(async () => (await app.call('listener.status')).recent.filter((notification) => notification.result === 'Received, being acted on'), { timeout: 5_000, interval: 20 }).toEqual([])
    expect((await app.call('orders.get', { id: order.id })).order.status).toBe('PENDING')
    await genuineStillTaken()
  }, 30_000)

  it('takes signed notifications built to hurt without polluting prototypes, crashing, or paying the order', async () => {
    const other = { invoiceNumber: 'INV-NOBODY-1', amountSen: 5_00, requestId: null }
    const hostile: [string, string | Buffer][] = [
      ['prototype keys', JSON.stringify(paymentNotification(other)).replace(/^\{/, '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},')],
      ['100,000 nested arrays in an extra field', JSON.stringify(paymentNotification(other)).replace(/^\{/, `{"extra":${'['.repeat(100_000)}${']'.repeat(100_000)},`)],
      ['huge numbers in extra fields', JSON.stringify(paymentNotification(other)).replace(/^\{/, `{"big":1e308,"bigger":${'9'.repeat(300)},"tiny":5e-324,`)],
      [
        'bytes that are not UTF-8 in the invoice number',
        Buffer.concat([Buffer.from('{"order":{"invoice_number":"INV-'), Buffer.from([0xff, 0xfe, 0xc0, 0x80]), Buffer.from('"},"transaction":{"status":"SUCCESS"}}')]),
      ],
      ['control characters in every text', JSON.stringify(paymentNotification({ ...other, invoiceNumber: 'INV-NOBODY-\u0000\u001b[2J' }, 'SUCCESS\u0000'))],
    ]
    for (const [name, body] of hostile) {
      const answer = await post(url, body, signed(body, requestId()))
      expect([200, 400], `${name}: ${JSON.stringify(answer)}`).toContain(answer.status)
      expect(({} as Record<string, unknown>)['polluted'], name).toBeUndefined()
    }
    expect((await app.call('orders.get', { id: order.id })).order.status).toBe('PENDING')
    await genuineStillTaken()
  }, 30_000)

  it('does not make an order PAID from a signed notification above the order’s amount or in another currency', async () => {
    for (const [name, body] of [
      ['an amount above the order’s', JSON.stringify(paymentNotification({ ...order, amountSen: 1_000_000_00 }))],
      ['another currency', JSON.stringify(paymentNotification(order)).replace('"currency":"MYR"', '"currency":"USD"')],
    ] as const) {
      const handled = nextEvent(app, 'listener.changed')
      expect((await post(url, body, signed(body, requestId()))).status, name).toBeLessThan(500)
      await handled
      expect((await app.call('orders.get', { id: order.id })).order.status, name).not.toBe('PAID')
    }
  })

  it('after a signed notification with an unreadable date, the back end still starts, and the order is followed', async () => {
    const dates = ['not a date', '2026-13-45T99:99:99Z', '+275760-09-13T00:00:00.001Z']
    for (const date of dates) {
      const body = bodyFor('SUCCESS', { transaction: { type: 'SALE', status: 'SUCCESS', date, original_request_id: order.requestId } })
      const handled = nextEvent(app, 'listener.changed')
      const answer = await post(url, body, signed(body, requestId()))
      expect(answer.status, date).toBeLessThan(500)
      if (answer.status === 200) await handled
    }
    reader.close()
    // Every stored notification is handled again at the next start if it was not: one bad row must not stop the app.
    await app.restart()
    reader = openReader(historyFile(app.dataDir, 'sandbox'))
    const status = await app.call('listener.status')
    expect(status.running).toBe(true)
    expect(status.recent.every((notification) => notification.result !== 'Received, being acted on')).toBe(true)
    expect((await app.call('orders.get', { id: order.id })).order.invoiceNumber).toBe('INV-ATTACK-1')
  })

  it('keeps no raw card token from a signed notification built to dodge the redaction', async () => {
    const token = 'f00dfacecafebeef0123456789abcdef'
    const sneaky = [
      // The key spelled with a JSON escape, before a nesting deep enough to break a recursive redaction.
      JSON.stringify(paymentNotification(order)).replace(/^\{/, `{"card":{"\\u0074oken":"${token}"},"extra":${'['.repeat(100_000)}${']'.repeat(100_000)},`),
      JSON.stringify(paymentNotification({ ...order, invoiceNumber: 'INV-NOBODY-2' })).replace(/^\{/, `{"card_payment":{"token\\u005fid":"${token}"},`),
    ]
    for (const body of sneaky) {
      const handled = nextEvent(app, 'listener.changed')
      const answer = await post(url, body, signed(body, requestId()))
      if (answer.status === 200) await handled
    }
    const rows = reader.prepare('select raw_body from notifications').pluck().all() as string[]
    for (const stored of rows) expect(stored.includes(token), `a raw token is stored: ${stored.slice(0, 80)}…`).toBe(false)
    expect(reader.prepare("select count(*) from events where details like '%' || ? || '%' or summary like '%' || ? || '%'").pluck().get(token, token)).toBe(0)
  })

  it('refuses other methods and look-alike paths (405, 404) and stores nothing', async () => {
    const before = await snapshot()
    const body = bodyFor()
    const methods = await Promise.all(
      ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'GET'].map(
        async (method) => [method, (await fetch(url, { method, ...(method === 'GET' ? {} : { body, headers: signed(body, requestId()) }) })).status] as const,
      ),
    )
    expect(Object.fromEntries(methods)).toEqual({ PUT: 405, DELETE: 405, PATCH: 405, OPTIONS: 405, GET: 405 })
    const paths = [
      `${LISTENER_PATH}/`,
      `${LISTENER_PATH}//`,
      '/doku%2Fnotifications',
      LISTENER_PATH.toUpperCase(),
      `/${LISTENER_PATH}`,
      '/doku/./notifications',
      `${LISTENER_PATH}/..`,
      `${LISTENER_PATH}%00`,
      '*',
    ]
    const looks = await Promise.all(
      paths.map(async (path) => {
        const exchange = raw(
          url,
          `POST ${path} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n${Object.entries(signed(body, requestId()))
            .map(([name, value]) => `${name}: ${value}\r\n`)
            .join('')}Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body}`,
        )
        const { received } = await exchange.closed
        return [path, /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 'no answer'] as const
      }),
    )
    for (const [path, status] of looks) expect(['400', '404'], `${path} answered ${status}`).toContain(status)
    const absolute = raw(url, `POST http://evil.example${LISTENER_PATH} HTTP/1.1\r\nHost: evil.example\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}`)
    expect((await absolute.closed).received).toMatch(/^HTTP\/1\.1 (400|401|404)/)
    await expectUntouched(before)
    await genuineStillTaken()
  })

  it('refuses a flood of 300 concurrent forgeries and still takes the genuine one', async () => {
    const before = await snapshot()
    const answers = await Promise.all(
      Array.from({ length: 300 }, async (_item, index) => {
        const body = bodyFor(index % 2 === 0 ? 'SUCCESS' : 'FAILED', { n: index })
        const headers = index % 3 === 0 ? signed(body, requestId(), { secretKey: `SK-guess-${String(index)}` }) : { ...signed(`${body} `, requestId()) }
        return (await post(url, body, headers)).status
      }),
    )
    expect(answers.filter((status) => status !== 401)).toEqual([])
    await expectUntouched(before)
    await genuineStillTaken()
  }, 30_000)

  it('drops connections past a cap when flooded with idle ones, and recovers', async () => {
    const FLOOD = 1_500
    /** The cap may be anything up to this; without one every connection stays open. */
    const GENEROUS_CAP = 1_024
    const sockets = Array.from({ length: FLOOD }, () => raw(url, ''))
    let closed = 0
    const enoughDropped = new Promise<void>((resolve) => {
      for (const socket of sockets) {
        void socket.closed.then(() => {
          closed += 1
          if (closed >= FLOOD - GENEROUS_CAP) resolve()
        })
      }
    })
    const outcome = await withDeadline(
      enoughDropped.then(() => 'dropped'),
      5_000,
    )
    const dropped = closed
    for (const socket of sockets) socket.destroy()
    await Promise.all(sockets.map((socket) => socket.closed))
    expect(outcome, `${String(dropped)} of ${String(FLOOD)} idle connections were dropped within 5 s`).toBe('dropped')
    await genuineStillTaken()
  }, 30_000)

  it('cuts slow requests off after about 10 s (slow headers, slow body) while a genuine notification still gets through', async () => {
    const before = await snapshot()
    const body = bodyFor()
    const headers = Object.entries(signed(body, requestId()))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('')
    // Headers that never end, and a body that never comes.
    const slowHeaders = raw(url, `POST ${LISTENER_PATH} HTTP/1.1\r\nHost: ${url.host}\r\n${headers}`)
    const slowBody = raw(url, `POST ${LISTENER_PATH} HTTP/1.1\r\nHost: ${url.host}\r\n${headers}Content-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body.slice(0, 20)}`)
    await expectUntouched(before)
    await genuineStillTaken()
    const [headersEnd, bodyEnd] = await Promise.all([withDeadline(slowHeaders.closed, 15_000), withDeadline(slowBody.closed, 15_000)])
    slowHeaders.destroy()
    slowBody.destroy()
    for (const [name, end] of [
      ['slow headers', headersEnd],
      ['slow body', bodyEnd],
    ] as const) {
      expect(end, `${name}: still open after 15 s`).not.toBe('timeout')
      if (end !== 'timeout') {
        expect(end.afterMs, name).toBeGreaterThanOrEqual(9_000)
        expect(end.received, name).not.toMatch(/^HTTP\/1\.1 200/)
      }
    }
    // Only the genuine notification was stored.
    expect(reader.prepare('select count(*) from notifications').pluck().get()).toBe(1)
  }, 30_000)
})
