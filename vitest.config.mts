import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Native modules (better-sqlite3, keytar) are safest in child processes rather than worker threads.
    pool: 'forks',
    testTimeout: 15_000,
    restoreMocks: true,
    // One throw-away PostgreSQL cluster per run for the team-mode tests (TEST_POSTGRES_URL).
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
})
