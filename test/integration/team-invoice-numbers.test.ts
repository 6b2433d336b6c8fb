/**
 * Status checks ask the gateway by invoice number, so a number a desk used before it worked in the
 * team must never be given to a new order of the team: the old payment's status would be read as
 * the new order's. Both ways a desk's numbers reach a team: the desk that creates it (its history
 * copied or not) and a desk that joins it with a history of its own.
 */
import { expect, it } from 'vitest'
import { cardLink } from './link-requests'
import type { SandboxTestBackend } from './sandbox-fixture'
import { teamConnection } from './team/desks'
import { desk, teamDatabase } from './team/in-process-desks'

/** Links made with the sequence's numbers, then one typed by hand; returns the numbers used. */
async function linksAlone(app: SandboxTestBackend, count: number, typed: string): Promise<string[]> {
  const used: string[] = []
  for (let i = 0; i < count; i += 1) {
    const { invoiceNumber } = await app.call('links.prepare')
    await app.call('links.create', cardLink({ invoiceNumber }))
    used.push(invoiceNumber)
  }
  await app.call('links.create', cardLink({ invoiceNumber: typed }))
  return [...used, typed]
}

it('gives a new order of the team none of the numbers its creating desk used, its history copied or not', async () => {
  const app = await desk()
  const used = await linksAlone(app, 3, 'SHOP-77')
  expect(used.slice(0, 3)).toEqual(['INV-000001', 'INV-000002', 'INV-000003'])

  await app.call('team.create', { connection: teamConnection(await teamDatabase('numbers_created')), password: 'unused', importHistory: false })
  expect(await app.call('orders.search', { text: 'INV-000001', limit: 5 })).toMatchObject({ rows: [] })

  expect((await app.call('links.prepare')).invoiceNumber).toBe('INV-000004')
  for (const invoiceNumber of ['inv-000002', 'shop-77']) {
    expect(await app.failure('links.create', cardLink({ invoiceNumber }))).toMatchObject({ code: 'DUPLICATE_INVOICE', field: 'invoiceNumber' })
  }
  const made = await app.call('links.create', cardLink({ invoiceNumber: 'INV-000004' }))
  expect(made.order.invoiceNumber).toBe('INV-000004')
})

it('gives none of the numbers a joining desk used on its own, at any desk of the team', async () => {
  const creator = await desk()
  await linksAlone(creator, 2, 'A-TYPED-1')
  const url = await teamDatabase('numbers_joined')
  const { teamKey } = await creator.call('team.create', { connection: teamConnection(url), password: 'unused', importHistory: true })

  const joiner = await desk()
  await linksAlone(joiner, 6, 'B-TYPED-1')
  await joiner.call('team.join', { connection: teamConnection(url), password: 'unused', teamKey })
  await joiner.signInAs('admin') // the team's Admin: the creator's, copied into the team

  // The creator's next number is past the joiner's six, and the joiner's own numbers are taken.
  expect((await creator.call('links.prepare')).invoiceNumber).toBe('INV-000007')
  expect((await joiner.call('links.prepare')).invoiceNumber).toBe('INV-000007')
  for (const invoiceNumber of ['INV-000005', 'b-typed-1', 'A-TYPED-1']) {
    expect(await creator.failure('links.create', cardLink({ invoiceNumber }))).toMatchObject({ code: 'DUPLICATE_INVOICE' })
  }
})

it('gives none of the team’s numbers at a desk that left it', async () => {
  const app = await desk()
  await app.call('team.create', { connection: teamConnection(await teamDatabase('numbers_left')), password: 'unused', importHistory: false })
  await linksAlone(app, 3, 'TEAM-TYPED-1')
  await app.call('team.leave')
  await app.signInAs('admin')
  expect((await app.call('team.get')).mode).toBe('desk')
  expect((await app.call('links.prepare')).invoiceNumber).toBe('INV-000004')
})
