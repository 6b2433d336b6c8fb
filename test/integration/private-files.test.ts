/**
 * The app's data folder is for the user who runs it alone: folders 0700, files 0600, also when an
 * older version left them readable by others (its history was 0644 in 0755 folders).
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { historyFile } from '../../src-main/store/history-file'
import { startTestBackend, type TestBackend } from './backend-fixture'

const mode = (path: string): number => statSync(path).mode & 0o777

/** Every folder and file under `dir` with its permission bits. */
function modes(dir: string): [string, number][] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => [name, mode(join(dir, name))])
}

let app: TestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

describe.runIf(process.platform !== 'win32')('the data folder', () => {
  it('is created private: folders 0700, the history, its WAL and the log 0600', async () => {
    app = await startTestBackend()
    await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '' })
    const { dataDir } = app
    expect(mode(dataDir)).toBe(0o700)
    const file = historyFile(dataDir, 'training')
    expect(mode(file)).toBe(0o600)
    expect(mode(`${file}-wal`)).toBe(0o600)
    const loose = modes(dataDir).filter(([, bits]) => (bits & 0o077) !== 0)
    expect(loose).toEqual([])
  })

  it('is tightened when an older version left it readable by others', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mbo-it-'))
    const file = historyFile(dataDir, 'training')
    mkdirSync(join(dataDir, 'environments', 'training'), { recursive: true })
    writeFileSync(file, '')
    for (const dir of [dataDir, join(dataDir, 'environments'), join(dataDir, 'environments', 'training')]) chmodSync(dir, 0o755)
    chmodSync(file, 0o644)
    try {
      app = await startTestBackend({ dataDir })
      expect(mode(dataDir)).toBe(0o700)
      expect(mode(join(dataDir, 'environments'))).toBe(0o700)
      expect(mode(join(dataDir, 'environments', 'training'))).toBe(0o700)
      expect(mode(file)).toBe(0o600)
    } finally {
      await app?.close()
      app = null
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
