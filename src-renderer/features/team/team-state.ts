/**
 * Team mode as main reports it (`team.get`, then every `team.changed`), and the Admin's actions on it:
 * test a connection, create a team (its key shown once), join one, copy this desk's history in, leave.
 *
 * Built from the api it is given, so that the logic is tested with a fake one under plain Node;
 * team-store.ts makes the app's one store over window.api.
 */
import { create } from 'zustand'
import type { Api, CallError, Result, TeamConnection, TeamProbe, TeamView } from '../../../src-preload/contract'

/** The call on its way to main (every button of the section is off meanwhile). */
export type TeamAction = 'probe' | 'create' | 'join' | 'import' | 'leave'

/** The key `team.create` returned: shown once, until the Admin says it is written down. */
export interface NewTeamKey {
  key: string
  writtenDown: boolean
}

export interface TeamState {
  view: TeamView | null
  /** `team.get` failed (e.g. the back end is not answering). */
  loadError: CallError | null
  /** Bumped by every event: an answer to a call sent before an event is older than it, and dropped. */
  eventCount: number
  busy: TeamAction | null
  /** The last action's refusal; its `field` (a dotted path such as 'connection.host') names the input. */
  error: CallError | null
  probeResult: TeamProbe | null
  newKey: NewTeamKey | null
  load: () => Promise<void>
  /** A `team.changed` from main. */
  changed: (view: TeamView) => void
  probe: (connection: TeamConnection, password: string) => Promise<void>
  create: (connection: TeamConnection, password: string, importHistory: boolean) => Promise<boolean>
  join: (connection: TeamConnection, password: string, teamKey: string) => Promise<boolean>
  importHistory: () => Promise<boolean>
  leave: () => Promise<boolean>
  /** A refusal found before asking main (the form's own checks). */
  refuse: (error: CallError) => void
  /** The draft changed: the last test's answer is about other details. */
  forgetProbe: () => void
  /** The section opens afresh: an old refusal or test answer is not news. The new key is kept. */
  forgetActions: () => void
  setWrittenDown: (writtenDown: boolean) => void
  /** Closes the key's dialog, only once the Admin has said the key is written down; says whether it closed. */
  closeKey: () => boolean
}

export interface TeamStoreDeps {
  api: () => Api | null
  /** What to report when there is no api (the page opened outside the app). */
  noBridge: CallError
}

export function createTeamStore({ api: getApi, noBridge }: TeamStoreDeps) {
  return create<TeamState>()((set, get) => {
    /** Applies a call's answer unless an event came after the call left (the event is newer). */
    const answer = (events: number, view: TeamView): void => {
      if (get().eventCount === events) set({ view })
    }

    /** Sends one action's call (one at a time); a refusal becomes `error`. */
    const run = async <T>(action: TeamAction, send: (api: Api) => Promise<Result<T>>): Promise<{ value: T; events: number } | null> => {
      if (get().busy) return null
      const api = getApi()
      if (!api) {
        set({ error: noBridge })
        return null
      }
      const events = get().eventCount
      set({ busy: action, error: null })
      let result: Result<T>
      try {
        result = await send(api)
      } finally {
        set({ busy: null })
      }
      if (!result.ok) {
        set({ error: result.error })
        return null
      }
      return { value: result.value, events }
    }

    return {
      view: null,
      loadError: null,
      eventCount: 0,
      busy: null,
      error: null,
      probeResult: null,
      newKey: null,

      load: async () => {
        const api = getApi()
        if (!api) return set({ loadError: noBridge })
        const events = get().eventCount
        const result = await api.team.get()
        if (!result.ok) return set({ loadError: result.error })
        set({ loadError: null })
        answer(events, result.value)
      },

      changed: (view) => set((state) => ({ view, loadError: null, eventCount: state.eventCount + 1 })),

      probe: async (connection, password) => {
        set({ probeResult: null })
        // An empty password asks main to use the one it keeps.
        const done = await run('probe', (api) => api.team.probe(password === '' ? { connection } : { connection, password }))
        if (done) set({ probeResult: done.value })
      },

      create: async (connection, password, importHistory) => {
        const done = await run('create', (api) => api.team.create({ connection, password, importHistory }))
        if (!done) return false
        answer(done.events, done.value.team)
        set({ newKey: { key: done.value.teamKey, writtenDown: false }, probeResult: null })
        return true
      },

      join: async (connection, password, teamKey) => {
        const done = await run('join', (api) => api.team.join({ connection, password, teamKey }))
        if (!done) return false
        answer(done.events, done.value)
        set({ probeResult: null })
        return true
      },

      importHistory: async () => {
        const done = await run('import', (api) => api.team.importHistory())
        if (!done) return false
        answer(done.events, done.value)
        return true
      },

      leave: async () => {
        const done = await run('leave', (api) => api.team.leave())
        if (!done) return false
        answer(done.events, done.value)
        set({ probeResult: null })
        return true
      },

      refuse: (error) => set({ error }),
      forgetProbe: () => set({ probeResult: null }),
      forgetActions: () => set({ error: null, probeResult: null }),

      setWrittenDown: (writtenDown) => set((state) => (state.newKey ? { newKey: { ...state.newKey, writtenDown } } : {})),

      closeKey: () => {
        if (!get().newKey?.writtenDown) return false
        set({ newKey: null })
        return true
      },
    }
  })
}

export type TeamStore = ReturnType<typeof createTeamStore>

/** Follows main's `team.changed` into the store; returns the unsubscribe. */
export function followTeamEvents(store: TeamStore, api: Api | null): () => void {
  if (!api) return () => {}
  return api.on('team.changed', (view) => store.getState().changed(view))
}
