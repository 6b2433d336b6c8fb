import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { openDatabase } from '../../src-main/store/database'
import { createHistory } from '../../src-main/store/history'
import { migrate, MIGRATIONS, schemaVersion } from '../../src-main/store/migrations'

const NEWEST = MIGRATIONS.at(-1)?.version
const HISTORY_TABLES = ['customers', 'orders', 'orders_fts', 'attempts', 'events', 'saved_cards', 'refunds', 'notifications', 'audit_log', 'tracking']

describe('migrations 2 (history) and 3 (tracking)', () => {
  let dir: string
  let file: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mbo-history-migrate-'))
    file = join(dir, 'history.sqlite3')
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  function tables(db: ReturnType<typeof openDatabase>): string[] {
    return (db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((row) => row.name)
  }

  it('comes after settings and before tracking', () => {
    expect(MIGRATIONS.map((migration) => [migration.version, migration.name])).toEqual([
      [1, 'settings'],
      [2, 'history'],
      [3, 'tracking'],
      [4, 'private notifications'],
      [5, 'review'],
      [6, 'operators'],
      [7, 'invoice numbers without regard to case'],
      [8, 'takings'],
      [9, 'customer language'],
      [10, 'amount ranges searched in their index alone'],
      [11, 'attempts without an index on their Request-Id'],
      [12, 'refunds count with their payment'],
      [13, 'invoices found by their last digits'],
    ])
  })

  it('brings an empty database to the newest version with every history table, strict, and no backup', async () => {
    const db = openDatabase(file)
    expect(await migrate(db, file)).toBeNull()
    expect(schemaVersion(db)).toBe(NEWEST)
    expect(tables(db)).toEqual(expect.arrayContaining(['settings', ...HISTORY_TABLES]))
    const strict = db.prepare("select name, strict from pragma_table_list where schema = 'main' and type = 'table' and name not like '%fts%' and name not like 'sqlite_%'").all() as {
      name: string
      strict: number
    }[]
    expect(strict.filter((table) => table.strict !== 1)).toEqual([])
    expect(db.pragma('foreign_key_check')).toEqual([])
    // The gateway requests are read by their order and while pending, never by their Request-Id (11).
    expect(db.prepare("select name from sqlite_master where type = 'index' and tbl_name = 'attempts' order by name").pluck().all()).toEqual(['attempts_by_order', 'attempts_pending'])
    db.close()
  })

  it('takes a version 1 database with its settings to the newest version, keeping the data and backing it up first', async () => {
    const db = openDatabase(file)
    await migrate(db, file, MIGRATIONS.slice(0, 1))
    expect(schemaVersion(db)).toBe(1)
    db.prepare("insert into settings (key, value, updated_at) values ('merchantName', '\"Kedai Runcit Ali\"', '2026-11-01T00:00:00.000Z')").run()

    const backup = await migrate(db, file, MIGRATIONS, () => new Date('2026-11-21T10:00:00Z'))
    expect(backup).toBe(`${file}.backup-v1-2026-11-21T10-00-00-000Z`)
    expect(existsSync(backup ?? '')).toBe(true)
    expect(schemaVersion(db)).toBe(NEWEST)
    expect(db.prepare('select key, value from settings').all()).toEqual([{ key: 'merchantName', value: '"Kedai Runcit Ali"' }])
    expect(tables(db)).toEqual(expect.arrayContaining(HISTORY_TABLES))

    const old = openDatabase(backup ?? '')
    expect(schemaVersion(old)).toBe(1)
    expect(tables(old)).not.toContain('orders')
    expect(old.prepare('select value from settings').get()).toEqual({ value: '"Kedai Runcit Ali"' })
    old.close()
    db.close()
  })

  it('enforces the checks: kind, status, negative amounts, duplicate invoices', async () => {
    const db = openDatabase(file)
    await migrate(db, file)
    const insert = db.prepare(`insert into orders (kind, invoice_number, amount_sen, currency, channel, status, customer_name, created_by, created_at, updated_at)
      values (?, ?, ?, 'MYR', 'CARD', ?, 'A', 'B', 't', 't')`)
    insert.run('card_link', 'INV-1', 100, 'PAID')
    expect(() => insert.run('refund', 'INV-2', 100, 'PAID')).toThrow(/CHECK/)
    expect(() => insert.run('card_link', 'INV-3', 100, 'SUCCESS')).toThrow(/CHECK/)
    expect(() => insert.run('card_link', 'INV-4', -1, 'PAID')).toThrow(/CHECK/)
    expect(() => insert.run('card_link', 'INV-5', 1.5, 'PAID')).toThrow(/cannot store REAL/)
    expect(() => insert.run('card_link', 'INV-1', 100, 'PAID')).toThrow(/UNIQUE/)
    db.close()
  })

  it('4 redacts the card tokens that older versions stored in notification bodies, in the history and in its backup', async () => {
    const token = 'tok-9a8b7c6d5e4f3a2b'
    const db = openDatabase(file)
    await migrate(db, file, MIGRATIONS.slice(0, 3))
    const body = JSON.stringify({ order: { invoice_number: 'INV-1' }, transaction: { status: 'SUCCESS' }, card_payment: { token_id: token, masked_card_number: '450919******5332' }, card: { token } })
    db.prepare("insert into notifications (request_id, raw_body, headers, verified, received_at) values ('n-1', ?, '{}', 1, 't')").run(body)
    db.prepare("insert into notifications (request_id, raw_body, headers, verified, received_at) values ('n-2', 'not json token=' || ?, '{}', 1, 't')").run(token)

    const backup = await migrate(db, file)
    expect(schemaVersion(db)).toBe(NEWEST)
    const stored = db.prepare('select raw_body from notifications order by id').pluck().all() as string[]
    expect(JSON.parse(stored[0] ?? '')).toEqual({
      order: { invoice_number: 'INV-1' },
      transaction: { status: 'SUCCESS' },
      card_payment: { token_id: '••••3a2b', masked_card_number: '450919******5332' },
      card: { token: '••••3a2b' },
    })
    expect(stored[1]).toBe('not json token=••••3a2b')
    db.pragma('wal_checkpoint(TRUNCATE)')
    db.close()
    // No file left in the folder holds the token: the history, its WAL, nor the copy kept from before.
    expect(backup).not.toBeNull()
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name)).includes(Buffer.from(token)), name).toBe(false)
    const old = openDatabase(backup ?? '')
    expect(schemaVersion(old)).toBe(3)
    expect(old.prepare('select count(*) from notifications').pluck().get()).toBe(2)
    old.close()
    if (process.platform !== 'win32') expect(statSync(backup ?? '').mode & 0o777).toBe(0o600)
  })

  it('7 compares invoice numbers without regard to case and keeps two numbers an older history holds in both cases', async () => {
    const db = openDatabase(file)
    await migrate(db, file, MIGRATIONS.slice(0, 6))
    const insert = db.prepare(
      "insert into orders (kind, invoice_number, amount_sen, currency, channel, status, customer_name, created_by, created_at, updated_at) values ('card_link', ?, 100, 'MYR', 'CARD', 'PAID', 'Siti', 'desk', 't', 't')",
    )
    insert.run('inv-used-1')
    insert.run('INV-USED-1')

    await migrate(db, file)
    expect(schemaVersion(db)).toBe(NEWEST)
    expect(db.prepare('select invoice_number from orders order by id').pluck().all()).toEqual(['inv-used-1', 'INV-USED-1'])
    const plan = db.prepare("explain query plan select * from orders where lower(invoice_number) = lower('Inv-Used-1')").all() as { detail: string }[]
    expect(plan.map((step) => step.detail).join(' ')).toContain('orders_by_invoice_folded')
    db.close()
  })

  it('10 rebuilds the amount index of a history with orders: amount ranges find the same orders, checked in that index alone', async () => {
    const db = openDatabase(file)
    await migrate(db, file, MIGRATIONS.slice(0, 9))
    const insert = db.prepare(
      "insert into orders (kind, invoice_number, amount_sen, currency, channel, status, customer_name, created_by, created_at, updated_at) values ('card_link', ?, ?, 'MYR', 'CARD', ?, 'Siti', 'desk', ?, ?)",
    )
    const statuses = ['PAID', 'FAILED', 'PENDING'] as const
    for (let i = 1; i <= 300; i += 1) {
      const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
      insert.run(`INV-${String(i)}`, (i * 37) % 1_000, statuses[i % 3], at, at)
    }

    await migrate(db, file)
    expect(schemaVersion(db)).toBe(NEWEST)
    const history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
    const page = history.orders.search({ amountMinSen: 100, amountMaxSen: 200, statuses: ['FAILED'], limit: 50 })
    const expected = (db.prepare("select id from orders where amount_sen between 100 and 200 and status = 'FAILED' order by id desc").pluck().all() as number[]).slice(0, 50)
    expect(expected.length).toBeGreaterThan(5)
    expect(page.rows.map((row) => row.id)).toEqual(expected)
    const plan = db
      .prepare(
        "explain query plan select id from orders indexed by orders_by_amount where amount_sen between 100 and 200 and status = 'FAILED' and kind = 'card_link' and channel = 'CARD' and created_at > ''",
      )
      .all() as { detail: string }[]
    expect(plan.map((step) => step.detail).join(' ')).toContain('COVERING INDEX orders_by_amount')
    db.close()
  })

  it('13 indexes the last digits of the invoices an older history holds: its orders are found by them, and new and changed orders too', async () => {
    const db = openDatabase(file)
    await migrate(db, file, MIGRATIONS.slice(0, 12))
    const insert = db.prepare(
      "insert into orders (kind, invoice_number, amount_sen, currency, channel, status, customer_name, customer_phone, card_last4, created_by, created_at, updated_at) values ('card_link', ?, 100, 'MYR', 'CARD', 'PAID', ?, ?, ?, 'desk', ?, ?)",
    )
    const at = (i: number): string => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString()
    for (let i = 1; i <= 3000; i += 1) insert.run(`INV-2026-${String(i).padStart(6, '0')}`, 'Siew-Ling', '+60 12-345 6789', null, at(i), at(i))
    // Before: one token each, the last digits found nothing.
    expect(db.prepare(`select count(*) from orders_fts where orders_fts match '"2836"*'`).pluck().get()).toBe(0)

    const backup = await migrate(db, file)
    expect(schemaVersion(db)).toBe(NEWEST)
    expect(backup).not.toBeNull()
    const history = createHistory(db, { cipher: createCardCipher(Buffer.alloc(32)) })
    const ids = (text: string): number[] => history.orders.search({ text, limit: 50 }).rows.map((row) => row.id)
    const id = (invoice: string): number => history.orders.byInvoice(invoice)?.id ?? -1
    for (const typed of ['2836', '02836', '002836']) expect(ids(typed), typed).toEqual([id('INV-2026-002836')])
    expect(ids('283')).toEqual([
      id('INV-2026-002839'),
      id('INV-2026-002838'),
      id('INV-2026-002837'),
      id('INV-2026-002836'),
      id('INV-2026-002835'),
      id('INV-2026-002834'),
      id('INV-2026-002833'),
      id('INV-2026-002832'),
      id('INV-2026-002831'),
      id('INV-2026-002830'),
      id('INV-2026-000283'),
    ])
    // What was found before still is: the other columns are indexed as migration 2 indexes them.
    expect(ids('INV-2026-00283')).toHaveLength(10)
    expect(ids('ling 2836')).toEqual([id('INV-2026-002836')])
    expect(history.orders.count({ text: '0123456789' })).toBe(3000)
    expect(db.prepare("select count(*) from orders_fts where orders_fts match 'siew'").pluck().get()).toBe(3000)
    // The triggers made again: a new order, a changed invoice, a deleted order.
    insert.run('INV-2027-004711', 'Nur', null, '2836', at(4000), at(4000))
    const added = id('INV-2027-004711')
    expect(ids('4711')).toEqual([added])
    expect(ids('2836')).toEqual([added, id('INV-2026-002836')])
    expect(ids('002836')).toEqual([id('INV-2026-002836')])
    db.prepare("update orders set invoice_number = 'INV-2027-009876' where id = ?").run(added)
    expect(ids('4711')).toEqual([])
    expect(ids('009876')).toEqual([added])
    db.prepare('delete from orders where id = ?').run(added)
    expect(ids('9876')).toEqual([])
    db.close()
  })
})
