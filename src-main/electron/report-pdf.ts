/**
 * The end-of-day report saved as PDF (issue 20): the window's page as printed (the report's print
 * stylesheet: A4, no navigation), written where the user chose in a save dialog. Glue only: the
 * report itself is the renderer's, its figures the back end's (services/home-figures.ts).
 */
import type { BrowserWindow, Dialog } from 'electron'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface ReportPdfOptions {
  window: BrowserWindow | null
  dialog: Pick<Dialog, 'showSaveDialog'>
  /** The user's documents folder: where the dialog starts. */
  documents: string
  /** The dialog's title, in the desk's language (shell-words.ts). */
  title: string
}

/** The file written, or null when the user cancelled (or no window shows the report). */
export async function saveReportPdf(options: ReportPdfOptions, suggestedName: string): Promise<string | null> {
  const { window, dialog } = options
  if (!window || window.isDestroyed()) return null
  const choice = await dialog.showSaveDialog(window, {
    title: options.title,
    defaultPath: join(options.documents, suggestedName),
    filters: [{ name: 'PDF', extensions: ['pdf'] }],
  })
  if (choice.canceled || !choice.filePath) return null
  const pdf = await window.webContents.printToPDF({ pageSize: 'A4', printBackground: false })
  await writeFile(choice.filePath, pdf, { mode: 0o600 })
  return choice.filePath
}
