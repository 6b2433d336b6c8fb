/** Shared by the simulator tests: a simulator on a random loopback port, signed calls, a notification receiver. */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cardRequestHeaders, cardResponseStringToSign, digest, formatTimestamp, genericRequestHeaders, verifySignature } from '../../src-main/gateway/signing'
import { startSimulator, type Simulator, type SimulatorOptions } from '../../src-main/simulator'
import { genericResponseStringToSign } from '../../src-main/gateway/signing'

export const CLIENT_ID = 'BRN-0001-TEST'
export const SECRET_KEY = 'SK-test-0123456789'
export const API_KEY = 'doku_key_test'

export function start(options: SimulatorOptions = {}): Promise<Simulator> {
  return startSimulator({ port: 0, clientId: CLIENT_ID, secretKey: SECRET_KEY, apiKey: API_KEY, ...options })
}

export interface Reply {
  status: number
  headers: Headers
  text: string
  /** Parsed JSON body; throws in the test when the body is not JSON. */
  json: () => Record<string, unknown>
}

async function reply(response: Response): Promise<Reply> {
  const text = await response.text()
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) as Record<string, unknown> }
}

export interface CardCallOptions {
  requestId?: string
  timestamp?: string
  secretKey?: string
  clientId?: string
  /** Replaces or removes (undefined) headers after signing. */
  headers?: Record<string, string | undefined>
  signal?: AbortSignal
}

/** The simulator's own time, so that signed timestamps stay fresh however far a test moved its clock. */
export const simTimestamp = (sim: Simulator): string => formatTimestamp(new Date(sim.clock.now()))

function merge(base: Record<string, string>, overrides: Record<string, string | undefined> = {}): Record<string, string> {
  const out: Record<string, string> = { ...base }
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) Reflect.deleteProperty(out, name)
    else out[name] = value
  }
  return out
}

/** A card-scheme call signed as the app signs it: a POST over its exact body bytes, a GET without. */
async function cardCall(sim: Simulator, method: 'GET' | 'POST', path: string, body: string | undefined, options: CardCallOptions): Promise<Reply & { requestId: string }> {
  const requestId = options.requestId ?? randomUUID()
  const signed = cardRequestHeaders({
    clientId: options.clientId ?? CLIENT_ID,
    secretKey: options.secretKey ?? SECRET_KEY,
    requestId,
    requestTimestamp: options.timestamp ?? simTimestamp(sim),
    requestTarget: path,
    body,
  })
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method,
    headers: merge(body === undefined ? signed : { ...signed, 'Content-Type': 'application/json' }, options.headers),
    body,
    ...(options.signal ? { signal: options.signal } : {}),
  })
  return { ...(await reply(response)), requestId }
}

export function cardPost(sim: Simulator, path: string, body: unknown, options: CardCallOptions = {}): Promise<Reply & { requestId: string }> {
  return cardCall(sim, 'POST', path, typeof body === 'string' ? body : JSON.stringify(body), options)
}

export function cardGet(sim: Simulator, path: string, options: CardCallOptions = {}): Promise<Reply & { requestId: string }> {
  return cardCall(sim, 'GET', path, undefined, options)
}

export const statusOf = (sim: Simulator, identifier: string, options: CardCallOptions = {}) => cardGet(sim, `/orders/v1/status/${encodeURIComponent(identifier)}`, options)

/** Checks a card-scheme response signature the way the app will: the answer to a GET has no Digest line. */
export function responseSignatureValid(response: Reply, path: string, requestId: string, method: 'GET' | 'POST' = 'POST'): boolean {
  const stringToSign = cardResponseStringToSign({
    clientId: response.headers.get('Client-Id') ?? '',
    requestId: response.headers.get('Request-Id') ?? '',
    responseTimestamp: response.headers.get('Response-Timestamp') ?? '',
    requestTarget: path,
    digest: method === 'POST' ? digest(response.text) : undefined,
  })
  return response.headers.get('Request-Id') === requestId && verifySignature(SECRET_KEY, stringToSign, response.headers.get('Signature') ?? '')
}

/** Checks a generic (v3) answer's signature: `<Client-Id>\n<Response-Timestamp>\n<path>\n<digest of the body>`. */
export function genericSignatureValid(response: Reply, path: string, secretKey = SECRET_KEY): boolean {
  const stringToSign = genericResponseStringToSign({
    clientId: response.headers.get('Client-Id') ?? '',
    responseTimestamp: response.headers.get('Response-Timestamp') ?? '',
    requestTarget: path,
    digest: digest(response.text),
  })
  return response.headers.get('Client-Id') === CLIENT_ID && verifySignature(secretKey, stringToSign, response.headers.get('Signature') ?? '')
}

export interface GenericCallOptions {
  timestamp?: string
  secretKey?: string
  apiKey?: string
  trailingColon?: boolean
  headers?: Record<string, string | undefined>
}

export async function genericPost(sim: Simulator, path: string, body: unknown, options: GenericCallOptions = {}): Promise<Reply> {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  const signed = genericRequestHeaders({
    clientId: CLIENT_ID,
    secretKey: options.secretKey ?? SECRET_KEY,
    apiKey: options.apiKey ?? API_KEY,
    requestTimestamp: options.timestamp ?? simTimestamp(sim),
    requestTarget: path,
    body: text,
    apiKeyTrailingColon: options.trailingColon ?? false,
  })
  const response = await fetch(`${sim.baseUrl}${path}`, {
    method: 'POST',
    headers: merge({ ...signed, 'Content-Type': 'application/json' }, options.headers),
    body: text,
  })
  return reply(response)
}

export async function genericGet(sim: Simulator, path: string, options: GenericCallOptions & { signed?: boolean } = {}): Promise<Reply> {
  const signed = genericRequestHeaders({
    clientId: CLIENT_ID,
    secretKey: options.secretKey ?? SECRET_KEY,
    apiKey: options.apiKey ?? API_KEY,
    requestTimestamp: options.timestamp ?? simTimestamp(sim),
    requestTarget: path,
    body: '',
  })
  const base = options.signed === false ? { 'Client-Id': signed['Client-Id'] ?? '', Authorization: signed['Authorization'] ?? '', 'API-Version': signed['API-Version'] ?? '' } : signed
  return reply(await fetch(`${sim.baseUrl}${path}`, { headers: merge(base, options.headers) }))
}

export async function control(sim: Simulator, method: string, path: string, body?: unknown): Promise<Reply> {
  const response = await fetch(`${sim.baseUrl}/__sim${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
  })
  return reply(response)
}

export async function advance(sim: Simulator, seconds: number): Promise<void> {
  const result = await control(sim, 'POST', '/clock/advance', { seconds })
  if (result.status !== 200) throw new Error(`advance failed: ${result.text}`)
}

let invoiceSequence = 0
export const newInvoice = (prefix = 'INV'): string => `${prefix}-${Date.now().toString(36)}-${++invoiceSequence}`

export function paymentPageBody(invoice: string, overrides: { amount?: number; callbackUrl?: string; failedUrl?: string; autoRedirect?: boolean } = {}): unknown {
  return {
    order: {
      invoice_number: invoice,
      amount: overrides.amount ?? 150.25,
      currency: 'MYR',
      callback_url: overrides.callbackUrl ?? 'https://merchant.example/paid',
      failed_url: overrides.failedUrl ?? 'https://merchant.example/failed',
      auto_redirect: overrides.autoRedirect ?? false,
      descriptor: 'Kedai Runcit Ali',
    },
    customer: { id: 'CUST-1', name: 'Siti Aminah', email: 'siti@example.my', phone: '+60123456789', country: 'MY' },
    payment: { type: 'SALE' },
  }
}

/** Creates a payment page and pays it through the control API's shortcut. Returns the invoice, the page's Request-Id and the token if saved. */
export async function paidOrder(sim: Simulator, options: { amount?: number; card?: string; saveCard?: boolean } = {}): Promise<{ invoice: string; requestId: string; tokenId: string | null }> {
  const invoice = newInvoice()
  const created = await cardPost(sim, '/credit-card/v1/payment-page', paymentPageBody(invoice, options.amount === undefined ? {} : { amount: options.amount }))
  if (created.status !== 200) throw new Error(`payment page failed: ${created.text}`)
  const paid = await control(sim, 'POST', '/pay', {
    invoice_number: invoice,
    card_number: options.card ?? '5120910000000012',
    save_card: options.saveCard ?? false,
  })
  if (paid.status !== 200) throw new Error(`pay failed: ${paid.text}`)
  return { invoice, requestId: created.requestId, tokenId: (paid.json()['token_id'] as string | null) ?? null }
}

export interface ReceivedNotification {
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** A merchant endpoint on loopback that records notifications and answers with the next scripted status. */
export async function startReceiver(statuses: number[] = []): Promise<{
  url: string
  received: ReceivedNotification[]
  next(): Promise<ReceivedNotification>
  close(): Promise<void>
}> {
  const received: ReceivedNotification[] = []
  const waiters: ((notification: ReceivedNotification) => void)[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const notification = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      const status = statuses.shift() ?? 200
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(status === 200 ? '{}' : '{"error":"not now"}')
      received.push(notification)
      waiters.shift()?.(notification)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  let seen = 0
  return {
    url: `http://127.0.0.1:${port}/merchants-url/receive-notification`,
    received,
    next() {
      const index = seen++
      const already = received[index]
      if (already) return Promise.resolve(already)
      return new Promise((resolve) => waiters.push(resolve))
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
