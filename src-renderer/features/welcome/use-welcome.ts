import type { OperatorView } from '../../../src-preload/contract'
import { may } from '../session/roles'
import { sessionMode, useSessionStore } from '../session/session-store'
import { useWelcomeStore } from './welcome-store'

/**
 * For the shell: whether the welcome is on show, whether the screens may show yet (an Admin's wait for
 * main's word on the welcome, so that Orders never flashes before it; the word comes with the session's
 * view, `followWelcomeForAdmins`), and how to leave it (a sidebar button).
 */
export function useWelcome(operator: OperatorView): { open: boolean; ready: boolean; leave: () => void } {
  const open = useWelcomeStore((state) => state.open)
  const answered = useWelcomeStore((state) => state.answered)
  const admin = may(operator.role, 'settings.update')
  return { open: open && admin, ready: !admin || answered, leave: useWelcomeStore.getState().leave }
}

/**
 * Takes main's word on the welcome from the session's view once the screens show for an Admin (the
 * welcome saves settings, an Admin's), not while they are locked: it comes with the sign-in's answer,
 * so that Home (or the welcome) is the screens' first render, with no round trip of its own (issue 23).
 * Returns the unsubscribe.
 */
export function followWelcomeForAdmins(): () => void {
  const follow = (): void => {
    const state = useSessionStore.getState()
    const mode = sessionMode(state)
    if (mode.kind === 'shell' && may(mode.operator.role, 'settings.update')) useWelcomeStore.getState().decide(state.view?.welcome === true)
  }
  follow()
  return useSessionStore.subscribe(follow)
}
