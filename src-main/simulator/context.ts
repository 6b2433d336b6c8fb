/** What every part of a running simulator shares. */
import type { SimClock } from './clock'
import type { Credentials } from './credentials'
import type { FaultBox } from './faults'
import type { SimRequest, SimResponse } from './http'
import type { IdempotencyStore } from './idempotency'
import type { Notifier } from './notifier'
import type { PageLinks } from './page-links'
import type { SimState } from './state'

export interface SimContext {
  state: SimState
  clock: SimClock
  credentials: Credentials
  notifier: Notifier
  idempotency: IdempotencyStore
  faults: FaultBox
  pageLinks: PageLinks
  /** The address the simulator is reached at, for links it hands out. */
  baseUrl(): string
  /** The merchant's name shown on the customer pages; empty when none was given. */
  merchantName(): string
}

export interface OperationCall {
  ctx: SimContext
  req: SimRequest
  /** The parsed JSON body (undefined for a GET). */
  body: unknown
  /** The card scheme's Request-Id; null on generic operations. */
  requestId: string | null
  now: number
  /** Path parameter, e.g. the identifier of a status check. */
  param: string
}

export interface OperationOutcome {
  response: SimResponse
  /** Whether state changed; only applied outcomes are kept for idempotent replay. */
  applied: boolean
}

export type Operation = (call: OperationCall) => OperationOutcome
