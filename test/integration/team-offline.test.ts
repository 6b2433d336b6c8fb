/**
 * A desk of a team when the team database cannot be reached: it says so (team.get / team.changed),
 * refuses what would write or move money with that reason (nothing sent to the gateway), keeps its
 * settings, and reconnects by itself when the database is back.
 */
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TeamView } from '../../src-preload/contract'
import { freshDatabase } from '../support/postgres'
import { cardLink } from './link-requests'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'
import { teamConnection } from './team/desks'

let app: SandboxTestBackend
let database: { url: string; name: string; drop(): Promise<void> }

beforeAll(async () => {
  database = await freshDatabase('offline')
  app = await startSandboxBackend()
}, 60_000)

afterAll(async () => {
  await app.close()
  await setConnections(true)
  await database.drop()
}, 60_000)

/** As the cluster's administrator: let the team database be reached, or not (and cut who is connected). */
async function setConnections(allowed: boolean): Promise<void> {
  const admin = new URL(database.url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  try {
    await client.query(`alter database "${database.name}" with allow_connections ${allowed ? 'true' : 'false'}`)
    if (!allowed) await client.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database.name])
  } finally {
    await client.end()
  }
}

function teamState(state: TeamView['state']): Promise<TeamView> {
  return new Promise((resolve) => {
    const unsubscribe = app.backend.events.subscribe((name, payload) => {
      if (name === 'team.changed' && (payload as TeamView).state === state) {
        unsubscribe()
        resolve(payload as TeamView)
      }
    })
  })
}

it('refuses writes with the reason while the team database is away, and reconnects by itself', async () => {
  await app.call('team.create', { connection: teamConnection(database.url), password: 'unused', importHistory: false })
  await app.call('links.create', cardLink({ invoiceNumber: 'INV-OFF-0001' }))
  const callsBefore = ((await app.control('GET', '/calls')) as { calls: unknown[] }).calls.length

  const down = teamState('unreachable')
  await setConnections(false)
  const refused = await app.failure('links.create', cardLink({ invoiceNumber: 'INV-OFF-0002' }))
  expect(refused).toMatchObject({ code: 'TEAM_DATABASE_UNREACHABLE' })
  expect(refused.message).toMatch(/cannot be reached.*nothing was saved and nothing was sent/)
  expect((await down).problem).toBeTruthy()
  // Fails at once from now on (no second wait for a timeout), and nothing reached the gateway.
  expect(await app.failure('orders.search', { limit: 10 })).toMatchObject({ code: 'TEAM_DATABASE_UNREACHABLE' })
  expect(await app.call('team.get')).toMatchObject({ state: 'unreachable' })
  expect(await app.call('settings.get')).toMatchObject({ environment: 'sandbox' })
  expect(((await app.control('GET', '/calls')) as { calls: unknown[] }).calls).toHaveLength(callsBefore)

  const up = teamState('connected')
  await setConnections(true)
  await up
  const page = await app.call('orders.search', { text: 'INV-OFF', limit: 10 })
  expect(page.rows.map((row) => row.invoiceNumber)).toEqual(['INV-OFF-0001'])
  await app.call('links.create', cardLink({ invoiceNumber: 'INV-OFF-0002' }))
}, 60_000)
