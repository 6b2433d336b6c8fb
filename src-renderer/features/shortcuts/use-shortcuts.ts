import { useEffect, useRef } from 'react'
import { listenForShortcuts, type ShortcutContext } from './keys'

/** The shortcuts, while the screens are on show (not under the lock, not before sign-in). */
export function useShortcuts(enabled: boolean, context: ShortcutContext): void {
  const latest = useRef(context)
  useEffect(() => {
    latest.current = context
  })
  useEffect(() => {
    if (!enabled) return
    return listenForShortcuts(() => latest.current)
  }, [enabled])
}
