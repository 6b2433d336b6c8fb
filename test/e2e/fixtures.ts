import { test as base, expect } from '@playwright/test'
import { startHarness, type Harness } from '../harness/server'

/** Each test gets its own back end with a fresh data folder, and a page that has entered it. */
export const test = base.extend<{ harness: Harness }>({
  harness: [
    async ({ page }, use) => {
      const harness = await startHarness()
      await page.goto(harness.entryUrl)
      await use(harness)
      await page.close()
      await harness.close()
    },
    // Every test starts on an entered page, whether or not it names the harness.
    { auto: true },
  ],
})

export { expect }

export const SCREENSHOT_DIR = 'test-results/screenshots'
