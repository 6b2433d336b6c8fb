/**
 * The home screen's store: the takings (Supervisors and Admins) and "Needs attention" (everyone),
 * fetched when the screen opens and again, on their own, when main says an order changed, so the
 * figures move without the screen reloading.
 */
import { create } from 'zustand'
import type { Attention, CallError, HomeFigures } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

export type HomePeriod = 'today' | 'week' | 'month'

interface HomeState {
  figures: HomeFigures | null
  figuresError: CallError | null
  attention: Attention | null
  attentionError: CallError | null
  /** When the attention lists arrived (their countdowns count from then). */
  attentionAt: number
  /** Which period the chart shows. */
  period: HomePeriod
  setPeriod: (period: HomePeriod) => void
  /** Fetches the figures too when `withFigures` (the operator may see them). */
  load: (withFigures: boolean) => Promise<void>
  reset: () => void
}

export const useHomeStore = create<HomeState>()((set) => ({
  figures: null,
  figuresError: null,
  attention: null,
  attentionError: null,
  attentionAt: 0,
  period: 'today',
  setPeriod: (period) => set({ period }),
  load: async (withFigures) => {
    const api = getApi()
    if (!api) return set({ attentionError: NO_BRIDGE, figuresError: withFigures ? NO_BRIDGE : null })
    const [attention, figures] = await Promise.all([api.home.attention(), withFigures ? api.home.figures() : Promise.resolve(null)])
    set(attention.ok ? { attention: attention.value, attentionError: null, attentionAt: Date.now() } : { attentionError: attention.error })
    if (figures) set(figures.ok ? { figures: figures.value, figuresError: null } : { figuresError: figures.error })
  },
  reset: () => set({ figures: null, figuresError: null, attention: null, attentionError: null }),
}))

/**
 * Refetches (at most once per `quietMs` of a burst of changes) whenever an order changes, or a
 * notification arrives (one that could not be acted on is listed); returns the unsubscribe.
 */
export function followOrderChanges(withFigures: boolean, quietMs = 250): () => void {
  const api = getApi()
  if (!api) return () => {}
  let timer: ReturnType<typeof setTimeout> | null = null
  const changed = (): void => {
    if (timer !== null) return
    timer = setTimeout(() => {
      timer = null
      void useHomeStore.getState().load(withFigures)
    }, quietMs)
  }
  const offOrders = api.on('orders.changed', changed)
  const offListener = api.on('listener.changed', changed)
  return () => {
    offOrders()
    offListener()
    if (timer !== null) clearTimeout(timer)
  }
}
