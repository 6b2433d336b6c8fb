/**
 * Histories from before the takings summary (SQLite migration 8, team migration 4) migrate with their
 * orders and refunds already summed: a paid order, a discounted one, one waiting for review (left
 * out, and its refund with it), a refund and a void approved (on the day of their last change), a
 * refund refused.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createCardCipher } from '../../../src-main/credentials/card-cipher'
import { homeFigures } from '../../../src-main/services/home-figures'
import { openDatabase, type SqlDatabase } from '../../../src-main/store/database'
import { createHistory } from '../../../src-main/store/history'
import { migrate, MIGRATIONS } from '../../../src-main/store/migrations'
import { PgDatabase } from '../../../src-main/store/postgres/pg-database'
import { migrateTeam, TEAM_MIGRATIONS } from '../../../src-main/store/postgres/team-schema'
import { migrateTeamBefore } from '../../support/older-team'
import { freshDatabase, TEST_CALL_TIMEOUT_MS } from '../../support/postgres'

const NOW = new Date('2026-11-23T02:00:00.000Z')

/** Written as an older app wrote them, column by column. */
function oldRows(db: SqlDatabase): void {
  const order = db
    .prepare(
      `insert into orders (kind, invoice_number, amount_sen, currency, channel, status, customer_name, created_by, created_at, updated_at, completed_at, review, gateway_amount_sen)
    values (?, ?, ?, 'MYR', ?, ?, 'Siti', 'Aisyah', ?, ?, ?, ?, ?) returning id`,
    )
    .pluck()
  const at = '2026-11-23T01:00:00.000Z'
  const paid = order.get('card_link', 'INV-1', 100_00, 'CARD', 'PAID', at, at, at, null, null) as number
  order.get('generic_link', 'INV-2', 50_00, 'EWALLET_TNG', 'PAID', at, at, at, null, 45_50)
  const review = order.get('card_link', 'INV-3', 80_00, 'CARD', 'PENDING', at, at, null, '{"reason":"amount"}', null) as number
  const voided = order.get('card_link', 'INV-4', 30_00, 'CARD', 'VOIDED', '2026-11-22T01:00:00.000Z', at, '2026-11-22T01:00:00.000Z', null, null) as number
  const refund = db.prepare(`insert into refunds (order_id, request_id, amount_sen, type, status, external, created_by, created_at, updated_at) values (?, ?, ?, ?, ?, 0, 'Ravi', ?, ?)`)
  refund.run(paid, 'R-1', 25_00, 'PARTIAL_REFUND', 'SUCCESS', '2026-11-23T01:10:00.000Z', '2026-11-23T01:11:00.000Z')
  refund.run(paid, 'R-2', 5_00, 'PARTIAL_REFUND', 'FAILED', '2026-11-23T01:20:00.000Z', '2026-11-23T01:21:00.000Z')
  refund.run(voided, 'R-3', 30_00, 'VOID', 'SUCCESS', '2026-11-22T17:00:00.000Z', '2026-11-22T17:00:01.000Z')
  // A refund made elsewhere of the payment waiting for review: no more counted than the payment (migration 12, team migration 10).
  refund.run(review, 'R-4', 20_00, 'PARTIAL_REFUND', 'SUCCESS', '2026-11-23T01:30:00.000Z', '2026-11-23T01:31:00.000Z')
}

function expectSummed(db: SqlDatabase): void {
  const history = createHistory(db, { cipher: createCardCipher(randomBytes(32)) })
  // Today (Malaysia, the 23rd): 100.00 + 45.50 paid; 25.00 refunded; the void (01:00 on the 23rd in Malaysia) 30.00.
  expect(homeFigures(history, NOW).today.current).toEqual({ paidSen: 145_50, paidCount: 2, refundedSen: 25_00, refundCount: 1, voidedSen: 30_00, voidCount: 1, netSen: 90_50 })
  expect(homeFigures(history, NOW).today.previous.paidSen).toBe(30_00)
  // Decided paid: the payment and its refund count, by the triggers.
  const review = history.orders.byInvoice('INV-3')
  if (!review) throw new Error('no INV-3')
  history.orders.update(review.id, { review: null, status: 'PAID', completedAt: '2026-11-23T01:45:00.000Z' }, '2026-11-23T01:45:00.000Z')
  expect(homeFigures(history, NOW).today.current).toEqual({ paidSen: 225_50, paidCount: 3, refundedSen: 45_00, refundCount: 2, voidedSen: 30_00, voidCount: 1, netSen: 150_50 })
}

describe('the takings summary of a history that had none', () => {
  it('sqlite: migration 8 sums what migration 7 left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbo-takings-'))
    const file = join(dir, 'history.sqlite3')
    const db = openDatabase(file)
    try {
      await migrate(
        db,
        file,
        MIGRATIONS.filter((migration) => migration.version < 8),
      )
      oldRows(db)
      await migrate(db, file)
      expectSummed(db)
    } finally {
      db.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('postgres: team migration 4 sums what team migration 3 left', async () => {
    const database = await freshDatabase('takings')
    const db = new PgDatabase({ connection: { connectionString: database.url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
    try {
      migrateTeamBefore(db, 4, NOW)
      oldRows(db)
      expect(migrateTeam(db, NOW)).toEqual(TEAM_MIGRATIONS.filter((step) => step.version >= 4).map((step) => step.version))
      expectSummed(db)
    } finally {
      db.close()
      await database.drop()
    }
  })
})
