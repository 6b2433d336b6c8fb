/**
 * Vitest's order of test files: the longest known first, then vitest's own order. On a clean clone
 * vitest has no durations cached and runs the larger files first, so the three bridge-fuzzing files
 * (four lines each: the work is in bridge-fuzz.ts) came last, and the desk's, 184 s on a slower
 * machine (2026-11-28), ran alone at the end while the other worker had nothing left: 429 s of vitest
 * against about 330 s of work per worker. Started first, it runs beside the rest.
 *
 * The list is of files measured at 15 s or more in `npm test` (the slowest first); a file missing
 * from it only runs in vitest's order.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const LONGEST = [
  'test/attack/bridge-fuzz-desk.test.ts',
  'test/integration/team-import.test.ts',
  'test/attack/bridge-fuzz-payments.test.ts',
  'test/integration/status-tracker.test.ts',
  'test/attack/bridge-fuzz-history.test.ts',
  'test/integration/history-engines-agree.test.ts',
  'test/attack/kill-restart.test.ts',
  'test/attack/listener-attacks.test.ts',
  'test/integration/operators.test.ts',
  'test/integration/team-failover.test.ts',
]

function rank(file: TestSpecification): number {
  const index = LONGEST.findIndex((known) => file.moduleId.endsWith(`/${known}`))
  return index === -1 ? LONGEST.length : index
}

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    // Array.prototype.sort is stable: the rest keep vitest's order.
    return ordered.sort((a, b) => rank(a) - rank(b))
  }
}
