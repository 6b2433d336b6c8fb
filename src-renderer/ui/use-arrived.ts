/**
 * For code loaded on demand inside a screen that is itself loaded on demand: a module of its own, so
 * that it comes with that screen, not with the first screen's JavaScript (issue 23).
 */
import { useEffect, useState, type ComponentType } from 'react'
import type { LoadedOnDemand } from './lazy'

/**
 * Whether the code of components loaded on demand has arrived, fetching it once `wanted`: the caller
 * shows them only then, so that they never suspend (nor wait out React's 300 ms fallback throttle),
 * and renders again when it arrives. A fetch that failed counts as settled: shown then, the component
 * fetches its code again through React.lazy, and the nearest error boundary tells a second failure.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyNamed in ./lazy
export function useArrived(wanted: boolean, components: readonly LoadedOnDemand<ComponentType<any>>[]): boolean {
  const arrived = components.every((component) => component.loaded())
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    if (!wanted || arrived) return
    let current = true
    const settle = (): void => {
      if (current) setSettled(true)
    }
    Promise.all(components.map((component) => component.load())).then(settle, settle)
    return () => {
      current = false
    }
    // The components are module constants: what changes is whether they are wanted and here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [wanted, arrived])
  return arrived || settled
}
