import { beforeEach, describe, expect, it } from 'vitest'
import type { RefreshProgress, TrackerStatus } from '../../../src-preload/contract'

type Listener = (payload: TrackerStatus) => void
const listeners = new Set<Listener>()
let answerRefresh: (status: TrackerStatus) => void = () => {}
let current: TrackerStatus

const status = (refresh: Partial<RefreshProgress> | null): TrackerStatus => ({
  state: 'running',
  tracked: 5,
  dueNow: 0,
  nextCheckInMs: 30_000,
  retryInMs: null,
  lastError: null,
  refresh: refresh === null ? null : { running: true, cancelled: false, total: 5, done: 0, failed: 0, notDue: 0, nextDueInMs: null, ...refresh },
})

// The store talks to main through window.api: a fake one whose answers the test releases by hand.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      tracker: {
        status: () => Promise.resolve({ ok: true, value: current }),
        refreshAll: () => new Promise((resolve) => (answerRefresh = (value) => resolve({ ok: true, value }))),
        cancelRefresh: () => Promise.resolve({ ok: true, value: current }),
      },
      on: (_event: string, listener: Listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
  },
  configurable: true,
})
const { subscribeTrackerEvents, useTrackerStore } = await import('../../../src-renderer/features/tracker/tracker-store')
const emit = (payload: TrackerStatus): void => listeners.forEach((listener) => listener(payload))

describe('the tracker store', () => {
  beforeEach(() => {
    listeners.clear()
    useTrackerStore.setState({ status: null, eventCount: 0, followedRefresh: false, dismissed: null, busy: false })
  })

  it('keeps the progress events when the answer to "Refresh all pending" arrives after them', async () => {
    subscribeTrackerEvents()
    const started = useTrackerStore.getState().refreshAll()
    emit(status({ done: 3 }))
    emit(status({ running: false, done: 5 }))
    answerRefresh(status({ done: 0 }))
    await started
    expect(useTrackerStore.getState().status?.refresh).toMatchObject({ running: false, done: 5 })
  })

  it('takes the answer when no event came before it', async () => {
    const started = useTrackerStore.getState().refreshAll()
    answerRefresh(status({ done: 0, total: 12 }))
    await started
    expect(useTrackerStore.getState().status?.refresh).toMatchObject({ running: true, total: 12 })
  })

  it('reports a refresh as news only when this window saw it run', async () => {
    current = status({ running: false, done: 5 })
    await useTrackerStore.getState().load()
    expect(useTrackerStore.getState().followedRefresh).toBe(false)
    subscribeTrackerEvents()
    emit(status({ done: 1 }))
    expect(useTrackerStore.getState().followedRefresh).toBe(true)
  })
})
