/**
 * Card tokens at rest: AES-256-GCM under a 32-byte data key that lives in the OS keychain, never in
 * the database. A stolen history file alone yields masked numbers, not chargeable tokens.
 *
 * Blob layout: version byte (1) | 12-byte random IV | ciphertext | 16-byte GCM tag. The version byte
 * is authenticated too (it is the GCM additional data), so it cannot be swapped.
 *
 * The fingerprint finds a token without decrypting every card: HMAC-SHA256 of the token under a key
 * derived from the data key (HKDF, so the encryption key and the MAC key are never the same bytes).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import type { SecretStore } from './keychain'

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32

export interface CardCipher {
  encrypt(token: string): Buffer
  decrypt(blob: Buffer): string
  fingerprint(token: string): string
}

export class CardCipherError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CardCipherError'
  }
}

export function createCardCipher(key: Buffer): CardCipher {
  if (key.length !== KEY_BYTES) throw new CardCipherError(`The card data key must be ${String(KEY_BYTES)} bytes, not ${String(key.length)}.`)
  const dataKey = Buffer.from(key)
  const macKey = Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), 'merchant-back-office card token fingerprint v1', KEY_BYTES))
  const header = Buffer.from([VERSION])
  return {
    encrypt(token) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', dataKey, iv, { authTagLength: TAG_BYTES })
      cipher.setAAD(header)
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
      return Buffer.concat([header, iv, body, cipher.getAuthTag()])
    },
    decrypt(blob) {
      if (blob.length < 1 + IV_BYTES + TAG_BYTES) throw new CardCipherError('The stored card token is truncated; it cannot be used.')
      if (blob[0] !== VERSION) throw new CardCipherError(`The stored card token has an unknown format (version ${String(blob[0])}).`)
      const iv = blob.subarray(1, 1 + IV_BYTES)
      const tag = blob.subarray(blob.length - TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', dataKey, iv, { authTagLength: TAG_BYTES })
      decipher.setAAD(header)
      decipher.setAuthTag(tag)
      try {
        return Buffer.concat([decipher.update(blob.subarray(1 + IV_BYTES, blob.length - TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch {
        // GCM's tag check failed: the blob was altered, or it was written under another data key.
        throw new CardCipherError('The stored card token failed its integrity check (altered, or encrypted under another key); it cannot be used.')
      }
    },
    fingerprint(token) {
      return createHmac('sha256', macKey).update(token, 'utf8').digest('hex')
    },
  }
}

export function dataKeyAccount(environment: string): string {
  return `${environment}/cardDataKey`
}

/** The environment's card data key from the keychain, created (random) and stored the first time. */
export async function loadOrCreateDataKey(store: SecretStore, environment: string): Promise<Buffer> {
  const account = dataKeyAccount(environment)
  const stored = await store.get(account)
  if (stored !== null) {
    const key = Buffer.from(stored, 'base64')
    if (key.length !== KEY_BYTES) throw new CardCipherError(`The card data key in the keychain (${account}) is damaged: ${String(key.length)} bytes instead of ${String(KEY_BYTES)}.`)
    return key
  }
  const key = randomBytes(KEY_BYTES)
  await store.set(account, key.toString('base64'))
  return key
}
