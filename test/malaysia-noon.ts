/**
 * For tests whose payments must stay before the day's settlement (midnight, Malaysia time: the
 * training gateway's and Settings' default cut-off) while their clock moves on by a minute or more:
 * how far to move a clock that reads `nowMs` for it to read the next noon, Malaysia time. Without it
 * such a test failed when it ran in the minute before midnight in Malaysia (16:00 UTC), its payment
 * settled by the clock's own step.
 */
import { settlementAfter } from '../src-common/refund-words'

export function untilMalaysiaNoon(nowMs: number): number {
  return settlementAfter(new Date(nowMs), '12:00').getTime() - nowMs
}
