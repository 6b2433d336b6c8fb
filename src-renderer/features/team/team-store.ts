/**
 * The app's one team store, over window.api: loaded at start (team.get is open to anyone, so the
 * banner shows even before sign-in) and kept current by `team.changed`.
 */
import { getApi, NO_BRIDGE } from '../../api'
import { createTeamStore, followTeamEvents } from './team-state'

export const useTeamStore = createTeamStore({ api: getApi, noBridge: NO_BRIDGE })

/** Follows main's `team.changed`; returns the unsubscribe. */
export function subscribeTeamEvents(): () => void {
  return followTeamEvents(useTeamStore, getApi())
}
