import Database from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBackend, type Backend } from '../../src-main/backend'
import { historyFile } from '../../src-main/store/history-file'
import { createLogger, memorySink } from '../../src-main/log'

describe('backend', () => {
  let dataDir: string
  let backend: Backend
  const sink = memorySink()

  const keychainService = `mbo-test-${randomUUID()}`
  const start = () => createBackend({ dataDir, appName: 'Merchant Back Office', appVersion: '1.2.3', runtime: 'test', log: createLogger(sink), keychainService, trainingListenerPort: 0 })

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mbo-backend-'))
    backend = await start()
  })

  afterEach(async () => {
    await backend.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('remembers the desk’s language in its settings file, for every operator and after a restart', async () => {
    expect(await backend.dispatch('app.setLanguage', { language: 'ms' })).toEqual({ ok: true, value: { language: 'ms' } })
    expect(JSON.parse(readFileSync(join(dataDir, 'app-settings.json'), 'utf8'))).toMatchObject({ language: 'ms' })
    await backend.close()
    backend = await start()
    expect(await backend.dispatch('app.info', undefined)).toMatchObject({ ok: true, value: { language: 'ms' } })
    expect(await backend.dispatch('app.setLanguage', { language: 'fr' })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
  })

  it('tells the desktop shell the desk’s language at the start and at each change, so that its menu follows', async () => {
    const told: (string | null)[] = []
    const telling = () =>
      createBackend({
        dataDir,
        appName: 'Merchant Back Office',
        appVersion: '1.2.3',
        runtime: 'test',
        log: createLogger(sink),
        keychainService,
        trainingListenerPort: 0,
        languageChosen: (language) => told.push(language),
      })
    await backend.close()
    backend = await telling()
    expect(told).toEqual([null])
    await backend.dispatch('app.setLanguage', { language: 'ms' })
    await backend.dispatch('app.setLanguage', { language: 'ms' })
    await backend.dispatch('app.setLanguage', { language: 'fr' })
    expect(told).toEqual([null, 'ms'])
    await backend.close()
    backend = await telling()
    expect(told).toEqual([null, 'ms', 'ms'])
  })

  it('refuses a PIN cost that is not a power of two from 2^10 to 2^20, before it touches the data folder', async () => {
    const elsewhere = join(dataDir, 'not-made')
    for (const pinCost of [2 ** 9, 1000, 2 ** 21, Number.NaN]) {
      await expect(createBackend({ dataDir: elsewhere, appName: 'Merchant Back Office', appVersion: '1.2.3', runtime: 'test', keychainService, pinCost, trainingListenerPort: 0 })).rejects.toThrow(
        /pinCost/,
      )
    }
    expect(existsSync(elsewhere)).toBe(false)
  })

  it('answers app.info with this installation, read from a real SQLite file', async () => {
    const result = await backend.dispatch('app.info', undefined)
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Merchant Back Office',
        version: '1.2.3',
        environment: 'training',
        dataDir,
        runtime: 'test',
        electronVersion: null,
        chromeVersion: null,
        nodeVersion: process.versions.node,
        logDir: join(dataDir, 'logs'),
        sqliteVersion: expect.stringMatching(/^3\.\d+\.\d+$/) as unknown,
        language: null,
      },
    })
    const file = historyFile(dataDir, 'training')
    expect(existsSync(file)).toBe(true)
    // WAL is a property of the file: a second connection sees it.
    const other = new Database(file, { readonly: true })
    expect(other.pragma('journal_mode', { simple: true })).toBe('wal')
    other.close()
  })

  it('refuses input for a call that takes none, naming the problem', async () => {
    const result = await backend.dispatch('app.info', { sneaky: true })
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } })
  })

  it('refuses a call the contract does not declare', async () => {
    const result = await backend.dispatch('app.readSecrets', undefined)
    expect(result).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CALL' } })
  })
})
