/**
 * Saved cards. The token is stored only encrypted (see credentials/card-cipher.ts) and found by its
 * keyed fingerprint; every row this repository returns leaves the token out. `token()` is the one
 * way to read it back, for the charge call only.
 */
import type { CardCipher } from '../credentials/card-cipher'
import type { SqlDatabase, SqlStatement } from './database'
import type { NewSavedCard, SavedCardRow } from './history-types'

interface CardRecord {
  id: number
  customer_id: number
  masked: string | null
  brand: string | null
  issuer: string | null
  source: SavedCardRow['source']
  active: number
  added_at: string
  last_used_at: string | null
}

/** Every column but the token's ciphertext and fingerprint. */
const SHOWN = 'id, customer_id, masked, brand, issuer, source, active, added_at, last_used_at'

function toCardRow(r: CardRecord): SavedCardRow {
  return {
    id: r.id,
    customerId: r.customer_id,
    masked: r.masked,
    brand: r.brand,
    issuer: r.issuer,
    source: r.source,
    active: r.active === 1,
    addedAt: r.added_at,
    lastUsedAt: r.last_used_at,
  }
}

export class CardsRepository {
  private readonly insertStatement: SqlStatement
  private readonly reactivateStatement: SqlStatement
  private readonly byFingerprintStatement: SqlStatement
  private readonly forCustomerStatement: SqlStatement
  private readonly getStatement: SqlStatement
  private readonly ciphertextStatement: SqlStatement
  private readonly deactivateStatement: SqlStatement
  private readonly markUsedStatement: SqlStatement

  constructor(
    private readonly db: SqlDatabase,
    private readonly cipher: CardCipher,
  ) {
    this.insertStatement = db.prepare(`insert into saved_cards (customer_id, token_ciphertext, token_fingerprint, masked, brand, issuer, source, active, added_at)
      values (@customerId, @ciphertext, @fingerprint, @masked, @brand, @issuer, @source, 1, @addedAt) returning ${SHOWN}`)
    // The same card saved again: switched back on, with what the gateway now says about it.
    this.reactivateStatement = db.prepare(`update saved_cards set active = 1, deactivated_at = null, masked = coalesce(@masked, masked), brand = coalesce(@brand, brand),
      issuer = coalesce(@issuer, issuer) where id = @id returning ${SHOWN}`)
    this.byFingerprintStatement = db.prepare(`select ${SHOWN} from saved_cards where customer_id = ? and token_fingerprint = ?`)
    this.forCustomerStatement = db.prepare(`select ${SHOWN} from saved_cards where customer_id = ? order by active desc, coalesce(last_used_at, added_at) desc, id desc`)
    this.getStatement = db.prepare(`select ${SHOWN} from saved_cards where id = ?`)
    this.ciphertextStatement = db.prepare('select token_ciphertext from saved_cards where id = ?').pluck()
    this.deactivateStatement = db.prepare(`update saved_cards set active = 0, deactivated_at = ? where id = ? returning ${SHOWN}`)
    this.markUsedStatement = db.prepare(`update saved_cards set last_used_at = ? where id = ? returning ${SHOWN}`)
  }

  /** Saves a card; the same token again for the same customer returns its existing row, active again. */
  add(card: NewSavedCard): SavedCardRow {
    const fingerprint = this.cipher.fingerprint(card.token)
    return this.db.transaction(() => {
      const existing = this.byFingerprintStatement.get(card.customerId, fingerprint) as CardRecord | undefined
      if (existing) return toCardRow(this.reactivateStatement.get({ id: existing.id, masked: card.masked, brand: card.brand, issuer: card.issuer }) as CardRecord)
      const { token, ...shown } = card
      return toCardRow(this.insertStatement.get({ ...shown, ciphertext: this.cipher.encrypt(token), fingerprint }) as CardRecord)
    })()
  }

  forCustomer(customerId: number): SavedCardRow[] {
    return (this.forCustomerStatement.all(customerId) as CardRecord[]).map(toCardRow)
  }

  get(id: number): SavedCardRow | null {
    const row = this.getStatement.get(id) as CardRecord | undefined
    return row ? toCardRow(row) : null
  }

  /** The card's token in clear, for the charge request only: never log it, never return it to the renderer. */
  token(cardId: number): string {
    const blob = this.ciphertextStatement.get(cardId) as Buffer | undefined
    if (!blob) throw new Error(`Saved card ${String(cardId)} does not exist.`)
    return this.cipher.decrypt(blob)
  }

  findByToken(customerId: number, token: string): SavedCardRow | null {
    const row = this.byFingerprintStatement.get(customerId, this.cipher.fingerprint(token)) as CardRecord | undefined
    return row ? toCardRow(row) : null
  }

  /** Hides the card from the phone order form; the row stays, for the history of past charges. */
  deactivate(id: number, at: string): SavedCardRow {
    return this.changed(id, this.deactivateStatement.get(at, id))
  }

  markUsed(id: number, at: string): SavedCardRow {
    return this.changed(id, this.markUsedStatement.get(at, id))
  }

  private changed(id: number, row: unknown): SavedCardRow {
    if (row === undefined) throw new Error(`Saved card ${String(id)} does not exist.`)
    return toCardRow(row as CardRecord)
  }
}
