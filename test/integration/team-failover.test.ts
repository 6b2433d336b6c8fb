/**
 * One status tracker per team: the leader desk follows the team's waiting orders; when it dies (killed,
 * as a crash or a pulled plug would), another desk takes over within 15 s, from the schedule and the
 * request times the team database holds: no order checked twice in a round, none sooner than 60 s
 * after its last request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TeamView } from '../../src-preload/contract'
import { freshDatabase } from '../support/postgres'
import { cardLink } from './link-requests'
import { startShop, teamConnection, type Desk, type Shop } from './team/desks'

let shop: Shop
let database: { url: string; drop(): Promise<void> }

beforeAll(async () => {
  database = await freshDatabase('failover')
  shop = await startShop()
}, 60_000)

afterAll(async () => {
  await shop.close()
  await database.drop()
}, 60_000)

const isLeader = (payload: unknown): boolean => (payload as TeamView).leader

async function statusChecks(): Promise<{ at: number; path: string }[]> {
  const { calls } = (await shop.control('GET', '/calls')) as { calls: { at: number; operation: string; path: string }[] }
  return calls.filter((call) => call.operation === 'status')
}

async function waitForChecks(count: number): Promise<void> {
  const deadline = Date.now() + 20_000
  while ((await statusChecks()).length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${String(count)} status checks, saw ${String((await statusChecks()).length)}`)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

it('hands the tracker to the other desk when the leader dies, without checking any order twice or early', async () => {
  const front = await shop.startDesk('front', { statusTracker: true })
  const back = await shop.startDesk('back', { statusTracker: true })
  const connection = teamConnection(database.url)
  const frontLeads = front.nextEvent('team.changed', isLeader, 10_000)
  const { teamKey } = await front.call('team.create', { connection, password: 'unused', importHistory: false })
  await frontLeads
  await back.call('team.join', { connection, password: 'unused', teamKey })
  await back.signIn()
  expect(await back.call('team.get')).toMatchObject({ leader: false, leaderDesk: 'front' })

  const links = 6
  for (let i = 1; i <= links; i++) await front.call('links.create', cardLink({ invoiceNumber: `INV-FO-${String(i)}` }))
  // First round: due 60 s after each link's request; the leader checks each once.
  shop.advance(61_000)
  await waitForChecks(links)

  const backLeads = back.nextEvent('team.changed', isLeader, 15_000)
  const killedAt = Date.now()
  await front.kill()
  await backLeads
  expect(Date.now() - killedAt).toBeLessThan(15_000)

  // Second round (1 min after the first check): the new leader, from the shared schedule.
  shop.advance(61_000)
  await waitForChecks(2 * links)
  const byOrder = new Map<string, number[]>()
  for (const check of await statusChecks()) byOrder.set(check.path, [...(byOrder.get(check.path) ?? []), check.at])
  expect(byOrder.size).toBe(links)
  for (const times of byOrder.values()) {
    expect(times).toHaveLength(2)
    expect((times[1] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(60_000)
  }
  await back.close()
}, 90_000)
