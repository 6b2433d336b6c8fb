/**
 * The help panels, loaded on demand (issue 23): their code is fetched the first time one opens, and
 * they stay mounted afterwards (closed), so that closing gives the focus back as before (ui/Modal.tsx).
 */
import { Suspense } from 'react'
import { lazyNamed, OnceOpened } from '../../ui/lazy'

interface PanelProps {
  open: boolean
  onClose: () => void
}

const Shortcuts = lazyNamed(() => import('./ShortcutsPanel'), 'ShortcutsPanel')
const About = lazyNamed(() => import('./AboutPanel'), 'AboutPanel')

export function ShortcutsPanel(props: PanelProps) {
  return (
    <OnceOpened open={props.open}>
      <Suspense fallback={null}>
        <Shortcuts {...props} />
      </Suspense>
    </OnceOpened>
  )
}

export function AboutPanel(props: PanelProps) {
  return (
    <OnceOpened open={props.open}>
      <Suspense fallback={null}>
        <About {...props} />
      </Suspense>
    </OnceOpened>
  )
}
