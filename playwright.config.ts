import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH } from './test/support/chromium-launch'

/**
 * End-to-end specs drive the built renderer in Debian's Chromium through browser mode's server, as
 * the test harness (test/harness/) starts it. Chromium is launched as
 * test/support/chromium-launch.ts says.
 */
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  // A bound that catches a hung spec, not a speed target: on a slower shared machine (2026-11-28) the
  // longest spec, axe-core's scan of every screen, took 33 s of a 30 s budget.
  timeout: 60_000,
  reporter: [['list']],
  // The team specs' PostgreSQL: npm test's cluster (TEST_POSTGRES_URL), or, run alone, a throw-away
  // one started and stopped here (the same setup as vitest's).
  globalSetup: './test/support/postgres-global-setup.ts',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    launchOptions: CHROMIUM_LAUNCH,
    // No trace: recording one for every spec (DOM snapshots at each step, screencast frames) cost a
    // sixth of the end-to-end run's CPU on a 2-core machine, to keep those of the few that fail. A failure
    // still leaves its page's ARIA snapshot (error-context.md); for a trace, run the failing spec
    // again with `npm run test:e2e -- --trace retain-on-failure`.
    trace: 'off',
  },
})
