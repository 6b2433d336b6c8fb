/**
 * A file the user will open (an export, a report) appears whole or not at all: it is written to a
 * private `.partial` beside it, synced, and renamed only then; on any failure the partial is removed.
 */
import { open, rename, rm, type FileHandle } from 'node:fs/promises'
import { PRIVATE_FILE_MODE } from '../private-files'

export async function writeWholeFile(file: string, write: (handle: FileHandle) => Promise<void>): Promise<void> {
  const partial = `${file}.partial`
  try {
    const handle = await open(partial, 'w', PRIVATE_FILE_MODE)
    try {
      await write(handle)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
}
