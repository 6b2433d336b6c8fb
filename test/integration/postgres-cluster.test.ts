/** The team-mode test plumbing: the run's throw-away cluster and a fresh database per test. */
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { freshDatabase, postgresUrl } from '../support/postgres'

const toDrop: { drop(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(toDrop.splice(0).map((db) => db.drop()))
})

async function query<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

async function databaseExists(name: string): Promise<boolean> {
  const rows = await query<{ count: string }>(postgresUrl(), 'select count(*) from pg_database where datname = $1', [name])
  return rows[0]?.count === '1'
}

describe('the throw-away PostgreSQL cluster', () => {
  it('gives a fresh database to create tables in, with pg_trgm available', async () => {
    const db = await freshDatabase('plumbing')
    toDrop.push(db)
    expect(db.name).toMatch(/^t_plumbing_[0-9a-f]{12}$/)

    const client = new pg.Client({ connectionString: db.url })
    await client.connect()
    try {
      expect((await client.query<{ name: string }>('select current_database() as name')).rows[0]?.name).toBe(db.name)
      await client.query('create table orders (id bigint primary key, customer text not null)')
      await client.query("insert into orders values (1, 'Aminah binti Yusof'), (2, 'Tan Wei Ming')")
      await client.query('create extension if not exists pg_trgm')
      await client.query('create index orders_customer_trgm on orders using gin (customer gin_trgm_ops)')
      const rows = await client.query<{ id: string }>("select id from orders where customer % 'Aminah Yusof' order by id")
      expect(rows.rows.map((row) => row.id)).toEqual(['1'])
    } finally {
      await client.end()
    }
  })

  it('gives a different database each time', async () => {
    const first = await freshDatabase('twice')
    const second = await freshDatabase('twice')
    toDrop.push(first, second)
    expect(first.name).not.toBe(second.name)
    await query(first.url, 'create table only_in_first (id int)')
    const tables = await query(second.url, "select 1 from information_schema.tables where table_name = 'only_in_first'")
    expect(tables).toEqual([])
  })

  it('drop() removes the database, even with a connection still open', async () => {
    const db = await freshDatabase('dropped')
    expect(await databaseExists(db.name)).toBe(true)
    const lingering = new pg.Client({ connectionString: db.url })
    lingering.on('error', () => undefined) // terminated by drop(), as intended
    await lingering.connect()
    try {
      await db.drop()
      expect(await databaseExists(db.name)).toBe(false)
      await db.drop() // a second drop() is harmless
    } finally {
      await lingering.end().catch(() => undefined)
    }
  })
})
