/**
 * The shell's store: which screen is shown, and what the back end says about this installation.
 */
import { create } from 'zustand'
import type { AppInfo, CallError, Environment } from '../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../api'

export const screens = ['orders', 'payment-link', 'phone-order', 'audit', 'operators', 'settings'] as const
export type Screen = (typeof screens)[number]

interface NavigationSlice {
  screen: Screen
  navigate: (screen: Screen) => void
}

interface AppInfoSlice {
  info: AppInfo | null
  infoError: CallError | null
  loadInfo: () => Promise<void>
  setEnvironment: (environment: Environment) => void
}

export type ShellState = NavigationSlice & AppInfoSlice

export const useShellStore = create<ShellState>()((set) => ({
  screen: 'orders',
  navigate: (screen) => set({ screen }),

  info: null,
  infoError: null,
  loadInfo: async () => {
    const api = getApi()
    if (!api) {
      set({ infoError: NO_BRIDGE })
      return
    }
    const result = await api.app.info()
    set(result.ok ? { info: result.value, infoError: null } : { infoError: result.error })
  },
  setEnvironment: (environment) => set((state) => (state.info ? { info: { ...state.info, environment } } : {})),
}))

/** Keeps the store in step with main's events; returns the unsubscribe. */
export function subscribeShellEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  return api.on('environment.changed', ({ environment }) => useShellStore.getState().setEnvironment(environment))
}
