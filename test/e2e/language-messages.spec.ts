/**
 * Main's words in Bahasa Melayu (issue 21, docs/i18n.md "Main's words"): a refusal main decides (an
 * invoice number already used, found by main's own check) and an order's timeline, both worded on
 * screen in the desk's language from the ids main sends. Screenshots at 1280×800 and 1024×700 under
 * test-results/screenshots/ (language-ms-messages-*).
 */
import { expect, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'
import { paidByCard } from './paid-cards'

// The listener off: the timeline's line under test is the status check's, which found the payment.
test.use({ harnessOptions: { statusTracker: false, listener: false } })

test('a refusal from main and an order’s timeline, in Bahasa Melayu', async ({ page, harness }) => {
  await paidByCard(harness, 'INV-MS-0100', 42_00)
  await speakMalay(page)

  // A card link with the paid order's invoice number: the form lets it through, main refuses it.
  await menu(page).getByRole('button', { name: 'Pautan pembayaran' }).click()
  const form = page.getByRole('form', { name: 'Pautan pembayaran baharu' })
  await form.getByRole('radio', { name: /Kad \(halaman gerbang\)/ }).click()
  await form.getByLabel('No. invois').fill('INV-MS-0100')
  await form.getByLabel('Jumlah (RM)').fill('42.00')
  await form.getByLabel('Nama pelanggan').fill('Lim Wei Jie')
  await form.getByLabel('E-mel').fill('weijie@example.my')
  await form.getByLabel('Alamat pulangan selepas bayaran', { exact: true }).fill('https://shop.example.my/paid')
  await form.getByRole('button', { name: 'Cipta pautan kad' }).click()
  const refusal = form.getByText('Invois INV-MS-0100 sudah digunakan oleh pesanan lain dalam persekitaran ini. Gunakan nombor lain.')
  await expect(refusal).toBeVisible()
  await shoot(page, 'messages-refusal', refusal)

  // The order's timeline: what main recorded, each line worded here from its id and values.
  await menu(page).getByRole('button', { name: 'Pesanan', exact: true }).click()
  await page.getByTestId('order-row').filter({ hasText: 'INV-MS-0100' }).click()
  const timeline = page.getByRole('list', { name: 'Garis masa' })
  await expect(timeline).toContainText('Pautan diminta: bayaran kad')
  await expect(timeline).toContainText('Pautan dicipta: menunggu pelanggan membayar')
  // Statuses in the chips' words; the gateway's own word stays as it wrote it.
  await expect(timeline).toContainText('Semakan status: Menunggu → Dibayar (gerbang pembayaran menyatakan SUCCESS)')
  await expect(timeline).not.toContainText('Link asked for')
  await shoot(page, 'messages-timeline', timeline)

  // Back in English, the same lines follow at once.
  await menu(page).getByRole('button', { name: 'Tetapan' }).click()
  await page.getByRole('radiogroup', { name: 'Bahasa skrin' }).getByRole('radio', { name: 'English' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
  await page.getByTestId('order-row').filter({ hasText: 'INV-MS-0100' }).click()
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Link asked for: card payment')
})
