import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src-main/store/database'
import { migrate, MIGRATIONS, SchemaTooNewError, schemaVersion, type Migration } from '../../src-main/store/migrations'

describe('migrations', () => {
  let dir: string
  let file: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mbo-migrate-'))
    file = join(dir, 'history.sqlite3')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('bring an empty database to the newest schema, without a backup of nothing', async () => {
    const db = openDatabase(file)
    expect(await migrate(db, file)).toBeNull()
    expect(schemaVersion(db)).toBe(MIGRATIONS.at(-1)?.version)
    expect(db.prepare("select name from sqlite_master where type = 'table' and name = 'settings'").get()).toBeTruthy()
    expect(await migrate(db, file)).toBeNull()
    db.close()
  })

  it('back the file up before migrating an existing schema, and apply only what is new', async () => {
    const db = openDatabase(file)
    await migrate(db, file)
    db.prepare("insert into settings (key, value, updated_at) values ('k', '\"v\"', 'now')").run()
    const next: Migration = { version: MIGRATIONS.length + 1, name: 'notes', up: (d) => d.exec('create table notes (id integer primary key) strict') }
    const backup = await migrate(db, file, [...MIGRATIONS, next], () => new Date('2026-11-21T10:00:00Z'))
    expect(backup).toBe(`${file}.backup-v${String(MIGRATIONS.length)}-2026-11-21T10-00-00-000Z`)
    expect(existsSync(backup ?? '')).toBe(true)
    const old = openDatabase(backup ?? '')
    expect(schemaVersion(old)).toBe(MIGRATIONS.length)
    expect(old.prepare('select value from settings').get()).toEqual({ value: '"v"' })
    old.close()
    expect(schemaVersion(db)).toBe(next.version)
    db.close()
  })

  it('refuse a database written by a newer app, leaving it untouched', async () => {
    const db = openDatabase(file)
    db.pragma('user_version = 99')
    await expect(migrate(db, file)).rejects.toBeInstanceOf(SchemaTooNewError)
    await expect(migrate(db, file)).rejects.toThrow(/newer version of the app \(schema 99/)
    expect(schemaVersion(db)).toBe(99)
    db.close()
  })

  it('roll a failing migration back whole', async () => {
    const db = openDatabase(file)
    const broken: Migration = {
      version: 1,
      name: 'broken',
      up: (d) => {
        d.exec('create table half (id integer)')
        d.exec('this is not sql')
      },
    }
    await expect(migrate(db, file, [broken])).rejects.toThrow()
    expect(schemaVersion(db)).toBe(0)
    expect(db.prepare("select name from sqlite_master where name = 'half'").get()).toBeUndefined()
    db.close()
  })
})
