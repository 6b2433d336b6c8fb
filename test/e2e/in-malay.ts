/** Steps of the Bahasa Melayu specs: switching the desk to Malay, and screenshots at both window sizes. */
import type { Locator, Page } from '@playwright/test'
import { expect, resizeWindow, SCREENSHOT_DIR } from './fixtures'

export const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const

/**
 * The window at both sizes, then back to the first. The screen scrolls inside the window, so `part`
 * (the words to look at) is scrolled into view first, and also taken whole on its own.
 */
export async function shoot(page: Page, name: string, part?: Locator): Promise<void> {
  for (const size of SIZES) {
    const file = `${SCREENSHOT_DIR}/language-ms-${name}-${String(size.width)}x${String(size.height)}`
    await resizeWindow(page, size)
    if (part) {
      await part.scrollIntoViewIfNeeded()
      await part.screenshot({ path: `${file}-part.png` })
    }
    await page.screenshot({ path: `${file}.png` })
  }
  await resizeWindow(page, SIZES[0])
}

/** Settings → Language → Bahasa Melayu; the menu is then "Utama". */
export async function speakMalay(page: Page): Promise<void> {
  await resizeWindow(page, SIZES[0])
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('radiogroup', { name: 'Language of the screens' }).getByRole('radio', { name: 'Bahasa Melayu' }).click()
  await expect(page.getByRole('navigation', { name: 'Utama' })).toBeVisible()
}

/** The main menu, in Malay. */
export const menu = (page: Page) => page.getByRole('navigation', { name: 'Utama' })
