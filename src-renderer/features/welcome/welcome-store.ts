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
  /** Main was asked, for this page, whether the welcome is still to show. */
  asked: boolean
  /** Main answered (or could not): until then an Admin's screens wait, so that none flashes before the welcome. */
  answered: boolean
  /** The active environment's settings, to show and to save the welcome's fields into. */
  settings: SettingsView | null
  loadError: CallError | null
  saving: boolean

  /** Asks main once whether the welcome is still to show, and shows it if so. */
  check: () => Promise<void>
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
  asked: false,
  answered: false,
  settings: null,
  loadError: null,
  saving: false,

  check: async () => {
    if (get().asked) return
    set({ asked: true })
    const result = await getApi()?.welcome.get()
    if (result?.ok && result.value.show) set({ open: true, step: 'details', settings: null, loadError: null })
    set({ answered: true })
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
