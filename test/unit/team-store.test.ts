import { describe, expect, it } from 'vitest'
import type { Api, CallError, Result, TeamView } from '../../src-preload/contract'
import { createTeamStore, followTeamEvents } from '../../src-renderer/features/team/team-state'
import { fieldError, formError, teamBannerShown } from '../../src-renderer/features/team/team-text'

const NO_BRIDGE: CallError = { code: 'BRIDGE_UNREACHABLE', message: 'No bridge' }
const connection = { host: 'db.shop.example.my', port: 5432, database: 'orders', user: 'shop', tls: 'verify', caFile: null } as const

const view = (change: Partial<TeamView> = {}): TeamView => ({
  mode: 'desk',
  connection: null,
  passwordSet: false,
  state: 'off',
  problem: null,
  leader: false,
  leaderDesk: null,
  deskName: 'Counter 1',
  schemaVersion: null,
  import: null,
  clockAheadSeconds: null,
  ...change,
})
const inTeam = (change: Partial<TeamView> = {}): TeamView => view({ mode: 'team', connection, passwordSet: true, state: 'connected', leader: true, schemaVersion: 3, ...change })

type TeamCall = 'get' | 'probe' | 'create' | 'join' | 'importHistory' | 'leave'

/**
 * A fake window.api with only the team calls: every call is recorded and waits until the test answers
 * it (`answer`), so what the store does while a call is on its way can be seen.
 */
function fakeApi() {
  const sent: { call: TeamCall; input: unknown }[] = []
  const waiting: { call: TeamCall; resolve: (result: Result<unknown>) => void }[] = []
  const listeners = new Set<(payload: TeamView) => void>()
  const call = (name: TeamCall) => (input?: unknown) =>
    new Promise<Result<unknown>>((resolve) => {
      sent.push({ call: name, input })
      waiting.push({ call: name, resolve })
    })
  const api = {
    team: { get: call('get'), probe: call('probe'), create: call('create'), join: call('join'), importHistory: call('importHistory'), leave: call('leave') },
    on: (_event: string, listener: (payload: TeamView) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  } as unknown as Api
  /** Answers the oldest call still waiting, which must be `name`; then lets the store see the answer. */
  const answer = async (name: TeamCall, result: Result<unknown>): Promise<void> => {
    const next = waiting.shift()
    expect(next?.call).toBe(name)
    next?.resolve(result)
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  const emit = (payload: TeamView): void => listeners.forEach((listener) => listener(payload))
  return { api, sent, answer, emit, listeners }
}

function setup() {
  const fake = fakeApi()
  const store = createTeamStore({ api: () => fake.api, noBridge: NO_BRIDGE })
  return { ...fake, store }
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value })
const refused = (field: string | undefined, message = 'Refused'): Result<never> => ({ ok: false, error: { code: 'INVALID_INPUT', message, ...(field ? { field } : {}) } })

describe('the team store', () => {
  it('loads the team’s state, and the banner shows only while the database cannot be reached', async () => {
    const { store, answer } = setup()
    const loaded = store.getState().load()
    await answer('get', ok(inTeam({ state: 'unreachable', problem: 'Connection refused' })))
    await loaded
    expect(teamBannerShown(store.getState().view)).toBe(true)
    expect(store.getState().view?.problem).toBe('Connection refused')
  })

  it('follows team.changed live, and drops the answer to a call sent before an event (the event is newer)', async () => {
    const { store, answer, emit, api, listeners } = setup()
    const unsubscribe = followTeamEvents(store, api)
    const loaded = store.getState().load()
    emit(inTeam({ state: 'unreachable' }))
    await answer('get', ok(inTeam({ state: 'connected' })))
    await loaded
    expect(store.getState().view?.state).toBe('unreachable')
    emit(inTeam({ state: 'connected' }))
    expect(teamBannerShown(store.getState().view)).toBe(false)
    unsubscribe()
    expect(listeners.size).toBe(0)
  })

  it('says why it could not load', async () => {
    const { store, answer } = setup()
    const loaded = store.getState().load()
    await answer('get', { ok: false, error: { code: 'INTERNAL', message: 'Broken' } })
    await loaded
    expect(store.getState().loadError?.message).toBe('Broken')
    const bare = createTeamStore({ api: () => null, noBridge: NO_BRIDGE })
    await bare.getState().load()
    expect(bare.getState().loadError).toBe(NO_BRIDGE)
    await bare.getState().probe(connection, '')
    expect(bare.getState().error).toBe(NO_BRIDGE)
  })

  it('tests a connection with the kept password when none is typed, and forgets the answer when the draft changes', async () => {
    const { store, answer, sent } = setup()
    const tested = store.getState().probe(connection, '')
    expect(store.getState().busy).toBe('probe')
    await answer('probe', ok({ ok: true, message: 'Connected. The database is empty: you can create the team in it.', say: { id: 'said.team.probeEmpty' }, found: 'empty', schemaVersion: null }))
    await tested
    expect(sent[0]?.input).toEqual({ connection })
    expect(store.getState()).toMatchObject({ busy: null, probeResult: { found: 'empty' } })
    const again = store.getState().probe(connection, 'secret')
    expect(store.getState().probeResult).toBeNull()
    await answer('probe', ok({ ok: true, message: 'Connected', found: 'team', schemaVersion: 3 }))
    await again
    expect(sent[1]?.input).toEqual({ connection, password: 'secret' })
    store.getState().forgetProbe()
    expect(store.getState().probeResult).toBeNull()
  })

  it('maps a refusal to the field main names, and clears it at the next action', async () => {
    const { store, answer } = setup()
    const joining = store.getState().join(connection, 'pw', 'bad key')
    await answer('join', refused('teamKey', 'Enter the team key exactly as it was shown'))
    expect(await joining).toBe(false)
    const { error } = store.getState()
    expect(fieldError(error, 'teamKey')).toBe('Enter the team key exactly as it was shown')
    expect(fieldError(error, 'host')).toBeNull()
    expect(formError(error)).toBeNull()

    const creating = store.getState().create({ ...connection, host: 'db.example.my', tls: 'off' }, 'pw', true)
    expect(store.getState().error).toBeNull()
    await answer('create', refused('connection.tls', 'Off is only for a database on this computer'))
    await creating
    expect(fieldError(store.getState().error, 'tls')).toBe('Off is only for a database on this computer')

    const refusedOnly = store.getState().leave()
    await answer('leave', { ok: false, error: { code: 'TEAM_BUSY', message: 'An import is running' } })
    await refusedOnly
    expect(formError(store.getState().error)).toBe('An import is running')
    expect(store.getState().busy).toBeNull()
  })

  it('sends one action at a time: the buttons are off while one is on its way', async () => {
    const { store, answer, sent } = setup()
    const joining = store.getState().join(connection, 'pw', 'ABCDE-ABCDE-ABCDE-ABCDE-ABCDE-ABCDE-ABCDE-ABCDE')
    expect(store.getState().busy).toBe('join')
    expect(await store.getState().leave()).toBe(false)
    await store.getState().probe(connection, '')
    expect(sent.map((item) => item.call)).toEqual(['join'])
    await answer('join', ok(inTeam({ leader: false, leaderDesk: 'Counter 2' })))
    expect(await joining).toBe(true)
    expect(store.getState()).toMatchObject({ busy: null, view: { mode: 'team', leaderDesk: 'Counter 2' } })
  })

  it('shows the new team key once, and closes it only after "I have written it down"', async () => {
    const { store, answer, sent } = setup()
    const creating = store.getState().create(connection, 'pw', true)
    expect(store.getState().busy).toBe('create')
    await answer('create', ok({ team: inTeam({ import: { copied: 0, total: 10, state: 'running', message: null, say: null } }), teamKey: 'K'.repeat(40) }))
    expect(await creating).toBe(true)
    expect(sent[0]?.input).toEqual({ connection, password: 'pw', importHistory: true })
    expect(store.getState().newKey).toEqual({ key: 'K'.repeat(40), writtenDown: false })
    expect(store.getState().view?.mode).toBe('team')

    expect(store.getState().closeKey()).toBe(false)
    store.getState().forgetActions()
    expect(store.getState().newKey).not.toBeNull()
    store.getState().setWrittenDown(true)
    store.getState().setWrittenDown(false)
    expect(store.getState().closeKey()).toBe(false)
    store.getState().setWrittenDown(true)
    expect(store.getState().closeKey()).toBe(true)
    expect(store.getState().newKey).toBeNull()
    store.getState().setWrittenDown(true)
    expect(store.getState().newKey).toBeNull()
  })

  it('keeps the key even when progress events arrived before the answer, and the events’ view', async () => {
    const { store, answer, emit, api } = setup()
    followTeamEvents(store, api)
    const creating = store.getState().create(connection, 'pw', true)
    emit(inTeam({ import: { copied: 5, total: 10, state: 'running', message: null, say: null } }))
    await answer('create', ok({ team: inTeam({ import: { copied: 0, total: 10, state: 'running', message: null, say: null } }), teamKey: 'K'.repeat(40) }))
    await creating
    expect(store.getState().view?.import?.copied).toBe(5)
    expect(store.getState().newKey?.key).toBe('K'.repeat(40))
  })

  it('resumes a copy that ended short, and leaves the team', async () => {
    const { store, answer, sent } = setup()
    store
      .getState()
      .changed(inTeam({ import: { copied: 4, total: 10, state: 'failed', message: 'What went wrong: Connection lost', say: { id: 'said.team.importFailed', values: { reason: 'Connection lost' } } } }))
    const resuming = store.getState().importHistory()
    expect(store.getState().busy).toBe('import')
    await answer('importHistory', ok(inTeam({ import: { copied: 4, total: 10, state: 'running', message: null, say: null } })))
    expect(await resuming).toBe(true)
    expect(store.getState().view?.import?.state).toBe('running')

    const leaving = store.getState().leave()
    await answer('leave', ok(view()))
    expect(await leaving).toBe(true)
    expect(store.getState().view?.mode).toBe('desk')
    expect(sent.map((item) => item.call)).toEqual(['importHistory', 'leave'])
  })

  it('takes a refusal found before asking main like one from main', () => {
    const { store } = setup()
    store.getState().refuse({ code: 'INVALID_INPUT', message: 'Enter the database password', field: 'password' })
    expect(fieldError(store.getState().error, 'password')).toBe('Enter the database password')
    store.getState().forgetActions()
    expect(store.getState().error).toBeNull()
  })
})
