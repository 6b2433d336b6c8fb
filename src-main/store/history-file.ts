/**
 * Where an environment's history lives, and how it is opened: every opener (the back end, the seed
 * command, the harness) gets the same file, the same pragmas and the same migrations.
 */
import { dirname, join } from 'node:path'
import { ensurePrivateDir } from '../private-files'
import type { Environment } from '../../src-preload/contract'
import { openDatabase, type Db, type OpenDatabaseOptions } from './database'
import { migrate } from './migrations'

/** Each environment keeps its own folder so that training data never mixes with real orders. */
export function environmentDir(dataDir: string, environment: Environment): string {
  return join(dataDir, 'environments', environment)
}

export function historyFile(dataDir: string, environment: Environment): string {
  return join(environmentDir(dataDir, environment), 'history.sqlite3')
}

/** Opens and migrates the environment's history; `backup` is the copy made before migrating, if any. */
export async function openHistoryDatabase(dataDir: string, environment: Environment, options: OpenDatabaseOptions = {}): Promise<{ db: Db; file: string; backup: string | null }> {
  const file = historyFile(dataDir, environment)
  // openDatabase makes the environment's own folder private; the one above it holds nothing else.
  ensurePrivateDir(dirname(environmentDir(dataDir, environment)))
  const db = openDatabase(file, options)
  try {
    return { db, file, backup: await migrate(db, file) }
  } catch (error) {
    db.close()
    throw error
  }
}
