/**
 * The local history of one environment: one repository per table, over one better-sqlite3
 * connection that backend.ts opened and migrated. Each repository prepares its statements once, here.
 *
 *   const history = createHistory(db, { cipher: createCardCipher(await loadOrCreateDataKey(store, 'training')) })
 *   history.orders.search({ text: 'siti', statuses: ['PAID'], limit: 50 })
 *
 * `transaction` runs several writes atomically (e.g. an order, its attempt and its first event).
 * The same repositories run on SQLite (a desk's own file) and on PostgreSQL (a team's database,
 * store/postgres/): `engineOf(db)` tells which where the SQL must differ.
 */
import type { CardCipher } from '../credentials/card-cipher'
import { AttemptsRepository } from './attempts'
import { AuditRepository } from './audit'
import { CardsRepository } from './cards'
import { CustomersRepository } from './customers'
import { randomUUID } from 'node:crypto'
import { engineOf, type SqlDatabase } from './database'
import { EventsRepository } from './events'
import { NotificationsRepository } from './notifications'
import { OrdersRepository } from './orders'
import { RefundsRepository } from './refunds'
import { ReportsRepository } from './reports'
import { TrackingRepository } from './tracking'

export interface HistoryOptions {
  /** Encrypts saved card tokens; its key lives in the keychain (loadOrCreateDataKey). */
  cipher: CardCipher
}

export interface History {
  readonly db: SqlDatabase
  readonly orders: OrdersRepository
  readonly attempts: AttemptsRepository
  readonly events: EventsRepository
  readonly customers: CustomersRepository
  readonly cards: CardsRepository
  readonly refunds: RefundsRepository
  readonly notifications: NotificationsRepository
  readonly audit: AuditRepository
  readonly tracking: TrackingRepository
  /** The home screen's and the end-of-day report's figures and lists (services/home-figures.ts). */
  readonly reports: ReportsRepository
  /** Runs `work` in one transaction (nested calls become savepoints). */
  transaction<T>(work: () => T): T
  /**
   * The write-ahead of a money movement (a charge, a link, a refund): its checks and its writes in one
   * transaction that no other money movement of this history runs beside, at any desk. SQLite has
   * one writer at a time already; on PostgreSQL a transaction-scoped advisory lock makes the desks
   * of a team take turns, so two desks charging one card cannot both find it free.
   */
  moneyTransaction<T>(work: () => T): T
  /**
   * Claims the right to ask the gateway about one order's or refund's status until `release` is
   * called; null when another desk of the team is asking right now. A desk's own history has no
   * other desk: always granted.
   */
  claimCheck(subject: 'order' | 'refund', id: number): CheckClaim | null
}

/** The right to ask about one order's or refund's status, from its due check until its answer is recorded. */
export interface CheckClaim {
  /**
   * The request is about to leave: in a team, a pending read is written to the shared history first,
   * so that if this desk dies before recording the answer the next check, at any desk, still waits 60 s
   * after this one (the leader later settles the row as interrupted).
   */
  sending(orderId: number, path: string, at: string): void
  release(): void
}

/** The advisory lock classes of status checks (with the subject's id as the second key). */
const CHECK_LOCK = { order: 7_391_006, refund: 7_391_007 } as const
const GRANTED: CheckClaim = { sending: () => undefined, release: () => undefined }

/** The advisory lock class of money write-aheads (with the history's schema as the second key). */
const MONEY_LOCK = 7_391_005

/** The database must be migrated to the newest version (migrate() in migrations.ts). */
export function createHistory(db: SqlDatabase, options: HistoryOptions): History {
  // One transaction function for every call, taking the work as its argument: better-sqlite3's
  // `transaction()` builds four wrappers and defines their properties each time it is called, and a
  // status check ran four transactions (docs/performance.md, item 18).
  const inTransaction = db.transaction((work: () => unknown) => work())
  const transaction = <T>(work: () => T): T => inTransaction(work) as T
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
    reports: new ReportsRepository(db),
    transaction,
    moneyTransaction:
      engineOf(db) === 'postgres'
        ? (work) =>
            db.transaction(() => {
              db.prepare('select pg_advisory_xact_lock(?, hashtext(current_schema()))').get(MONEY_LOCK)
              return work()
            })()
        : transaction,
    claimCheck:
      engineOf(db) === 'postgres'
        ? (subject, id) => {
            // Session-level: held across the gateway call, and gone with the session if the desk dies.
            const taken = db.prepare('select pg_try_advisory_lock(?, ?)').pluck().get(CHECK_LOCK[subject], id) === true
            if (!taken) return null
            let pending: number | null = null
            return {
              sending: (orderId, path, at) => {
                pending = db
                  .prepare("insert into attempts (order_id, operation, request_id, method, path, outcome, started_at) values (?, 'status', ?, 'GET', ?, 'pending', ?) returning id")
                  .pluck()
                  .get(orderId, `claim-${randomUUID()}`, path, at) as number
              },
              release: () => {
                try {
                  // The answer is recorded (or the check failed before sending): the marker has done its job.
                  if (pending !== null) db.prepare("delete from attempts where id = ? and outcome = 'pending'").run(pending)
                  db.prepare('select pg_advisory_unlock(?, ?)').get(CHECK_LOCK[subject], id)
                } catch {
                  // The session is gone (and its lock with it); a marker left behind is settled by the leader.
                }
              },
            }
          }
        : () => GRANTED,
  }
}
