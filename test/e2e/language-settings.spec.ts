/**
 * Settings and the Team database in Bahasa Melayu (issue 21): every section an Admin sees, the
 * Production question, the settings form's hints, the notification listener running, the team form's
 * refusals and "Cipta pasukan di sini?"; then, on a real PostgreSQL database (TEST_POSTGRES_URL), a
 * team created in Malay: its key, its state, and the banner while the database cannot be reached.
 * Screenshots at 1280×800 and 1024×700 under test-results/screenshots/ (language-ms-settings-*,
 * language-ms-team-*), looked at for overflow and clipped words.
 */
import type { Page } from '@playwright/test'
import { freePort } from '../support/free-port'
import { freshDatabase, onCluster } from '../support/postgres'
import { expect, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'

const settingsHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Tetapan' })

test('Settings in Bahasa Melayu: environment, credentials, the settings form and the listener', async ({ page }) => {
  await speakMalay(page)
  await expect(settingsHeading(page)).toBeVisible()

  // Environment: the three choices, the connection test, and the question before Production.
  const environment = page.getByRole('region', { name: 'Persekitaran' })
  await expect(environment.getByRole('radio', { name: /Latihan/ })).toHaveAttribute('aria-checked', 'true')
  await expect(environment.getByRole('radio', { name: /Produksi/ })).toContainText('Gerbang pembayaran sebenar. Bayaran melibatkan wang sebenar.')
  await environment.getByRole('button', { name: 'Uji sambungan Latihan' }).click()
  const results = environment.getByTestId('connection-results')
  await expect(results).toContainText('Operasi kad (tandatangan kad): Bersambung. Panggilan bertandatangan diterima (invois ujian tidak dikenali, seperti sepatutnya).')
  await expect(results).toContainText('Saluran lain (kunci API dan tandatangan): Bersambung.')
  await expect(environment).toContainText('Alamat gerbang pembayaran: http://127.0.0.1:')
  await shoot(page, 'settings-environment', environment)

  await environment.getByRole('radio', { name: /Produksi/ }).click()
  const production = page.getByRole('dialog', { name: 'Tukar ke Produksi?' })
  await expect(production).toContainText('pautan pembayaran dan pesanan telefon melibatkan wang sebenar')
  await shoot(page, 'settings-production-confirm', production)
  await production.getByRole('button', { name: 'Batal' }).click()
  await expect(production).toBeHidden()
  await expect(page.getByTestId('environment-banner')).toContainText('Latihan')

  // Gateway credentials: write-only, in the desk's words; the technical names stay as they are.
  const credentials = page.getByRole('region', { name: 'Bukti kelayakan gerbang pembayaran' })
  const sandbox = credentials.getByRole('form', { name: 'Bukti kelayakan Sandbox' })
  await expect(sandbox.getByText('Belum ditetapkan')).toHaveCount(2)
  await expect(sandbox.getByLabel('Secret Key', { exact: true })).toHaveAttribute('placeholder', 'Taip untuk menetapkan')
  await expect(sandbox.getByRole('button', { name: 'Simpan bukti kelayakan' })).toBeVisible()
  await expect(sandbox.getByRole('button', { name: 'Uji sambungan' })).toBeVisible()
  await credentials.getByRole('tab', { name: 'Produksi' }).click()
  await expect(credentials.getByRole('form', { name: 'Bukti kelayakan Produksi' })).toBeVisible()
  await shoot(page, 'settings-credentials', credentials)

  // The settings form: its sections, a hint worded from what is typed, and a refusal of its own.
  const form = page.getByRole('form', { name: 'Tetapan Latihan' })
  await expect(form.getByRole('group', { name: 'Kedai anda' })).toBeVisible()
  const limit = form.getByLabel('Caj tunggal tertinggi (RM)')
  await limit.fill('2500')
  await expect(form.getByText(/^Caj pesanan telefon tunggal melebihi RM\s2,500\.00 akan ditolak\.$/)).toBeVisible()
  await limit.fill('200000')
  await expect(form.getByText(/^Paling banyak RM\s100,000\.00: hantar pautan pembayaran/)).toBeVisible()
  await limit.fill('5000')
  await expect(form.getByText('Nombor invois baharu: INV-000001, INV-000002…')).toBeVisible()
  // Main's refusals of a bad value are in Malay too, at their field, one after the other.
  const expiry = form.getByLabel('Pautan tamat tempoh selepas (minit)')
  await expiry.fill('2')
  await form.getByLabel('Alamat pulangan selepas bayaran', { exact: true }).fill('ftp://kedai.example/ok')
  await form.getByRole('button', { name: 'Simpan tetapan' }).click()
  await expect(form.getByRole('alert')).toHaveText('Mesti alamat web yang bermula dengan https:// (atau http:// di luar Produksi)')
  await form.getByLabel('Alamat pulangan selepas bayaran', { exact: true }).fill('')
  await form.getByRole('button', { name: 'Simpan tetapan' }).click()
  await expect(form.getByRole('alert')).toHaveText('Mesti sekurang-kurangnya 5 minit')
  await expect(expiry).toHaveAttribute('aria-invalid', 'true')
  await expiry.fill('1440')
  await shoot(page, 'settings-links', form.getByRole('group', { name: 'Pautan pembayaran' }))
  const phoneOrders = form.getByRole('group', { name: 'Pesanan telefon' })
  await expect(phoneOrders.getByLabel('Tanya dahulu sebelum mengecaj pelanggan dan jumlah yang sama sekali lagi dalam tempoh (minit)')).toBeVisible()
  await shoot(page, 'settings-phone-orders', phoneOrders)
  await shoot(page, 'settings-gateway-calls', form.getByRole('group', { name: 'Panggilan gerbang pembayaran' }))

  // The listener, on from the start in Training: the panel says it runs, where, and what came in.
  await expect(form.getByLabel('Terima pemberitahuan daripada gerbang pembayaran (dihidupkan secara lalai dalam Latihan sahaja)')).toBeChecked()
  await form.getByRole('button', { name: 'Simpan tetapan' }).click()
  await expect(form.getByRole('status')).toHaveText('Disimpan')
  const listener = page.getByRole('region', { name: 'Penerima pemberitahuan' })
  await expect(listener.getByTestId('listener-state')).toHaveText('Berjalan')
  await expect(listener).toContainText('Alamat tempatan: sesuai untuk Latihan, kerana gerbangnya berjalan di komputer ini.')
  await expect(listener).toContainText('Menerima di komputer ini pada http://')
  await expect(listener.getByRole('heading', { name: 'Sejak aplikasi dimulakan' })).toBeVisible()
  await expect(listener.getByText('Tiada pesanan di sini')).toBeVisible()
  await expect(listener).toContainText('Belum ada pemberitahuan yang diterima.')
  await shoot(page, 'settings-listener', listener)

  // This installation, and the welcome offered again.
  await expect(page.getByRole('region', { name: 'Pemasangan ini' }).getByTestId('app-info')).toContainText('Dalam pelayar anda (mod pelayar)')
  await expect(page.getByRole('button', { name: 'Tunjukkan halaman alu-aluan sekali lagi' })).toBeVisible()
  await shoot(page, 'settings-installation', page.getByRole('region', { name: 'Pemasangan ini' }))
})

test.describe('a Clerk at the desk', () => {
  test.use({ harnessOptions: { statusTracker: false, operators: 'clerk' } })

  test('sees why Settings holds only the language, the listener and this installation, in Bahasa Melayu', async ({ page }) => {
    await speakMalay(page)
    await expect(settingsHeading(page)).toBeVisible()
    const note = page.getByTestId('settings-admin-only')
    await expect(note).toHaveText('Tetapan, pertukaran persekitaran dan bukti kelayakan gerbang pembayaran hanya untuk Pentadbir. Anda log masuk sebagai Kerani: minta Pentadbir menukarnya.')
    await expect(page.getByRole('radiogroup', { name: 'Persekitaran' })).toHaveCount(0)
    // Training's listener runs from the start: nothing for an Admin to turn on.
    await expect(page.getByRole('region', { name: 'Penerima pemberitahuan' }).getByTestId('listener-state')).toHaveText('Berjalan')
    await shoot(page, 'settings-clerk', note)
  })
})

test('the team form in Bahasa Melayu: its state, its refusals and the question before creating a team', async ({ page }) => {
  await speakMalay(page)
  const card = page.getByRole('region', { name: 'Pangkalan data pasukan' })
  await expect(card.getByTestId('team-state')).toHaveText('Komputer ini sahaja')
  await expect(card.getByTestId('team-status')).toHaveText('Sejarah komputer ini sendiri')
  const form = card.getByRole('form', { name: 'Sambungan pangkalan data pasukan' })
  await expect(form.getByLabel('Penyulitan (TLS)')).toHaveValue('verify')
  await expect(form.getByRole('option', { name: 'Sahkan sijil pelayan' })).toBeAttached()

  // Refused before asking main, at the field, in Malay.
  await form.getByLabel('Port').fill('')
  await form.getByRole('button', { name: 'Uji sambungan' }).click()
  await expect(form.getByText('Masukkan port (PostgreSQL mendengar pada 5432 melainkan ditetapkan lain)')).toBeVisible()
  await form.getByLabel('Port').fill('5432')
  await form.getByRole('button', { name: 'Cipta pasukan' }).click()
  await expect(form.getByText('Masukkan kata laluan pangkalan data')).toBeVisible()
  // The card is taller than the window: the facts at its top, then the password's hint and refusal.
  await shoot(page, 'team-facts', card.getByTestId('team-status'))
  await shoot(page, 'team-form', form.getByText('Masukkan kata laluan pangkalan data'))

  // Refused by main, in Malay.
  await form.getByLabel('Hos').fill('db kedai!')
  await form.getByRole('button', { name: 'Uji sambungan' }).click()
  await expect(form.getByText('Mesti nama hos atau alamat IP', { exact: true })).toBeVisible()

  await form.getByLabel('Hos').fill('db.kedai.example.my')
  await form.getByLabel('Pangkalan data', { exact: true }).fill('pesanan')
  await form.getByLabel('Pengguna').fill('kedai')
  await form.getByLabel('Kata laluan', { exact: true }).fill('rahsia')
  await form.getByRole('button', { name: 'Cipta pasukan' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cipta pasukan di sini?' })
  await expect(confirm).toContainText('Aplikasi membina jadual pasukan dalam kedai@db.kedai.example.my:5432/pesanan')
  await expect(confirm.getByRole('checkbox', { name: 'Salin sejarah Sandbox dan Produksi komputer ini ke dalam pasukan' })).toBeChecked()
  await shoot(page, 'team-create-dialog', confirm)
  await confirm.getByRole('button', { name: 'Batal' }).click()
  await expect(confirm).toBeHidden()

  // A database that cannot be reached: main's answer in Malay, in shop words (not the driver's ECONNREFUSED).
  await form.getByLabel('Hos').fill('127.0.0.1')
  const closed = await freePort()
  await form.getByLabel('Port').fill(String(closed))
  await form.getByRole('button', { name: 'Uji sambungan' }).click()
  await expect(card.getByTestId('team-probe')).toHaveText(
    `Tidak dapat bersambung: tiada apa-apa yang menjawab di 127.0.0.1 port ${String(closed)}. Semak port, dan pastikan PostgreSQL berjalan di sana dan menerima sambungan dari komputer ini.`,
  )
})

test('a team created in Bahasa Melayu: the key, its state, and the banner while the database cannot be reached', async ({ page }) => {
  const database = await freshDatabase('e2e_ms')
  const name = database.name
  try {
    await speakMalay(page)
    await page.getByRole('radio', { name: /Sandbox/ }).click()
    await expect(page.getByTestId('environment-banner')).toContainText('Sandbox')
    const card = page.getByRole('region', { name: 'Pangkalan data pasukan' })
    const form = card.getByRole('form', { name: 'Sambungan pangkalan data pasukan' })
    await form.getByLabel('Hos').fill('127.0.0.1')
    await form.getByLabel('Port').fill(new URL(database.url).port)
    await form.getByLabel('Pangkalan data', { exact: true }).fill(name)
    await form.getByLabel('Pengguna').fill('app')
    await form.getByLabel('Kata laluan', { exact: true }).fill('apa-apa')
    await form.getByLabel('Penyulitan (TLS)').selectOption('off')
    await form.getByRole('button', { name: 'Uji sambungan' }).click()
    await expect(card.getByTestId('team-probe')).toHaveText('Bersambung. Pangkalan data ini kosong: Cipta pasukan menjadikannya pangkalan data pasukan, dengan komputer ini di dalamnya.')

    await form.getByRole('button', { name: 'Cipta pasukan' }).click()
    await page.getByRole('dialog', { name: 'Cipta pasukan di sini?' }).getByRole('button', { name: 'Cipta pasukan' }).click()
    const key = page.getByRole('dialog', { name: 'Kunci pasukan' })
    // As long as creating a team can take (team.spec.ts: over 5 s in CI with another team spec beside it).
    await expect(key).toContainText('Catat kunci ini dan simpan dengan selamat:', { timeout: 30_000 })
    await expect(key.getByRole('button', { name: 'Tutup' })).toBeDisabled()
    await shoot(page, 'team-key-dialog', key)
    await key.getByRole('checkbox', { name: 'Saya sudah mencatatnya' }).check()
    await key.getByRole('button', { name: 'Tutup' }).click()
    await expect(key).toBeHidden()

    await expect(card.getByTestId('team-state')).toHaveText('Pasukan · bersambung')
    await expect(card.getByTestId('team-status')).toHaveText(new RegExp(`^Pangkalan data pasukan: app@127\\.0\\.0\\.1:\\d+/${name} — bersambung$`))
    await expect(card.getByTestId('team-leader')).toHaveText('Komputer ini menjalankan penjejak status dan penerima pemberitahuan pasukan')
    await expect(card.getByTestId('team-import-state')).toHaveText('Sejarah Sandbox dan Produksi komputer ini sudah ada dalam pasukan.')
    await expect(card.getByTestId('team-import-count')).toHaveText(/^\d+ daripada \d+ rekod disalin \(100%\)$/)
    await shoot(page, 'team-connected', card.getByTestId('team-leader'))
    await shoot(page, 'team-leave', card.getByRole('button', { name: 'Keluar pasukan' }))

    // The database gone: the banner across the app, and a search refused in the screen's own words.
    await onCluster(`alter database "${name}" with allow_connections false`)
    await onCluster(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`)
    await menu(page).getByRole('button', { name: 'Pesanan', exact: true }).click()
    const banner = page.getByTestId('team-banner')
    await expect(banner).toContainText('Pangkalan data pasukan tidak dapat dihubungi: apa-apa yang melibatkan wang atau menyimpan data tidak boleh dibuat')
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Pangkalan data pasukan tidak dapat dihubungi. Komputer ini akan menyambung semula secara automatik')
    await shoot(page, 'team-banner', banner)
  } finally {
    await database.drop()
  }
})
