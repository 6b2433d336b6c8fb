/**
 * The status tracker's bar and a Supervisor's approval in Bahasa Melayu (issue 21): the Orders
 * screen's tracker line, then a Clerk's phone order above their limit, refused with "Perlukan
 * Penyelia." and the approval dialog. Screenshots at 1280×800 and 1024×700 under
 * test-results/screenshots/ (language-ms-tracker-*, language-ms-approval-*), looked at for overflow.
 */
import { TEST_OPERATORS } from '../harness/server'
import { expect, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'
import { cardSavedThroughHostedPage } from './paid-cards'

test('the status tracker and a Supervisor approval for a Clerk, in Bahasa Melayu', async ({ page, harness }) => {
  await cardSavedThroughHostedPage(harness)
  await speakMalay(page)

  await menu(page).getByRole('button', { name: 'Pesanan', exact: true }).click()
  const bar = page.getByRole('region', { name: 'Penjejak status' })
  await expect(bar.getByTestId('tracker-line')).toHaveText('Penjejak status dimatikan')
  await expect(bar.getByRole('button', { name: 'Hidupkan di Tetapan' })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Semak semua yang menunggu' })).toBeVisible()
  await shoot(page, 'tracker', bar)

  // The Clerk signs in; the desk stays in Bahasa Melayu.
  await page.getByRole('button', { name: 'Log keluar' }).click()
  const signIn = page.getByTestId('sign-in')
  await signIn.getByLabel('ID log masuk').fill(TEST_OPERATORS.clerk.login)
  await signIn.getByLabel('PIN').fill(TEST_OPERATORS.clerk.pin)
  await signIn.getByRole('button', { name: 'Log masuk' }).click()

  await menu(page).getByRole('button', { name: 'Pesanan telefon' }).click()
  await page.getByRole('combobox', { name: 'Cari pelanggan' }).fill('Siti')
  await page.getByRole('option', { name: /Siti Aminah/ }).click()
  await page.getByTestId('saved-card').filter({ hasText: '0038' }).getByRole('radio').check()
  const charge = page.getByRole('region', { name: 'Caj' })
  await charge.getByLabel('Jumlah (RM)').fill('600')
  await charge.getByRole('button', { name: 'Semak caj' }).click()

  const confirm = page.getByTestId('confirm-charge-dialog')
  const refusal = confirm.getByTestId('approval-needed')
  await expect(refusal).toContainText('Perlukan Penyelia.')
  await shoot(page, 'approval-needed', refusal)
  await refusal.getByRole('button', { name: 'Minta penyelia meluluskan' }).click()
  const approval = page.getByRole('dialog', { name: 'Kelulusan penyelia' })
  await expect(approval).toContainText('Penyelia meluluskan caj ini dengan menaip log masuk dan PIN mereka sendiri di sini.')
  await approval.getByRole('button', { name: 'Luluskan' }).click()
  await expect(approval.getByRole('alert')).toHaveText('Masukkan log masuk penyelia')
  await expect(approval.getByLabel('Log masuk penyelia')).toBeVisible()
  await expect(approval.getByLabel('PIN penyelia')).toBeVisible()
  await shoot(page, 'approval-dialog', approval)
})
