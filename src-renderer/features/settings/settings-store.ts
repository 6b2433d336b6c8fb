/**
 * Settings: the active environment's settings, the credentials' state (never a secret's value), and
 * connection tests. Every action answers with the back end's error, if any, for the form to show.
 */
import { create } from 'zustand'
import type { CallError, ConnectionCheck, CredentialsView, Environment, EnvironmentSettings, GatewayEnvironment, ListenerStatus, SettingsView } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

export interface CredentialsChange {
  environment: GatewayEnvironment
  clientId?: string
  apiKeyTrailingColon?: boolean
  secretKey?: string
  apiKey?: string
}

interface ConnectionTest {
  running: boolean
  checks: ConnectionCheck[] | null
  error: string | null
}

interface SettingsState {
  view: SettingsView | null
  credentials: CredentialsView | null
  loadError: CallError | null
  /** Counts the views `load` brought (not a save's answer): the settings form starts afresh from each, so it never edits an old history's settings. */
  loads: number
  connection: Partial<Record<Environment, ConnectionTest>>
  load: () => Promise<void>
  saveSettings: (settings: EnvironmentSettings) => Promise<CallError | null>
  switchEnvironment: (environment: Environment, confirmProduction?: boolean) => Promise<CallError | null>
  updateCredentials: (change: CredentialsChange) => Promise<CallError | null>
  removeSecret: (environment: GatewayEnvironment, secret: 'secretKey' | 'apiKey') => Promise<CallError | null>
  testConnection: (environment: Environment) => Promise<void>
  /** The notification listener as main reports it; fetched while its panel shows, and on `listener.changed`. */
  listener: ListenerStatus | null
  listenerError: CallError | null
  /** Bumped by every fetch of the listener, so a late answer to an older one is dropped. */
  listenerGeneration: number
  loadListener: () => Promise<void>
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  view: null,
  credentials: null,
  loadError: null,
  loads: 0,
  connection: {},

  load: async () => {
    const api = getApi()
    if (!api) return set({ loadError: NO_BRIDGE })
    const [view, credentials] = await Promise.all([api.settings.get(), api.credentials.get()])
    if (!view.ok) return set({ loadError: view.error })
    if (!credentials.ok) return set({ loadError: credentials.error })
    set((state) => ({ view: view.value, credentials: credentials.value, loadError: null, loads: state.loads + 1 }))
  },

  saveSettings: async (settings) => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.settings.update(settings)
    if (!result.ok) return result.error
    set({ view: result.value })
    return null
  },

  switchEnvironment: async (environment, confirmProduction) => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.environment.switch({ environment, confirmProduction })
    if (!result.ok) return result.error
    set({ view: result.value, connection: {} })
    return null
  },

  updateCredentials: async (change) => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.credentials.update(change)
    if (!result.ok) return result.error
    set((state) => ({ credentials: result.value, connection: { ...state.connection, [change.environment]: undefined } }))
    return null
  },

  removeSecret: async (environment, secret) => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.credentials.removeSecret({ environment, secret })
    if (!result.ok) return result.error
    set({ credentials: result.value })
    return null
  },

  listener: null,
  listenerError: null,
  listenerGeneration: 0,
  loadListener: async () => {
    const api = getApi()
    if (!api) return set({ listenerError: NO_BRIDGE })
    const generation = get().listenerGeneration + 1
    set({ listenerGeneration: generation })
    const result = await api.listener.status()
    if (get().listenerGeneration !== generation) return
    set(result.ok ? { listener: result.value, listenerError: null } : { listenerError: result.error })
  },

  testConnection: async (environment) => {
    const api = getApi()
    if (!api) return
    set((state) => ({ connection: { ...state.connection, [environment]: { running: true, checks: null, error: null } } }))
    const result = await api.gateway.testConnection({ environment })
    set((state) => ({
      connection: {
        ...state.connection,
        [environment]: result.ok ? { running: false, checks: result.value.checks, error: null } : { running: false, checks: null, error: result.error.message },
      },
    }))
  },
}))

/** Refetches the listener's status whenever main says it changed; returns the unsubscribe. */
export function subscribeListenerEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  return api.on('listener.changed', () => void useSettingsStore.getState().loadListener())
}
