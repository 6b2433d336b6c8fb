import type { OperatorView } from '../../../src-preload/contract'
import { may } from '../session/roles'
import { sessionMode, useSessionStore } from '../session/session-store'
import { useWelcomeStore } from './welcome-store'

/**
 * For the shell: whether the welcome is on show, whether the screens may show yet (an Admin's wait for
 * main's answer, one loopback call, so that Orders never flashes before the welcome), and how to leave
 * it (a sidebar button). Main is asked by `askWelcomeForAdmins`.
 */
export function useWelcome(operator: OperatorView): { open: boolean; ready: boolean; leave: () => void } {
  const open = useWelcomeStore((state) => state.open)
  const answered = useWelcomeStore((state) => state.answered)
  const admin = may(operator.role, 'settings.update')
  return { open: open && admin, ready: !admin || answered, leave: useWelcomeStore.getState().leave }
}

/**
 * Asks main whether the welcome is still to show as soon as the session says the screens show for an
 * Admin (the welcome saves settings, an Admin's), not while they are locked: with the sign-in's answer,
 * while React renders the screens, not a round trip after their first render (issue 23). Returns the
 * unsubscribe.
 */
export function askWelcomeForAdmins(): () => void {
  const ask = (): void => {
    const mode = sessionMode(useSessionStore.getState())
    if (mode.kind === 'shell' && may(mode.operator.role, 'settings.update')) void useWelcomeStore.getState().check()
  }
  ask()
  return useSessionStore.subscribe(ask)
}
