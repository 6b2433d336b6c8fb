/**
 * What the leader desk of a team does besides the tracker and the listener: settle the attempts a desk
 * left pending when it died between sending a request and recording its answer (at a desk of its own
 * that happens at the next start; in a team the desk may never come back). Only attempts begun longer
 * ago than any request can last count: younger ones may still be waiting for their answer elsewhere.
 */
import type { EnvironmentSettings } from '../../src-preload/contract'
import type { Logger } from '../log'
import { settleInterruptedAttempts } from '../services/gateway-attempts'
import type { History } from '../store/history'

const EVERY_MS = 60_000
/** Past the longest request (connect + response timeouts, at most 3 minutes) with room to spare. */
const MARGIN_MS = 2 * 60_000

export interface LeaderDutiesOptions {
  history: () => History
  settings: () => EnvironmentSettings
  now: () => Date
  log: Logger
}

export class LeaderDuties {
  private timer: NodeJS.Timeout | null = null

  constructor(private readonly options: LeaderDutiesOptions) {}

  start(): void {
    if (this.timer) return
    this.settle()
    this.timer = setInterval(() => this.settle(), EVERY_MS)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private settle(): void {
    try {
      const { gateway } = this.options.settings()
      const now = this.options.now()
      const longest = (gateway.connectTimeoutSeconds + gateway.responseTimeoutSeconds) * 1000 + MARGIN_MS
      const orders = settleInterruptedAttempts(this.options.history(), now, new Date(now.getTime() - longest))
      if (orders.length > 0) this.options.log.warn('attempts.interrupted', { orders: orders.length, by: 'team leader' })
    } catch (error) {
      // The database may be unreachable right now: the next round tries again.
      this.options.log.warn('team.settle_failed', { error: error instanceof Error ? error.message : String(error) })
    }
  }
}
