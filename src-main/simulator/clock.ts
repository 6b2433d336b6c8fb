/**
 * The simulator's clock: a base time source (real time unless injected) plus an offset that the
 * control API moves. Every time rule reads it, so tests move time instead of sleeping.
 */
export type NowFn = () => number

export interface SimClock {
  /** Milliseconds since the epoch, on the simulator's time line. */
  now(): number
  /** Moves simulator time forward; negative values are refused (time never runs back). */
  advance(ms: number): void
  /** How far simulator time is ahead of the base clock. */
  offsetMs(): number
}

/** `initialOffsetMs` carries a moved clock across a restart (the simulator's books keep it). */
export function createSimClock(base: NowFn = Date.now, initialOffsetMs = 0): SimClock {
  if (!Number.isFinite(initialOffsetMs) || initialOffsetMs < 0) throw new RangeError('the clock only moves forward')
  let offset = initialOffsetMs
  return {
    now: () => base() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward')
      offset += ms
    },
    offsetMs: () => offset,
  }
}
