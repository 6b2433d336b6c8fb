/**
 * Card notifications to the merchant's notification URL: signed with the card scheme (Request-Target
 * is the path of that URL), retried after a non-2xx answer or a network failure 30 min, 6 h and 12 h
 * after the first attempt. Retries are due on the simulator clock; `runDue` fires them, and a light
 * timer calls it so that a long-running simulator also retries in real time.
 */
import { cardRequestHeaders, formatTimestamp, requestTargetOf } from '../gateway/signing'
import type { SimClock } from './clock'
import type { Credentials } from './credentials'
import { newRequestId } from './ids'

export const RETRY_OFFSETS_MS = [30 * 60_000, 6 * 3_600_000, 12 * 3_600_000] as const
const SEND_TIMEOUT_MS = 10_000

export type NotificationEvent = 'PAYMENT_SUCCESS' | 'PAYMENT_FAILED' | 'REFUND'

export interface DeliveryAttempt {
  at: number
  /** HTTP status, or null when no answer came. */
  status: number | null
  error: string | null
}

export interface Delivery {
  id: number
  requestId: string
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

  async function attempt(delivery: Delivery): Promise<void> {
    const at = clock.now()
    const headers = cardRequestHeaders({
      clientId: credentials.clientId,
      secretKey: credentials.secretKey,
      requestId: delivery.requestId,
      requestTimestamp: formatTimestamp(new Date(at)),
      requestTarget: requestTargetOf(delivery.url),
      body: delivery.body,
    })
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
      const delivery: Delivery = {
        id: nextId++,
        requestId: newRequestId(),
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
