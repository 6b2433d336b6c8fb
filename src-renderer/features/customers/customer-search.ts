/**
 * "Find customer" as staff type: the text in the box and main's answer for it. One store per screen
 * that finds customers (the phone order's, the payment link form's), made by `createCustomerSearch`,
 * so that a search on one screen never changes what another has found or picked; `CustomerPicker`
 * shows whichever it is given.
 */
import { create, type StoreApi, type UseBoundStore } from 'zustand'
import type { CallError, CustomerView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

export interface CustomerSearchState {
  /** What is in the "Find customer" box. */
  query: string
  results: CustomerView[]
  /** The text `results` answer (trimmed); null before any search. */
  resultsFor: string | null
  searching: boolean
  searchError: CallError | null
  /** Numbers each search, so only the latest answer is shown. */
  searchSeq: number

  setQuery: (query: string) => void
  search: (text: string) => Promise<void>
  /** A customer saved meanwhile is shown as saved. */
  replace: (customer: CustomerView) => void
  /** An empty box; an answer still on its way is dropped. */
  reset: () => void
}

export type CustomerSearch = UseBoundStore<StoreApi<CustomerSearchState>>

const EMPTY = { query: '', results: [], resultsFor: null, searching: false, searchError: null } satisfies Partial<CustomerSearchState>

export function createCustomerSearch(): CustomerSearch {
  return create<CustomerSearchState>()((set, get) => ({
    ...EMPTY,
    searchSeq: 0,

    setQuery: (query) => set({ query }),

    search: async (text) => {
      const api = getApi()
      const wanted = text.trim()
      const seq = get().searchSeq + 1
      if (!wanted) return set({ searchSeq: seq, results: [], resultsFor: null, searching: false, searchError: null })
      if (!api) return set({ searchSeq: seq, searchError: NO_BRIDGE })
      set({ searchSeq: seq, searching: true, searchError: null })
      const result = await api.customers.search({ text: wanted })
      if (get().searchSeq !== seq) return
      set(result.ok ? { searching: false, results: result.value.customers, resultsFor: wanted } : { searching: false, results: [], resultsFor: wanted, searchError: result.error })
    },

    replace: (customer) => set((state) => ({ results: state.results.map((row) => (row.id === customer.id ? customer : row)) })),

    reset: () => set((state) => ({ ...EMPTY, searchSeq: state.searchSeq + 1 })),
  }))
}
