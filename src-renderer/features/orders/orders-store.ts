/**
 * The orders screen's store: the filters, the rows loaded so far (keyset pages), the open order with
 * its timeline, and the CSV export in progress.
 */
import { create } from 'zustand'
import type { AttemptView, CallError, ExportFinished, OrderFilters, OrderView, TimelineEntry } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

export const PAGE_SIZE = 100

export interface ExportState {
  jobId: string | null
  written: number
  total: number
  finished: ExportFinished | null
}

interface OrdersState {
  filters: OrderFilters
  rows: OrderView[]
  nextBeforeId: number | null
  loading: boolean
  error: CallError | null
  /** Bumped by every new search, so a late answer to an old one is dropped. */
  generation: number
  selectedId: number | null
  detail: { order: OrderView; timeline: TimelineEntry[] } | null
  detailError: CallError | null
  attempts: Record<number, AttemptView | CallError>
  exporting: ExportState | null
  /**
   * Export events that arrived before the call that started the job answered (a small export can
   * finish first); picked up as soon as the job id is known.
   */
  earlyExportEvents: Record<string, ExportFinished>
  search: (filters: OrderFilters) => Promise<void>
  loadMore: () => Promise<void>
  select: (id: number | null) => Promise<void>
  loadAttempt: (id: number) => Promise<void>
  exportCsv: () => Promise<void>
  cancelExport: () => Promise<void>
}

export const useOrdersStore = create<OrdersState>()((set, get) => ({
  filters: {},
  rows: [],
  nextBeforeId: null,
  loading: false,
  error: null,
  generation: 0,
  selectedId: null,
  detail: null,
  detailError: null,
  attempts: {},
  exporting: null,
  earlyExportEvents: {},

  search: async (filters) => {
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    const generation = get().generation + 1
    set({ filters, generation, loading: true, error: null })
    const result = await api.orders.search({ ...filters, limit: PAGE_SIZE })
    if (get().generation !== generation) return
    if (!result.ok) return set({ loading: false, error: result.error, rows: [], nextBeforeId: null })
    set({ loading: false, rows: result.value.rows, nextBeforeId: result.value.nextBeforeId })
  },

  loadMore: async () => {
    const api = getApi()
    const { nextBeforeId, loading, filters, generation } = get()
    if (!api || nextBeforeId === null || loading) return
    set({ loading: true })
    const result = await api.orders.search({ ...filters, limit: PAGE_SIZE, beforeId: nextBeforeId })
    if (get().generation !== generation) return
    if (!result.ok) return set({ loading: false, error: result.error })
    set((state) => ({ loading: false, rows: [...state.rows, ...result.value.rows], nextBeforeId: result.value.nextBeforeId }))
  },

  select: async (id) => {
    set({ selectedId: id, detail: null, detailError: null })
    const api = getApi()
    if (!api || id === null) return
    const result = await api.orders.get({ id })
    if (get().selectedId !== id) return
    set(result.ok ? { detail: result.value } : { detailError: result.error })
  },

  loadAttempt: async (id) => {
    const api = getApi()
    if (!api) return
    const result = await api.orders.attempt({ id })
    set((state) => ({ attempts: { ...state.attempts, [id]: result.ok ? result.value : result.error } }))
  },

  exportCsv: async () => {
    const api = getApi()
    if (!api) return
    const result = await api.orders.exportCsv(get().filters)
    if (!result.ok) {
      set({ exporting: { jobId: null, written: 0, total: 0, finished: { jobId: '', status: 'failed', rows: 0, file: null, message: result.error.message } } })
      return
    }
    const { jobId, total } = result.value
    // No job: the user closed the save dialog.
    if (jobId === null) return set({ exporting: null })
    const finished = get().earlyExportEvents[jobId] ?? null
    set({ exporting: { jobId, written: finished?.rows ?? 0, total, finished }, earlyExportEvents: {} })
  },

  cancelExport: async () => {
    const api = getApi()
    const jobId = get().exporting?.jobId
    if (!api || !jobId) return
    await api.orders.cancelExport({ jobId })
  },
}))

/** Follows the export's progress events; returns the unsubscribe. */
export function subscribeExportEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  const offProgress = api.on('export.progress', ({ jobId, written, total }) => {
    const current = useOrdersStore.getState().exporting
    if (current?.jobId === jobId) useOrdersStore.setState({ exporting: { ...current, written, total } })
  })
  const offFinished = api.on('export.finished', (finished) => {
    const { exporting: current, earlyExportEvents } = useOrdersStore.getState()
    if (current?.jobId === finished.jobId) useOrdersStore.setState({ exporting: { ...current, finished } })
    else useOrdersStore.setState({ earlyExportEvents: { ...earlyExportEvents, [finished.jobId]: finished } })
  })
  return () => {
    offProgress()
    offFinished()
  }
}
