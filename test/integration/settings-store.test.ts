/**
 * The environment's settings on the desk's own SQLite file, which the store reads once and then only
 * after its own writes (the tracker and the listener read Settings at every step).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, memorySink } from '../../src-main/log'
import { DEFAULT_ENVIRONMENT_SETTINGS, EnvironmentSettingsStore } from '../../src-main/settings/environment-settings'
import { openHistory, type HistoryFixture } from './history-fixture'

describe('settings on the desk’s own database', () => {
  let f: HistoryFixture | null = null
  afterEach(() => f?.close())

  it('reads back what was saved, and not what a rolled-back transaction wrote', async () => {
    f = await openHistory()
    const store = new EnvironmentSettingsStore(f.db, createLogger(memorySink()), () => new Date('2026-01-01T00:00:00.000Z'), { ownsDatabase: true })
    expect(store.read()).toEqual(DEFAULT_ENVIRONMENT_SETTINGS)
    const slower = { ...DEFAULT_ENVIRONMENT_SETTINGS, tracker: { enabled: true, concurrency: 2 } }
    store.write(slower)
    expect(store.read().tracker.concurrency).toBe(2)

    const refused = f.db.transaction(() => {
      store.write({ ...slower, tracker: { enabled: false, concurrency: 8 } })
      throw new Error('the audit entry could not be written')
    })
    expect(() => refused()).toThrow(/audit entry/)
    expect(store.read().tracker).toEqual({ enabled: true, concurrency: 2 })
  })
})
