import { useEffect } from 'react'
import type { OperatorView } from '../../../src-preload/contract'
import { may } from '../session/roles'
import { useWelcomeStore } from './welcome-store'

/**
 * For the shell: whether the welcome is on show, whether the screens may show yet (an Admin's wait for
 * main's answer, one loopback call, so that Orders never flashes before the welcome), and how to leave
 * it (a sidebar button). Main is asked once the screens show for an Admin (the welcome saves settings,
 * an Admin's), not while they are locked.
 */
export function useWelcome(operator: OperatorView, hidden: boolean): { open: boolean; ready: boolean; leave: () => void } {
  const open = useWelcomeStore((state) => state.open)
  const answered = useWelcomeStore((state) => state.answered)
  const admin = may(operator.role, 'settings.update')
  useEffect(() => {
    if (admin && !hidden) void useWelcomeStore.getState().check()
  }, [admin, hidden])
  return { open: open && admin, ready: !admin || answered, leave: useWelcomeStore.getState().leave }
}
