/**
 * Numbered schema migrations, applied in order at start-up inside one transaction each. The schema
 * version is SQLite's `user_version`. A database from a newer app is refused with a clear error,
 * never silently downgraded; before any migration the file is copied aside as a backup.
 */
import { chmodSync, existsSync } from 'node:fs'
import type { Db } from './database'
import { HISTORY_SCHEMA } from './migration-2-history'
import { TRACKING_SCHEMA } from './migration-3-tracking'
import { PRIVATE_NOTIFICATIONS_SCHEMA, redactStoredNotifications } from './migration-4-private-notifications'
import { REVIEW_SCHEMA } from './migration-5-review'
import { OPERATORS_SCHEMA } from './migration-6-operators'
import { INVOICE_CASE_SCHEMA } from './migration-7-invoice-case'
import { TAKINGS_SCHEMA } from './migration-8-takings'
import { CUSTOMER_LANGUAGE_SCHEMA } from './migration-9-customer-language'
import { AMOUNT_FILTER_SCHEMA } from './migration-10-amount-filter'
import { ATTEMPTS_REQUEST_INDEX_SCHEMA } from './migration-11-attempts-request-index'
import { REFUNDS_OF_COUNTED_PAYMENTS_SCHEMA } from './migration-12-refunds-of-counted-payments'
import { INVOICE_DIGITS_SCHEMA } from './migration-13-invoice-digits'
import { PRIVATE_FILE_MODE } from '../private-files'

export interface Migration {
  version: number
  name: string
  up: (db: Db) => void
  /**
   * Removes what an older version left in clear (a token, say) from the database attached under
   * `schema`. `up` runs it on the history itself; migrate runs it on the backup taken before, so the
   * copy kept for safety does not keep the secret.
   */
  scrub?: (db: Db, schema: string) => void
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'settings',
    up: (db) => {
      db.exec(`
        create table settings (
          key text primary key,
          value text not null,
          updated_at text not null
        ) strict;
      `)
    },
  },
  {
    // The local history: orders and their full-text index, attempts, timeline, customers, saved
    // cards, refunds, notifications and the audit log. See docs/history.md.
    version: 2,
    name: 'history',
    up: (db) => {
      db.exec(HISTORY_SCHEMA)
    },
  },
  {
    // The status tracker's schedule, notifications acted on after they were stored, refund messages.
    version: 3,
    name: 'tracking',
    up: (db) => {
      db.exec(TRACKING_SCHEMA)
    },
  },
  {
    // Notification bodies stored redacted, their token encrypted; notifications that failed marked.
    version: 4,
    name: 'private notifications',
    up: (db) => {
      db.exec(PRIVATE_NOTIFICATIONS_SCHEMA)
      redactStoredNotifications(db, 'main')
    },
    scrub: redactStoredNotifications,
  },
  {
    // Orders whose gateway answer needs a person (currency or amount not the order's), and paid amounts that differ.
    version: 5,
    name: 'review',
    up: (db) => {
      db.exec(REVIEW_SCHEMA)
    },
  },
  {
    // Who approved an action on the spot, beside who made it (docs/operators.md).
    version: 6,
    name: 'operators',
    up: (db) => {
      db.exec(OPERATORS_SCHEMA)
    },
  },
  {
    // Invoice numbers compared without regard to case: the look-up the services refuse a used one by.
    version: 7,
    name: 'invoice numbers without regard to case',
    up: (db) => {
      db.exec(INVOICE_CASE_SCHEMA)
    },
  },
  {
    // The home screen's and the end-of-day report's takings per hour and channel, kept by triggers (docs/home-and-report.md).
    version: 8,
    name: 'takings',
    up: (db) => {
      db.exec(TAKINGS_SCHEMA)
    },
  },
  {
    // The customer's own language for what the customer reads (drafts, receipt, the channel page); docs/i18n.md.
    version: 9,
    name: 'customer language',
    up: (db) => {
      db.exec(CUSTOMER_LANGUAGE_SCHEMA)
    },
  },
  {
    // The amount index carries the other filtered columns: an amount range is searched in it alone (issue 23).
    version: 10,
    name: 'amount ranges searched in their index alone',
    up: (db) => {
      db.exec(AMOUNT_FILTER_SCHEMA)
    },
  },
  {
    // An index nothing read, written at every gateway request recorded (issue 23).
    version: 11,
    name: 'attempts without an index on their Request-Id',
    up: (db) => {
      db.exec(ATTEMPTS_REQUEST_INDEX_SCHEMA)
    },
  },
  {
    // A refund counts in the takings only while its payment does (not while it waits for review; docs/home-and-report.md).
    version: 12,
    name: 'refunds count with their payment',
    up: (db) => {
      db.exec(REFUNDS_OF_COUNTED_PAYMENTS_SCHEMA)
    },
  },
  {
    // Invoices found by the last digits a customer reads out: 2836 finds INV-2026-002836 (docs/history.md, "The text box").
    version: 13,
    name: 'invoices found by their last digits',
    up: (db) => {
      db.exec(INVOICE_DIGITS_SCHEMA)
    },
  },
]

export class SchemaTooNewError extends Error {
  constructor(file: string, found: number, known: number) {
    super(`The local database ${file} was written by a newer version of the app (schema ${String(found)}, this app knows ${String(known)}). Update the app; the file was left untouched.`)
    this.name = 'SchemaTooNewError'
  }
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number
}

function scrubBackup(db: Db, backup: string, pending: readonly Migration[]): void {
  const scrubs = pending.flatMap((migration) => (migration.scrub ? [migration.scrub] : []))
  if (scrubs.length === 0) return
  db.prepare('attach database ? as backup').run(backup)
  try {
    db.pragma('backup.secure_delete = ON')
    for (const scrub of scrubs) scrub(db, 'backup')
  } finally {
    db.exec('detach database backup')
  }
}

/** Brings the database up to the newest schema; returns the path of the backup made, if any. */
export async function migrate(db: Db, file: string, migrations: readonly Migration[] = MIGRATIONS, now: () => Date = () => new Date()): Promise<string | null> {
  const current = schemaVersion(db)
  const newest = migrations.at(-1)?.version ?? 0
  if (current > newest) throw new SchemaTooNewError(file, current, newest)
  const pending = migrations.filter((migration) => migration.version > current)
  if (pending.length === 0) return null
  let backup: string | null = null
  if (current > 0 && existsSync(file)) {
    backup = `${file}.backup-v${String(current)}-${now().toISOString().replace(/[:.]/g, '-')}`
    await db.backup(backup)
    if (process.platform !== 'win32') chmodSync(backup, PRIVATE_FILE_MODE)
    scrubBackup(db, backup, pending)
  }
  for (const migration of pending) {
    db.transaction(() => {
      migration.up(db)
      db.pragma(`user_version = ${String(migration.version)}`)
    })()
  }
  return backup
}
