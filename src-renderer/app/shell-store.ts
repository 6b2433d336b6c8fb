/**
 * The shell's store: which screen is shown, and what the back end says about this installation.
 */
import { create } from 'zustand'
import type { AppInfo, CallError, Environment, Language } from '../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../api'
import { switchLanguage } from '../i18n/i18n'
import { languageFromSystem } from '../../src-common/languages'
import { useSessionStore } from '../features/session/session-store'
import { useTeamStore } from '../features/team/team-store'
import { dropOpeningSearch, searchOnOpening } from '../features/orders/orders-store'
import { screenLoaded, screenReady } from './lazy-screens'

export const screens = ['home', 'orders', 'payment-link', 'phone-order', 'report', 'audit', 'operators', 'settings'] as const
export type Screen = (typeof screens)[number]

interface NavigationSlice {
  screen: Screen
  /** Shows a screen: at once when its code is here, else as soon as it arrives. */
  navigate: (screen: Screen) => void
}

interface AppInfoSlice {
  info: AppInfo | null
  infoError: CallError | null
  loadInfo: () => Promise<void>
  setEnvironment: (environment: Environment) => void
  /** Switches the screens at once (nothing reloads; forms keep what was typed) and remembers it for the desk; the error when it could not be saved. */
  chooseLanguage: (language: Language) => Promise<CallError | null>
  /**
   * Which history the screens show, counted up each time it moves: an environment switch, or this desk
   * creating, joining or leaving a team (the same environment, another database). Screens that keep
   * rows or drafts of a history follow it the way they follow the environment: they refetch or start afresh.
   */
  history: number
  historyMoved: () => void
}

export type ShellState = NavigationSlice & AppInfoSlice

/** The screen staff asked for last: what `navigate` shows once its code has arrived. */
let asked: Screen | null = null

export const useShellStore = create<ShellState>()((set, get) => ({
  // Home first after sign-in (issue 20); Orders is one click away.
  screen: 'home',
  navigate: (screen) => {
    asked = screen
    // Orders' first page is asked with the click, not once its code has come and rendered (issue 23).
    if (screen !== 'orders') dropOpeningSearch()
    else if (get().screen !== 'orders') searchOnOpening(get().history)
    if (screenLoaded(screen)) return set({ screen })
    // The screen's code first (a few ms from the app's files), then the screen: shown whole, never
    // its loading line held for React's 300 ms; the one asked last wins if staff click on meanwhile.
    void screenReady(screen).then(() => {
      if (asked === screen) set({ screen })
    })
  },

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
    // The desk's language; until someone chooses one, the system's (English when it speaks neither).
    if (result.ok) void switchLanguage(result.value.language ?? languageFromSystem(navigator.languages))
  },
  chooseLanguage: async (language) => {
    void switchLanguage(language)
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.app.setLanguage({ language })
    if (!result.ok) return result.error
    set((state) => (state.info ? { info: { ...state.info, language } } : {}))
    return null
  },
  setEnvironment: (environment) => set((state) => (state.info ? { info: { ...state.info, environment } } : {})),
  history: 0,
  historyMoved: () => set((state) => ({ history: state.history + 1 })),
}))

/** The history moved: the screens follow, and the session is asked again (joining or leaving a team signs everyone out). */
function historyMoved(): void {
  useShellStore.getState().historyMoved()
  void useSessionStore.getState().load()
}

/** Keeps the store in step with main's events; returns the unsubscribe. */
export function subscribeShellEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  // Main says it after a switch, and after its history moved to or from a team database (then the same environment).
  const offEnvironment = api.on('environment.changed', ({ environment }) => {
    useShellStore.getState().setEnvironment(environment)
    historyMoved()
  })
  // Team mode changed (in this window or another): Sandbox and Production are in another database now.
  const offTeam = useTeamStore.subscribe((state, previous) => {
    if (state.view && previous.view && state.view.mode !== previous.view.mode) historyMoved()
  })
  return () => {
    offEnvironment()
    offTeam()
  }
}
