/** A migrated history in a fresh temporary folder, and an order factory with sensible defaults. */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { openDatabase, type Db } from '../../src-main/store/database'
import { createHistory, type History } from '../../src-main/store/history'
import type { NewOrder } from '../../src-main/store/history-types'
import { migrate } from '../../src-main/store/migrations'

export interface HistoryFixture {
  dir: string
  file: string
  db: Db
  history: History
  key: Buffer
  close(): void
}

export async function openHistory(prefix = 'mbo-history-'): Promise<HistoryFixture> {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const file = join(dir, 'history.sqlite3')
  const db = openDatabase(file)
  await migrate(db, file)
  const key = randomBytes(32)
  const history = createHistory(db, { cipher: createCardCipher(key) })
  return {
    dir,
    file,
    db,
    history,
    key,
    close() {
      if (db.open) db.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let sequence = 0

/** An order; `createdAt` defaults to a minute after the previous one so that dates follow ids. */
export function newOrder(overrides: Partial<NewOrder> = {}): NewOrder {
  sequence += 1
  return {
    kind: 'card_link',
    invoiceNumber: `INV-TEST-${String(sequence).padStart(6, '0')}`,
    amountSen: 10_000,
    currency: 'MYR',
    channel: 'CARD',
    status: 'PENDING',
    rawStatus: null,
    customerId: null,
    customerName: 'Test Customer',
    customerEmail: null,
    customerPhone: null,
    requestId: null,
    paymentId: null,
    gatewayReferenceId: null,
    linkUrl: null,
    linkExpiresAt: null,
    cardMasked: null,
    cardLast4: null,
    cardBrand: null,
    createdBy: 'Aisyah',
    createdAt: new Date(Date.UTC(2026, 0, 1) + sequence * 60_000).toISOString(),
    ...overrides,
  }
}
