import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CardCipherError, createCardCipher, dataKeyAccount, loadOrCreateDataKey } from '../../src-main/credentials/card-cipher'
import type { SecretStore } from '../../src-main/credentials/keychain'
import type { NewSavedCard } from '../../src-main/store/history-types'
import { openHistory, type HistoryFixture } from './history-fixture'

/** A SecretStore in memory: what loadOrCreateDataKey asks of the keychain, observable. */
function memoryStore(): SecretStore & { values: Map<string, string> } {
  const values = new Map<string, string>()
  return {
    values,
    get: (account) => Promise.resolve(values.get(account) ?? null),
    set: (account, value) => {
      values.set(account, value)
      return Promise.resolve()
    },
    delete: (account) => {
      values.delete(account)
      return Promise.resolve()
    },
  }
}

describe('card cipher', () => {
  it('round-trips a token, with a fresh IV each time, in the documented layout', () => {
    const cipher = createCardCipher(randomBytes(32))
    const token = 'tok_4b1f9e7c2d8a4f60a1b2c3d4e5f60718'
    const one = cipher.encrypt(token)
    const two = cipher.encrypt(token)
    expect(one[0]).toBe(1)
    expect(one.length).toBe(1 + 12 + Buffer.byteLength(token) + 16)
    expect(one.equals(two)).toBe(false)
    expect(cipher.decrypt(one)).toBe(token)
    expect(cipher.decrypt(two)).toBe(token)
    expect(one.includes(Buffer.from(token))).toBe(false)
  })

  it('refuses a tampered blob, a truncated one, another key and an unknown version, clearly', () => {
    const key = randomBytes(32)
    const cipher = createCardCipher(key)
    const blob = cipher.encrypt('tok_abcdef')
    for (const index of [1, 13, blob.length - 1]) {
      const tampered = Buffer.from(blob)
      tampered[index] = (tampered[index] ?? 0) ^ 0x01
      expect(() => cipher.decrypt(tampered)).toThrow(/failed its integrity check/)
    }
    expect(() => cipher.decrypt(blob.subarray(0, 20))).toThrow(/truncated/)
    expect(() => createCardCipher(randomBytes(32)).decrypt(blob)).toThrow(CardCipherError)
    const otherVersion = Buffer.from(blob)
    otherVersion[0] = 2
    expect(() => cipher.decrypt(otherVersion)).toThrow(/unknown format \(version 2\)/)
    expect(() => createCardCipher(randomBytes(16))).toThrow(/32 bytes/)
  })

  it('fingerprints deterministically per key, without revealing the token', () => {
    const key = randomBytes(32)
    const fingerprint = createCardCipher(key).fingerprint('tok_1')
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/)
    expect(createCardCipher(Buffer.from(key)).fingerprint('tok_1')).toBe(fingerprint)
    expect(createCardCipher(key).fingerprint('tok_2')).not.toBe(fingerprint)
    expect(createCardCipher(randomBytes(32)).fingerprint('tok_1')).not.toBe(fingerprint)
  })

  it('creates the data key once per environment in the keychain, then reuses it', async () => {
    const store = memoryStore()
    const first = await loadOrCreateDataKey(store, 'training')
    expect(first.length).toBe(32)
    expect(store.values.get('training/cardDataKey')).toBe(first.toString('base64'))
    expect((await loadOrCreateDataKey(store, 'training')).equals(first)).toBe(true)
    const sandbox = await loadOrCreateDataKey(store, 'sandbox')
    expect(sandbox.equals(first)).toBe(false)
    expect(dataKeyAccount('production')).toBe('production/cardDataKey')
    store.values.set('production/cardDataKey', Buffer.alloc(5).toString('base64'))
    await expect(loadOrCreateDataKey(store, 'production')).rejects.toThrow(/damaged/)
  })
})

describe('saved cards in the SQLite file', () => {
  let f: HistoryFixture
  let customerId: number
  beforeEach(async () => {
    f = await openHistory()
    customerId = f.history.customers.insert({
      externalId: null,
      name: 'Kavitha Nair',
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      country: null,
      createdAt: 't',
    }).id
  })
  afterEach(() => f.close())

  function card(token: string, overrides: Partial<NewSavedCard> = {}): NewSavedCard {
    return { customerId, token, masked: '411111******1111', brand: 'VISA', issuer: 'Maybank', source: 'charge', addedAt: '2026-01-01T00:00:00.000Z', ...overrides }
  }

  it('stores tokens only encrypted: neither the database file nor its WAL holds one in clear', () => {
    const tokens = Array.from({ length: 20 }, (_, i) => `tok_${randomBytes(12).toString('hex')}_${String(i)}`)
    for (const token of tokens) f.history.cards.add(card(token))
    f.db.pragma('wal_checkpoint(PASSIVE)')
    const files = readdirSync(f.dir).filter((name) => name.startsWith('history.sqlite3'))
    expect(files).toEqual(expect.arrayContaining(['history.sqlite3', 'history.sqlite3-wal']))
    const bytes = files.map((name) => readFileSync(join(f.dir, name)))
    for (const token of tokens) {
      for (const content of bytes) {
        expect(content.includes(Buffer.from(token, 'utf8'))).toBe(false)
        expect(content.includes(Buffer.from(token, 'utf16le'))).toBe(false)
      }
    }
    // …and yet each can be read back, for the charge call.
    const rows = f.history.cards.forCustomer(customerId)
    expect(rows.map((row) => f.history.cards.token(row.id)).sort()).toEqual([...tokens].sort())
  })
})
