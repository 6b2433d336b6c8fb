import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquireInstanceLock, describeHolder, type InstanceLock, processStartTime } from '../../../src-main/instance-lock'

let dir: string
const held: InstanceLock[] = []
const lockFile = (): string => join(dir, 'instance.lock')
/** A pid whose process has ended (and, for a moment at least, not been reused). */
const deadPid = (): number => spawnSync(process.execPath, ['-e', '']).pid
const writeLock = (content: Record<string, unknown>): void => writeFileSync(lockFile(), JSON.stringify(content))

function acquire(mode: 'browser' | 'desktop' = 'browser') {
  const result = acquireInstanceLock(dir, { mode })
  if (result.ok) held.push(result.lock)
  return result
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mbo-lock-'))
})
afterEach(() => {
  for (const lock of held.splice(0)) lock.release()
  rmSync(dir, { recursive: true, force: true })
})

describe('the instance lock of a data folder', () => {
  it('is a private file holding pid, mode, address and start time, removed on release', () => {
    const result = acquire()
    expect(result.ok).toBe(true)
    if (!result.ok) return
    if (process.platform !== 'win32') expect(statSync(lockFile()).mode & 0o777).toBe(0o600)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, mode: 'browser', url: null, startedAt: expect.any(String) as string })
    result.lock.setUrl('http://127.0.0.1:41234/')
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, url: 'http://127.0.0.1:41234/' })
    if (process.platform !== 'win32') expect(statSync(lockFile()).mode & 0o777).toBe(0o600)
    result.lock.release()
    result.lock.release()
    expect(existsSync(lockFile())).toBe(false)
    expect(readdirSync(dir)).toEqual([])
  })

  it('creates the data folder if it is missing', () => {
    dir = join(dir, 'fresh', 'Merchant Back Office')
    expect(acquire().ok).toBe(true)
    expect(existsSync(lockFile())).toBe(true)
  })

  it('is refused while another live process holds it, naming that process and where it runs', () => {
    writeLock({ pid: process.ppid, mode: 'browser', url: 'http://127.0.0.1:41234/', startedAt: '2026-01-01T00:00:00.000Z', processStart: processStartTime(process.ppid) })
    const result = acquire('desktop')
    expect(result).toMatchObject({ ok: false, file: lockFile(), holder: { pid: process.ppid, mode: 'browser', url: 'http://127.0.0.1:41234/', source: 'lock-file' } })
    if (!result.ok) expect(describeHolder(result.holder)).toBe(`in your browser at http://127.0.0.1:41234/ — pid ${process.ppid}`)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.ppid })
  })

  it('is refused a second time in the same process', () => {
    expect(acquire().ok).toBe(true)
    expect(acquire('desktop')).toMatchObject({ ok: false, holder: { pid: process.pid, mode: 'browser' } })
  })

  it('takes over a stale lock, left by a process that is gone', () => {
    writeLock({ pid: deadPid(), mode: 'desktop', url: null, startedAt: '2026-01-01T00:00:00.000Z', processStart: null })
    expect(acquire().ok).toBe(true)
    expect(JSON.parse(readFileSync(lockFile(), 'utf8'))).toMatchObject({ pid: process.pid, mode: 'browser' })
    expect(readdirSync(dir)).toEqual(['instance.lock'])
  })

  it('takes over a lock whose pid now belongs to another process (another start time)', () => {
    if (processStartTime(process.ppid) === null) return // no /proc here: pids are all we have
    writeLock({ pid: process.ppid, mode: 'browser', url: 'http://127.0.0.1:41234/', startedAt: '2026-01-01T00:00:00.000Z', processStart: '1' })
    expect(acquire().ok).toBe(true)
  })

  it('takes over its own pid left by an earlier run (the pid came round again), unless this process holds it', () => {
    writeLock({ pid: process.pid, mode: 'browser', url: null, startedAt: '2026-01-01T00:00:00.000Z', processStart: null })
    expect(acquire().ok).toBe(true)
  })

  it('treats an unreadable lock as a start under way while it is fresh, and as stale after', () => {
    writeFileSync(lockFile(), '')
    expect(acquire()).toMatchObject({ ok: false, holder: { mode: 'unknown' } })
    const old = new Date(Date.now() - 60_000)
    utimesSync(lockFile(), old, old)
    expect(acquire().ok).toBe(true)
  })

  it('lets the lock go when the process exits without releasing it', () => {
    const script = `
      const { acquireInstanceLock } = require(${JSON.stringify(join(process.cwd(), 'src-main/instance-lock.ts'))})
      const result = acquireInstanceLock(${JSON.stringify(dir)}, { mode: 'browser' })
      process.stdout.write(String(result.ok))
    `
    const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' })
    expect(child.stdout).toBe('true')
    expect(existsSync(lockFile())).toBe(false)
  })

  describe("and Electron's own lock (SingletonLock, a symlink to host-pid)", () => {
    it.skipIf(process.platform === 'win32')('refuses browser mode while the desktop app holds it', () => {
      symlinkSync(`${hostname()}-${process.ppid}`, join(dir, 'SingletonLock'))
      const result = acquire('browser')
      expect(result).toMatchObject({ ok: false, holder: { pid: process.ppid, mode: 'desktop', source: 'electron' } })
      if (!result.ok) expect(describeHolder(result.holder)).toBe(`as the desktop app — pid ${process.ppid}`)
      expect(existsSync(lockFile())).toBe(false)
    })

    it.skipIf(process.platform === 'win32')('ignores it when its process is gone', () => {
      symlinkSync(`${hostname()}-${deadPid()}`, join(dir, 'SingletonLock'))
      expect(acquire('browser').ok).toBe(true)
    })

    it.skipIf(process.platform === 'win32')('refuses when it names another computer (a shared home folder)', () => {
      symlinkSync(`till-2.shop.example-4242`, join(dir, 'SingletonLock'))
      const result = acquire('browser')
      expect(result).toMatchObject({ ok: false, holder: { pid: 4242, host: 'till-2.shop.example' } })
      if (!result.ok) expect(describeHolder(result.holder)).toBe('as the desktop app on the computer till-2.shop.example — pid 4242')
    })

    it.skipIf(process.platform === 'win32')('is not looked at by the desktop app itself (it holds it)', () => {
      symlinkSync(`${hostname()}-${process.ppid}`, join(dir, 'SingletonLock'))
      expect(acquire('desktop').ok).toBe(true)
    })
  })
})
