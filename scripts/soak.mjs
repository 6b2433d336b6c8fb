#!/usr/bin/env node
/**
 * npm run soak: the attack suites of test/attack with their soak sizes (SOAK=1), inside a throw-away
 * keyring, with one run seed printed first so that the whole run can be replayed:
 *   npm run soak                                  every attack suite, soak sizes
 *   npm run soak -- test/attack/money-faults      one suite (any vitest arguments pass through)
 *   ATTACK_SEED=123 npm run soak                  replay a run
 *   SOAK_SCALE=3 npm run soak                     three times the soak sizes
 * `npm test` runs the same files at their small sizes.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'

const seed = process.env.ATTACK_SEED || String(Math.floor(Math.random() * 2 ** 31))
const scale = process.env.SOAK_SCALE ? ` SOAK_SCALE=${process.env.SOAK_SCALE}` : ''
const args = process.argv.slice(2)
console.log(`soak: ATTACK_SEED=${seed} SOAK=1${scale} (replay with: ATTACK_SEED=${seed}${scale} npm run soak${args.length ? ` -- ${args.join(' ')}` : ''})`)
const result = spawnSync(process.execPath, ['scripts/with-keyring.mjs', join('node_modules', '.bin', 'vitest'), 'run', ...(args.some((arg) => !arg.startsWith('-')) ? [] : ['test/attack']), ...args], {
  stdio: 'inherit',
  env: { ...process.env, SOAK: '1', ATTACK_SEED: seed },
})
console.log(`soak: ATTACK_SEED=${seed} SOAK=1${scale}: ${result.status === 0 ? 'passed' : 'FAILED'}`)
process.exit(result.status ?? 1)
