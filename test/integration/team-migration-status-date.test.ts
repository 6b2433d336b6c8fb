/**
 * Team migration 8: a team database of the previous version keeps its orders, and a status within a
 * period is then searched in one index that gives each entry's id (order-search-pg.ts, step 2).
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { createHistory } from '../../src-main/store/history'
import type { OrderSearch, OrderStatus } from '../../src-main/store/history-types'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { migrateTeam, TEAM_ENVIRONMENTS, TEAM_MIGRATIONS, historySchema } from '../../src-main/store/postgres/team-schema'
import { migrateTeamBefore } from '../support/older-team'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../support/postgres'
import { newOrder } from './history-fixture'

const NOW = new Date('2026-11-28T02:00:00.000Z')
const STATUSES: OrderStatus[] = ['PENDING', 'PAID', 'FAILED', 'EXPIRED']

describe('team migration 8: orders by status and date, with their ids', () => {
  it('migrates a team of version 7 with its orders, and finds a status within a period as before', async () => {
    const database = await freshDatabase('status-date')
    const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
    try {
      migrateTeamBefore(db, 8, NOW)
      const history = createHistory(db, { cipher: createCardCipher(randomBytes(32)) })
      // 120 orders, one every 6 hours over the last 30 days, the statuses in turn.
      const orders = Array.from({ length: 120 }, (_, i) => ({
        status: STATUSES[i % STATUSES.length] as OrderStatus,
        createdAt: new Date(NOW.getTime() - (120 - i) * 6 * 3_600_000).toISOString(),
      }))
      const ids = history.transaction(() => orders.map((order) => history.orders.insert(newOrder(order)).id))
      const day = (offset: number): string => new Date(NOW.getTime() - offset * 86_400_000).toISOString()
      const queries: OrderSearch[] = [
        { statuses: ['FAILED'], createdFrom: day(20), createdTo: day(10), limit: 50 },
        { statuses: ['PENDING', 'EXPIRED'], createdFrom: day(25), createdTo: day(24), limit: 50 },
        { statuses: ['PAID'], createdTo: day(5), limit: 3 },
      ]
      const expected = (query: OrderSearch): number[] =>
        ids
          .filter((_, i) => {
            const order = orders[i] as (typeof orders)[number]
            return (query.statuses ?? []).includes(order.status) && order.createdAt >= (query.createdFrom ?? '') && order.createdAt < (query.createdTo ?? '\uffff')
          })
          .reverse()
          .slice(0, query.limit)
      for (const query of queries) expect(history.orders.search(query).rows.map((row) => row.id)).toEqual(expected(query))

      expect(migrateTeam(db, NOW)).toEqual(TEAM_MIGRATIONS.filter((step) => step.version >= 8).map((step) => step.version))

      for (const query of queries) {
        const found = history.orders.search(query).rows.map((row) => row.id)
        expect(found.length, JSON.stringify(query)).toBeGreaterThan(0)
        expect(found, JSON.stringify(query)).toEqual(expected(query))
      }
      // In both histories of the team, the index carries the ids.
      for (const environment of TEAM_ENVIRONMENTS) {
        const definition = db.prepare('select indexdef from pg_indexes where schemaname = ? and indexname = ?').pluck().get(historySchema(environment), 'orders_by_status_created_at')
        expect(definition).toMatch(/\(status, created_at\) INCLUDE \(id\)$/)
      }
    } finally {
      db.close()
      await database.drop()
    }
  })
})
