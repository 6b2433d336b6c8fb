/**
 * Code loaded on demand (issue 23): a rarely used screen or panel is a chunk of its own, fetched the
 * first time it shows, so that the first screen (sign-in, Home) loads only its own JavaScript.
 */
import { createElement, lazy, useEffect, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react'

/** A component loaded on demand, and the way to fetch its code ahead of showing it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as lazyNamed below
export type LoadedOnDemand<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  /** Fetches the code (once; again after a failure) and resolves when it has arrived. */
  load: () => Promise<void>
  /** Whether the code has arrived: showing it now suspends nothing. */
  loaded: () => boolean
}

/**
 * A module's named export as a component loaded on demand: its module (and what only it imports)
 * becomes a chunk. Shown before its code arrived, it suspends (React.lazy, the nearest Suspense's
 * fallback); shown after `load()` resolved, it is the component itself and suspends nothing. That
 * matters: React keeps a fallback it showed for at least 300 ms (its Suspense throttle), so a screen
 * whose code arrived in 20 ms would still wait out the rest of the 300.
 */
// React's own lazy() takes ComponentType<any>: any props, which the component named keeps as its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(importModule: () => Promise<M>, name: K): LoadedOnDemand<M[K]> {
  let component: M[K] | null = null
  let loading: Promise<M[K]> | null = null
  const loadComponent = (): Promise<M[K]> =>
    (loading ??= importModule().then(
      (module) => (component = module[name]),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  const Lazy = lazy(async () => ({ default: await loadComponent() }))
  function OnDemand(props: ComponentProps<M[K]>) {
    // Decided once per showing: switching from the lazy wrapper to the component would remount it.
    const [arrived] = useState(() => component)
    return arrived ? createElement(arrived, props) : createElement(Lazy, props)
  }
  return Object.assign(OnDemand, { load: () => loadComponent().then(() => undefined), loaded: () => component !== null })
}

/**
 * Renders its children from the first time `open` is true, and keeps them afterwards: a lazily loaded
 * dialog is fetched only when first opened, and stays mounted closed so that its own closing (the
 * focus given back to what opened it) runs as before.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened ? children : null
}

/** Calls `onMount` once its children are on the page (in a Suspense boundary: once their code arrived), after their own effects. */
export function OnMount({ onMount, children }: { onMount: () => void; children: ReactNode }) {
  // Only the first commit counts: the caller keys this by what it shows.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(onMount, [])
  return children
}
