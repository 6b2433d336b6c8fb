/**
 * Code loaded on demand (issue 23): a rarely used screen or panel is a chunk of its own, fetched the
 * first time it shows, so that the first screen (sign-in, Home) loads only its own JavaScript.
 */
import { lazy, useEffect, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react'

/** A module's named export as a lazily loaded component: its module (and what only it imports) becomes a chunk. */
// React's own lazy() takes ComponentType<any>: any props, which the component named keeps as its own.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }))
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
