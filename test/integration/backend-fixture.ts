/**
 * A real back end on a temporary data folder with its own keychain service, for integration tests.
 * The status tracker's schedule is still unless the test turns it on (`statusTracker: true`).
 */
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBackend, type Backend, type BackendConfig } from '../../src-main/backend'
import { createLogger, fileSink } from '../../src-main/log'
import type { CallError, CallName, CallOutput } from '../../src-preload/contract'

export interface TestBackend {
  backend: Backend
  dataDir: string
  keychainService: string
  /** Calls through the bridge's dispatch, as the renderer would; throws on an error result. */
  call<K extends CallName>(name: K, input?: unknown): Promise<CallOutput<K>>
  /** Calls through the bridge and returns its error; fails the test if the call succeeds. */
  failure(name: CallName, input: unknown): Promise<CallError>
  restart(): Promise<void>
  /** Closes the back end but keeps its data folder, to look at what it left. */
  stop(): Promise<void>
  close(): Promise<void>
}

export async function startTestBackend(config: Partial<BackendConfig> = {}): Promise<TestBackend> {
  const dataDir = config.dataDir ?? mkdtempSync(join(tmpdir(), 'mbo-it-'))
  const keychainService = config.keychainService ?? `mbo-it-${randomUUID()}`
  const build = (): Promise<Backend> =>
    createBackend({
      appName: 'Merchant Back Office',
      appVersion: '0.0.0-test',
      runtime: 'test',
      log: createLogger(fileSink(join(dataDir, 'logs', 'main.log'))),
      statusTracker: false,
      ...config,
      dataDir,
      keychainService,
    })
  let running = true
  const handle: TestBackend = {
    backend: await build(),
    dataDir,
    keychainService,
    async call(name, input) {
      const result = await handle.backend.dispatch(name, input)
      if (!result.ok) throw Object.assign(new Error(`${name}: ${result.error.code} ${result.error.message}`), { callError: result.error })
      return result.value as CallOutput<typeof name>
    },
    async failure(name, input) {
      const result = await handle.backend.dispatch(name, input)
      if (result.ok) throw new Error(`${name} should have failed`)
      return result.error
    },
    async restart() {
      await handle.stop()
      handle.backend = await build()
      running = true
    },
    async stop() {
      if (running) await handle.backend.close()
      running = false
    },
    async close() {
      await handle.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return handle
}
