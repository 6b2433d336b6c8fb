/**
 * What the listener attacks need: a Sandbox back end with its listener on, card notifications signed
 * like the gateway's (or not quite), and raw HTTP over loopback so that a broken request is sent as
 * broken as it is written.
 */
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { cardRequestHeaders, formatTimestamp } from '../../src-main/gateway/signing'
import type { EventName } from '../../src-preload/contract'
import type { TestBackend } from '../integration/backend-fixture'
import { SANDBOX } from '../integration/sandbox-fixture'
import { freePort } from '../support/free-port'

export const LISTENER_PATH = '/doku/notifications'

/** Turns the listener on at a free port; its local address. */
export async function listenerOn(app: TestBackend): Promise<URL> {
  const { settings } = await app.call('settings.get')
  await app.call('settings.update', { ...settings, listener: { ...settings.listener, enabled: true, port: await freePort(), path: LISTENER_PATH } })
  const status = await app.call('listener.status')
  if (!status.running || !status.localUrl) throw new Error(`the listener did not start: ${String(status.error)}`)
  return new URL(status.localUrl)
}

export interface SignOptions {
  secretKey?: string
  clientId?: string
  target?: string
  timestamp?: string
}

/** The headers the gateway sends with a notification (card scheme, Request-Target = the listener's path). */
export function signed(body: string | Buffer, requestId: string, options: SignOptions = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    ...cardRequestHeaders({
      clientId: options.clientId ?? SANDBOX.clientId,
      secretKey: options.secretKey ?? SANDBOX.secretKey,
      requestId,
      requestTimestamp: options.timestamp ?? formatTimestamp(new Date()),
      requestTarget: options.target ?? LISTENER_PATH,
      body: typeof body === 'string' ? body : new Uint8Array(body),
    }),
  }
}

export interface PaymentFacts {
  invoiceNumber: string
  amountSen: number
  requestId: string | null
}

/** A payment notification (gateway-interface.md 2.8) for an order; `extra` is merged in at the top. */
export function paymentNotification(order: PaymentFacts, status = 'SUCCESS', extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    order: { invoice_number: order.invoiceNumber, amount: order.amountSen / 100, currency: 'MYR' },
    customer: { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my' },
    transaction: { type: 'SALE', status, date: new Date().toISOString(), original_request_id: order.requestId },
    service: { id: 'CREDIT_CARD' },
    channel: { id: 'CREDIT_CARD', name: 'Credit Card' },
    card_payment: { masked_card_number: '450919******5332', approval_code: 'A1B2C3', response_code: '00', response_message: 'Approved', issuer: 'Maybank', brand: 'VISA' },
    verification: { status: 'NA', reason: '' },
    ...extra,
  }
}

export interface Answer {
  /** The HTTP status, or null when the connection ended without one. */
  status: number | null
  body: string
  /** How the connection ended without an answer (e.g. ECONNRESET). */
  error: string | null
}

/**
 * A POST through node:http: the body as given (a string, bytes, or chunks sent with chunked transfer
 * encoding when `chunked`), the headers as given (a value may be an array: the header repeats).
 */
export function post(url: URL, body: string | Buffer | Buffer[], headers: Record<string, string | string[]>, chunked = false): Promise<Answer> {
  return new Promise((resolve) => {
    const chunks = Array.isArray(body) ? body : [typeof body === 'string' ? Buffer.from(body) : body]
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0)
    const request = httpRequest(
      url,
      { method: 'POST', headers: { ...(chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(length) }), ...headers }, agent: false },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? null, body: text, error: null }))
        response.on('error', (error) => resolve({ status: response.statusCode ?? null, body: text, error: error.message }))
      },
    )
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, body: '', error: error.code ?? error.message }))
    const writeNext = (index: number): void => {
      const chunk = chunks[index]
      if (chunk === undefined) {
        request.end()
        return
      }
      if (request.destroyed) return
      if (request.write(chunk)) writeNext(index + 1)
      else request.once('drain', () => writeNext(index + 1))
    }
    writeNext(0)
  })
}

export interface RawExchange {
  /** Everything the server sent before the connection closed, and how long after opening it closed. */
  closed: Promise<{ received: string; afterMs: number }>
  destroy(): void
}

/** A raw TCP exchange: writes `bytes` (as given, broken or not) and keeps the connection open until the server closes it. */
export function raw(url: URL, bytes: string | Buffer): RawExchange {
  const started = Date.now()
  const socket = connect({ host: url.hostname, port: Number(url.port) })
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => undefined)
  socket.on('connect', () => socket.write(bytes))
  return {
    closed: new Promise((resolve) => socket.on('close', () => resolve({ received, afterMs: Date.now() - started }))),
    destroy: () => socket.destroy(),
  }
}

/** Resolves with the payload of the next event of that name (the back end's own bus). */
export function nextEvent(app: TestBackend, name: EventName, matches: (payload: unknown) => boolean = () => true, timeoutMs = 10_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stop()
      reject(new Error(`no ${name} event within ${String(timeoutMs)} ms`))
    }, timeoutMs)
    const stop = app.backend.events.subscribe((event, payload) => {
      if (event !== name || !matches(payload)) return
      clearTimeout(timer)
      stop()
      resolve(payload)
    })
  })
}
