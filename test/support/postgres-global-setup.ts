/**
 * vitest's and Playwright's globalSetup: one throw-away PostgreSQL cluster for the whole run (the
 * team-mode tests make a fresh database in it each, see ./postgres.ts). npm test starts the cluster
 * itself and passes TEST_POSTGRES_URL down: then that one is used. Otherwise (npx vitest run …,
 * npm run test:e2e) one is started here, and stopped at the end: about 0.5 s on a tmpfs, 1.5 s on
 * this machine's ext4 /tmp.
 *
 * The URL reaches the tests through process.env: vitest 4 builds the forks' environment from
 * process.env when it starts them, after every global setup has run, and Playwright starts its
 * workers after its global setup too.
 *
 * If the cluster cannot start (PostgreSQL not installed, say), the run goes on: every test that asks
 * for a database fails with the reason (TEST_POSTGRES_ERROR), the others are not held hostage.
 */
import { startCluster } from './postgres'

export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env['TEST_POSTGRES_URL']) return undefined
  try {
    const cluster = await startCluster({ label: 'vitest' })
    process.env['TEST_POSTGRES_URL'] = cluster.url
    return async () => {
      delete process.env['TEST_POSTGRES_URL']
      await cluster.stop()
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    process.env['TEST_POSTGRES_ERROR'] = reason
    console.error(`The throw-away PostgreSQL cluster did not start; the tests that need it will fail.\n${reason}`)
    return () => {
      delete process.env['TEST_POSTGRES_ERROR']
      return Promise.resolve()
    }
  }
}
