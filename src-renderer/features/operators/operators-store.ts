/** The Operators screen's list, as main last answered it. */
import { create } from 'zustand'
import type { CallError, OperatorView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

interface OperatorsState {
  operators: OperatorView[] | null
  error: CallError | null
  /** When the list was read: "locked until" is compared with it. */
  loadedAt: number
  load: () => Promise<void>
}

export const useOperatorsStore = create<OperatorsState>()((set) => ({
  operators: null,
  error: null,
  loadedAt: 0,
  load: async () => {
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    const result = await api.operators.list()
    set(result.ok ? { operators: result.value.operators, error: null, loadedAt: Date.now() } : { error: result.error })
  },
}))
