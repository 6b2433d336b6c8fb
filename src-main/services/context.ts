/**
 * What the use-case services need from the back end: the active environment's history, settings and
 * gateway client, the injected clock, the event bus and who is acting. backend.ts builds it; tests
 * build it through backend.ts too.
 *
 * A call that waits (for the gateway, for a commit) takes `bound()` at its start and uses only that
 * after: the environment active may change meanwhile (a switch, a team created, joined or left), and
 * an answer must be recorded in the history its attempt was written to, never in another's. A call
 * that never waits may read the context as it is.
 */
import type { Environment, EnvironmentSettings } from '../../src-preload/contract'
import type { EventBus } from '../bridge/event-bus'
import type { GatewayClient } from '../gateway/client'
import type { Logger } from '../log'
import type { History } from '../store/history'

export interface ServiceContext {
  environment(): Environment
  history(): History
  settings(): EnvironmentSettings
  /** The active environment's client; throws AppError NOT_CONFIGURED when its credentials are missing. */
  gateway(): Promise<GatewayClient>
  now(): Date
  events: EventBus
  log: Logger
  /**
   * The signed-in operator's name, written on orders, the timeline, refunds and the audit log; for an
   * action a Supervisor approved on the spot, "Mei Ling (approved by Ravi)". Read it when writing,
   * never keep it: it is the running call's.
   */
  actor(): string
  /** The Supervisor (or Admin) who approved the running call on the spot, if one did (audit `approved_by`). */
  approvedBy(): string | null
  /**
   * This context bound to the environment active now: its id, history, settings and gateway client
   * whatever becomes active later. Its gateway() refuses once that environment is no longer active, so
   * that nothing is sent with another environment's client for it.
   */
  bound(): ServiceContext
}
