/**
 * Team migration 11: a team database of the previous version keeps its orders, and they are then found
 * by the last digits of their invoice numbers, in both histories (the search column made again).
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { createHistory } from '../../src-main/store/history'
import { invoiceDigits } from '../../src-main/store/order-search'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam, TEAM_ENVIRONMENTS, TEAM_MIGRATIONS, TEAM_SCHEMA_VERSION, historySchema } from '../../src-main/store/postgres/team-schema'
import { migrateTeamBefore } from '../support/older-team'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../support/postgres'
import { newOrder } from './history-fixture'

const NOW = new Date('2026-12-02T01:00:00.000Z')

describe('team migration 11: invoices found by their last digits', () => {
  it('migrates a team of version 10 with its orders, which are then found by their last digits', async () => {
    const database = await freshDatabase('invoice-digits')
    const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
    try {
      migrateTeamBefore(db, 11, NOW)
      const history = createHistory(db, { cipher: createCardCipher(randomBytes(32)) })
      const ids = history.transaction(() =>
        Array.from(
          { length: 300 },
          (_, i) => history.orders.insert(newOrder({ invoiceNumber: `INV-2026-${String(i + 2700).padStart(6, '0')}`, customerName: 'Siew-Ling', customerPhone: '+60 12-345 6789' })).id,
        ),
      )
      const search = (text: string): number[] => history.orders.search({ text, limit: 50 }).rows.map((row) => row.id)
      const of = (invoice: number): number => ids[invoice - 2700] ?? -1
      expect(search('2836')).toEqual([])

      expect(migrateTeam(db, NOW)).toEqual(TEAM_MIGRATIONS.filter((step) => step.version >= 11).map((step) => step.version))
      expect(TEAM_SCHEMA_VERSION).toBe(11)

      for (const typed of ['2836', '02836', '002836']) expect(search(typed), typed).toEqual([of(2836)])
      expect(search('ling 002836')).toEqual([of(2836)])
      expect(search('INV-2026-0028')).toHaveLength(50)
      expect(history.orders.count({ text: '0123456789' })).toBe(300)
      // New orders and changed invoices are indexed by the column's new expression.
      const added = history.orders.insert(newOrder({ invoiceNumber: 'INV-2027-004711' })).id
      expect(search('4711')).toEqual([added])
      db.prepare("update orders set invoice_number = 'INV-2027-009876' where id = ?").run(added)
      expect(search('009876')).toEqual([added])
      expect(search('4711')).toEqual([])
      // The SQL function is order-search.ts's rule.
      for (const invoice of ['INV-2026-002836', 'INV-2026-000000', 'ORDER-7-B', '123456', 'TOKO-ABC', 'A1B22C333-x-', 'inv 2026 0042 ', 'Ü-0099ß', '2026/07/0100']) {
        expect(db.prepare('select team.invoice_digits(?)').pluck().get(invoice) ?? '', invoice).toBe(invoiceDigits(invoice))
      }
      // In both histories of the team: the column holds the digits, under its trigram index, with its statistics target.
      for (const environment of TEAM_ENVIRONMENTS) {
        const schema = historySchema(environment)
        expect(db.prepare('select indexdef from pg_indexes where schemaname = ? and indexname = ?').pluck().get(schema, 'orders_search')).toMatch(/USING gin \(search public\.gin_trgm_ops\)/)
        expect(db.prepare(`select attstattarget from pg_attribute where attrelid = '${schema}.orders'::regclass and attname = 'search'`).pluck().get()).toBe(1000)
        // The rewritten table is vacuumed: with its visibility map empty, every index-only scan of the
        // orders (an invoice prefix's, a status and period's) would read the table too.
        expect(db.prepare(`select relallvisible = relpages from pg_class where oid = '${schema}.orders'::regclass`).pluck().get(), schema).toBe(true)
      }
      expect(db.prepare('select search from orders where id = ?').pluck().get(of(2836))).toMatch(/^ 2836 \| siew/)
    } finally {
      db.close()
      await database.drop()
    }
  })
})
