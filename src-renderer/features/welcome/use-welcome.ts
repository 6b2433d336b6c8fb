import { sessionMode, useSessionStore } from '../session/session-store'
import { useWelcomeStore } from './welcome-store'

/**
 * For the shell: whether the welcome is on show, whether the screens may show yet (they wait for main's
 * word on the welcome, so that Orders never flashes before it; the word comes with the session's view,
 * `followWelcome`), and how to leave it (a sidebar button).
 */
export function useWelcome(): { open: boolean; ready: boolean; leave: () => void } {
  const open = useWelcomeStore((state) => state.open)
  const answered = useWelcomeStore((state) => state.answered)
  return { open, ready: answered, leave: useWelcomeStore.getState().leave }
}

/**
 * Takes main's word on the welcome from the session's view once the screens show, not while they are
 * locked. Main says it is to show only to an Admin (the welcome saves settings), with the sign-in's
 * answer, so that Home (or the welcome) is the screens' first render, with no round trip of its own
 * (issue 23). Returns the unsubscribe.
 */
export function followWelcome(): () => void {
  const follow = (): void => {
    const state = useSessionStore.getState()
    if (sessionMode(state).kind === 'shell') useWelcomeStore.getState().decide(state.view?.welcome === true)
  }
  follow()
  return useSessionStore.subscribe(follow)
}
