/**
 * Desks of a team in the test's own process (each a back end on its Sandbox simulator) and their team
 * databases, all closed and dropped after each test: for tests of creating, joining and leaving a
 * team. Tests of desks at work together use desks.ts (a process each).
 */
import { afterEach } from 'vitest'
import { freshDatabase } from '../../support/postgres'
import type { TestBackendOptions } from '../backend-fixture'
import { startSandboxBackend, type SandboxTestBackend } from '../sandbox-fixture'

const cleanups: (() => Promise<void>)[] = []

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A desk on its own, closed after the test. */
export async function desk(config: TestBackendOptions = {}): Promise<SandboxTestBackend> {
  const app = await startSandboxBackend(config)
  cleanups.push(() => app.close())
  return app
}

/** An empty database for a team, dropped after the test; its URL. */
export async function teamDatabase(name: string): Promise<string> {
  const database = await freshDatabase(name)
  cleanups.push(() => database.drop())
  return database.url
}
