/**
 * Migration 4 ("private notifications"). Older versions stored each notification body as received,
 * and the gateway's body carries the card's token (`card.token`, `card_payment.token_id`): the history
 * file held chargeable tokens in clear beside the encrypted saved cards. From now on the body is
 * stored redacted (gateway/redact.ts) and the token, when there is one, encrypted under the card data
 * key in `token_ciphertext`. Rows written before are redacted in place; their tokens are dropped (the
 * data key is not at hand during a migration; a card is still saved from the first SUCCESS status
 * check, which carries the token too).
 *
 * `failed` marks a notification whose handling threw: it is kept, shown, and never retried at start-up
 * (one bad row must not stop the app from starting).
 */
import { redactBody } from '../gateway/redact'
import type { Db } from './database'

export const PRIVATE_NOTIFICATIONS_SCHEMA = `
  alter table notifications add column token_ciphertext blob;
  alter table notifications add column failed integer not null default 0 check (failed in (0, 1));
`

/**
 * Redacts every stored notification body of the database attached as `schema` ('main', or the backup
 * taken before migrating, which holds the same bodies). secure_delete zeroes the old text in place.
 */
export function redactStoredNotifications(db: Db, schema: string): void {
  const table = db.prepare(`select 1 from ${schema}.sqlite_master where type = 'table' and name = 'notifications'`).get()
  if (!table) return
  db.function('redact_body', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? redactBody(text) : text))
  db.exec(`update ${schema}.notifications set raw_body = redact_body(raw_body) where raw_body <> redact_body(raw_body)`)
}
