/**
 * Notifications to the merchant's notification URL. Card events are signed with the card scheme
 * (Request-Target is the path of that URL); v3 payment events with the generic scheme (`Client-Id`,
 * `Request-Timestamp`, `Signature` over `<Client-Id>\n<Request-Timestamp>\n<path of that URL>\n<digest of
 * the body>`). Either is retried after a non-2xx answer or a network failure 30 min, 6 h and 12 h
 * after the first attempt. Retries are due on the simulator clock; `runDue` fires them, and a light
 * timer calls it so that a long-running simulator also retries in real time.
 */
import { cardRequestHeaders, digest, formatTimestamp, genericStringToSign, hmacSignature, requestTargetOf } from '../gateway/signing'
import type { SimClock } from './clock'
import type { Credentials } from './credentials'
import { newRequestId } from './ids'

export const RETRY_OFFSETS_MS = [30 * 60_000, 6 * 3_600_000, 12 * 3_600_000] as const
const SEND_TIMEOUT_MS = 10_000

export type CardNotificationEvent = 'PAYMENT_SUCCESS' | 'PAYMENT_FAILED' | 'REFUND'
export type GenericNotificationEvent = 'V3_PAYMENT_SUCCESS' | 'V3_PAYMENT_FAILED' | 'V3_PAYMENT_EXPIRED'
export type NotificationEvent = CardNotificationEvent | GenericNotificationEvent

/** Which scheme signs a notification: v3 payment events the generic one, the rest the card one. */
export const schemeOf = (event: NotificationEvent): 'card' | 'generic' => (event.startsWith('V3_') ? 'generic' : 'card')

export interface DeliveryAttempt {
  at: number
  /** HTTP status, or null when no answer came. */
  status: number | null
  error: string | null
}

export interface Delivery {
  id: number
  /** The card scheme's Request-Id, the same on every attempt; null for a generic (v3) notification, which has none. */
  requestId: string | null
  scheme: 'card' | 'generic'
  event: NotificationEvent
  invoiceNumber: string
  url: string
  body: string
  firstAttemptAt: number
  attempts: DeliveryAttempt[]
  nextAttemptAt: number | null
  state: 'pending' | 'delivered' | 'failed'
}

export interface Notifier {
  notify(event: NotificationEvent, invoiceNumber: string, body: unknown): void
  /** Sends every attempt that is due on the simulator clock and waits for their outcomes. */
  runDue(): Promise<void>
  /** Waits until no delivery is in flight. */
  idle(): Promise<void>
  deliveries(): readonly Delivery[]
  setUrl(url: string | null): void
  url(): string | null
  clear(): void
  close(): Promise<void>
}

export function createNotifier(options: { clock: SimClock; credentials: Credentials; url: string | null; pollMs?: number }): Notifier {
  const { clock, credentials } = options
  let url = options.url
  let deliveries: Delivery[] = []
  const inFlight = new Map<number, Promise<void>>()
  let nextId = 1
  const aborter = new AbortController()

  function sign(delivery: Delivery, at: number): Record<string, string> {
    const requestTimestamp = formatTimestamp(new Date(at))
    const requestTarget = requestTargetOf(delivery.url)
    if (delivery.requestId !== null) {
      return cardRequestHeaders({ clientId: credentials.clientId, secretKey: credentials.secretKey, requestId: delivery.requestId, requestTimestamp, requestTarget, body: delivery.body })
    }
    const stringToSign = genericStringToSign({ clientId: credentials.clientId, requestTimestamp, requestTarget, digest: digest(delivery.body) })
    return { 'Client-Id': credentials.clientId, 'Request-Timestamp': requestTimestamp, Signature: hmacSignature(credentials.secretKey, stringToSign) }
  }

  async function attempt(delivery: Delivery): Promise<void> {
    const at = clock.now()
    const headers = sign(delivery, at)
    let record: DeliveryAttempt
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: delivery.body,
        signal: AbortSignal.any([aborter.signal, AbortSignal.timeout(SEND_TIMEOUT_MS)]),
      })
      await response.arrayBuffer().catch(() => undefined)
      record = { at, status: response.status, error: null }
    } catch (error) {
      record = { at, status: null, error: error instanceof Error ? error.message : 'send failed' }
    }
    delivery.attempts.push(record)
    if (record.status !== null && record.status >= 200 && record.status < 300) {
      delivery.state = 'delivered'
      delivery.nextAttemptAt = null
      return
    }
    const retryOffset = RETRY_OFFSETS_MS[delivery.attempts.length - 1]
    if (retryOffset === undefined) {
      delivery.state = 'failed'
      delivery.nextAttemptAt = null
    } else {
      delivery.nextAttemptAt = delivery.firstAttemptAt + retryOffset
    }
  }

  function start(delivery: Delivery): Promise<void> {
    const existing = inFlight.get(delivery.id)
    if (existing) return existing
    const running = attempt(delivery).finally(() => inFlight.delete(delivery.id))
    inFlight.set(delivery.id, running)
    return running
  }

  async function runDue(): Promise<void> {
    const now = clock.now()
    const due = deliveries.filter((d) => d.state === 'pending' && d.nextAttemptAt !== null && d.nextAttemptAt <= now)
    await Promise.all(due.map(start))
  }

  const timer = setInterval(() => void runDue(), options.pollMs ?? 1_000)
  timer.unref()

  return {
    notify(event, invoiceNumber, body) {
      if (url === null) return
      const now = clock.now()
      const scheme = schemeOf(event)
      const delivery: Delivery = {
        id: nextId++,
        requestId: scheme === 'card' ? newRequestId() : null,
        scheme,
        event,
        invoiceNumber,
        url,
        body: JSON.stringify(body),
        firstAttemptAt: now,
        attempts: [],
        nextAttemptAt: now,
        state: 'pending',
      }
      deliveries.push(delivery)
      void start(delivery)
    },
    runDue,
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight.values()])
    },
    deliveries: () => deliveries,
    setUrl(next) {
      url = next
    },
    url: () => url,
    clear() {
      deliveries = []
    },
    async close() {
      clearInterval(timer)
      aborter.abort()
      await Promise.allSettled([...inFlight.values()])
    },
  }
}
