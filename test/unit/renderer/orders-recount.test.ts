import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'

// The store talks to main through window.api: a fake history whose count the test moves by hand.
let inHistory = 0
let countsAsked = 0
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      orders: {
        count: () => {
          countsAsked++
          return Promise.resolve({ ok: true, value: { total: inHistory } })
        },
        // The changed orders are none of the rows on show: their details are not needed here.
        get: () => Promise.resolve({ ok: false, error: { code: 'NOT_FOUND', message: 'gone' } }),
      },
    },
  },
  configurable: true,
})
const { RECOUNT_EVERY_MS, useOrdersStore } = await import('../../../src-renderer/features/orders/orders-store')

/** Main says order `id` changed (a new order: the history holds one more). */
function newOrder(id: number): void {
  inHistory++
  void useOrdersStore.getState().orderChanged(id)
}

describe("Orders' count while orders change (main's orders.changed)", () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] })
  })
  afterAll(() => {
    vi.useRealTimers()
  })
  beforeEach(() => {
    // Long after any count of an earlier test.
    vi.advanceTimersByTime(10 * RECOUNT_EVERY_MS)
    inHistory = 0
    countsAsked = 0
    useOrdersStore.setState({ filters: {}, rows: [], generation: 1, history: 0, loading: false, error: null, total: 0 })
  })

  it('counts a lone change at once', async () => {
    newOrder(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(countsAsked).toBe(1)
    expect(useOrdersStore.getState().total).toBe(1)
  })

  it('counts a burst of changes (a refresh) once a second, and always shows the count after the last change', async () => {
    newOrder(1)
    await vi.advanceTimersByTimeAsync(0)
    expect(useOrdersStore.getState().total).toBe(1)
    // 150 changes in the next 1.5 s, as a refresh at concurrency 4 makes them (80 a second).
    for (let id = 2; id <= 151; id++) {
      newOrder(id)
      await vi.advanceTimersByTimeAsync(RECOUNT_EVERY_MS / 100)
    }
    // One count at the burst's first change, one a second after it; none for each change.
    expect(countsAsked).toBe(2)
    await vi.advanceTimersByTimeAsync(RECOUNT_EVERY_MS)
    expect(countsAsked).toBe(3)
    expect(useOrdersStore.getState().total).toBe(151)
    // Quiet afterwards: nothing more is asked.
    await vi.advanceTimersByTimeAsync(5 * RECOUNT_EVERY_MS)
    expect(countsAsked).toBe(3)
  })

  it('counts the filters on show when the count starts, not those of when the change came', async () => {
    newOrder(1)
    await vi.advanceTimersByTimeAsync(0)
    newOrder(2)
    useOrdersStore.setState({ filters: { statuses: ['PAID'] }, generation: 2 })
    inHistory = 7
    await vi.advanceTimersByTimeAsync(RECOUNT_EVERY_MS)
    expect(useOrdersStore.getState().total).toBe(7)
  })
})
