/**
 * npm run bench: every benchmark, one after the other, each in its own process so that none warms
 * or loads the other. They measure and print; they are not tests.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const BENCHES = ['simulator-bench.ts', 'gateway-client-bench.ts', 'search-bench.ts', 'search-bench-pg.ts', 'home-bench.ts', 'tracker-bench.ts', 'listener-bench.ts', 'team-charge-bench.ts']
const tsx = join(__dirname, '../../node_modules/.bin/tsx')
let failed = false
for (const bench of BENCHES) {
  console.log(`\n=== ${bench} ===`)
  const result = spawnSync(tsx, [join(__dirname, bench)], { stdio: 'inherit' })
  if (result.status !== 0) failed = true
}
process.exitCode = failed ? 1 : 0
