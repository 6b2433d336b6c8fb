import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Native modules (better-sqlite3, keytar) are safest in child processes rather than worker threads.
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine, where the
    // files would run one after another. They mostly wait (fsync, loopback HTTP, the PIN's scrypt in
    // libuv's pool), so two share two cores well: the run takes about half as long.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 15_000,
    restoreMocks: true,
    // One throw-away PostgreSQL cluster per run for the team-mode tests (TEST_POSTGRES_URL).
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
})
