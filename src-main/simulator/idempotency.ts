/**
 * Request-Id (card scheme) and Idempotency-Id (generic scheme) are idempotency keys: the same key
 * with the same path and body gets the first response again with 409; a different body or path is
 * refused. Only responses of operations that were applied are kept, so a request refused for a bad
 * field can be corrected and sent again under the same key.
 */
import { digest } from '../gateway/signing'
import type { SimResponse } from './http'

export interface IdempotencyEntry {
  key: string
  path: string
  bodyDigest: string
  response: SimResponse
}

type Entry = Omit<IdempotencyEntry, 'key'>

export type IdempotencyLookup = { kind: 'new' } | { kind: 'replay'; response: SimResponse } | { kind: 'conflict' }

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>()

  lookup(key: string, path: string, body: Buffer): IdempotencyLookup {
    const entry = this.entries.get(key)
    if (!entry) return { kind: 'new' }
    if (entry.path !== path || entry.bodyDigest !== digest(body)) return { kind: 'conflict' }
    return { kind: 'replay', response: { ...entry.response, status: 409 } }
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
