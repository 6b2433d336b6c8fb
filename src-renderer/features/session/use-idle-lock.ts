import { useEffect } from 'react'
import { ACTIVITY_EVENTS, createIdleTimer } from './idle-timer'
import { useSessionStore } from './session-store'

/** While `active`, locks the screen after `minutes` without input (mouse, keys, touch). */
export function useIdleLock(active: boolean, minutes: number): void {
  useEffect(() => {
    if (!active) return
    const timer = createIdleTimer(
      { now: () => Date.now(), setTimeout: (run, ms) => window.setTimeout(run, ms), clearTimeout: (handle) => window.clearTimeout(handle as number) },
      () => void useSessionStore.getState().lock(),
    )
    const onActivity = (): void => timer.activity()
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { capture: true, passive: true })
    timer.start(minutes)
    return () => {
      timer.stop()
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true })
    }
  }, [active, minutes])
}
