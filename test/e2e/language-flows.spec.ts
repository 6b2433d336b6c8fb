/**
 * The payment link and phone order flows, whole, in Bahasa Melayu (issue 21): staff make a card link
 * and a pay-later link, the customer pays, a status check settles it; a phone order is reviewed,
 * confirmed and approved with its receipt. Screenshots at 1280×800 and 1024×700 under
 * test-results/screenshots/ (language-ms-*), looked at for Malay words that overflow.
 */
import { expect, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'
import { cardSavedThroughHostedPage } from './paid-cards'
import { payByCard } from './link-steps'

test('a card link made, paid and checked, in Bahasa Melayu', async ({ page, context, harness }) => {
  // The page's clock too, so that the 60 seconds before a status check pass at once on the button.
  await page.clock.install()
  await speakMalay(page)
  await menu(page).getByRole('button', { name: 'Pautan pembayaran' }).click()
  const form = page.getByRole('form', { name: 'Pautan pembayaran baharu' })
  await expect(form).toBeVisible()
  await form.getByRole('radio', { name: /Kad \(halaman gerbang\)/ }).click()

  // Tried empty first: the count of fields to correct, in Malay.
  await form.getByRole('button', { name: 'Cipta pautan kad' }).click()
  await expect(form.getByText(/medan perlu diperbetulkan\.$/)).toBeVisible()
  await shoot(page, 'link-form-errors', form.locator('.form__actions'))

  await form.getByLabel('Jumlah (RM)').fill('128.50')
  await expect(form.getByText('Pelanggan membayar RM 128.50')).toBeVisible()
  await form.getByLabel('Nama pelanggan').fill('Siti Aminah')
  await form.getByLabel('E-mel').fill('siti@example.my')
  await form.getByLabel('Telefon (pilihan)').fill('012-345 6789')
  await expect(form.getByText('Akan dihantar sebagai +60123456789')).toBeVisible()
  await form.getByLabel('Alamat pulangan selepas bayaran', { exact: true }).fill('https://shop.example.my/paid')
  await form.getByLabel(/automatik/).uncheck()
  await form.getByRole('button', { name: 'Alamat (pilihan)' }).click()
  await expect(form.getByLabel('Poskod')).toBeVisible()
  await shoot(page, 'link-form-card', form.getByRole('group', { name: 'Halaman kad' }))

  await form.getByRole('button', { name: 'Cipta pautan kad' }).click()
  const result = page.getByTestId('link-result')
  await expect(result.getByRole('heading', { name: 'Pautan sedia' })).toBeVisible()
  await expect(result.getByRole('button', { name: 'Hantar melalui WhatsApp' })).toBeEnabled()
  await expect(result).toContainText('Setiap pautan juga disenaraikan di Pesanan.')
  await shoot(page, 'link-created', result)

  const [customerPage] = await Promise.all([context.waitForEvent('page'), result.getByRole('button', { name: 'Buka di pelayar' }).click()])
  await customerPage.waitForLoadState()
  await payByCard(customerPage, '5120 9100 0000 0038')
  await expect(customerPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible()
  await customerPage.close()

  await expect(result.getByRole('button', { name: /^Semak status dalam / })).toBeDisabled()
  await harness.advanceClock(60_000)
  await page.clock.fastForward(61_000)
  await result.getByRole('button', { name: 'Semak status', exact: true }).click()
  await expect(result.getByRole('heading', { name: 'Bayaran diterima' })).toBeVisible()
  await expect(result.getByRole('button', { name: 'Pautan baharu' })).toBeVisible()
  await shoot(page, 'link-paid', result)
})

test('a buy-now-pay-later link with its items, in Bahasa Melayu', async ({ page }) => {
  await speakMalay(page)
  await menu(page).getByRole('button', { name: 'Pautan pembayaran' }).click()
  const form = page.getByRole('form', { name: 'Pautan pembayaran baharu' })
  await form.getByRole('radio', { name: /Saluran lain/ }).click()
  const channel = form.getByLabel('Saluran')
  // FPX by its Malay name, as the card above says it; brand names as they are.
  await expect(channel.locator('option[value="INTERNET_BANKING_FPX"]')).toHaveText('Perbankan dalam talian FPX')
  await expect(channel.locator('option[value="BNPL_ATOME"]')).toHaveText('Atome')
  const bnpl = await channel.locator('optgroup[label="Beli sekarang, bayar kemudian"] option').first().textContent()
  await channel.selectOption({ label: bnpl ?? '' })
  await form.getByLabel('Jumlah (RM)').fill('300')
  await form.getByLabel('Nama item 1').fill('Baju batik, saiz M')
  await form.getByLabel('Kuantiti item 1').fill('2')
  await form.getByLabel('Harga seunit item 1 dalam RM').fill('150')
  await expect(form.getByText(/Jumlah item RM\s300\.00 daripada RM\s300\.00/)).toBeVisible()
  await expect(form.getByText('· sepadan')).toBeVisible()
  await expect(form.getByLabel('Tamat tempoh dalam')).toContainText(/\(lalai\)/)
  await form.getByLabel('Nama pelanggan').fill('Aminah binti Yusof')
  await form.getByLabel('E-mel').fill('aminah@example.my')
  await form.getByLabel('Telefon', { exact: true }).fill('012-345 6789')
  await shoot(page, 'link-form-bnpl', form.getByRole('group', { name: 'Item' }).first())
  await form.getByRole('button', { name: 'Cipta pautan pembayaran' }).click()
  await expect(page.getByTestId('link-result').getByRole('heading', { name: 'Pautan sedia' })).toBeVisible()
  await shoot(page, 'link-created-bnpl', page.getByTestId('link-result'))
})

test('a phone order charged and approved with its receipt, in Bahasa Melayu', async ({ page, harness }) => {
  await cardSavedThroughHostedPage(harness)
  await speakMalay(page)
  await menu(page).getByRole('button', { name: 'Pesanan telefon' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pesanan telefon' })).toBeVisible()
  const find = page.getByRole('combobox', { name: 'Cari pelanggan' })
  await expect(page.getByText('Taip nama, alamat e-mel atau nombor telefon.')).toBeVisible()
  await find.fill('Siti')
  await expect(page.getByRole('status').filter({ hasText: '1 pelanggan: guna kekunci anak panah untuk bergerak, Enter untuk memilih.' })).toBeVisible()
  await expect(page.getByRole('listbox', { name: 'Pelanggan yang ditemui' })).toBeVisible()
  await shoot(page, 'phone-customer-find', page.locator('.customer-picker'))
  await page.getByRole('option', { name: /Siti Aminah/ }).click()
  await expect(page.getByTestId('saved-card').first()).toBeVisible()
  const panel = page.getByTestId('customer-panel')
  await expect(panel.getByRole('group', { name: 'Kad untuk dicaj' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Tukar pelanggan' })).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Tambah kad secara manual' })).toBeVisible()
  await expect(panel.getByTestId('saved-card').first()).toContainText('Ditambah')
  await expect(panel.getByRole('heading', { name: 'Pesanan terkini' })).toBeVisible()
  await shoot(page, 'phone-customer', panel)
  await panel.getByRole('button', { name: 'Tambah kad secara manual' }).click()
  const addCard = page.getByRole('dialog', { name: 'Tambah kad untuk Siti Aminah' })
  await addCard.getByRole('button', { name: 'Tambah kad' }).click()
  await expect(addCard).toContainText('Tampal token kad dari pejabat belakang gerbang pembayaran')
  await shoot(page, 'phone-add-card', addCard)
  await addCard.getByRole('button', { name: /Batal/ }).click()
  await expect(addCard).toBeHidden()
  await page.getByTestId('saved-card').filter({ hasText: '0038' }).getByRole('radio').check()

  const charge = page.getByRole('region', { name: 'Caj' })
  await expect(charge).toContainText('Caj tunggal tertinggi')
  await charge.getByLabel('Jumlah (RM)').fill('128.50')
  await charge.getByLabel('Catatan (pilihan)').fill('Kek lapis, hantar hari Sabtu')
  await shoot(page, 'phone-form', charge)
  await charge.getByRole('button', { name: 'Semak caj' }).click()

  const dialog = page.getByTestId('confirm-charge-dialog')
  await expect(dialog.getByRole('heading', { name: 'Sahkan caj' })).toBeVisible()
  await expect(dialog).toContainText('Bacakan semula kepada pelanggan sebelum anda mengecaj.')
  await shoot(page, 'phone-confirm', dialog)
  await dialog.getByRole('button', { name: 'Caj RM 128.50' }).click()

  const result = page.getByTestId('charge-result')
  await expect(result.getByRole('heading', { name: 'Diluluskan' })).toBeVisible()
  const receipt = page.getByRole('document', { name: /^Resit untuk INV-/ })
  await expect(receipt).toContainText('Resit bayaran kad')
  await expect(receipt).toContainText('JUMLAH')
  await expect(receipt).toContainText('RM 128.50')
  await expect(receipt).toContainText('Pesanan telefon (MOTO)')
  await expect(result.getByRole('button', { name: 'Cetak' })).toBeVisible()
  await expect(result.getByRole('button', { name: 'Pesanan telefon baharu' })).toBeVisible()
  await shoot(page, 'phone-approved', result)
})
