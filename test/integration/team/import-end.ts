/** Waiting for a desk's import of its history into the team to end, from its answers and events. */
import type { TeamView } from '../../../src-preload/contract'
import type { SandboxTestBackend } from '../sandbox-fixture'

/**
 * Starts an import with `start` and waits for its end. A team.changed sent just before it began
 * (the team's connection after a restart, say) still carries the last import's state, so only
 * what is read after the call answered counts: its answer, then team.get, then the events.
 */
export async function importEnd(desk: SandboxTestBackend, start: () => Promise<TeamView>): Promise<TeamView> {
  const ended = (view: TeamView | null): boolean => view?.import != null && view.import.state !== 'running'
  const answer = await start()
  if (ended(answer)) return answer
  let unsubscribe = (): void => undefined
  const event = new Promise<TeamView>((resolve) => {
    unsubscribe = desk.backend.events.subscribe((name, payload) => {
      if (name === 'team.changed' && ended(payload as TeamView)) resolve(payload as TeamView)
    })
  })
  const now = await desk.call('team.get')
  const view = ended(now) ? now : await event
  unsubscribe()
  return view
}
