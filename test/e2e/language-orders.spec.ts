/**
 * The orders screen and a refund in Bahasa Melayu (issue 21): the list with its filters and count
 * line, the order open beside it, the refund dialog before settlement (the void only) and its
 * confirmation. Screenshots at 1280×800 and 1024×700 under test-results/screenshots/
 * (language-ms-orders-*), looked at for Malay words that overflow.
 */
import type { Page } from '@playwright/test'
import { expect, resizeWindow, SCREENSHOT_DIR, test } from './fixtures'
import { paidByCard } from './paid-cards'

/** Main's reason no refund is possible after a void (said.refunds.voided), worded here in Malay. */
const MALAY_VOIDED = 'Bayaran ini telah dibatalkan (void): tiada baki untuk dibayar balik.'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
] as const

async function shoot(page: Page, name: string): Promise<void> {
  for (const size of SIZES) {
    await resizeWindow(page, size)
    await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-orders-${name}-${String(size.width)}x${String(size.height)}.png` })
  }
  await resizeWindow(page, SIZES[0])
}

test.describe('before the day’s settlement, in Bahasa Melayu', () => {
  test.use({ harnessOptions: { statusTracker: false, clockStartsAt: '2026-11-24T04:00:00.000Z' } })

  test('the orders list, an order and its void, in Bahasa Melayu', async ({ page, harness }) => {
    await paidByCard(harness, 'INV-MS-0001', 88_00)
    await resizeWindow(page, SIZES[0])
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('radiogroup', { name: 'Language of the screens' }).getByRole('radio', { name: 'Bahasa Melayu' }).click()
    const menu = page.getByRole('navigation', { name: 'Utama' })
    await expect(menu).toBeVisible()

    await menu.getByRole('button', { name: 'Pesanan', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Pesanan', level: 1 })).toBeVisible()
    await expect(page.getByTestId('orders-count')).toHaveText('1 pesanan, terbaru dahulu')
    await expect(page.getByRole('columnheader', { name: 'Jumlah' })).toBeVisible()
    await expect(page.getByTestId('order-row').filter({ hasText: 'INV-MS-0001' })).toContainText('Dibayar')
    await shoot(page, 'list')

    // At each size: the order (a panel beside the list at 1280, a drawer over it at 1024), its void and the confirmation.
    for (const size of SIZES) {
      const name = `${String(size.width)}x${String(size.height)}`
      await resizeWindow(page, size)
      await page.getByTestId('order-row').filter({ hasText: 'INV-MS-0001' }).click()
      const detail = page.locator('[aria-label="Butiran pesanan"]')
      await expect(detail.getByRole('heading', { name: 'INV-MS-0001' })).toBeVisible()
      await expect(detail.getByRole('heading', { name: 'Garis masa' })).toBeVisible()
      const refunds = detail.getByRole('region', { name: 'Bayaran balik' })
      await expect(refunds).toContainText('Baki boleh dibayar balik')
      await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-orders-detail-${name}.png` })

      await refunds.getByRole('button', { name: 'Bayar balik…' }).click()
      const dialog = page.getByRole('dialog', { name: 'Bayaran balik INV-MS-0001' })
      await expect(dialog.getByTestId('refund-not-settled')).toContainText('Belum diselesaikan:')
      await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-orders-refund-form-${name}.png` })
      await dialog.getByRole('button', { name: 'Semak pembatalan' }).click()
      await expect(dialog.getByRole('heading', { name: 'Sahkan pembatalan' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Batalkan bayaran RM 88.00' })).toBeVisible()
      await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-orders-refund-confirm-${name}.png` })
      await dialog.getByRole('button', { name: 'Kembali' }).click()
      await expect(dialog.getByRole('button', { name: 'Semak pembatalan' })).toBeVisible()
      await dialog.getByRole('button', { name: 'Batal', exact: true }).click()
      await expect(dialog).toBeHidden()
      await page.keyboard.press('Escape')
      await expect(detail).toBeHidden()
    }

    // The void made: the gateway's answer in the timeline, and why nothing more can be refunded, in Malay too.
    await page.getByTestId('order-row').filter({ hasText: 'INV-MS-0001' }).click()
    const detail = page.locator('[aria-label="Butiran pesanan"]')
    await detail.getByRole('region', { name: 'Bayaran balik' }).getByRole('button', { name: 'Bayar balik…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Bayaran balik INV-MS-0001' })
    await dialog.getByRole('button', { name: 'Semak pembatalan' }).click()
    await dialog.getByRole('button', { name: 'Batalkan bayaran RM 88.00' }).click()
    await expect(dialog.getByText('Bayaran dibatalkan', { exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Tutup' }).click()
    await expect(dialog).toBeHidden()
    const timeline = detail.getByRole('list', { name: 'Garis masa' })
    await expect(timeline).toContainText(/Bayaran balik: Pembatalan \(void\) RM\s88\.00 \(\S+\) selesai \(gerbang pembayaran menyatakan SUCCESS/)
    await expect(timeline).not.toContainText('done (gateway says')
    await expect(detail.getByRole('region', { name: 'Bayaran balik' })).toContainText(MALAY_VOIDED)
    // The void's money is said to be voided, not refunded.
    await expect(detail.getByRole('region', { name: 'Bayaran balik' }).getByRole('term')).toHaveText(['Dibayar', 'Dibatalkan (void)', 'Menunggu', 'Baki boleh dibayar balik'])
    await timeline.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/language-ms-orders-voided-1024x700.png` })
  })
})
