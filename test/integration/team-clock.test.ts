/**
 * The team's time is the team database's clock, whatever each desk's computer says: a desk whose
 * clock is minutes ahead must not find another desk's charge due for its status check at once (an
 * early "no such transaction" settles a charge as not made and frees its card), and what it writes
 * is stamped with the team's time (found by review: each desk compared its own clock).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TeamView } from '../../src-preload/contract'
import { freshDatabase } from '../support/postgres'
import { cardLink } from './link-requests'
import { startShop, teamConnection, type Desk, type Shop } from './team/desks'

const FIVE_MINUTES = 5 * 60_000

let shop: Shop
let database: { url: string; drop(): Promise<void> }
let front: Desk
let ahead: Desk

beforeAll(async () => {
  database = await freshDatabase('team_clock')
  shop = await startShop()
  ;[front, ahead] = await Promise.all([shop.startDesk('front'), shop.startDesk('ahead', { clockAheadMs: FIVE_MINUTES })])
  const connection = teamConnection(database.url)
  const { teamKey } = await front.call('team.create', { connection, password: 'unused', importHistory: false })
  await ahead.call('team.join', { connection, password: 'unused', teamKey })
  await ahead.signIn()
}, 60_000)

afterAll(async () => {
  await shop.close()
  await database.drop()
}, 60_000)

it("does not check another desk's order early at a desk whose clock is five minutes ahead", async () => {
  const { order } = await front.call('links.create', cardLink({ invoiceNumber: 'INV-CLOCK-1' }))
  const refused = await ahead.failure('orders.checkStatus', { id: order.id })
  expect(refused).toMatchObject({ code: 'TOO_EARLY' })
  const { calls } = (await shop.control('GET', '/calls')) as { calls: { operation: string }[] }
  expect(calls.filter((call) => call.operation === 'status')).toHaveLength(0)
})

it("stamps what a desk ahead writes with the team's time, and says how far off its clock is", async () => {
  const before = Date.now()
  const { order } = await ahead.call('links.create', cardLink({ invoiceNumber: 'INV-CLOCK-2' }))
  const after = Date.now()
  const createdAt = Date.parse(order.createdAt)
  // The database runs on this machine: its clock is the test's, within a reading's round trip.
  expect(createdAt).toBeGreaterThanOrEqual(before - 1_000)
  expect(createdAt).toBeLessThanOrEqual(after + 1_000)
  const view: TeamView = await ahead.call('team.get')
  expect(view.clockAheadSeconds).toBeGreaterThanOrEqual(299)
  expect(view.clockAheadSeconds).toBeLessThanOrEqual(301)
  expect(Math.abs((await front.call('team.get')).clockAheadSeconds ?? Number.NaN)).toBeLessThanOrEqual(1)
})
