/**
 * Request-Id (card scheme) and Idempotency-Id (generic scheme) are idempotency keys: the same key
 * with the same path and body gets the first response again with 409; a different body or path is
 * refused. Only responses of operations that were applied are kept, so a request refused for a bad
 * field can be corrected and sent again under the same key.
 *
 * Answers kept by an earlier run come from the books, where the card tokens they echo are hidden
 * (token-fingerprints.ts); a replay puts them back from the request it replays.
 */
import { digest } from '../gateway/signing'
import type { SimResponse } from './http'
import { revealTokens } from './token-fingerprints'

export interface IdempotencyEntry {
  key: string
  path: string
  bodyDigest: string
  response: SimResponse
  /** Restored from the books with its tokens hidden: put back from the request on replay. */
  tokensHidden?: boolean
}

type Entry = Omit<IdempotencyEntry, 'key'>

export type IdempotencyLookup = { kind: 'new' } | { kind: 'replay'; response: SimResponse } | { kind: 'conflict' }

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>()

  lookup(key: string, path: string, body: Buffer): IdempotencyLookup {
    const entry = this.entries.get(key)
    if (!entry) return { kind: 'new' }
    if (entry.path !== path || entry.bodyDigest !== digest(body)) return { kind: 'conflict' }
    const response = entry.tokensHidden && typeof entry.response.body === 'string' ? { ...entry.response, body: revealTokens(entry.response.body, body) } : entry.response
    return { kind: 'replay', response: { ...response, status: 409 } }
  }

  remember(key: string, path: string, body: Buffer, response: SimResponse): void {
    this.entries.set(key, { path, bodyDigest: digest(body), response })
  }

  clear(): void {
    this.entries.clear()
  }

  /** Every kept answer, oldest first, for the simulator's books. */
  list(): IdempotencyEntry[] {
    return [...this.entries].map(([key, entry]) => ({ key, ...entry }))
  }

  /** Puts back answers kept by an earlier run. */
  restore(entries: readonly IdempotencyEntry[]): void {
    for (const { key, ...entry } of entries) this.entries.set(key, entry)
  }
}
