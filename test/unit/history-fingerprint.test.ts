/**
 * The attack suites' fingerprint of a history (test/attack/books.ts) is read again only when the
 * file's data_version moved: it must still see every write the app commits through its own
 * connection, and only those.
 */
import Database from 'better-sqlite3'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { historyFingerprint, openReader, TABLES, type Db } from '../attack/books'

let dir: string
let writer: Db
let reader: Db

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mbo-fingerprint-'))
  const file = join(dir, 'history.sqlite3')
  writer = new Database(file)
  writer.pragma('journal_mode = WAL')
  for (const table of TABLES) writer.exec(`create table ${table} (id integer primary key, value text)`)
  writer.exec("insert into orders (value) values ('INV-1')")
  reader = openReader(file)
})

afterEach(() => {
  reader.close()
  writer.close()
  rmSync(dir, { recursive: true, force: true })
})

it('changes with every insert, update and delete another connection commits, and only then', () => {
  const prints = [historyFingerprint(reader)]
  expect(historyFingerprint(reader)).toBe(prints[0])
  writer.exec("update orders set value = 'INV-1' where 0")
  writer.transaction(() => undefined)()
  expect(historyFingerprint(reader), 'nothing written').toBe(prints[0])

  writer.exec("insert into audit_log (value) values ('sign-in')")
  prints.push(historyFingerprint(reader))
  writer.exec("update orders set value = 'INV-2'")
  prints.push(historyFingerprint(reader))
  writer.exec('delete from audit_log')
  prints.push(historyFingerprint(reader))
  expect(new Set(prints).size).toBe(4)
  // Back to the first rows but for the order's value: the same rows give the same print.
  writer.exec("update orders set value = 'INV-1'")
  expect(historyFingerprint(reader)).toBe(prints[0])
})

it('leaves out the tables it is told to, and still sees the others', () => {
  const without = historyFingerprint(reader, ['tracking'])
  const whole = historyFingerprint(reader)
  writer.exec("insert into tracking (value) values ('next check')")
  expect(historyFingerprint(reader, ['tracking'])).toBe(without)
  expect(historyFingerprint(reader)).not.toBe(whole)
  writer.exec("insert into refunds (value) values ('RF-1')")
  expect(historyFingerprint(reader, ['tracking'])).not.toBe(without)
})
