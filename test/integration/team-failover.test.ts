/**
 * One status tracker per team: the leader desk follows the team's waiting orders; when it dies (killed,
 * as a crash or a pulled plug would), another desk takes over within 15 s, from the schedule and the
 * request times the team database holds: no order checked twice in a round, none sooner than 60 s
 * after its last request, even a request the dead desk sent and never saw answered.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TeamView } from '../../src-preload/contract'
import { freshDatabase } from '../support/postgres'
import { cardLink } from './link-requests'
import { startShop, teamConnection, type Shop } from './team/desks'

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
  const front = await shop.startDesk('front', { statusTracker: true, teamTimeFromDatabase: false })
  const back = await shop.startDesk('back', { statusTracker: true, teamTimeFromDatabase: false })
  const connection = teamConnection(database.url)
  const frontLeads = front.nextEvent('team.changed', isLeader, 10_000)
  const { teamKey } = await front.call('team.create', { connection, password: 'unused', importHistory: false })
  await frontLeads
  await back.call('team.join', { connection, password: 'unused', teamKey })
  await back.signIn()
  expect(await back.call('team.get')).toMatchObject({ leader: false, leaderDesk: 'front' })

  const links = 6
  const ids: number[] = []
  for (let i = 1; i <= links; i++) ids.push((await front.call('links.create', cardLink({ invoiceNumber: `INV-FO-${String(i)}` }))).order.id)
  // First round: due 60 s after each link's request. The gateway takes the first checks (as many as
  // the tracker asks at once, 4) and never answers: the leader dies with them sent and none recorded.
  const inFlight = 4
  await shop.control('POST', '/faults', { operation: 'status', kind: 'hang', phase: 'after', count: inFlight })
  shop.advance(61_000)
  await waitForChecks(inFlight)

  const backLeads = back.nextEvent('team.changed', isLeader, 15_000)
  const killedAt = Date.now()
  await front.kill()
  await backLeads
  expect(Date.now() - killedAt).toBeLessThan(15_000)
  // The new leader asks about the two orders nobody asked about yet; the dead desk's checks were
  // written ahead, so those four wait 60 s after them, by hand too.
  await waitForChecks(links)
  expect(await back.failure('orders.checkStatus', { id: ids[0] })).toMatchObject({ code: 'TOO_EARLY' })

  // Second round: the new leader checks each once more, from the shared schedule and request times.
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
