/**
 * Customers for phone orders: the search as staff type (`phoneOrderSearch`), and the customer picked
 * with their saved cards and recent orders (kept here so that leaving the screen loses nothing).
 * Main's `orders.changed` refreshes the open customer when it concerns them (a charge settled, a
 * card's lock lifted).
 */
import { create } from 'zustand'
import type { CallError, CustomerInput, CustomerView, OrderView, SavedCardView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { t } from '../../i18n/i18n'
import { createCustomerSearch } from './customer-search'

/** The phone order screen's "Find customer". */
export const phoneOrderSearch = createCustomerSearch()

export interface CustomerDetail {
  customer: CustomerView
  cards: SavedCardView[]
  orders: OrderView[]
}

export type Saved<T> = { ok: true; value: T } | { ok: false; error: CallError }

interface CustomersState {
  /** The customer picked, and what main said about them. */
  customerId: number | null
  detail: CustomerDetail | null
  loading: boolean
  loadError: CallError | null
  /** Bumped by a reset (another environment): a late answer for the old one is dropped. */
  generation: number

  open: (id: number) => Promise<void>
  close: () => void
  refresh: () => Promise<void>
  save: (input: CustomerInput) => Promise<Saved<CustomerView>>
  addCard: (input: { token: string; masked: string; brand: string }) => Promise<Saved<SavedCardView>>
  removeCard: (cardId: number) => Promise<Saved<SavedCardView>>
  /** Main says an order changed: refresh the open customer if it is theirs. */
  orderChanged: (orderId: number) => void
  /** No customer, and an empty "Find customer" (a new phone order, another environment). */
  reset: () => void
}

const INITIAL = {
  customerId: null,
  detail: null,
  loading: false,
  loadError: null,
} satisfies Partial<CustomersState>

export const useCustomersStore = create<CustomersState>()((set, get) => ({
  ...INITIAL,
  generation: 0,

  open: async (id) => {
    set({ customerId: id, detail: get().detail?.customer.id === id ? get().detail : null, loadError: null })
    await get().refresh()
  },

  close: () => set({ customerId: null, detail: null, loading: false, loadError: null }),

  refresh: async () => {
    const api = getApi()
    const { customerId: id, generation } = get()
    if (id === null) return
    if (!api) return set({ loadError: NO_BRIDGE })
    set({ loading: true })
    const result = await api.customers.get({ id })
    if (get().generation !== generation || get().customerId !== id) return
    set(result.ok ? { loading: false, detail: result.value, loadError: null } : { loading: false, loadError: result.error })
  },

  save: async (input) => {
    const api = getApi()
    if (!api) return { ok: false, error: NO_BRIDGE }
    const generation = get().generation
    const result = await api.customers.save(input)
    if (!result.ok) return result
    if (get().generation !== generation) return result
    const customer = result.value
    phoneOrderSearch.getState().replace(customer)
    set((state) => ({ detail: state.detail?.customer.id === customer.id ? { ...state.detail, customer } : state.detail }))
    return result
  },

  addCard: async ({ token, masked, brand }) => {
    const api = getApi()
    const customerId = get().customerId
    if (!api) return { ok: false, error: NO_BRIDGE }
    if (customerId === null) return { ok: false, error: { code: 'NOT_FOUND', message: t('customers.store.pickFirst') } }
    const result = await api.cards.add({ customerId, token: token.trim(), masked: masked.trim(), brand: brand.trim() })
    if (result.ok) await get().refresh()
    return result
  },

  removeCard: async (cardId) => {
    const api = getApi()
    if (!api) return { ok: false, error: NO_BRIDGE }
    const result = await api.cards.remove({ cardId })
    // Refreshed either way: a refusal may still have told main something new about the card.
    await get().refresh()
    return result
  },

  orderChanged: (orderId) => {
    const detail = get().detail
    if (!detail) return
    const concerns = detail.orders.some((order) => order.id === orderId) || detail.cards.some((card) => card.lockedBy?.orderId === orderId)
    if (concerns) void get().refresh()
  },

  reset: () => {
    phoneOrderSearch.getState().reset()
    set((state) => ({ ...INITIAL, generation: state.generation + 1 }))
  },
}))

/** Keeps the open customer in step with main; returns the unsubscribe. */
export function subscribeCustomerEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  return api.on('orders.changed', ({ id }) => useCustomersStore.getState().orderChanged(id))
}
