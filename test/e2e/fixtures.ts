import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { startHarness, type Harness, type HarnessOptions } from '../harness/server'

/**
 * Each test gets its own back end with a fresh data folder and its own keychain service, and a page
 * that has entered it. A spec may override `harnessOptions` (e.g. to point Sandbox at a local gateway).
 * The status tracker's schedule is still unless a spec turns it on, so that the checks a spec makes by
 * hand are not raced by background ones. The first-run welcome is marked done (the harness's `welcome`
 * option, off by default), and the page goes from Home to Orders (`startOn`), so that every spec starts
 * on Orders; welcome.spec.ts turns the welcome on, home-and-report.spec.ts stays on Home.
 */
export const test = base.extend<{ harness: Harness; harnessOptions: HarnessOptions; startOn: 'home' | 'orders' }>({
  harnessOptions: [{ statusTracker: false }, { option: true }],
  // Home is the first screen after sign-in (issue 20); specs of other screens go on to Orders as staff would, in one click.
  startOn: ['orders', { option: true }],
  harness: [
    async ({ page, harnessOptions, startOn }, use) => {
      const harness = await startHarness(harnessOptions)
      await page.goto(harness.entryUrl)
      if (startOn === 'orders' && harnessOptions.operators !== 'none' && harnessOptions.welcome !== true) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
        // Settled: Orders gives its search box the focus once it is on the page (its code arrives on
        // demand); a spec's first key must not race that move (a menu item pressed, then the focus taken).
        await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()
      }
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

/**
 * The window resized, and the page's layout caught up: a media query's change (the order's panel
 * becoming a drawer below 1100 px, say) is reported at the page's next rendering step, so a locator
 * resolved right after `setViewportSize` can find an element that is about to be replaced. This waits
 * for the page's own resize event, which that same step fires just before the media queries' changes
 * (whose listeners React answers at once). Not animation frames: a spec that installed Playwright's
 * clock holds them.
 */
export async function resizeWindow(page: Page, size: { width: number; height: number }): Promise<void> {
  const current = page.viewportSize()
  if (current?.width === size.width && current.height === size.height) return
  await page.evaluate(() => {
    const resized = new Promise<void>((resolve) => window.addEventListener('resize', () => resolve(), { once: true }))
    Object.assign(window, { resizedForTest: resized })
  })
  await page.setViewportSize(size)
  await page.evaluate(() => (window as unknown as { resizedForTest: Promise<void> }).resizedForTest)
}

/** The window at 1280×800 and 1024×700, a screenshot of each (`<name>-1280x800.png`), then back to 1280×800. */
export async function screenshotsAtBothSizes(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  const sizes = [
    { width: 1280, height: 800 },
    { width: 1024, height: 700 },
  ] as const
  for (const size of sizes) {
    await resizeWindow(page, size)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${String(size.width)}x${String(size.height)}.png`, fullPage })
  }
  await resizeWindow(page, sizes[0])
}

/** Tabs from the focused element until `target` has the focus (at most `limit` presses), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, limit = 15): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** A `YYYY-MM-DD` day as staff type it into a date field: day first, without leading zeros ("1/11/2026"). */
export function dayFirst(day: string): string {
  const [year, month, date] = day.split('-')
  return `${String(Number(date))}/${String(Number(month))}/${year ?? ''}`
}

/** A `YYYY-MM-DD` Malaysia day as the app shows a date ("1 Nov 2026"), by the page's own Intl in `locale`. */
export async function shownDay(page: Page, day: string, locale: 'en-MY' | 'ms-MY' = 'en-MY'): Promise<string> {
  return page.evaluate(([date, tag]) => new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Asia/Kuala_Lumpur' }).format(new Date(`${date}T00:00:00+08:00`)), [
    day,
    locale,
  ] as const)
}
