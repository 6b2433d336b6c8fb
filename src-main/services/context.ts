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
  /** Who is using the app (the operating system's user name): written on orders and in the audit log. */
  actor: string
}
