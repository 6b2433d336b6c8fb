/**
 * The app's data is for the user who runs it alone: folders 0700, files 0600. Created that way, and
 * tightened when an older version left them readable by others (its history was 0644 in 0755
 * folders). On Windows mode bits mean little; the data folder lives in the user's profile, whose ACLs
 * already keep other users out.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs'
import { dirname } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

function tighten(path: string, mode: number): void {
  if (process.platform === 'win32') return
  chmodSync(path, mode)
}

/** Makes `dir` (and any missing parents) private to this user; an existing one is tightened. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  tighten(dir, PRIVATE_DIR_MODE)
}

/** Creates `file` empty and private if it is missing; tightens it (and SQLite's -wal/-shm beside it) if not. */
export function ensurePrivateFile(file: string, companions: readonly string[] = []): void {
  ensurePrivateDir(dirname(file))
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE))
  for (const path of [file, ...companions.map((suffix) => file + suffix)]) {
    if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE)
  }
}
