/**
 * What the use-case services need from the back end: the active environment's history, settings and
 * gateway client, the injected clock, the event bus and who is acting. backend.ts builds it; tests
 * build it through backend.ts too.
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
}
