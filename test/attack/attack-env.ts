/**
 * Sizes and seeds of the attack suites. `npm test` runs them small; `npm run soak` (SOAK=1) runs the
 * same files with the soak sizes, and SOAK_SCALE=k multiplies whichever sizes are in force. Every
 * suite prints its seed; ATTACK_SEED=<n> replays a run (one seed for every suite of that run, each
 * suite's own stream derived from it and the suite's name).
 */
import { createHash } from 'node:crypto'

export const SOAK = process.env['SOAK'] === '1' || process.env['SOAK'] === 'true'

function scale(): number {
  const raw = Number(process.env['SOAK_SCALE'] ?? '1')
  return Number.isFinite(raw) && raw > 0 ? raw : 1
}

/** The size to run: `quick` in npm test, `soak` under SOAK=1, both times SOAK_SCALE. */
export function size(quick: number, soak: number): number {
  return Math.max(1, Math.round((SOAK ? soak : quick) * scale()))
}

/** A test's time limit that grows with its size. */
export function timeLimit(baseMs: number, perUnitMs: number, units: number): number {
  return baseMs + perUnitMs * units
}

/** The run's seed (ATTACK_SEED, else random), and the suite's seed derived from it; printed so a failure can be replayed. */
export function suiteSeed(suite: string): number {
  const given = process.env['ATTACK_SEED']
  const runSeed = given !== undefined && given !== '' ? Number(given) | 0 : (Math.random() * 2 ** 31) | 0
  const seed = createHash('sha256')
    .update(`${String(runSeed)}:${suite}`)
    .digest()
    .readInt32LE(0)
  console.log(`[attack] ${suite}: seed ${String(seed)} (run seed ${String(runSeed)}; replay with ATTACK_SEED=${String(runSeed)}${SOAK ? ' SOAK=1' : ''})`)
  return seed
}

/** A small seeded generator (mulberry32) for the suites that draw their own random choices. */
export interface Rng {
  /** In [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

export function rng(seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      const item = items[Math.floor(next() * items.length)]
      if (item === undefined) throw new Error('pick from an empty list')
      return item
    },
    chance: (p) => next() < p,
  }
}
