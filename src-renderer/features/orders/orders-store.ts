/**
 * The orders screen's store: the filters, the rows loaded so far (keyset pages), the open order with
 * its timeline and next steps, the exact number of orders the filters find (the number a CSV export of
 * them writes), and the export in progress. Main's `orders.changed` keeps the rows, the count and the
 * open order current.
 */
import { create } from 'zustand'
import type { AttemptView, CallError, ExportFinished, OrderDetail, OrderFilters, OrderView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { belongsAtTop } from './order-match'

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
  /** How many orders the filters find, counted in main; null while it is being counted (or could not be). */
  total: number | null
  loading: boolean
  error: CallError | null
  /** Bumped by every new search, so a late answer to an old one is dropped. */
  generation: number
  selectedId: number | null
  detail: OrderDetail | null
  detailError: CallError | null
  attempts: Record<number, AttemptView | CallError>
  exporting: ExportState | null
  /**
   * Export events that arrived before the call that started the job answered (a small export can
   * finish first); picked up as soon as the job id is known.
   */
  earlyExportEvents: Record<string, ExportFinished>
  /** The history (the shell's count) the rows and the open order are of; null before the screen first showed. */
  history: number | null
  /** The screen shows `history`: if it moved, the old one's rows and open order go and the search runs again. */
  follow: (history: number) => void
  search: (filters: OrderFilters) => Promise<void>
  /**
   * The screen's first search: takes over the one asked when Orders was opened (`searchOnOpening`) if
   * it is for the same filters and nothing searched since; otherwise searches.
   */
  firstSearch: (filters: OrderFilters) => Promise<void>
  /**
   * Counts the orders of the filters on show again (an order changed); calls that overlap run once
   * more, not once each, and a count starts at most once a second (`RECOUNT_EVERY_MS`).
   */
  recount: () => Promise<void>
  loadMore: () => Promise<void>
  select: (id: number | null) => Promise<void>
  loadAttempt: (id: number) => Promise<void>
  /** A newer description of an order (after a check, a cancel, or an event): the open detail and its row follow. */
  applyDetail: (detail: OrderDetail) => void
  /** Main says an order changed: fetch it if this screen shows it, or if it is new and belongs at the top. */
  orderChanged: (id: number) => Promise<void>
  exportCsv: () => Promise<void>
  cancelExport: () => Promise<void>
}

export const useOrdersStore = create<OrdersState>()((set, get) => ({
  filters: {},
  rows: [],
  nextBeforeId: null,
  total: null,
  loading: false,
  error: null,
  generation: 0,
  selectedId: null,
  detail: null,
  detailError: null,
  attempts: {},
  exporting: null,
  earlyExportEvents: {},
  history: null,

  follow: (history) => {
    const { history: before, filters } = get()
    if (before === history) return
    set({ history })
    if (before === null) return
    set({ rows: [], nextBeforeId: null, total: null, error: null, selectedId: null, detail: null, detailError: null, attempts: {} })
    void get().search(filters)
  },

  search: async (filters) => {
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    const generation = get().generation + 1
    set({ filters, generation, loading: true, error: null, total: null })
    // The first page, then the count of exactly the same filters: the rows show as soon as they come.
    const page = api.orders.search({ ...filters, limit: PAGE_SIZE })
    const counted = countFilters(filters, generation)
    const result = await page
    if (get().generation !== generation) return
    if (!result.ok) return set({ loading: false, error: result.error, rows: [], nextBeforeId: null })
    set({ loading: false, rows: result.value.rows, nextBeforeId: result.value.nextBeforeId })
    await counted
  },

  firstSearch: (filters) => {
    const taken = opening
    opening = null
    if (taken && taken.generation === get().generation && JSON.stringify(taken.filters) === JSON.stringify(filters)) return taken.done
    return get().search(filters)
  },

  recount: async () => {
    recountsAsked += 1
    if (recounting) return
    recounting = true
    try {
      let counted: number
      do {
        // A burst of changes ("Refresh all pending" changes dozens of orders a second) is counted once
        // a second, the last change always: not a count over the whole history for each order.
        const wait = lastRecountAt + RECOUNT_EVERY_MS - performance.now()
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
        counted = recountsAsked
        lastRecountAt = performance.now()
        const { filters, generation } = get()
        await countFilters(filters, generation)
      } while (recountsAsked !== counted)
    } finally {
      recounting = false
    }
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

  applyDetail: (detail) => {
    const { order } = detail
    set((state) => {
      const at = state.rows.findIndex((row) => row.id === order.id)
      let rows = state.rows
      if (at >= 0) rows = rows.map((row) => (row.id === order.id ? order : row))
      else if (belongsAtTop(order, state.rows, state.filters)) rows = [order, ...rows]
      return { rows, ...(state.selectedId === order.id ? { detail, detailError: null } : {}) }
    })
  },

  orderChanged: async (id) => {
    const api = getApi()
    const { rows, selectedId, generation } = get()
    // Any change may move an order into the filters or out of them (a new order, a status), shown or not.
    if (generation > 0) void get().recount()
    const shown = selectedId === id || rows.some((row) => row.id === id)
    // Only a newer order can belong above the rows; an older one the list does not hold stays out.
    const newer = rows.length === 0 || id > (rows[0]?.id ?? 0)
    if (!api || (!shown && !newer)) return
    const result = await api.orders.get({ id })
    if (result.ok) get().applyDetail(result.value)
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

/**
 * The search asked when staff opened Orders (issue 23): the first page leaves with the click, while the
 * screen's code arrives and renders, not after its first render; the screen's first search takes it
 * over (`firstSearch`). Dropped when another screen is chosen before Orders shows.
 */
let opening: { filters: OrderFilters; generation: number; done: Promise<void> } | null = null

/**
 * Starts the search Orders opens with: no filters (its filters bar starts empty). Not when the screen
 * will show another history than its rows are of: it then starts afresh itself (`follow`).
 */
export function searchOnOpening(history: number): void {
  const store = useOrdersStore.getState()
  if (store.history !== null && store.history !== history) return
  const filters: OrderFilters = {}
  const done = store.search(filters)
  opening = { filters, generation: useOrdersStore.getState().generation, done }
}

export function dropOpeningSearch(): void {
  opening = null
}

/** Whether a recount runs, and how many were asked for: those asked while one ran make one more, not one each. */
let recounting = false
let recountsAsked = 0
/** Recounts start at most this often; when the last one started (performance.now()). */
export const RECOUNT_EVERY_MS = 1_000
let lastRecountAt = -RECOUNT_EVERY_MS

/** Asks main how many orders `filters` find; the answer is kept if these are still the filters on show. */
async function countFilters(filters: OrderFilters, generation: number): Promise<void> {
  const api = getApi()
  if (!api) return
  const result = await api.orders.count(filters)
  if (useOrdersStore.getState().generation !== generation) return
  useOrdersStore.setState({ total: result.ok ? result.value.total : null })
}

/** Keeps the rows and the open order in step with main; returns the unsubscribe. */
export function subscribeOrderEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  return api.on('orders.changed', ({ id }) => void useOrdersStore.getState().orderChanged(id))
}

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
