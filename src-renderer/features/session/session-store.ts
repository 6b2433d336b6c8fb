/**
 * Who is at the desk: main's session (signed in, locked, the first Admin still to make) and the
 * operator whose screens are mounted. Any call answering SIGNED_OUT locks the screens here too, so
 * customer data is hidden at once, whichever call noticed.
 */
import { create } from 'zustand'
import type { CallError, OperatorView, Result, SessionView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE, onSignedOut } from '../../api'

export type SessionMode =
  | { kind: 'loading' }
  | { kind: 'unreachable'; error: CallError }
  | { kind: 'setup' }
  /** Nobody signed in, and no screens mounted. */
  | { kind: 'sign-in' }
  /** Signed in: the screens show. */
  | { kind: 'shell'; operator: OperatorView }
  /** Screens hidden (kept mounted when they were): the operator continues with their PIN, or someone else signs in. */
  | { kind: 'lock'; operator: OperatorView | null }

interface SessionState {
  view: SessionView | null
  loadError: CallError | null
  /** The operator the mounted screens belong to: set when they first show, kept until the page reloads. */
  screensFor: OperatorView | null
  load: () => Promise<void>
  /** Answers main's words, or the new session (the view is set already). */
  setup: (input: { login: string; name: string; pin: string }) => Promise<Result<SessionView>>
  signIn: (login: string, pin: string) => Promise<Result<SessionView>>
  signOut: () => Promise<void>
  /** The idle timer ran out: hidden at once, then main is told. */
  lock: () => Promise<void>
  changePin: (currentPin: string, newPin: string) => Promise<Result<SessionView>>
  /** A call answered SIGNED_OUT: hide the screens and ask main how things stand. */
  signedOut: () => void
}

const noBridge = { ok: false, error: NO_BRIDGE } as const

export const useSessionStore = create<SessionState>()((set, get) => {
  const apply = (result: Result<SessionView>): Result<SessionView> => {
    if (result.ok) {
      const view = result.value
      const screensFor = get().screensFor ?? (view.operator && !view.locked ? view.operator : null)
      set({ view, loadError: null, screensFor })
    }
    return result
  }
  return {
    view: null,
    loadError: null,
    screensFor: null,

    load: async () => {
      const api = getApi()
      if (!api) return set({ loadError: NO_BRIDGE })
      const result = await api.session.status()
      if (result.ok) apply(result)
      else if (!get().view) set({ loadError: result.error })
    },

    setup: async (input) => {
      const api = getApi()
      return api ? apply(await api.session.setup(input)) : noBridge
    },

    signIn: async (login, pin) => {
      const api = getApi()
      return api ? apply(await api.session.signIn({ login: login.trim(), pin })) : noBridge
    },

    signOut: async () => {
      const api = getApi()
      if (api) await api.session.signOut()
      // Everything typed or shown for this operator goes with them.
      window.location.reload()
    },

    lock: async () => {
      const view = get().view
      if (view) set({ view: { ...view, locked: true } })
      const api = getApi()
      if (!api) return
      const result = await api.session.lock()
      if (result.ok) apply(result)
    },

    changePin: async (currentPin, newPin) => {
      const api = getApi()
      return api ? apply(await api.session.changePin({ currentPin, newPin })) : noBridge
    },

    signedOut: () => {
      const view = get().view
      if (view && !view.locked) set({ view: { ...view, locked: true } })
      void get().load()
    },
  }
})

/** What the app shows now. Pure over the store's state. */
export function sessionMode(state: Pick<SessionState, 'view' | 'loadError' | 'screensFor'>): SessionMode {
  const { view, loadError, screensFor } = state
  if (!view) return loadError ? { kind: 'unreachable', error: loadError } : { kind: 'loading' }
  if (view.setupNeeded && !screensFor) return { kind: 'setup' }
  const operator = view.locked ? null : view.operator
  if (operator && (!screensFor || screensFor.id === operator.id)) return { kind: 'shell', operator }
  if (!screensFor && !view.operator) return { kind: 'sign-in' }
  return { kind: 'lock', operator: view.operator ?? screensFor }
}

/** Another operator signed in over screens mounted for someone else: their forms must go. */
export function mustDiscardScreens(screensFor: OperatorView | null, view: SessionView): boolean {
  return screensFor !== null && view.operator !== null && view.operator.id !== screensFor.id
}

/** Listens for SIGNED_OUT from any call; returns the unsubscribe. */
export function watchSignedOut(): () => void {
  return onSignedOut(() => useSessionStore.getState().signedOut())
}

/**
 * Calls `opened` each time the desk opens again for the screens on show (unlocked, or signed in again
 * by the same operator); returns the unsubscribe. What failed to refresh while it was locked (an
 * order's change told meanwhile) is read again then (found by QA: "the desk is locked" stayed on a
 * link after unlocking).
 */
export function onDeskOpened(opened: () => void): () => void {
  return useSessionStore.subscribe((state, previous) => {
    if (sessionMode(state).kind === 'shell' && sessionMode(previous).kind !== 'shell') opened()
  })
}
