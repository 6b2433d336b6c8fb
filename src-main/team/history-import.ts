/**
 * Copies a desk's own Sandbox and Production histories (SQLite) into the team database it just
 * created, table by table, 500 rows at a time, keeping every id so that the rows still point at each
 * other. Each batch and its progress row commit together, so an import that stops (the app quit, the
 * network dropped) resumes where it stopped, and one run twice copies nothing twice
 * (`on conflict do nothing`). Saved card tokens are re-encrypted from the desk's key to the team's.
 */
import type { GatewayEnvironment } from '../../src-preload/contract'
import type { CardCipher } from '../credentials/card-cipher'
import type { Db } from '../store/database'
import type { PgDatabase } from '../store/postgres/pg-database'
import { historySchema } from '../store/postgres/team-schema'
import { CARD_LOCKING_STATUSES } from '../services/customers'
import { INVOICE_SEQUENCE_KEY } from '../services/invoice-numbers'

const BATCH = 500

/** Parents before children. `key` is the column a batch is resumed after (ids only grow). */
const TABLES: readonly { name: string; key: string | null }[] = [
  { name: 'customers', key: 'id' },
  { name: 'orders', key: 'id' },
  { name: 'attempts', key: 'id' },
  { name: 'events', key: 'id' },
  { name: 'saved_cards', key: 'id' },
  { name: 'refunds', key: 'id' },
  { name: 'notifications', key: 'id' },
  { name: 'audit_log', key: 'id' },
  { name: 'tracking', key: null },
  { name: 'settings', key: null },
]

/**
 * What a row already in the team is recognised by. A saved card: by its id, or by its customer and
 * token, for a customer already copied may have saved the same card in the team before the cards
 * came (found by review: the unique key stopped the import at that batch for good).
 */
const CONFLICT: Record<string, string> = { tracking: ' (subject, subject_id)', settings: ' (key)', saved_cards: '' }

export interface ImportSource {
  environment: GatewayEnvironment
  /** The desk's history of that environment (migrated), or null when the desk never used it. */
  db: Db | null
  deskCipher: CardCipher
  teamCipher: CardCipher
}

export interface ImportProgress {
  copied: number
  total: number
}

/** Rows of every table of every source: what the progress bar counts to. */
export function importTotal(sources: readonly ImportSource[]): number {
  let total = 0
  for (const source of sources) {
    if (!source.db) continue
    for (const table of TABLES) total += source.db.prepare(`select count(*) from ${table.name}`).pluck().get() as number
  }
  return total
}

/**
 * Before any other desk can write: each id sequence of the team starts past the desk's highest id,
 * so the ids the import keeps never meet a new row's.
 */
export function reserveIds(team: PgDatabase, sources: readonly ImportSource[]): void {
  team.transaction(() => {
    for (const source of sources) {
      if (!source.db) continue
      for (const table of TABLES) {
        if (table.key !== 'id') continue
        const max = source.db.prepare(`select max(id) from ${table.name}`).pluck().get() as number | null
        if (max === null) continue
        const qualified = `${historySchema(source.environment)}.${table.name}`
        team.prepare(`select setval(pg_get_serial_sequence(?, 'id'), greatest(?, (select coalesce(max(id), 0) from ${qualified})))`).get(qualified, max)
      }
    }
  })()
}

/** A desk's own history (SQLite) leaving a team: its sequence moves up to the team's `sequence`, never back. */
export function raiseInvoiceSequence(desk: Db | null, sequence: string, at: Date): void {
  if (!desk || !/^\d{1,15}$/.test(sequence)) return
  desk
    .prepare(
      `insert into settings (key, value, updated_at) values (?, ?, ?)
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
       where cast(settings.value as integer) < cast(excluded.value as integer) or settings.value glob '*[^0-9]*' or settings.value = ''`,
    )
    .run(INVOICE_SEQUENCE_KEY, sequence, at.toISOString())
}

/** Invoice numbers written to the team in one statement. */
const INVOICE_BATCH = 5_000

/**
 * Before this desk writes to the team (it creates or joins it): the team's next invoice number
 * is past this desk's, and every number this desk ever used is never given to a new order of the
 * team (used-invoices.ts), whether or not its history is copied. `withIds` (the creating desk) lets
 * the import copy each order with its own number.
 */
export function reserveUsedInvoices(team: PgDatabase, sources: readonly Pick<ImportSource, 'environment' | 'db'>[], at: Date, withIds: boolean): void {
  team.transaction(() => {
    for (const source of sources) {
      if (!source.db) continue
      const schema = historySchema(source.environment)
      const sequence = source.db.prepare('select value from settings where key = ?').pluck().get(INVOICE_SEQUENCE_KEY) as string | undefined
      if (sequence !== undefined && /^\d{1,15}$/.test(sequence)) {
        team
          .prepare(
            `insert into ${schema}.settings (key, value, updated_at) values (?, ?, ?)
             on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at
             where ${schema}.settings.value !~ '^[0-9]{1,15}$' or ${schema}.settings.value::bigint < excluded.value::bigint`,
          )
          .run(INVOICE_SEQUENCE_KEY, sequence, at.toISOString())
      }
      const insert = team.prepare(
        `insert into ${schema}.used_invoices (invoice_key, order_id)
         select r.invoice_key, r.order_id from jsonb_to_recordset(?::jsonb) as r(invoice_key text, order_id bigint)
         where not exists (select 1 from ${schema}.used_invoices u where u.invoice_key = r.invoice_key and u.order_id is not distinct from r.order_id)`,
      )
      const read = source.db.prepare(`select id, lower(invoice_number) as invoice_key from orders where id > ? order by id limit ${String(INVOICE_BATCH)}`)
      for (let lastId = 0; ;) {
        const rows = read.all(lastId) as { id: number; invoice_key: string }[]
        if (rows.length === 0) break
        insert.run(JSON.stringify(rows.map((row) => ({ invoice_key: row.invoice_key, order_id: withIds ? row.id : null }))))
        lastId = rows.at(-1)?.id ?? lastId
      }
    }
  })()
}

/**
 * The desk's phone orders whose charge is not settled (pending, or of unknown outcome) and whose card
 * no Supervisor unlocked: what the status tracker would still check here. In a team nothing checks a
 * desk's own history, so these must be settled, or come along in the import, first.
 */
export function unsettledCharges(sources: readonly Pick<ImportSource, 'db'>[]): string[] {
  const statuses = [...CARD_LOCKING_STATUSES]
  const invoices: string[] = []
  for (const source of sources) {
    if (!source.db) continue
    const rows = source.db
      .prepare(
        `select invoice_number from orders o
         where o.kind = 'phone_order' and o.status in (${statuses.map(() => '?').join(', ')})
           and not exists (select 1 from events e where e.order_id = o.id and json_extract(e.details, '$.override') = 1)
         order by o.id`,
      )
      .pluck()
      .all(...statuses) as string[]
    invoices.push(...rows)
  }
  return invoices
}

/** Blobs travel as PostgreSQL's hex text for bytea; tokens are re-encrypted and re-fingerprinted. */
function teamRow(table: string, row: Record<string, unknown>, source: ImportSource): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row }
  if ((table === 'saved_cards' || table === 'notifications') && Buffer.isBuffer(row['token_ciphertext'])) {
    const token = source.deskCipher.decrypt(row['token_ciphertext'])
    out['token_ciphertext'] = source.teamCipher.encrypt(token)
    if (table === 'saved_cards') out['token_fingerprint'] = source.teamCipher.fingerprint(token)
  }
  for (const [column, value] of Object.entries(out)) {
    if (Buffer.isBuffer(value)) out[column] = `\\x${value.toString('hex')}`
  }
  return out
}

export interface ImportRun {
  team: PgDatabase
  sources: readonly ImportSource[]
  /** After each batch; return false to stop (the import resumes later). */
  onProgress: (progress: ImportProgress) => boolean
}

/**
 * A desk's card the team already had under another id (saved meanwhile for the same customer): the
 * desk's phone orders name their card in their first timeline entry, which is what locks a card
 * whose charge is unknown (services/customers.ts cardLocks); they are pointed at the team's card.
 */
function cardsSavedMeanwhile(team: PgDatabase, schema: string): ReturnType<PgDatabase['prepare']> {
  return team.prepare(
    `with moved as (
       select b.id as desk_id, t.id as team_id, b.customer_id
       from jsonb_populate_recordset(null::${schema}.saved_cards, ?::jsonb) b
       join ${schema}.saved_cards t on t.customer_id = b.customer_id and t.token_fingerprint = b.token_fingerprint and t.id <> b.id
     )
     update ${schema}.events e set details = jsonb_set(e.details::jsonb, '{cardId}', to_jsonb(m.team_id))::text
     from moved m, ${schema}.orders o
     where e.order_id = o.id and o.customer_id = m.customer_id and e.type = 'created' and e.details::jsonb ->> 'cardId' = m.desk_id::text`,
  )
}

/** Copies what is not copied yet. Resolves with the final progress; throws what stopped it. */
export async function importHistory(run: ImportRun): Promise<ImportProgress & { stopped: boolean }> {
  const { team, sources } = run
  const total = importTotal(sources)
  let copied = (team.prepare('select coalesce(sum(copied), 0)::bigint from team.import_progress').pluck().get() as number) || 0
  for (const source of sources) {
    if (!source.db) continue
    const schema = historySchema(source.environment)
    for (const table of TABLES) {
      const done = team.prepare('select last_id, copied from team.import_progress where environment = ? and table_name = ?').get(source.environment, table.name) as
        { last_id: number; copied: number } | undefined
      if (done && table.key === null) continue
      let lastId = done?.last_id ?? 0
      const columns = (source.db.prepare(`select name from pragma_table_info(?)`).pluck().all(table.name) as string[]).map((c) => `"${c}"`).join(', ')
      const conflict = CONFLICT[table.name] ?? ' (id)'
      const insert = team.prepare(
        `insert into ${schema}.${table.name} (${columns}) select ${columns} from jsonb_populate_recordset(null::${schema}.${table.name}, ?::jsonb) on conflict${conflict} do nothing`,
      )
      const afterBatch = table.name === 'saved_cards' ? cardsSavedMeanwhile(team, schema) : null
      const read = table.key === null ? source.db.prepare(`select * from ${table.name}`) : source.db.prepare(`select * from ${table.name} where id > ? order by id limit ${String(BATCH)}`)
      for (;;) {
        const rows = (table.key === null ? read.all() : read.all(lastId)) as Record<string, unknown>[]
        if (rows.length === 0) break
        const batch = rows.map((row) => teamRow(table.name, row, source))
        const next = table.key === null ? 0 : (rows.at(-1)?.['id'] as number)
        team.transaction(() => {
          insert.run(JSON.stringify(batch))
          afterBatch?.run(JSON.stringify(batch))
          team
            .prepare(
              `insert into team.import_progress (environment, table_name, last_id, copied, total) values (?, ?, ?, ?, ?)
               on conflict (environment, table_name) do update set last_id = excluded.last_id, copied = team.import_progress.copied + excluded.copied, total = excluded.total`,
            )
            .run(source.environment, table.name, next, rows.length, total)
        })()
        copied += rows.length
        lastId = next
        if (!run.onProgress({ copied, total })) return { copied, total, stopped: true }
        // Let the app answer staff between batches.
        await new Promise((resolve) => setImmediate(resolve))
        if (table.key === null) break
      }
    }
  }
  return { copied, total, stopped: false }
}
