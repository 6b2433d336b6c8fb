/**
 * A team created, joined or left moves the desk's Sandbox and Production history between its own
 * file and the team's database: never under a staff call waiting for the gateway's answer in it
 * (found by review: a charge sent before Leave had its answer recorded through the desk's own
 * history, and stayed pending in the team's). While such a call waits the move is refused, nothing
 * changed; the answer is recorded in the history the call was sent from; then the move goes through.
 *
 * The gateway is the simulator behind a door that holds the charge's answer (test/support/holding-gateway.ts).
 */
import { afterEach, expect, it } from 'vitest'
import type { PhoneOrderRequest } from '../../src-preload/contract'
import { startHoldingGateway, type HoldingGateway } from '../support/holding-gateway'
import type { SandboxTestBackend } from './sandbox-fixture'
import { teamConnection } from './team/desks'
import { desk, teamDatabase } from './team/in-process-desks'

let gateway: HoldingGateway | null = null
afterEach(async () => {
  await gateway?.close()
  gateway = null
})

/** A desk whose gateway holds the answers the test asks it to. */
async function deskBehindDoor(): Promise<{ app: SandboxTestBackend; door: HoldingGateway }> {
  let simulatorUrl = ''
  const door = await startHoldingGateway(() => simulatorUrl)
  gateway = door
  const app = await desk({ gatewayUrls: { sandbox: door.url } })
  simulatorUrl = app.sim.baseUrl
  return { app, door }
}

async function chargeRequest(app: SandboxTestBackend, invoiceNumber: string): Promise<PhoneOrderRequest> {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  return { customerId: customer.id, cardId: card.id, invoiceNumber, amountSen: 88_00, descriptor: 'KEDAI ALI', note: '', confirmDuplicate: false }
}

async function listed(app: SandboxTestBackend, invoiceNumber: string): Promise<string[]> {
  return (await app.call('orders.search', { text: invoiceNumber, limit: 5 })).rows.map((row) => row.status)
}

it('Leave is refused while a charge waits for its answer; the charge is approved in the team, nothing in the desk’s own history', async () => {
  const { app, door } = await deskBehindDoor()
  await app.call('team.create', { connection: teamConnection(await teamDatabase('leave_waiting')), password: 'unused', importHistory: false })
  const request = await chargeRequest(app, 'INV-TEAM-LEAVE')
  const held = door.hold('POST', '/credit-card/charge')
  const charge = app.call('phoneOrders.charge', request)
  await held.arrived

  expect(await app.failure('team.leave', undefined)).toMatchObject({ code: 'GATEWAY_ANSWER_AWAITED', say: { id: 'said.settings.waitingForGateway.charge' } })
  expect((await app.call('team.get')).mode).toBe('team')

  held.release()
  expect(await charge).toMatchObject({ outcome: 'approved', detail: { order: { status: 'PAID' } } })
  expect(await listed(app, 'INV-TEAM-LEAVE')).toEqual(['PAID'])
  await app.call('team.leave')
  // Leaving signs the team's operators out: the desk's own Admin signs in.
  await app.signInAs('admin')
  expect((await app.call('team.get')).mode).toBe('desk')
  expect(await listed(app, 'INV-TEAM-LEAVE')).toEqual([])
})

it('Create team is refused while a charge waits for its answer; the charge is approved in the desk’s own history, and the team is made after', async () => {
  const { app, door } = await deskBehindDoor()
  const request = await chargeRequest(app, 'INV-TEAM-CREATE')
  const held = door.hold('POST', '/credit-card/charge')
  const charge = app.call('phoneOrders.charge', request)
  await held.arrived

  const connection = teamConnection(await teamDatabase('create_waiting'))
  expect(await app.failure('team.create', { connection, password: 'unused', importHistory: false })).toMatchObject({ code: 'GATEWAY_ANSWER_AWAITED' })
  expect((await app.call('team.get')).mode).toBe('desk')

  held.release()
  expect(await charge).toMatchObject({ outcome: 'approved', detail: { order: { status: 'PAID' } } })
  expect(await listed(app, 'INV-TEAM-CREATE')).toEqual(['PAID'])
  await app.call('team.create', { connection, password: 'unused', importHistory: false })
  expect((await app.call('team.get')).mode).toBe('team')
  expect(await listed(app, 'INV-TEAM-CREATE')).toEqual([])
})
