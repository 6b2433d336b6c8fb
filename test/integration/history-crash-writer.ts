/**
 * The child process of history-crash.test.ts: writes orders in transactions of BATCH, forever,
 * saying "committed N" on stdout after each commit, until its parent kills it with SIGKILL.
 * Run: tsx history-crash-writer.ts <database file>
 */
import { randomBytes } from 'node:crypto'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { openDatabase } from '../../src-main/store/database'
import { createHistory } from '../../src-main/store/history'

import { BATCH } from './history-crash-writer-batch'

const file = process.argv[2]
if (!file) throw new Error('usage: history-crash-writer.ts <database file>')
const db = openDatabase(file)
const history = createHistory(db, { cipher: createCardCipher(randomBytes(32)) })
let written = db.prepare('select count(*) from orders').pluck().get() as number

for (;;) {
  history.transaction(() => {
    for (let i = 0; i < BATCH; i += 1) {
      const n = written + i
      const at = new Date(Date.UTC(2026, 0, 1) + n * 1_000).toISOString()
      const order = history.orders.insert({
        kind: 'phone_order',
        invoiceNumber: `INV-CRASH-${String(n).padStart(7, '0')}`,
        amountSen: 1_000 + n,
        currency: 'MYR',
        channel: 'CARD',
        status: 'PENDING',
        rawStatus: null,
        customerId: null,
        customerName: `Crash Test ${String(n)}`,
        customerEmail: `crash${String(n)}@example.my`,
        customerPhone: `+60 12-${String(1_000_000 + n)}`,
        requestId: `req-${String(n)}`,
        paymentId: null,
        gatewayReferenceId: null,
        linkUrl: null,
        linkExpiresAt: null,
        cardMasked: null,
        cardLast4: String(n % 10_000).padStart(4, '0'),
        cardBrand: null,
        createdBy: 'writer',
        createdAt: at,
      })
      const attempt = history.attempts.begin({ orderId: order.id, operation: 'charge', requestId: `req-${String(n)}`, method: 'POST', path: '/charge', requestBody: null, startedAt: at })
      history.events.append({ orderId: order.id, type: 'created', summary: 'Phone order', details: null, attemptId: attempt.id, actor: 'writer', at })
      // Some index churn too: updates of searched fields rewrite the full-text rows.
      if (n % 3 === 0) history.orders.update(order.id, { cardLast4: '9999', status: 'PAID' }, at)
    }
  })
  written += BATCH
  process.stdout.write(`committed ${String(written)}\n`)
}
