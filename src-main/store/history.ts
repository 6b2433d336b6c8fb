/**
 * The local history of one environment: one repository per table, over one better-sqlite3
 * connection that backend.ts opened and migrated. Each repository prepares its statements once, here.
 *
 *   const history = createHistory(db, { cipher: createCardCipher(await loadOrCreateDataKey(store, 'training')) })
 *   history.orders.search({ text: 'siti', statuses: ['PAID'], limit: 50 })
 *
 * `transaction` runs several writes atomically (e.g. an order, its attempt and its first event).
 */
import type { CardCipher } from '../credentials/card-cipher'
import { AttemptsRepository } from './attempts'
import { AuditRepository } from './audit'
import { CardsRepository } from './cards'
import { CustomersRepository } from './customers'
import type { Db } from './database'
import { EventsRepository } from './events'
import { NotificationsRepository } from './notifications'
import { OrdersRepository } from './orders'
import { RefundsRepository } from './refunds'
import { TrackingRepository } from './tracking'

export interface HistoryOptions {
  /** Encrypts saved card tokens; its key lives in the keychain (loadOrCreateDataKey). */
  cipher: CardCipher
}

export interface History {
  readonly db: Db
  readonly orders: OrdersRepository
  readonly attempts: AttemptsRepository
  readonly events: EventsRepository
  readonly customers: CustomersRepository
  readonly cards: CardsRepository
  readonly refunds: RefundsRepository
  readonly notifications: NotificationsRepository
  readonly audit: AuditRepository
  readonly tracking: TrackingRepository
  /** Runs `work` in one transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T
}

/** The database must be migrated to the newest version (migrate() in migrations.ts). */
export function createHistory(db: Db, options: HistoryOptions): History {
  return {
    db,
    orders: new OrdersRepository(db),
    attempts: new AttemptsRepository(db),
    events: new EventsRepository(db),
    customers: new CustomersRepository(db),
    cards: new CardsRepository(db, options.cipher),
    refunds: new RefundsRepository(db),
    notifications: new NotificationsRepository(db, options.cipher),
    audit: new AuditRepository(db),
    tracking: new TrackingRepository(db),
    transaction: (work) => db.transaction(work)(),
  }
}
