/**
 * In a team nothing checks a desk's own history, so a desk may not move into one while a phone
 * charge of its own is unsettled (pending, or of unknown outcome, its card not unlocked by a
 * Supervisor): the customer may have been charged and nobody would find out. Creating a team with
 * the history copied brings such charges along, where the team's tracker checks them.
 */
import { expect, it } from 'vitest'
import type { SandboxTestBackend } from './sandbox-fixture'
import { teamConnection } from './team/desks'
import { desk, teamDatabase } from './team/in-process-desks'
import { importEnd } from './team/import-end'

/** A phone charge whose answer was lost (the gateway charged the card): Outcome unknown. */
async function unknownCharge(app: SandboxTestBackend, invoiceNumber: string): Promise<number> {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await app.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
  const charged = await app.call('phoneOrders.charge', { customerId: customer.id, cardId: card.id, invoiceNumber, amountSen: 88_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false })
  expect(charged.outcome).toBe('unknown')
  return charged.detail.order.id
}

it('refuses to join a team while a phone charge of this desk is unsettled, and joins once a check settled it', async () => {
  const creator = await desk()
  const url = await teamDatabase('unsettled_join')
  const { teamKey } = await creator.call('team.create', { connection: teamConnection(url), password: 'unused', importHistory: false })

  const joiner = await desk()
  const orderId = await unknownCharge(joiner, 'INV-LOST-1')
  const join = { connection: teamConnection(url), password: 'unused', teamKey }
  const refused = await joiner.failure('team.join', join)
  expect(refused).toMatchObject({ code: 'UNSETTLED_CHARGES', say: { id: 'said.team.unsettledJoin', values: { count: 1, invoices: 'INV-LOST-1' } } })
  expect(refused.message).toContain('check its status in Orders first')
  expect((await joiner.call('team.get')).mode).toBe('desk')

  // The check settles it (the gateway did charge the card): the desk may join.
  joiner.advance(61_000)
  expect((await joiner.call('orders.checkStatus', { id: orderId })).order.status).toBe('PAID')
  await joiner.call('team.join', join)
  expect((await joiner.call('team.get')).mode).toBe('team')
})

it('refuses to create a team without the history while a charge is unsettled; with the history, the team holds it', async () => {
  const app = await desk()
  await unknownCharge(app, 'INV-LOST-2')
  const url = await teamDatabase('unsettled_create')
  expect(await app.failure('team.create', { connection: teamConnection(url), password: 'unused', importHistory: false })).toMatchObject({
    code: 'UNSETTLED_CHARGES',
    say: { id: 'said.team.unsettledCreate' },
  })
  expect((await app.call('team.get')).mode).toBe('desk')

  const view = await importEnd(app, async () => (await app.call('team.create', { connection: teamConnection(url), password: 'unused', importHistory: true })).team)
  expect(view).toMatchObject({ mode: 'team', import: { state: 'done' } })
  const found = await app.call('orders.search', { text: 'INV-LOST-2', limit: 5 })
  expect(found.rows.map((row) => [row.invoiceNumber, row.status])).toEqual([['INV-LOST-2', 'OUTCOME_UNKNOWN']])
})
