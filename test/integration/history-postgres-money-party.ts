/**
 * The second desk of history-postgres.test.ts, in a process of its own (its calls block, as the
 * app's do): runs one money transaction on the team database and says, on stdout, what it saw.
 * Run: node --import tsx history-postgres-money-party.ts <database url>
 */
import { randomBytes } from 'node:crypto'
import { createCardCipher } from '../../src-main/credentials/card-cipher'
import { createHistory } from '../../src-main/store/history'
import { PgDatabase } from '../../src-main/store/postgres/pg-database'
import { TEST_CALL_TIMEOUT_MS } from '../support/postgres'

const url = process.argv[2]
if (!url) throw new Error('usage: history-postgres-money-party.ts <database url>')
const db = new PgDatabase({ connection: { connectionString: url, options: '-c search_path=env_sandbox' }, callTimeoutMs: TEST_CALL_TIMEOUT_MS })
const history = createHistory(db, { cipher: createCardCipher(randomBytes(32)) })
const seen = history.moneyTransaction(() => {
  // Whatever the first desk wrote in its money transaction is here in full, or not at all.
  const actions = db.prepare("select action from audit_log where action like 'race.%' order by id").pluck().all() as string[]
  history.audit.append({ actor: 'Desk B', action: 'race.b', orderId: null, details: null, at: new Date().toISOString() })
  return actions
})
process.stdout.write(`${JSON.stringify({ seen })}\n`)
db.close()
