/**
 * Composition root: builds every service from a config. The Electron glue, the browser test harness
 * and the tests all build the back end through here, so they run the same code.
 */
import { join } from 'node:path'
import type { AppInfo, Environment } from '../src-preload/contract'
import { createDispatch, type Dispatch, type Handlers } from './bridge/dispatch'
import { createEventBus, type EventBus } from './bridge/event-bus'
import { createLogger, fileSink, type Logger } from './log'
import { openDatabase, sqliteVersion, type Db } from './store/database'

export interface BackendConfig {
  /** The app's data folder: local history, settings and logs live under it. */
  dataDir: string
  appName: string
  appVersion: string
  runtime: AppInfo['runtime']
  electronVersion?: string | null
  /** better_sqlite3.node built for Electron; omitted under plain Node. */
  sqliteNativeBinding?: string
  /** Defaults to a JSON-lines file in `<dataDir>/logs/`. */
  log?: Logger
}

export interface Backend {
  readonly dispatch: Dispatch
  readonly events: EventBus
  readonly log: Logger
  close(): Promise<void>
}

/** Each environment keeps its own folder so that training data never mixes with real orders. */
export function environmentDir(dataDir: string, environment: Environment): string {
  return join(dataDir, 'environments', environment)
}

export function createBackend(config: BackendConfig): Backend {
  const log = config.log ?? createLogger(fileSink(join(config.dataDir, 'logs', 'main.log')))
  const environment: Environment = 'training'
  const db: Db = openDatabase(join(environmentDir(config.dataDir, environment), 'history.sqlite3'), {
    nativeBinding: config.sqliteNativeBinding,
  })
  const events = createEventBus()

  const handlers: Handlers = {
    'app.info': () => ({
      name: config.appName,
      version: config.appVersion,
      environment,
      dataDir: config.dataDir,
      runtime: config.runtime,
      electronVersion: config.electronVersion ?? null,
      sqliteVersion: sqliteVersion(db),
    }),
  }

  log.info('backend.started', { runtime: config.runtime, environment })
  return {
    dispatch: createDispatch(handlers, log),
    events,
    log,
    async close() {
      db.close()
      log.info('backend.stopped')
      await log.close()
    },
  }
}
