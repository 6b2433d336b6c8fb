/**
 * A team is one merchant account. Found by review: two desks on two accounts shared one history, and
 * a charge made under one account, checked under the other, was answered "no such transaction",
 * settled as not charged and its card unlocked: the customer was charged twice. A desk whose
 * Client-Id is not the team's may not join, nor set it once in the team.
 */
import pg from 'pg'
import { expect, it } from 'vitest'
import { cardLink } from './link-requests'
import { SANDBOX } from './sandbox-fixture'
import { teamConnection } from './team/desks'
import { desk, teamDatabase } from './team/in-process-desks'

it('refuses a desk of another merchant account at join and a Client-Id changed in the team; the team’s own joins', async () => {
  const creator = await desk()
  const url = await teamDatabase('account')
  const { teamKey } = await creator.call('team.create', { connection: teamConnection(url), password: 'unused', importHistory: false })
  const join = { connection: teamConnection(url), password: 'unused', teamKey }

  const other = await desk()
  await other.call('credentials.update', { environment: 'sandbox', clientId: 'MCH-0002-9999999999' })
  const refused = await other.failure('team.join', join)
  expect(refused).toMatchObject({ code: 'NOT_TEAM_ACCOUNT', field: 'clientId', say: { id: 'said.team.otherAccount' } })
  expect(refused.message).toBe(
    `This desk’s Sandbox Client-Id (MCH-0002-9999999999) is not the team’s (${SANDBOX.clientId}). A team is one merchant account: a charge made under one account and checked under another would read as never made. Use the team’s Client-Id and its keys, or a team database of its own for the other account.`,
  )
  expect((await other.call('team.get')).mode).toBe('desk')

  // With the team's Client-Id it joins; in the team, the Client-Id cannot be changed to another account's.
  await other.call('credentials.update', { environment: 'sandbox', clientId: SANDBOX.clientId })
  await other.call('team.join', join)
  // Signed out by the join: the desk says it is in a team, not where the database is (found by review).
  expect(await other.call('team.get')).toMatchObject({ mode: 'team', state: 'connected', connection: null, problem: null, leaderDesk: null })
  await other.signInAs('admin')
  expect((await other.call('team.get')).connection).toMatchObject({ host: '127.0.0.1', database: teamConnection(url).database })
  expect(await other.failure('credentials.update', { environment: 'sandbox', clientId: 'MCH-0002-9999999999' })).toMatchObject({ code: 'NOT_TEAM_ACCOUNT' })
  expect((await other.call('credentials.get')).sandbox.clientId).toBe(SANDBOX.clientId)

  // A team made before the binding, whose first desk to call bound another account: nothing is sent.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  await client.query("update env_sandbox.settings set value = 'MCH-0001-1111111111' where key = 'gateway_client_id'")
  await client.end()
  await other.call('credentials.update', { environment: 'sandbox', secretKey: SANDBOX.secretKey })
  expect(await other.failure('links.create', cardLink({ invoiceNumber: 'INV-ACCT-1' }))).toMatchObject({ code: 'NOT_TEAM_ACCOUNT' })
  expect(((await other.control('GET', '/state')) as { orders: unknown[] }).orders).toEqual([])
})
