/**
 * "Save as PDF" of the end-of-day report (src-main/electron/report-pdf.ts): the page as printed
 * (printToPDF, A4) written where the user chose, privately; nothing when the dialog is cancelled
 * or no window shows the report.
 */
import type { BrowserWindow, Dialog } from 'electron'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveReportPdf } from '../../../src-main/electron/report-pdf'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function scene(choice: { canceled: boolean; filePath?: string }) {
  const printToPDF = vi.fn(() => Promise.resolve(Buffer.from('%PDF-1.7 the report')))
  const window = { isDestroyed: () => false, webContents: { printToPDF } } as unknown as BrowserWindow
  const showSaveDialog = vi.fn(() => Promise.resolve(choice))
  const dialog = { showSaveDialog } as unknown as Pick<Dialog, 'showSaveDialog'>
  return { window, dialog, printToPDF, showSaveDialog }
}

describe('saving the report as PDF', () => {
  it('prints the page to A4 and writes it, readable by the user only, where the dialog said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbo-pdf-'))
    dirs.push(dir)
    const file = join(dir, 'end-of-day-2026-11-23.pdf')
    const { window, dialog, printToPDF, showSaveDialog } = scene({ canceled: false, filePath: file })
    await expect(saveReportPdf({ window, dialog, documents: '/home/siti/Documents', title: 'Simpan laporan sebagai PDF' }, 'end-of-day-2026-11-23.pdf')).resolves.toBe(file)
    expect(showSaveDialog).toHaveBeenCalledWith(
      window,
      expect.objectContaining({ title: 'Simpan laporan sebagai PDF', defaultPath: '/home/siti/Documents/end-of-day-2026-11-23.pdf', filters: [{ name: 'PDF', extensions: ['pdf'] }] }),
    )
    expect(printToPDF).toHaveBeenCalledWith(expect.objectContaining({ pageSize: 'A4' }))
    expect(readFileSync(file, 'utf8')).toBe('%PDF-1.7 the report')
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
  })

  it('writes nothing when the dialog is cancelled, or when no window is open', async () => {
    const { window, dialog, printToPDF } = scene({ canceled: true })
    await expect(saveReportPdf({ window, dialog, documents: '/tmp', title: 'Save the report as PDF' }, 'x.pdf')).resolves.toBeNull()
    expect(printToPDF).not.toHaveBeenCalled()
    await expect(saveReportPdf({ window: null, dialog, documents: '/tmp', title: 'Save the report as PDF' }, 'x.pdf')).resolves.toBeNull()
  })
})
