/**
 * Team mode end to end: desks in their own processes (as on a shop's computers) against one real
 * PostgreSQL and one simulated gateway. Creating and joining a team, a link seen at the other desk,
 * both desks charging one card at the same moment (one charge at the gateway), the tracker moving to
 * the other desk when its leader dies, and a wrong team key refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChargeResult } from '../../src-preload/contract'
import { freshDatabase } from '../support/postgres'
import { cardLink } from './link-requests'
import { startShop, teamConnection, type Desk, type Shop } from './team/desks'
import { freePort } from '../support/free-port'

let shop: Shop
let database: { url: string; drop(): Promise<void> }
let deskA: Desk
let deskB: Desk
let teamKey = ''

beforeAll(async () => {
  database = await freshDatabase('team')
  shop = await startShop()
  ;[deskA, deskB] = await Promise.all([shop.startDesk('front'), shop.startDesk('back')])
}, 60_000)

afterAll(async () => {
  await shop.close()
  await database.drop()
}, 60_000)

describe('a team of two desks', () => {
  it('is created at one desk (its key shown once) and joined at the other with that key only', async () => {
    const connection = teamConnection(database.url)
    const probe = await deskA.call('team.probe', { connection, password: 'unused' })
    expect(probe).toMatchObject({ ok: true, found: 'empty', message: 'Connected. The database is empty: you can create the team in it.', say: { id: 'said.team.probeEmpty' } })
    const created = await deskA.call('team.create', { connection, password: 'unused', importHistory: false })
    expect(created.team).toMatchObject({ mode: 'team', state: 'connected' })
    expect(created.teamKey).toMatch(/^([A-Z2-7]{5}-){7}[A-Z2-7]{5}$/)
    teamKey = created.teamKey
    // Still signed in (its operators moved with it) and the key is never shown again.
    expect(await deskA.call('session.status')).toMatchObject({ operator: { login: 'aisyah' } })
    expect(JSON.stringify(await deskA.call('team.get'))).not.toContain(teamKey.replaceAll('-', '').slice(0, 10))

    expect(await deskB.call('team.probe', { connection, password: 'unused' })).toMatchObject({ ok: true, found: 'team' })
    const wrongKey = teamKey.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    expect(await deskB.failure('team.join', { connection, password: 'unused', teamKey: wrongKey })).toMatchObject({ field: 'teamKey' })
    expect(await deskB.call('team.get')).toMatchObject({ mode: 'desk' })
    const joined = await deskB.call('team.join', { connection, password: 'unused', teamKey: teamKey.toLowerCase() })
    expect(joined).toMatchObject({ mode: 'team', state: 'connected' })
    // The team's operators now: signed out, and in again with the team's login.
    expect(await deskB.failure('orders.search', { limit: 10 })).toMatchObject({ code: 'SIGNED_OUT' })
    await deskB.signIn()
    // Only the desk that created the team may copy its history in (the team kept its ids free).
    expect(await deskB.failure('team.importHistory')).toMatchObject({ code: 'IMPORT_NOT_HERE' })
  }, 60_000)

  it('says in shop words why a connection failed: nothing on that port, no such database', async () => {
    const connection = teamConnection(database.url)
    const closed = await freePort()
    expect(await deskA.call('team.probe', { connection: { ...connection, port: closed }, password: 'unused' })).toMatchObject({
      ok: false,
      found: 'unreachable',
      message: `Cannot connect: nothing answers on ${connection.host} port ${String(closed)}. Check the port, and that PostgreSQL runs there and accepts connections from this computer.`,
    })
    expect(await deskA.call('team.probe', { connection: { ...connection, database: 'no_such_db' }, password: 'unused' })).toMatchObject({
      ok: false,
      say: { id: 'said.team.connect.noDatabase', values: { database: 'no_such_db' } },
    })
  })

  it('tests its own connection with the kept password, and any other only with a password typed', async () => {
    const connection = teamConnection(database.url)
    expect(await deskA.call('team.probe', { connection })).toMatchObject({ ok: true, found: 'team' })
    // The kept password goes to the team's database only, never to a server the caller names.
    for (const elsewhere of [
      { ...connection, port: connection.port + 1 },
      { ...connection, user: 'someone' },
      { ...connection, database: 'other' },
    ]) {
      expect(await deskA.failure('team.probe', { connection: elsewhere })).toMatchObject({ code: 'INVALID_INPUT', field: 'password', message: 'Enter the database password.' })
    }
  })

  it('shows a link made at one desk at the other, and tells its screens', async () => {
    // How soon is the team bench's figure (npm run bench); here only that it comes, for that order.
    const changed = deskB.nextEvent('orders.changed', () => true, 10_000)
    const link = await deskA.call('links.create', cardLink({ invoiceNumber: 'INV-TEAM-0001' }))
    const event = await changed
    expect(event.payload).toEqual({ id: link.order.id })
    const page = await deskB.call('orders.search', { text: 'INV-TEAM-0001', limit: 10 })
    expect(page.rows.map((row) => row.id)).toEqual([link.order.id])
    // One invoice sequence for the team: desk B is offered the next number, not the same one.
    const prepared = await deskB.call('links.prepare')
    expect(prepared.invoiceNumber).not.toBe('INV-TEAM-0001')
    expect(await deskB.failure('links.create', cardLink({ invoiceNumber: 'INV-TEAM-0001' }))).toMatchObject({ code: 'DUPLICATE_INVOICE' })
  }, 30_000)

  it('charges a card once per round when both desks charge it at the same moment (20 rounds)', async () => {
    const customer = await deskA.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
    const { token } = (await shop.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
    const card = await deskA.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
    for (let round = 1; round <= 20; round++) {
      const charge = (desk: Desk, invoice: string) =>
        desk.result('phoneOrders.charge', { customerId: customer.id, cardId: card.id, invoiceNumber: invoice, amountSen: 1_000 + round, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false })
      const [a, b] = await Promise.all([charge(deskA, `INV-A-${String(round)}`), charge(deskB, `INV-B-${String(round)}`)])
      const approved = [a, b].filter((result) => result.ok && (result.value as ChargeResult).outcome === 'approved')
      const refusals = [a, b].flatMap((result) => (result.ok ? [] : [result.error.code]))
      expect(approved).toHaveLength(1)
      expect(refusals).toEqual([expect.stringMatching(/^(CARD_LOCKED|DUPLICATE_CHARGE)$/)])
    }
    const { calls } = (await shop.control('GET', '/calls')) as { calls: { operation: string }[] }
    expect(calls.filter((call) => call.operation === 'charge')).toHaveLength(20)
  }, 120_000)
})
