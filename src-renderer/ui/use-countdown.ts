import { useEffect, useState } from 'react'

/**
 * Milliseconds left of a wait main gave (`ms` from when `since` arrived), ticking down once a second
 * on the page's own clock. A new `since` (a fresh answer from main) starts the count again from its
 * `ms`. Null stays null (nothing to wait for).
 */
export function useCountdown<T extends number | null>(ms: T, since: unknown): T {
  const [shownFor, setShownFor] = useState(since)
  const [leftMs, setLeftMs] = useState<T>(ms)

  // A new answer from main restarts the wait (adjusting state while rendering, not in an effect).
  if (shownFor !== since) {
    setShownFor(since)
    setLeftMs(ms)
  }

  useEffect(() => {
    if (ms === null || ms <= 0) return
    const deadline = Date.now() + ms
    const timer = setInterval(() => {
      const left = Math.max(0, deadline - Date.now())
      setLeftMs(left as T)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [since, ms])

  return leftMs
}
