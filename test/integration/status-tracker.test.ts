/**
 * The status tracker running in the back end against a gateway over loopback HTTP, on a clock the
 * test moves: no check of any order earlier than the gateway's 60 seconds (its own recorder and the
 * app's history both say so) across 200 orders of every kind; the backoff between checks and its
 * resumption after a restart; the pause while the gateway cannot be reached; "Refresh all pending".
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { OrderDetail, TrackerStatus } from '../../src-preload/contract'
import { cardLink, genericLink } from './link-requests'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

const TRACKER = { statusTracker: true, trackerPollMs: 5 }
let app: TrainingTestBackend | SandboxTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

/** Moves the clock and waits until the tracker has made every check that fell due. */
async function step(backend: TrainingTestBackend | SandboxTestBackend, ms: number): Promise<void> {
  backend.advance(ms)
  await expect.poll(async () => (await backend.call('tracker.status')).dueNow, { timeout: 15_000, interval: 5 }).toBe(0)
}

/** The gateway requests recorded on an order, oldest first. */
async function requestsOf(backend: TrainingTestBackend | SandboxTestBackend, detail: OrderDetail): Promise<{ operation: string; startedAt: number }[]> {
  const ids = detail.timeline.map((entry) => entry.attemptId).filter((id): id is number => id !== null)
  const attempts = await Promise.all([...new Set(ids)].map((id) => backend.call('orders.attempt', { id })))
  return attempts.map((attempt) => ({ operation: attempt.operation, startedAt: Date.parse(attempt.startedAt) })).sort((a, b) => a.startedAt - b.startedAt)
}

const CHECKS = new Set(['status', 'retrieve_payment'])

describe('the status tracker', () => {
  it('never checks an order within 60 s of its payment or last request, across 200 orders of every kind', async () => {
    // A still clock: each order is paid at the instant it is made, as the gateway's 60 s count from the
    // payment. On a clock that also ran with real time, a payment made milliseconds after its link on a
    // busy machine could fall just inside 60 s of the link's first check, which the app (not told of
    // the payment yet) rightly places 60 s after the link's creation.
    // The tracker's own checks are what this follows: no notification from the training gateway tells the
    // outcome first (Training's listener is on by default; a v3 notification's retrieve is at once, by design).
    const training = await startTrainingBackend({ ...TRACKER, notificationListener: false }, { stillClock: true })
    app = training
    const customer = await training.call('customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '013-222 3344' })
    const { token } = (await training.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
    const card = await training.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
    const channels = ['INTERNET_BANKING_FPX', 'EWALLET_TNG', 'EWALLET_GRABPAY', 'EWALLET_SHOPEEPAY', 'BNPL_ATOME', 'BNPL_GRABPAY', 'BNPL_SHOPEEPAY']
    const expected = new Map<number, string>()
    let invoice = 0
    const next = (): string => `INV-T${String(++invoice).padStart(5, '0')}`

    // 20 rounds of 10 orders, 7 s apart: each paid (or not) the moment it is made, as a customer on the phone would.
    for (let round = 0; round < 20; round++) {
      for (let i = 0; i < 10; i++) {
        const n = round * 10 + i
        if (n % 10 < 4) {
          const detail = await training.call('links.create', cardLink({ invoiceNumber: next(), amountSen: 10_00 + n }))
          const outcome = n % 20 === 1 ? 'declined' : n % 20 === 3 ? 'unpaid' : 'paid'
          if (outcome !== 'unpaid') {
            const cardNumber = outcome === 'paid' ? '4509198934905332' : '5120910000000046'
            await training.control('POST', '/pay', { invoice_number: detail.order.invoiceNumber, card_number: cardNumber, expiry: '12/30', cvv: '100' })
          }
          expected.set(detail.order.id, outcome === 'paid' ? 'PAID' : outcome === 'declined' ? 'FAILED' : 'PENDING')
        } else if (n % 10 < 8) {
          const channel = channels[n % channels.length] ?? 'EWALLET_TNG'
          const extra = channel === 'INTERNET_BANKING_FPX' ? { bankCode: 'MBB0228' } : channel.startsWith('BNPL') ? { lineItems: [{ name: 'Kain batik', quantity: 1, priceSen: 20_00 + n }] } : {}
          const detail = await training.call('links.create', genericLink(channel, { invoiceNumber: next(), amountSen: 20_00 + n, ...extra }))
          const decline = n % 20 === 5
          await training.control('POST', '/v3/decide', { id: detail.order.paymentId, action: decline ? 'decline' : 'approve' })
          expected.set(detail.order.id, decline ? 'FAILED' : 'PAID')
        } else {
          // Every other phone order's answer is lost after the gateway charged: the tracker settles it.
          const lost = n % 20 === 8
          if (lost) await training.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
          const result = await training.call('phoneOrders.charge', {
            customerId: customer.id,
            cardId: card.id,
            invoiceNumber: next(),
            amountSen: 30_00 + n,
            descriptor: '',
            note: '',
            confirmDuplicate: true,
          })
          expect(result.outcome).toBe(lost ? 'unknown' : 'approved')
          if (lost) {
            // The card stays locked until the tracker settles the charge; a supervisor lifts it for the next one.
            await training.call('phoneOrders.override', { orderId: result.detail.order.id, reason: 'test: next order on the same card' })
          }
          expected.set(result.detail.order.id, 'PAID')
        }
      }
      await step(training, 7_000)
    }
    for (let i = 0; i < 40; i++) await step(training, 15_000)

    const { early_status_checks: early } = (await training.control('GET', '/early-status-checks')) as { early_status_checks: unknown[] }
    expect(early).toEqual([])
    expect(expected.size).toBe(200)
    let checked = 0
    for (const [id, status] of expected) {
      const detail = await training.call('orders.get', { id })
      expect(`${detail.order.invoiceNumber} ${detail.order.status}`).toBe(`${detail.order.invoiceNumber} ${status}`)
      const requests = await requestsOf(training, detail)
      for (let i = 1; i < requests.length; i++) {
        const request = requests[i]
        const previous = requests[i - 1]
        if (!request || !previous || !CHECKS.has(request.operation)) continue
        checked++
        // The app's own record: each check at least 60 s after the order's previous request (and its creation).
        expect(request.startedAt - Math.max(previous.startedAt, Date.parse(detail.order.createdAt))).toBeGreaterThanOrEqual(60_000)
      }
    }
    // Every link and every lost charge was asked about by the tracker (nobody pressed "Check status").
    expect(checked).toBeGreaterThanOrEqual(170)
  }, 240_000)

  it('backs off 1, 2, 5, 15 minutes then hourly, and takes up its schedule again after a restart', async () => {
    const sandbox = await startSandboxBackend(TRACKER)
    app = sandbox
    const created = await sandbox.call('links.create', genericLink('EWALLET_TNG', { invoiceNumber: 'INV-BACKOFF-1', expiryMinutes: 24 * 60 }))
    const createdAt = Date.parse(created.order.createdAt)
    const checkTimes = async (): Promise<number[]> =>
      (await requestsOf(sandbox, await sandbox.call('orders.get', { id: created.order.id })))
        .filter((request) => request.operation === 'retrieve_payment')
        .map((request) => Math.round((request.startedAt - createdAt) / 1000))

    while ((await checkTimes()).length < 3) await step(sandbox, 10_000)
    await sandbox.restart()
    expect((await sandbox.call('tracker.status')).tracked).toBe(1)
    while ((await checkTimes()).length < 6) await step(sandbox, 10_000)

    const times = await checkTimes()
    const gaps = times.map((time, i) => time - (times[i - 1] ?? 0))
    // The first at 60 s; then 60, 120, 300, 900 and 3,600 s apart, each found within the 10-s steps.
    const wanted = [60, 60, 120, 300, 900, 3_600]
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(wanted[i] ?? 0)
      expect(gap).toBeLessThanOrEqual((wanted[i] ?? 0) + 11)
    })
    const detail = await sandbox.call('orders.get', { id: created.order.id })
    expect(detail.order.status).toBe('PENDING')
  }, 120_000)

  it('pauses while the gateway cannot be reached, probing one check at a time, and resumes', async () => {
    const sandbox = await startSandboxBackend(TRACKER)
    app = sandbox
    const links: OrderDetail[] = []
    for (let i = 1; i <= 3; i++) links.push(await sandbox.call('links.create', genericLink('EWALLET_GRABPAY', { invoiceNumber: `INV-OFF-${String(i)}` })))
    const checksMade = async (): Promise<number> => {
      let count = 0
      for (const link of links) count += (await requestsOf(sandbox, await sandbox.call('orders.get', { id: link.order.id }))).filter((r) => r.operation === 'retrieve_payment').length
      return count
    }
    await sandbox.control('POST', '/faults', { operation: 'v3_get_payment', kind: 'reset', phase: 'before' })
    const statuses: TrackerStatus[] = []
    sandbox.backend.events.subscribe((name, payload) => {
      if (name === 'tracker.changed') statuses.push(payload as TrackerStatus)
    })

    sandbox.advance(61_000)
    await expect.poll(checksMade, { timeout: 10_000, interval: 5 }).toBe(3)
    const offline = await sandbox.call('tracker.status')
    expect(offline.state).toBe('offline')
    expect(offline.lastError).not.toBeNull()
    // The next try waits for the pause and for the 60-second rule: the three were just asked about.
    expect(offline.retryInMs).toBeGreaterThan(59_000)
    // Then one probe, which fails again: the other two stay paused behind a longer pause.
    sandbox.advance(61_000)
    await expect.poll(checksMade, { timeout: 10_000, interval: 5 }).toBe(4)
    const still = await sandbox.call('tracker.status')
    expect(still).toMatchObject({ state: 'offline', dueNow: 2 })
    expect(still.retryInMs).toBeGreaterThan(29_000)

    await sandbox.control('DELETE', '/faults')
    sandbox.advance(30_000)
    await expect.poll(async () => (await sandbox.call('tracker.status')).state, { timeout: 10_000, interval: 5 }).toBe('running')
    await step(sandbox, 0)
    expect(await checksMade()).toBe(6)
    expect((await sandbox.call('tracker.status')).lastError).toBeNull()
    expect(statuses.some((status) => status.state === 'offline')).toBe(true)
    for (const link of links) expect((await sandbox.call('orders.get', { id: link.order.id })).order.status).toBe('PENDING')
  })

  it('"Refresh all pending" frees a place as soon as the gateway says it has no such payment: one at a time, three such answers share one commit', async () => {
    const sandbox = await startSandboxBackend({ statusTracker: false })
    app = sandbox
    // Three links whose creation never reached the gateway: its status check will say "no such payment".
    await sandbox.control('POST', '/faults', { operation: 'payment_page', kind: 'error500', phase: 'before', count: 3 })
    for (let i = 1; i <= 3; i++) expect((await sandbox.call('links.create', cardLink({ invoiceNumber: `INV-GONE-${String(i)}` }))).order.status).toBe('OUTCOME_UNKNOWN')
    const { settings } = await sandbox.call('settings.get')
    await sandbox.call('settings.update', { ...settings, tracker: { ...settings.tracker, concurrency: 1 } })
    sandbox.advance(61_000)
    const progress: number[] = []
    const finished = new Promise<TrackerStatus>((resolve) => {
      sandbox.backend.events.subscribe((name, payload) => {
        const status = payload as TrackerStatus
        if (name !== 'tracker.changed' || !status.refresh) return
        progress.push(status.refresh.done)
        if (!status.refresh.running) resolve(status)
      })
    })
    expect((await sandbox.call('tracker.refreshAll')).refresh).toMatchObject({ total: 3 })
    expect((await finished).refresh).toMatchObject({ done: 3, failed: 0 })
    // Each answer let the next check leave at once, within the first one's commit window: the three were
    // committed together (a check holding its place until its commit would have shown 1, then 2).
    expect(progress.filter((done) => done > 0 && done < 3)).toEqual([])
    const orders = await sandbox.call('orders.search', { text: 'INV-GONE', limit: 10 })
    expect(orders.rows.map((row) => row.status)).toEqual(['FAILED', 'FAILED', 'FAILED'])
  })

  it('"Refresh all pending" checks what is due with progress, counts what is not, and can be cancelled', async () => {
    const sandbox = await startSandboxBackend({ statusTracker: false })
    app = sandbox
    for (let i = 1; i <= 6; i++) await sandbox.call('links.create', cardLink({ invoiceNumber: `INV-REF-${String(i)}` }))
    // Two are paid at the gateway: the refresh finds it out, and they leave the schedule.
    for (const invoice of ['INV-REF-1', 'INV-REF-2']) await sandbox.control('POST', '/pay', { invoice_number: invoice, card_number: '5120910000000038', expiry: '12/30', cvv: '100' })
    sandbox.advance(61_000)
    for (let i = 7; i <= 8; i++) await sandbox.call('links.create', cardLink({ invoiceNumber: `INV-REF-${String(i)}` }))
    const finished = new Promise<TrackerStatus>((resolve) => {
      sandbox.backend.events.subscribe((name, payload) => {
        const status = payload as TrackerStatus
        if (name === 'tracker.changed' && status.refresh && !status.refresh.running) resolve(status)
      })
    })
    const started = await sandbox.call('tracker.refreshAll')
    expect(started.state).toBe('off')
    expect(started.refresh).toMatchObject({ total: 6, notDue: 2 })
    expect(started.refresh?.nextDueInMs).toBeGreaterThan(59_000)
    expect(started).toMatchObject({ tracked: 8 })
    const done = await finished
    expect(done.refresh).toMatchObject({ running: false, cancelled: false, total: 6, done: 6, failed: 0, notDue: 2 })
    // The schedule's counts, read at most once a second during a refresh, are read again at its end.
    expect(done).toMatchObject({ tracked: 6, dueNow: 0 })
    // Refreshing again at once: everything was just asked about, so nothing is due.
    const again = await sandbox.call('tracker.refreshAll')
    expect(again.refresh).toMatchObject({ total: 0, notDue: 6, running: false })

    // A slow gateway and a cancel: what was not started is left, nothing fails.
    await sandbox.control('POST', '/faults', { operation: 'status', kind: 'latency', ms: 200 })
    sandbox.advance(61_000)
    const slow = await sandbox.call('tracker.refreshAll')
    expect(slow.refresh).toMatchObject({ total: 6, running: true })
    const cancelled = await sandbox.call('tracker.cancelRefresh')
    expect(cancelled.refresh).toMatchObject({ cancelled: true, running: false })
    expect(cancelled.refresh?.done).toBeLessThan(6)
  })
})
