/**
 * The status tracker as main reports it (`tracker.status`, then every `tracker.changed`), and the
 * "Refresh all pending" staff may start and cancel. The waits in the status are counted down by the
 * screen from when each status arrived.
 */
import { create } from 'zustand'
import type { CallError, Environment, TrackerStatus } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

interface TrackerState {
  /** The environment the status is of (each has its own tracker). */
  environment: Environment | undefined
  /** The history (the shell's count) it is of: a team database has its own tracker's last refresh. */
  history: number | undefined
  status: TrackerStatus | null
  /** `tracker.status` failed (e.g. the back end is not answering). */
  loadError: CallError | null
  /** Starting or cancelling a refresh failed. */
  actionError: CallError | null
  /** A "Refresh all pending" or "Cancel" is on its way to main. */
  busy: boolean
  /** Date.now() of the last `tracker.changed`: a refresh that goes quiet is asked about. */
  lastEventAt: number
  /** Bumped by every event: an answer to a call sent before an event is older than it, and dropped. */
  eventCount: number
  /**
   * A refresh was seen running in this window (or started from it): only then is its outcome news. A
   * refresh that ended before the window opened is main's memory, of no known age.
   */
  followedRefresh: boolean
  /** The finished refresh staff dismissed (hidden until the next one). */
  dismissed: TrackerStatus['refresh']
  load: () => Promise<void>
  refreshAll: () => Promise<void>
  cancelRefresh: () => Promise<void>
  dismissSummary: () => void
  /** A `tracker.changed` from main. */
  changed: (status: TrackerStatus) => void
}

export const useTrackerStore = create<TrackerState>()((set, get) => {
  /** Applies a call's answer unless an event came after the call left (the event is newer). */
  const answer = (events: number, status: TrackerStatus): void => {
    if (get().eventCount === events) set((state) => ({ status, followedRefresh: state.followedRefresh || status.refresh?.running === true }))
  }

  return {
    environment: undefined,
    history: undefined,
    status: null,
    loadError: null,
    actionError: null,
    busy: false,
    lastEventAt: 0,
    eventCount: 0,
    followedRefresh: false,
    dismissed: null,

    load: async () => {
      const api = getApi()
      if (!api) return set({ loadError: NO_BRIDGE })
      const events = get().eventCount
      const result = await api.tracker.status()
      if (!result.ok) return set({ loadError: result.error })
      set({ loadError: null })
      answer(events, result.value)
    },

    refreshAll: async () => {
      const api = getApi()
      if (!api) return set({ actionError: NO_BRIDGE })
      if (get().busy) return
      set({ busy: true, actionError: null, dismissed: null, followedRefresh: true })
      const events = get().eventCount
      const result = await api.tracker.refreshAll()
      set({ busy: false })
      if (!result.ok) return set({ actionError: result.error })
      answer(events, result.value)
    },

    cancelRefresh: async () => {
      const api = getApi()
      if (!api) return set({ actionError: NO_BRIDGE })
      set({ busy: true, actionError: null })
      const events = get().eventCount
      const result = await api.tracker.cancelRefresh()
      set({ busy: false })
      if (!result.ok) return set({ actionError: result.error })
      answer(events, result.value)
    },

    dismissSummary: () => set((state) => ({ dismissed: state.status?.refresh ?? null })),

    changed: (status) =>
      set((state) => ({
        status,
        loadError: null,
        lastEventAt: Date.now(),
        eventCount: state.eventCount + 1,
        followedRefresh: state.followedRefresh || status.refresh?.running === true,
      })),
  }
})

/** Follows main's `tracker.changed`; returns the unsubscribe. */
export function subscribeTrackerEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  return api.on('tracker.changed', (status) => useTrackerStore.getState().changed(status))
}
