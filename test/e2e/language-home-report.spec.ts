/**
 * Home, the end-of-day report, the audit log and the Help panels in Bahasa Melayu (issue 21), over a
 * year of seeded orders: the takings and the chart, a month's report with its days written in Malay,
 * an audited action in words, the keyboard shortcuts and About. Screenshots at 1280×800 and 1024×700
 * under test-results/screenshots/ (language-ms-home-*, -home-chart-*, -report-*, -audit-*, -shortcuts-*, -about-*),
 * looked at for Malay words that overflow or are cut.
 */
import { dayFirst, expect, shownDay, test } from './fixtures'
import { menu, shoot, speakMalay } from './in-malay'
import { call } from './training-control'

/** Ringgit as ms-MY writes it (a no-break space after RM). */
const RINGGIT = /RM\s[\d,]+\.\d{2}/
/** A short Malay date, as the audit log and the chart's table write it: "05 Ogo 2026". */
const MALAY_DATE = /\d{1,2} (Jan|Feb|Mac|Apr|Mei|Jun|Jul|Ogo|Sep|Okt|Nov|Dis) \d{4}/
/** A report's day in words: "Isnin, 23 November 2026". */
const MALAY_LONG_DATE = /(Isnin|Selasa|Rabu|Khamis|Jumaat|Sabtu|Ahad), \d{1,2} (Januari|Februari|Mac|April|Mei|Jun|Julai|Ogos|September|Oktober|November|Disember) \d{4}/

test.describe('with a year of orders, in Bahasa Melayu', () => {
  test.use({ harnessOptions: { statusTracker: false, seedOrders: 3000 }, startOn: 'home' })

  test('Home with its chart, the end-of-day report, the audit log, the shortcuts and About', async ({ page, harness }) => {
    // Something in the audit log: a customer added.
    await call(harness, 'customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '013-222 3344' })
    const month = (await call<{ month: { from: string; to: string } }>(harness, 'home.figures')).month
    const lastDay = new Date(Date.parse(`${month.to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
    await speakMalay(page)

    // Home: the takings, each beside the period before, and the chart by day.
    await menu(page).getByRole('button', { name: 'Laman utama' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Laman utama' })).toBeVisible()
    await expect(page.getByText('Kutipan daripada sejarah komputer ini, dalam waktu Malaysia')).toBeVisible()
    const thisMonth = page.getByTestId('home-period-this-month')
    await expect(thisMonth.getByRole('heading', { name: 'Bulan ini' })).toBeVisible()
    await expect(page.getByTestId('home-period-this-month-paid')).toHaveText(/^RM\s[\d,]+\.\d{2}[\d,]+ bayaran$/)
    await expect(page.getByTestId('home-period-this-month-previous')).toContainText('Bulan lepas: RM')
    await expect(page.getByTestId('home-period-this-month-previous')).toContainText('dibayar balik dan dibatalkan, bersih RM')
    await shoot(page, 'home', page.locator('.home-periods'))
    await page.getByRole('group', { name: 'Tempoh carta' }).getByRole('button', { name: 'Bulan ini' }).click()
    await expect(page.getByRole('heading', { name: 'Kutipan mengikut hari' })).toBeVisible()
    const chart = page.getByRole('figure', { name: 'Kutipan mengikut hari, Bulan ini, mengikut saluran' })
    await expect(chart.getByTestId('takings-chart').locator('canvas')).toHaveCount(1)
    await expect(chart.locator('figcaption')).toContainText('Kad RM')
    await chart.getByText('Angka dalam bentuk jadual').click()
    const table = chart.getByRole('table')
    await expect(table.getByRole('columnheader', { name: 'Hari' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Semua' })).toBeVisible()
    await expect(table.getByRole('rowheader').first()).toHaveText(MALAY_DATE)
    await expect(page.getByRole('heading', { level: 2, name: 'Perlu tindakan' })).toBeVisible()
    await shoot(page, 'home-chart', chart)

    // The end-of-day report of the month, its days in Malay words.
    await page.getByRole('button', { name: 'Laporan akhir hari' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Laporan akhir hari' })).toBeVisible()
    const report = page.getByTestId('report')
    const firstDay = page.getByRole('textbox', { name: 'Dari (tarikh Malaysia)' })
    await expect(firstDay).toHaveAttribute('placeholder', 'hh/bb/tttt')
    // A day the calendar does not have is refused in Malay, and no report is asked for.
    await firstDay.fill('31/02/2026')
    await page.getByRole('button', { name: 'Papar' }).click()
    await expect(page.getByRole('alert')).toHaveText('Tarikh "dari" bukan hari dalam kalendar: tulis sebagai hari/bulan/tahun, contohnya 31/12/2026.')
    await firstDay.fill(dayFirst(month.from))
    await page.getByRole('textbox', { name: 'Hingga', exact: true }).fill(dayFirst(lastDay))
    await page.getByRole('button', { name: 'Papar' }).click()
    await expect(report.getByRole('heading', { level: 2 })).toHaveText(`Laporan ${await shownDay(page, month.from, 'ms-MY')} hingga ${await shownDay(page, lastDay, 'ms-MY')}`)
    await expect(report).toContainText(MALAY_LONG_DATE)
    await expect(report).toContainText('gerbang tidak melaporkannya')
    await expect(report.getByTestId('report-mark')).toHaveText('LATIHAN — bukan bayaran sebenar')
    await expect(report.getByTestId('report-totals')).toContainText(new RegExp(`Bersih${RINGGIT.source}`))
    await expect(report.getByRole('table', { name: /Mengikut saluran/ })).toContainText('Perbankan dalam talian FPX')
    await expect(report.getByRole('table', { name: /Mengikut jenis/ })).toContainText('Pesanan telefon')
    await expect(report.getByRole('region', { name: 'Pesanan belum muktamad' })).toContainText('Belum muktamad')
    await shoot(page, 'report', report.getByTestId('report-totals'))

    // The audit log: the action in words, the time and the details in Malay.
    await menu(page).getByRole('button', { name: 'Log audit' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Log audit' })).toBeVisible()
    const log = page.getByRole('table', { name: 'Log audit' })
    await expect(log.getByRole('columnheader', { name: 'Masa (Malaysia)' })).toBeVisible()
    const added = log.getByTestId('audit-row').filter({ hasText: 'Pelanggan baharu ditambah' })
    await expect(added).toHaveCount(1)
    await expect(added.locator('td').first()).toHaveText(MALAY_DATE)
    await expect(added.locator('td').last()).toHaveText(/^No\. pelanggan: \d+$/)
    const clerkAdded = log.getByTestId('audit-row').filter({ hasText: 'Operator ditambah' }).filter({ hasText: 'Mei Ling' })
    await expect(clerkAdded.locator('td').last()).toContainText('Peranan: Kerani')
    await expect(page.getByText(/^Itulah semua entri/)).toBeVisible()
    await shoot(page, 'audit', page.getByRole('form', { name: 'Penapis log audit' }))

    // Help: the keyboard shortcuts, then About.
    await page.getByRole('button', { name: 'Pintasan', exact: true }).click()
    const shortcuts = page.getByRole('dialog', { name: 'Pintasan papan kekunci' })
    await expect(shortcuts).toContainText('Pautan pembayaran baharu')
    await expect(shortcuts).toContainText('Ctrl+Shift+L')
    await expect(shortcuts).toContainText('(di luar ruang teks)')
    await shoot(page, 'shortcuts', shortcuts)
    await shortcuts.getByRole('button', { name: 'Tutup' }).click()
    await expect(shortcuts).toBeHidden()

    await page.getByRole('button', { name: 'Perihal', exact: true }).click()
    const about = page.getByRole('dialog', { name: 'Perihal Merchant Back Office' })
    await expect(about).toContainText('Versi')
    await expect(about).toContainText('Mod pelayar tidak boleh membuka folder')
    await expect(about.getByRole('textbox', { name: /Folder data/ })).toHaveValue(harness.dataDir)
    await about.getByText(/^Lesen perisian di dalamnya/).click()
    await expect(about.getByTestId('about-licences')).toContainText(/\(\d+ pakej\)/)
    await shoot(page, 'about', about)
  })
})
