/**
 * "Create team" with this desk's history: 100,000 orders (and their customers, events and a saved
 * card) copied into the team database with their ids, searchable there, the card still chargeable
 * (its token re-encrypted under the team key), and a second run copying nothing twice.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TeamView } from '../../src-preload/contract'
import { openHistoryDatabase } from '../../src-main/store/history-file'
import { seedOrders } from '../../src-main/store/seed'
import { freshDatabase } from '../support/postgres'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { teamConnection } from './team/desks'
import { importEnd } from './team/import-end'

const ORDERS = 100_000
let app: SandboxTestBackend
let database: { url: string; drop(): Promise<void> }

beforeAll(async () => {
  database = await freshDatabase('import')
  app = await startSandboxBackend()
}, 60_000)

afterAll(async () => {
  await app.close()
  await database.drop()
}, 60_000)

async function teamCount(table: string): Promise<number> {
  const client = new pg.Client({ connectionString: database.url })
  await client.connect()
  try {
    const { rows } = await client.query<{ n: string }>(`select count(*) as n from env_sandbox.${table}`)
    return Number(rows[0]?.n)
  } finally {
    await client.end()
  }
}

it('copies a desk history of 100,000 orders into the team: searchable, cards still chargeable, nothing copied twice', async () => {
  const customer = await app.call('customers.save', { name: 'Nurul Huda Ismail', email: 'nurul@example.my', phone: '013-222 3344' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await app.stop()
  const { db } = await openHistoryDatabase(app.dataDir, 'sandbox')
  const seeded = seedOrders(db, { count: ORDERS, now: app.now() })
  const sample = db.prepare('select invoice_number, customer_name from orders where id = ?').get((seeded.lastId ?? 0) - 17) as { invoice_number: string; customer_name: string }
  const deskRows = { orders: db.prepare('select count(*) from orders').pluck().get() as number, events: db.prepare('select count(*) from events').pluck().get() as number }
  db.close()
  await app.restart()

  const view = await importEnd(app, async () => {
    const created = await app.call('team.create', { connection: teamConnection(database.url), password: 'unused', importHistory: true })
    return created.team
  })
  expect(view.import).toMatchObject({ state: 'done' })
  expect(view.import?.copied).toBe(view.import?.total)
  expect(await teamCount('orders')).toBe(deskRows.orders)
  expect(await teamCount('events')).toBe(deskRows.events)

  // Searchable in the team, by invoice number and by name.
  const byInvoice = await app.call('orders.search', { text: sample.invoice_number, limit: 10 })
  expect(byInvoice.rows.map((row) => row.invoiceNumber)).toContain(sample.invoice_number)
  const byName = await app.call('orders.search', { text: sample.customer_name, limit: 10 })
  expect(byName.rows.length).toBeGreaterThan(0)

  // The saved card works from the team (its token re-encrypted under the team's key).
  const charged = await app.call('phoneOrders.charge', {
    customerId: customer.id,
    cardId: card.id,
    invoiceNumber: 'INV-TEAM-IMPORTED',
    amountSen: 45_00,
    descriptor: 'KEDAI ALI',
    note: '',
    confirmDuplicate: false,
  })
  expect(charged.outcome).toBe('approved')

  // Run again: nothing copied twice; new rows of the team keep their own ids.
  const again = await importEnd(app, () => app.call('team.importHistory'))
  expect(again.import).toMatchObject({ state: 'done' })
  expect(await teamCount('orders')).toBe(deskRows.orders + 1)
}, 240_000)

it('resumes an import stopped by a restart where it stopped, to the same rows', async () => {
  const resumed = await freshDatabase('resume')
  const desk = await startSandboxBackend()
  try {
    await desk.stop()
    const { db } = await openHistoryDatabase(desk.dataDir, 'sandbox')
    seedOrders(db, { count: 5_000, now: desk.now() })
    const orders = db.prepare('select count(*) from orders').pluck().get() as number
    db.close()
    await desk.restart()
    const running = new Promise<void>((resolve) => {
      const unsubscribe = desk.backend.events.subscribe((name, payload) => {
        const view = payload as TeamView
        if (name === 'team.changed' && view.import?.state === 'running' && view.import.copied > 0) {
          unsubscribe()
          resolve()
        }
      })
    })
    await desk.call('team.create', { connection: teamConnection(resumed.url), password: 'unused', importHistory: true })
    await running
    await desk.restart()
    const stopped = await desk.call('team.get')
    expect(stopped.import).toMatchObject({ state: 'stopped' })
    expect(stopped.import?.copied).toBeLessThan(stopped.import?.total ?? 0)
    const done = await importEnd(desk, () => desk.call('team.importHistory'))
    expect(done.import).toMatchObject({ state: 'done' })
    const client = new pg.Client({ connectionString: resumed.url })
    await client.connect()
    const { rows } = await client.query<{ n: string; distinct_ids: string }>('select count(*) as n, count(distinct invoice_number) as distinct_ids from env_sandbox.orders')
    await client.end()
    expect(Number(rows[0]?.n)).toBe(orders)
    expect(Number(rows[0]?.distinct_ids)).toBe(orders)
  } finally {
    await desk.close()
    await resumed.drop()
  }
}, 120_000)
