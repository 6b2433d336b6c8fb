/**
 * The idle lock's timer, pure: activity moves a timestamp (cheap enough for every mouse move), and one
 * timeout, set for the deadline, looks again when it fires: if there was activity meanwhile it waits
 * for the new deadline, otherwise the operator is idle. The clock and the timeouts are injected, so a
 * test runs it on a fake clock.
 */
export interface IdleClock {
  now: () => number
  setTimeout: (run: () => void, ms: number) => unknown
  clearTimeout: (handle: unknown) => void
}

export interface IdleTimer {
  /** User input: the idle time starts again. */
  activity: () => void
  /** Starts (again) with this many minutes; 0 or less turns the lock off. */
  start: (minutes: number) => void
  stop: () => void
  /** Milliseconds left before the lock, or null when stopped. */
  remainingMs: () => number | null
}

export function createIdleTimer(clock: IdleClock, onIdle: () => void): IdleTimer {
  let timeoutMs = 0
  let last = 0
  let handle: unknown = null
  let running = false

  const clear = (): void => {
    if (handle !== null) clock.clearTimeout(handle)
    handle = null
  }

  const schedule = (): void => {
    clear()
    const left = last + timeoutMs - clock.now()
    if (left <= 0) {
      running = false
      onIdle()
      return
    }
    handle = clock.setTimeout(() => {
      handle = null
      if (running) schedule()
    }, left)
  }

  return {
    activity: () => {
      if (running) last = clock.now()
    },
    start: (minutes) => {
      clear()
      running = Number.isFinite(minutes) && minutes > 0
      if (!running) return
      timeoutMs = minutes * 60_000
      last = clock.now()
      schedule()
    },
    stop: () => {
      running = false
      clear()
    },
    remainingMs: () => (running ? Math.max(0, last + timeoutMs - clock.now()) : null),
  }
}

/** The DOM events that count as someone at the desk. */
export const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focusin'] as const
