import './TeamBanner.css'
import type { TeamView } from '../../../src-preload/contract'
import { teamBannerShown } from './team-text'

/**
 * Across the top of the app, for everyone (signed out too), while the team database cannot be reached:
 * what cannot be done, what still can, and that the desk reconnects by itself. Nothing otherwise.
 */
export function TeamBanner({ team }: { team: Pick<TeamView, 'state' | 'problem'> | null }) {
  if (!team || !teamBannerShown(team)) return null
  return (
    <div className="team-banner" role="alert" data-testid="team-banner">
      <strong>The team database cannot be reached:</strong> nothing that moves money or writes can be done until it is back. What is on screen stays visible;
      this desk reconnects by itself.
      {team.problem ? <span className="team-banner__problem"> Last problem: {team.problem}</span> : null}
    </div>
  )
}
