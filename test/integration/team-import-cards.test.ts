/**
 * The import copies customers first and saved cards much later, while the team already works: staff
 * may save the same card for an imported customer in between (a card link paid with "save card", or
 * by hand). Found by review: the card's unique key (customer, token) then stopped the import at that
 * batch, and every resume with it, so refunds, notifications and the audit log were never copied.
 * Now the team's card stands for the desk's, and the desk's phone orders point at it (their first
 * timeline entry names the card, which is what locks a card whose charge is unknown).
 */
import pg from 'pg'
import { expect, it } from 'vitest'
import { teamConnection } from './team/desks'
import { desk, teamDatabase } from './team/in-process-desks'
import { importEnd } from './team/import-end'

async function teamRows<R extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(sql, values)).rows
  } finally {
    await client.end()
  }
}

it('finishes although the team saved a card of an imported customer meanwhile, and the desk’s charges name the team’s card', async () => {
  const app = await desk()
  const url = await teamDatabase('import_cards')
  const customer = await app.call('customers.save', { name: 'Nurul Huda', email: 'nurul@example.my', phone: '013-222 3344' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const deskCard = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  const charged = await app.call('phoneOrders.charge', {
    customerId: customer.id,
    cardId: deskCard.id,
    invoiceNumber: 'INV-DESK-1',
    amountSen: 45_00,
    descriptor: 'KEDAI ALI',
    note: '',
    confirmDuplicate: false,
  })
  expect(charged.outcome).toBe('approved')

  await app.call('team.create', { connection: teamConnection(url), password: 'unused', importHistory: false })
  // Where the import stands after its first table (the customers, ids kept)…
  await teamRows(
    url,
    "insert into env_sandbox.customers (id, external_id, name, email, phone, created_at, updated_at) values ($1, $2, 'Nurul Huda', 'nurul@example.my', '+60132223344', now()::text, now()::text)",
    [customer.id, customer.externalId],
  )
  // …and staff at a desk of the team save the same card for that customer.
  const teamCard = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  expect(teamCard.id).not.toBe(deskCard.id)

  const view = await importEnd(app, () => app.call('team.importHistory'))
  expect(view.import).toMatchObject({ state: 'done' })
  expect(view.import?.copied).toBe(view.import?.total)
  expect((await app.call('customers.get', { id: customer.id })).cards.map((card) => card.id)).toEqual([teamCard.id])
  const [created] = await teamRows<{ details: string }>(
    url,
    "select e.details from env_sandbox.events e join env_sandbox.orders o on o.id = e.order_id where o.invoice_number = 'INV-DESK-1' and e.type = 'created'",
  )
  expect(JSON.parse(created?.details ?? '{}')).toMatchObject({ cardId: teamCard.id })
}, 60_000)
