/**
 * The first-run welcome: shown once, in place of the screens, to the first Admin of a fresh desk in
 * Training (main remembers per desk whether it is still to show), and again on demand from Settings.
 */
import { create } from 'zustand'
import type { CallError, SettingsView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { withDetails, type WelcomeDetails } from './welcome-details'

export type WelcomeStep = 'details' | 'start'

interface WelcomeState {
  /** On show, in place of the screens. */
  open: boolean
  step: WelcomeStep
  /** Main said, for this page, whether the welcome is still to show: until then an Admin's screens wait, so that none flashes before the welcome. */
  answered: boolean
  /** The active environment's settings, to show and to save the welcome's fields into. */
  settings: SettingsView | null
  loadError: CallError | null
  saving: boolean

  /** Main's word from the session's view (taken once per page): shows the welcome if it is still to show. */
  decide: (show: boolean) => void
  /** Opens it again (Settings). */
  show: () => void
  loadSettings: () => Promise<void>
  /** Saves the shop's name and return addresses; on success the welcome is done and its next step shows. */
  save: (details: WelcomeDetails) => Promise<CallError | null>
  /** Leaves the welcome (skipped, or on to a screen): done for this desk, not shown again by itself. */
  leave: () => void
}

/** Tells main the welcome is done (finished or skipped); a failure only means it may show once more. */
function finish(): void {
  void getApi()?.welcome.finish()
}

export const useWelcomeStore = create<WelcomeState>()((set, get) => ({
  open: false,
  step: 'details',
  answered: false,
  settings: null,
  loadError: null,
  saving: false,

  decide: (show) => {
    if (get().answered) return
    set(show ? { answered: true, open: true, step: 'details', settings: null, loadError: null } : { answered: true })
  },

  show: () => set({ open: true, step: 'details', settings: null, loadError: null }),

  loadSettings: async () => {
    const api = getApi()
    if (!api) return set({ loadError: NO_BRIDGE })
    const result = await api.settings.get()
    set(result.ok ? { settings: result.value, loadError: null } : { loadError: result.error })
  },

  save: async (details) => {
    const api = getApi()
    const current = get().settings
    if (!api) return NO_BRIDGE
    if (!current || get().saving) return null
    set({ saving: true })
    const result = await api.settings.update(withDetails(current.settings, details))
    if (!result.ok) {
      set({ saving: false })
      return result.error
    }
    finish()
    set({ saving: false, settings: result.value, step: 'start' })
    return null
  },

  leave: () => {
    if (!get().open) return
    finish()
    set({ open: false })
  },
}))
