/**
 * Opens an environment's history on the engine that holds it: Training, and every environment of a
 * desk that is not in a team, on the desk's own SQLite file; Sandbox and Production of a desk in a
 * team on the team's PostgreSQL database. Either way the services get the same History.
 */
import { existsSync } from 'node:fs'
import type { Environment, GatewayEnvironment } from '../src-preload/contract'
import type { CardCipher } from './credentials/card-cipher'
import type { CredentialVault } from './credentials/vault'
import type { Logger } from './log'
import { settleInterruptedAttempts } from './services/gateway-attempts'
import { defaultSettingsFor, EnvironmentSettingsStore } from './settings/environment-settings'
import type { Db, SqlDatabase } from './store/database'
import { createHistory, type History } from './store/history'
import { historyFile, openHistoryDatabase } from './store/history-file'
import type { TeamMode } from './team/team-mode'

export interface OpenedEnvironment {
  id: Environment
  db: SqlDatabase
  settings: EnvironmentSettingsStore
  history: History
}

export interface EnvironmentOpenerOptions {
  dataDir: string
  sqliteNativeBinding?: string | undefined
  log: Logger
  now: () => Date
  vault: CredentialVault
  team: TeamMode
  /** Starts the in-process training gateway (Training's history needs it running). */
  startTraining: () => Promise<void>
}

export async function openEnvironment(options: EnvironmentOpenerOptions, id: Environment): Promise<OpenedEnvironment> {
  const { log, now } = options
  const held = options.team.heldEnvironment(id)
  if (held) {
    const { db, cipher } = await options.team.openHistory(held)
    // Attempts interrupted at some desk are settled by the team's leader, not at every desk's start.
    return { id, db, settings: new EnvironmentSettingsStore(db, log, now, { defaults: defaultSettingsFor(id) }), history: createHistory(db, { cipher }) }
  }
  const { db, backup } = await openHistoryDatabase(options.dataDir, id, { nativeBinding: options.sqliteNativeBinding })
  if (backup) log.info('store.migrated', { environment: id, backup })
  try {
    if (id === 'training') await options.startTraining()
    const history = createHistory(db, { cipher: await options.vault.cardCipher(id) })
    const interrupted = settleInterruptedAttempts(history, now())
    if (interrupted.length > 0) log.warn('attempts.interrupted', { environment: id, orders: interrupted.length })
    return { id, db, settings: new EnvironmentSettingsStore(db, log, now, { ownsDatabase: true, defaults: defaultSettingsFor(id) }), history }
  } catch (error) {
    db.close()
    throw error
  }
}

/** This desk's own history of an environment, for the import into a team; null when the desk never used it. */
export async function openDeskHistory(options: EnvironmentOpenerOptions, id: GatewayEnvironment, create = false): Promise<{ db: Db; cipher: CardCipher } | null> {
  if (!create && !existsSync(historyFile(options.dataDir, id))) return null
  const { db } = await openHistoryDatabase(options.dataDir, id, { nativeBinding: options.sqliteNativeBinding })
  return { db, cipher: await options.vault.cardCipher(id) }
}
