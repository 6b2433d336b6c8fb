/**
 * Bahasa Melayu and English: the desk's language is chosen in Settings (or under the sign-in form),
 * switches every converted word at once without a reload (what is typed stays), is remembered for the
 * desk, and a first start follows the system's language.
 */
import { TEST_OPERATORS } from '../harness/operators'
import { expect, resizeWindow, SCREENSHOT_DIR, test } from './fixtures'

const admin = TEST_OPERATORS.admin

test('chosen in Settings, the screens speak Bahasa Melayu at once and after a reload', async ({ page }) => {
  const menu = page.getByRole('navigation', { name: 'Main' })
  await menu.getByRole('button', { name: 'Settings' }).click()
  const choice = page.getByRole('radiogroup', { name: 'Language of the screens' })
  await expect(choice.getByRole('radio', { name: 'English' })).toBeChecked()
  await choice.getByRole('radio', { name: 'Bahasa Melayu' }).click()

  const utama = page.getByRole('navigation', { name: 'Utama' })
  await expect(utama.getByRole('button', { name: 'Pesanan', exact: true })).toBeVisible()
  await expect(utama.getByRole('button', { name: 'Pautan pembayaran' })).toBeVisible()
  await expect(page.getByTestId('environment-banner')).toHaveText('Latihan · tiada wang sebenar · bayaran dihantar ke gerbang latihan terbina dalam')
  await expect(page.getByText('Disimpan: skrin kini dalam Bahasa Melayu.')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ms-MY')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-settings-1280x800.png` })
  await resizeWindow(page, { width: 1024, height: 700 })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-settings-1024x700.png` })

  // Remembered for the desk: a reload (or a restart) keeps it.
  await page.reload()
  await expect(page.getByRole('navigation', { name: 'Utama' }).getByRole('button', { name: 'Tetapan' })).toBeVisible()

  // And back to English, the same way.
  await page.getByRole('navigation', { name: 'Utama' }).getByRole('button', { name: 'Tetapan' }).click()
  await page.getByRole('radiogroup', { name: 'Bahasa skrin' }).getByRole('radio', { name: 'English' }).click()
  await expect(menu.getByRole('button', { name: 'Orders', exact: true })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-MY')
})

test('switched on the sign-in screen, what was typed stays, and the Malay words are the whole form', async ({ page }) => {
  await page.getByTestId('operator-menu').getByRole('button', { name: 'Sign out' }).click()
  const signIn = page.getByTestId('sign-in')
  await signIn.getByLabel('Login').fill(admin.login)
  // The arrow keys move through the two languages, as in any radio group.
  await signIn.getByRole('radio', { name: 'English' }).focus()
  await page.keyboard.press('ArrowRight')
  await expect(signIn.getByRole('heading', { level: 1, name: 'Log masuk' })).toBeVisible()
  await expect(signIn.getByLabel('ID log masuk')).toHaveValue(admin.login)
  await signIn.getByRole('button', { name: 'Log masuk' }).click()
  await expect(signIn.getByRole('alert')).toHaveText('Masukkan PIN anda')
  await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-sign-in-1280x800.png` })
  await signIn.getByLabel('PIN').fill(admin.pin)
  await signIn.getByRole('button', { name: 'Log masuk' }).click()
  await expect(page.getByRole('navigation', { name: 'Utama' })).toBeVisible()
  await expect(page.getByTestId('operator-menu')).toContainText('Pentadbir')
})

test.describe('a first start on a computer set to Malay', () => {
  test.use({ locale: 'ms-MY', startOn: 'home' })

  test('follows the system: the screens are in Bahasa Melayu until someone chooses otherwise', async ({ page }) => {
    await expect(page.getByRole('navigation', { name: 'Utama' }).getByRole('button', { name: 'Pesanan', exact: true })).toBeVisible()
    await expect(page.getByTestId('operator-menu').getByRole('button', { name: 'Log keluar' })).toBeVisible()
  })
})
