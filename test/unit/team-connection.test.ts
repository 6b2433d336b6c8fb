/** The team database's client settings and the team key: the rules a shop's setup depends on. */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TeamKey, type TeamConnection } from '../../src-preload/contract'
import { AppError } from '../../src-main/bridge/app-error'
import { isLoopback, teamClientConfig } from '../../src-main/team/team-connection'
import { connectFailure } from '../../src-main/team/team-mode'
import { englishOf } from '../../src-common/said/english'
import { formatTeamKey, newTeamKey, teamCardKey, teamKeyCheck, teamKeyMatches } from '../../src-main/team/team-key'

const shop: TeamConnection = { host: 'db.shop.example.my', port: 5432, database: 'backoffice', user: 'desk', tls: 'verify', caFile: null }

function refusal(work: () => unknown): AppError {
  try {
    work()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('the team database connection', () => {
  it('checks the server certificate by default and refuses TLS off except on this computer', () => {
    const config = teamClientConfig(shop, 'pw', { schema: 'env_sandbox', applicationName: 'mbo:front' })
    expect(config.ssl).toMatchObject({ rejectUnauthorized: true, servername: 'db.shop.example.my' })
    expect(config.options).toContain('search_path=env_sandbox')
    expect(config.options).toMatch(/statement_timeout=\d+/)
    expect(refusal(() => teamClientConfig({ ...shop, tls: 'off' }, 'pw'))).toMatchObject({ field: 'connection.tls' })
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]', '127.4.5.6']) {
      expect(isLoopback(host)).toBe(true)
      expect(teamClientConfig({ ...shop, host, tls: 'off' }, 'pw').ssl).toBe(false)
    }
    expect(isLoopback('127.0.0.1.evil.example')).toBe(false)
  })

  it('uses a CA file only when it is a readable PEM certificate', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mbo-ca-'))
    const pem = join(dir, 'shop-ca.pem')
    writeFileSync(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n')
    const ssl = teamClientConfig({ ...shop, caFile: pem }, 'pw').ssl as { ca?: string }
    expect(ssl.ca).toContain('BEGIN CERTIFICATE')
    expect(refusal(() => teamClientConfig({ ...shop, caFile: join(dir, 'missing.pem') }, 'pw'))).toMatchObject({ field: 'connection.caFile' })
    const notPem = join(dir, 'notes.txt')
    writeFileSync(notPem, 'hello')
    expect(refusal(() => teamClientConfig({ ...shop, caFile: notPem }, 'pw'))).toMatchObject({ field: 'connection.caFile' })
  })
})

describe('the team key', () => {
  it('is 8 groups of 5 letters and digits, read back however it is typed', () => {
    const key = newTeamKey()
    expect(key).toMatch(/^[A-Z2-7]{40}$/)
    const shown = formatTeamKey(key)
    expect(shown).toMatch(/^([A-Z2-7]{5}-){7}[A-Z2-7]{5}$/)
    expect(TeamKey.parse(` ${shown.toLowerCase().replaceAll('-', ' ')} `)).toBe(key)
    expect(TeamKey.safeParse(shown.slice(0, -1)).success).toBe(false)
    expect(newTeamKey()).not.toBe(key)
  })

  it('gives each environment its own card key, and a check that tells the right key from a mistyped one', () => {
    const key = newTeamKey()
    expect(teamCardKey(key, 'sandbox')).toHaveLength(32)
    expect(teamCardKey(key, 'sandbox').equals(teamCardKey(key, 'production'))).toBe(false)
    expect(teamCardKey(key, 'sandbox').equals(teamCardKey(key, 'sandbox'))).toBe(true)
    const check = teamKeyCheck(key)
    expect(teamKeyMatches(key, check)).toBe(true)
    const typo = (key.startsWith('A') ? 'B' : 'A') + key.slice(1)
    expect(teamKeyMatches(typo, check)).toBe(false)
    expect(teamKeyMatches(key, 'not hex')).toBe(false)
  })
})

describe('why a connection failed, in shop words', () => {
  const where = { host: 'db.shop.my', port: 5432, user: 'shop', database: 'backoffice' }
  const failure = (code: string, message = 'x'): unknown => Object.assign(new Error(message), { code })
  it('names the common causes by the driver’s and PostgreSQL’s codes, and keeps any other reason as it is', () => {
    expect(englishOf(connectFailure(where, failure('ENOTFOUND', 'getaddrinfo ENOTFOUND db.shop.my')))).toBe('Cannot connect: no server called db.shop.my was found. Check the host name.')
    expect(englishOf(connectFailure(where, failure('28P01', 'password authentication failed for user "shop"')))).toBe('Cannot connect: wrong password for user shop.')
    expect(connectFailure(where, failure('28000'))).toMatchObject({ id: 'said.team.connect.notAllowed', values: { user: 'shop', database: 'backoffice' } })
    expect(connectFailure(where, failure('ETIMEDOUT'))).toMatchObject({ id: 'said.team.connect.noAnswer' })
    expect(connectFailure(where, new Error('Connection terminated due to connection timeout'))).toMatchObject({ id: 'said.team.connect.noAnswer' })
    expect(englishOf(connectFailure(where, failure('XX000', 'something else')))).toBe('Cannot connect: something else')
  })
})
