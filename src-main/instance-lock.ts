/**
 * One running app per data folder, whether it runs as the desktop app (Electron) or in the browser
 * (src-main/browser-shell/): two processes never open the same history.
 *
 * The lock is `<data>/instance.lock`, created with O_EXCL (so of two starts at once exactly one wins),
 * private to the user (0600), holding `{ pid, mode, url, startedAt, processStart }`. Both runtimes take
 * it. A lock whose process is gone (crash, kill -9, power cut) is stale and taken over; on Linux the
 * holder's start time is kept too, so a pid reused by some other process does not count as the app.
 * Browser mode also respects Electron's own single-instance lock (`SingletonLock` in the same folder, a
 * symlink to "host-pid" on Linux and macOS), so it never opens a history that a desktop app started by
 * an older version, without this lock, is using.
 *
 * Plain Node: the Electron glue imports it too.
 */
import { randomBytes } from 'node:crypto'
import { closeSync, linkSync, openSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { ensurePrivateDir, PRIVATE_FILE_MODE } from './private-files'
import { shellWords, type ShellWords } from './shell-words'

export const LOCK_FILE_NAME = 'instance.lock'
/** Electron's (Chromium's) own single-instance lock in the user-data folder, on Linux and macOS. */
export const ELECTRON_LOCK_NAME = 'SingletonLock'
/** An unreadable lock younger than this is a start under way (created, not yet written), not a stale one. */
const UNREADABLE_GRACE_MS = 10_000

export type InstanceMode = 'desktop' | 'browser'

export interface LockHolder {
  pid: number
  /** 'unknown': a lock file being written by a start under way, or unreadable. */
  mode: InstanceMode | 'unknown'
  /** Browser mode's address without its token, e.g. http://127.0.0.1:41234/ (null until it listens). */
  url: string | null
  startedAt: string | null
  /** Where we saw it: our lock file, or Electron's own lock (then `host` is the machine it names). */
  source: 'lock-file' | 'electron'
  host?: string
}

export interface InstanceLock {
  readonly file: string
  /** Records browser mode's address once it listens, for a second start to point at. */
  setUrl(url: string): void
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void
}

export type LockResult = { ok: true; lock: InstanceLock } | { ok: false; holder: LockHolder; file: string }

export interface AcquireOptions {
  mode: InstanceMode
  url?: string | null
  /** Also refuse while Electron's own lock is held; on by default in browser mode. */
  checkElectronLock?: boolean
}

interface LockContent {
  pid: number
  mode: InstanceMode
  url: string | null
  startedAt: string
  /** /proc/<pid>/stat's start time (Linux); null elsewhere. */
  processStart: string | null
}

/** Lock files this process holds, so that a second acquire here is refused rather than taken as stale. */
const heldHere = new Set<string>()

/** True when a process with this pid exists (EPERM: it does, owned by someone else). */
export function processExists(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The process's start time in clock ticks since boot (Linux); null where /proc does not say. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after "(comm)": state is field 3, starttime field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return fields[19] ?? null
  } catch {
    return null
  }
}

function holderAlive(file: string, content: Pick<LockContent, 'pid' | 'processStart'>): boolean {
  if (content.pid === process.pid) return heldHere.has(file)
  if (!processExists(content.pid)) return false
  const now = content.processStart === null ? null : processStartTime(content.pid)
  // Same pid, another start time: the app died and the pid went to some other process.
  return now === null || now === content.processStart
}

function parseContent(raw: string): LockContent | null {
  try {
    const value = JSON.parse(raw) as Partial<LockContent>
    if (typeof value.pid !== 'number' || (value.mode !== 'desktop' && value.mode !== 'browser')) return null
    return {
      pid: value.pid,
      mode: value.mode,
      url: typeof value.url === 'string' ? value.url : null,
      startedAt: typeof value.startedAt === 'string' ? value.startedAt : '',
      processStart: typeof value.processStart === 'string' ? value.processStart : null,
    }
  } catch {
    return null
  }
}

type Existing = { kind: 'gone' } | { kind: 'held'; holder: LockHolder } | { kind: 'stale'; raw: string }

function inspect(file: string, nowMs: number): Existing {
  let raw: string
  let ageMs: number
  try {
    raw = readFileSync(file, 'utf8')
    ageMs = nowMs - statSync(file).mtimeMs
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'gone' }
    throw error
  }
  const content = parseContent(raw)
  if (!content) {
    if (ageMs < UNREADABLE_GRACE_MS) return { kind: 'held', holder: { pid: 0, mode: 'unknown', url: null, startedAt: null, source: 'lock-file' } }
    return { kind: 'stale', raw }
  }
  if (!holderAlive(file, content)) return { kind: 'stale', raw }
  return { kind: 'held', holder: { pid: content.pid, mode: content.mode, url: content.url, startedAt: content.startedAt || null, source: 'lock-file' } }
}

/**
 * Electron's lock, where it is a symlink to "host-pid" (Linux, macOS). Held when that process lives
 * here, or when it names another machine (a shared home folder: Chromium refuses that too).
 */
export function electronLockHolder(dataDir: string): LockHolder | null {
  let target: string
  try {
    target = readlinkSync(join(dataDir, ELECTRON_LOCK_NAME))
  } catch {
    return null
  }
  const match = /^(.*)-(\d+)$/.exec(target)
  if (!match) return null
  const host = match[1] ?? ''
  const pid = Number(match[2])
  if (host === hostname() && !processExists(pid)) return null
  return { pid, mode: 'desktop', url: null, startedAt: null, source: 'electron', host }
}

/** Moves a stale lock out of the way, but only if it is still the stale one we read (not a new holder's). */
function removeStale(file: string, staleRaw: string): void {
  const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`
  try {
    renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleRaw) {
      // A start that took it over between our read and our rename: give its lock back.
      try {
        linkSync(aside, file)
      } catch {
        // Someone holds the name again; they win.
      }
    }
  } finally {
    rmSync(aside, { force: true })
  }
}

function writeContent(fd: number, content: LockContent): void {
  writeSync(fd, JSON.stringify(content))
}

/**
 * Takes the data folder's lock for this process, or says who holds it. The lock goes when `release()`
 * is called or, failing that, when the process exits normally; after a crash the next start takes it over.
 */
export function acquireInstanceLock(dataDir: string, options: AcquireOptions): LockResult {
  ensurePrivateDir(dataDir)
  const file = join(dataDir, LOCK_FILE_NAME)
  if (options.checkElectronLock ?? options.mode === 'browser') {
    const electron = electronLockHolder(dataDir)
    if (electron) return { ok: false, holder: electron, file }
  }
  const content: LockContent = {
    pid: process.pid,
    mode: options.mode,
    url: options.url ?? null,
    startedAt: new Date().toISOString(),
    processStart: processStartTime(process.pid),
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    let fd: number
    try {
      fd = openSync(file, 'wx', PRIVATE_FILE_MODE)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const existing = inspect(file, Date.now())
      if (existing.kind === 'held') return { ok: false, holder: existing.holder, file }
      if (existing.kind === 'stale') removeStale(file, existing.raw)
      continue
    }
    try {
      writeContent(fd, content)
    } catch (error) {
      closeSync(fd)
      rmSync(file, { force: true })
      throw error
    }
    closeSync(fd)
    return { ok: true, lock: holdLock(file, content) }
  }
  throw new Error(`Could not take the lock ${file}: other starts keep taking it over.`)
}

function holdLock(file: string, content: LockContent): InstanceLock {
  heldHere.add(file)
  let released = false
  const stillOurs = (): boolean => {
    try {
      return parseContent(readFileSync(file, 'utf8'))?.pid === process.pid
    } catch {
      return false
    }
  }
  const release = (): void => {
    if (released) return
    released = true
    process.removeListener('exit', release)
    if (stillOurs()) rmSync(file, { force: true })
    heldHere.delete(file)
  }
  process.on('exit', release)
  return {
    file,
    setUrl(url) {
      if (released) return
      content.url = url
      // Readers see the old content or the new, never half of it.
      const next = `${file}.${process.pid}.tmp`
      writeFileSync(next, JSON.stringify(content), { mode: PRIVATE_FILE_MODE })
      renameSync(next, file)
    },
    release,
  }
}

/**
 * "in your browser at http://127.0.0.1:41234/ — pid 4242", for messages to people: in English for the
 * terminal (browser mode), in the desk's language for the desktop app's box (`words`).
 */
export function describeHolder(holder: LockHolder, words: ShellWords = shellWords('en')): string {
  if (holder.mode === 'unknown') return words('said.shell.start.whereStarting')
  const values = { pid: String(holder.pid), url: holder.url ?? '', host: holder.host ?? '' }
  if (holder.mode === 'browser') return words(holder.url ? 'said.shell.start.whereBrowserAt' : 'said.shell.start.whereBrowser', values)
  // Electron's own lock names the computer: a data folder on a share can be held from another one.
  const elsewhere = holder.source === 'electron' && holder.host !== undefined && holder.host !== hostname()
  return words(elsewhere ? 'said.shell.start.whereDesktopOn' : 'said.shell.start.whereDesktop', values)
}
