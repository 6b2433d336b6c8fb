/** The saved cards' contract, run on each engine (the cipher itself: history-cards.test.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { NewSavedCard } from '../../../src-main/store/history-types'
import { ENGINES, openEngineHistory, type EngineHistory } from './engines'

describe.each(ENGINES)('saved cards (%s)', (engine) => {
  let f: EngineHistory
  let customerId: number
  beforeEach(async () => {
    f = await openEngineHistory(engine)
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

  it('never returns the token in a row', () => {
    const row = f.history.cards.add(card('tok_secret_0001'))
    expect(row).toEqual({ id: row.id, customerId, masked: '411111******1111', brand: 'VISA', issuer: 'Maybank', source: 'charge', active: true, addedAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null })
    for (const shown of [row, f.history.cards.get(row.id), ...f.history.cards.forCustomer(customerId), f.history.cards.findByToken(customerId, 'tok_secret_0001')]) {
      expect(JSON.stringify(shown)).not.toContain('tok_secret_0001')
    }
  })

  it('keeps one row for the same token twice, re-activating it; another customer gets their own', () => {
    const first = f.history.cards.add(card('tok_same'))
    f.history.cards.deactivate(first.id, '2026-02-01T00:00:00.000Z')
    expect(f.history.cards.get(first.id)?.active).toBe(false)
    const again = f.history.cards.add(card('tok_same', { brand: null, issuer: 'CIMB' }))
    expect(again).toEqual({ ...first, active: true, issuer: 'CIMB' })
    expect(f.history.cards.forCustomer(customerId)).toHaveLength(1)
    expect(f.history.cards.findByToken(customerId, 'tok_same')?.id).toBe(first.id)
    expect(f.history.cards.findByToken(customerId, 'tok_other')).toBeNull()

    const otherCustomer = f.history.customers.insert({
      externalId: null,
      name: 'Other',
      email: null,
      phone: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      country: null,
      createdAt: 't',
    }).id
    const theirs = f.history.cards.add(card('tok_same', { customerId: otherCustomer }))
    expect(theirs.id).not.toBe(first.id)
    expect(f.history.cards.findByToken(otherCustomer, 'tok_same')?.id).toBe(theirs.id)
  })

  it('marks use, lists active cards first, and refuses a tampered ciphertext in the database', () => {
    const old = f.history.cards.add(card('tok_old'))
    const used = f.history.cards.add(card('tok_used'))
    const off = f.history.cards.add(card('tok_off'))
    f.history.cards.deactivate(off.id, '2026-03-01T00:00:00.000Z')
    expect(f.history.cards.markUsed(used.id, '2026-03-02T00:00:00.000Z').lastUsedAt).toBe('2026-03-02T00:00:00.000Z')
    expect(f.history.cards.forCustomer(customerId).map((row) => row.id)).toEqual([used.id, old.id, off.id])
    expect(() => f.history.cards.markUsed(999, 't')).toThrow(/does not exist/)
    expect(() => f.history.cards.token(999)).toThrow(/does not exist/)

    const stored = f.db.prepare('select token_ciphertext from saved_cards where id = ?').pluck().get(old.id) as Buffer
    const tampered = Buffer.from(stored)
    tampered[14] = (tampered[14] ?? 0) ^ 0x80
    f.db.prepare('update saved_cards set token_ciphertext = ? where id = ?').run(tampered, old.id)
    expect(() => f.history.cards.token(old.id)).toThrow(/failed its integrity check/)
    expect(f.history.cards.token(used.id)).toBe('tok_used')
  })
})
