/**
 * The team data key: the secret under which a team's saved card tokens are encrypted. It never sits in
 * the database in clear: the Admin who creates the team is shown it once, as 8 groups of 5 letters
 * and digits (RFC 4648 base32, 200 bits), and each desk that joins keeps it in its own keychain. The
 * database keeps only a check value, so that a mistyped key is refused instead of saving cards under
 * the wrong key.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { GatewayEnvironment } from '../../src-preload/contract'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
const KEY_BYTES = 25

function toBase32(bytes: Buffer): string {
  let bits = 0
  let value = 0
  let text = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      text += ALPHABET.charAt((value >>> (bits - 5)) & 31)
      bits -= 5
    }
  }
  return text
}

function fromBase32(text: string): Buffer {
  let bits = 0
  let value = 0
  const bytes: number[] = []
  for (const char of text) {
    const index = ALPHABET.indexOf(char)
    if (index === -1) throw new RangeError('Not a team key.')
    value = ((value << 5) | index) & 0xffff
    bits += 5
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff)
      bits -= 8
    }
  }
  return Buffer.from(bytes)
}

/** A new key, as the 40 characters the contract's TeamKey parses to. */
export function newTeamKey(): string {
  return toBase32(randomBytes(KEY_BYTES))
}

/** As shown to the Admin: ABCDE-FGHIJ-… */
export function formatTeamKey(key: string): string {
  return key.match(/.{1,5}/g)?.join('-') ?? key
}

function derive(key: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', fromBase32(key), Buffer.from('merchant-back-office team'), purpose, 32))
}

/** The 32-byte card data key of one environment of the team (createCardCipher's input). */
export function teamCardKey(key: string, environment: GatewayEnvironment): Buffer {
  return derive(key, `card data key ${environment}`)
}

export function teamKeyCheck(key: string): string {
  return createHmac('sha256', derive(key, 'key check')).update('merchant-back-office team key check v1').digest('hex')
}

export function teamKeyMatches(key: string, check: string): boolean {
  const expected = Buffer.from(teamKeyCheck(key), 'hex')
  const stored = Buffer.from(check, 'hex')
  return stored.length === expected.length && timingSafeEqual(stored, expected)
}
