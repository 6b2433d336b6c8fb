import { describe, expect, it } from 'vitest'
import type { CallError, TeamView } from '../../src-preload/contract'
import {
  canResumeImport,
  connectionText,
  draftFrom,
  draftProblem,
  fieldError,
  formatTeamKey,
  formError,
  importCountText,
  importPercent,
  leaderLine,
  clockLine,
  probeAdvice,
  teamBannerShown,
  teamStatusLine,
  toConnection,
  type TeamDraft,
} from '../../src-renderer/features/team/team-text'

const connection = { host: 'db.shop.example.my', port: 5432, database: 'orders', user: 'shop', tls: 'verify', caFile: null } as const

const view = (change: Partial<TeamView> = {}): TeamView => ({
  mode: 'team',
  connection,
  passwordSet: true,
  state: 'connected',
  problem: null,
  leader: false,
  leaderDesk: null,
  deskName: 'Counter 1',
  schemaVersion: 3,
  import: null,
  clockAheadSeconds: null,
  ...change,
})

const draft = (change: Partial<TeamDraft> = {}): TeamDraft => ({ ...draftFrom(view()), password: 'pw', teamKey: 'ABCDE', ...change })

describe('the team form’s draft', () => {
  it('starts empty on PostgreSQL’s port with the certificate checked, or from what main keeps (never a password)', () => {
    expect(draftFrom(null)).toEqual({ host: '', port: '5432', database: '', user: '', password: '', tls: 'verify', caFile: '', teamKey: '' })
    expect(draftFrom(view({ connection: { ...connection, port: 6543, caFile: '/etc/ssl/ca.pem' } }))).toMatchObject({
      host: 'db.shop.example.my',
      port: '6543',
      caFile: '/etc/ssl/ca.pem',
      password: '',
    })
  })

  it('becomes the contract’s connection: the port a number, an empty CA file null', () => {
    expect(toConnection(draft({ port: ' 5433 ', caFile: '  ' }))).toEqual({ ...connection, port: 5433, caFile: null })
    expect(toConnection(draft({ caFile: ' /etc/ssl/ca.pem ' })).caFile).toBe('/etc/ssl/ca.pem')
    expect(toConnection(draft({ port: '54a' })).port).toBeNaN()
  })

  it('refuses before asking main: a port that is not a whole number, Create and Join without a password, Join without a key', () => {
    expect(draftProblem(draft({ port: '' }), 'probe', false)?.field).toBe('connection.port')
    expect(draftProblem(draft({ port: '5432.5' }), 'probe', false)).toMatchObject({ field: 'connection.port', message: 'Must be a whole number from 1 to 65535' })
    expect(draftProblem(draft({ password: '' }), 'probe', true)).toBeNull()
    expect(draftProblem(draft({ password: '' }), 'create', false)).toMatchObject({ field: 'password', message: 'Enter the database password' })
    expect(draftProblem(draft({ password: '' }), 'join', true)?.message).toMatch(/again/)
    expect(draftProblem(draft({ teamKey: '  ' }), 'join', true)?.field).toBe('teamKey')
    expect(draftProblem(draft({ teamKey: '' }), 'create', true)).toBeNull()
  })
})

describe('the errors of the team form', () => {
  const refusal = (field?: string): CallError => ({ code: 'INVALID_INPUT', message: 'Nope', ...(field === undefined ? {} : { field }) })

  it('shows an error under the field main names, by its dotted path', () => {
    expect(fieldError(refusal('connection.host'), 'host')).toBe('Nope')
    expect(fieldError(refusal('connection.host'), 'port')).toBeNull()
    expect(fieldError(refusal('connection.tls'), 'tls')).toBe('Nope')
    expect(fieldError(refusal('password'), 'password')).toBe('Nope')
    expect(fieldError(refusal('teamKey'), 'teamKey')).toBe('Nope')
    expect(formError(refusal('connection.host'))).toBeNull()
    expect(formError(refusal('teamKey'))).toBeNull()
  })

  it('shows above the buttons any error no field shows, so none is lost', () => {
    expect(formError(refusal())).toBe('Nope')
    expect(formError(refusal('importHistory'))).toBe('Nope')
    expect(formError(refusal('connection'))).toBe('Nope')
    expect(formError(null)).toBeNull()
    expect(fieldError(null, 'host')).toBeNull()
  })
})

describe('what Settings says about the team', () => {
  it('says whose history this desk keeps, and whether the team database answers', () => {
    expect(teamStatusLine(view({ mode: 'desk', connection: null, state: 'off' }))).toEqual({ tone: 'desk', text: "This desk's own history" })
    expect(teamStatusLine(view())).toEqual({ tone: 'ok', text: 'Team database: shop@db.shop.example.my:5432/orders — connected' })
    expect(teamStatusLine(view({ state: 'unreachable', problem: 'Connection refused' }))).toEqual({
      tone: 'bad',
      text: 'Team database: shop@db.shop.example.my:5432/orders — cannot be reached (Connection refused)',
    })
    expect(teamStatusLine(view({ state: 'off' })).tone).toBe('waiting')
    expect(connectionText({ ...connection, host: '::1' })).toBe('shop@[::1]:5432/orders')
  })

  it('says which desk runs the team’s status tracker and notification listener', () => {
    expect(leaderLine(view({ mode: 'desk' }))).toBeNull()
    expect(leaderLine(view({ leader: true }))).toBe("This desk runs the team's status tracker and notification listener")
    expect(leaderLine(view({ leaderDesk: 'Counter 2' }))).toBe("Desk Counter 2 runs the team's status tracker and notification listener")
    expect(leaderLine(view())).toMatch(/^No desk runs/)
  })

  it("says how far this computer's clock is off the team database's, from 2 seconds, in seconds, minutes or hours", () => {
    expect(clockLine(view({ clockAheadSeconds: null }))).toBeNull()
    expect(clockLine(view({ clockAheadSeconds: 1 }))).toBeNull()
    expect(clockLine(view({ mode: 'desk', clockAheadSeconds: 300 }))).toBeNull()
    expect(clockLine(view({ clockAheadSeconds: 2 }))).toMatch(/^2 seconds ahead of the team database's clock\. Orders and checks keep the database's time/)
    expect(clockLine(view({ clockAheadSeconds: 300 }))).toMatch(/^5 minutes ahead/)
    expect(clockLine(view({ clockAheadSeconds: -61 }))).toMatch(/^61 seconds behind/)
    expect(clockLine(view({ clockAheadSeconds: -3 * 3600 }))).toMatch(/^3 hours behind/)
  })

  it('suggests Create team for an empty database, Join team for a team, and neither for something else', () => {
    expect(probeAdvice({ found: 'empty', schemaVersion: null }, 'desk')).toMatchObject({ tone: 'ok', text: expect.stringMatching(/Create team/) as unknown })
    expect(probeAdvice({ found: 'team', schemaVersion: 3 }, 'desk').text).toMatch(/schema version 3\): Join team/)
    expect(probeAdvice({ found: 'other', schemaVersion: null }, 'desk')).toMatchObject({ tone: 'bad', text: expect.stringMatching(/something else/) as unknown })
    expect(probeAdvice({ found: 'unreachable', schemaVersion: null }, 'desk')).toEqual({ tone: 'bad', text: null })
    expect(probeAdvice({ found: 'team', schemaVersion: 3 }, 'team')).toEqual({ tone: 'ok', text: null })
  })
})

describe('the copy of this desk’s history', () => {
  it('counts in whole percent, 100 only when all is there', () => {
    expect(importPercent({ copied: 0, total: 0, state: 'running' })).toBe(0)
    expect(importPercent({ copied: 0, total: 0, state: 'done' })).toBe(100)
    expect(importPercent({ copied: 1234, total: 5000, state: 'running' })).toBe(24)
    expect(importPercent({ copied: 4999, total: 5000, state: 'running' })).toBe(99)
    expect(importPercent({ copied: 5000, total: 5000, state: 'done' })).toBe(100)
    expect(importPercent({ copied: 6000, total: 5000, state: 'running' })).toBe(100)
    expect(importPercent({ copied: -1, total: 5000, state: 'running' })).toBe(0)
    expect(importCountText({ copied: 1234, total: 5000, state: 'running' })).toBe('1,234 of 5,000 records copied (24%)')
    expect(importCountText({ copied: 1, total: 1, state: 'done' })).toBe('1 of 1 record copied (100%)')
  })

  it('offers "Resume import" only once a copy ended short', () => {
    expect(canResumeImport({ state: 'failed' })).toBe(true)
    expect(canResumeImport({ state: 'stopped' })).toBe(true)
    expect(canResumeImport({ state: 'running' })).toBe(false)
    expect(canResumeImport({ state: 'done' })).toBe(false)
    expect(canResumeImport(null)).toBe(false)
  })
})

describe('the team banner and the team key', () => {
  it('shows the banner only while the team database cannot be reached', () => {
    expect(teamBannerShown(null)).toBe(false)
    expect(teamBannerShown({ state: 'off' })).toBe(false)
    expect(teamBannerShown({ state: 'connected' })).toBe(false)
    expect(teamBannerShown({ state: 'unreachable' })).toBe(true)
  })

  it('writes the key in 8 groups of 5, and anything else as it came', () => {
    expect(formatTeamKey('abcde'.repeat(8))).toBe(Array(8).fill('ABCDE').join('-'))
    expect(formatTeamKey('ABCDE-FGHIJ-KLMNO-PQRST-UVWXY-Z2345-67ABC-DEFGH')).toBe('ABCDE-FGHIJ-KLMNO-PQRST-UVWXY-Z2345-67ABC-DEFGH')
    expect(formatTeamKey('short')).toBe('short')
  })
})
