import './TeamBanner.css'
import { Trans } from 'react-i18next'
import type { TeamView } from '../../../src-preload/contract'
import { useT } from '../../i18n/i18n'
import { teamBannerShown } from './team-text'

/**
 * Across the top of the app, for everyone (signed out too), while the team database cannot be reached:
 * what cannot be done, what still can, and that the desk reconnects by itself. Nothing otherwise.
 */
export function TeamBanner({ team }: { team: Pick<TeamView, 'state' | 'problem'> | null }) {
  const t = useT()
  if (!team || !teamBannerShown(team)) return null
  return (
    <div className="team-banner" role="alert" data-testid="team-banner">
      <Trans i18nKey="team.banner.text" components={{ b: <strong /> }} />
      {team.problem ? <span className="team-banner__problem"> {t('team.banner.problem', { problem: team.problem })}</span> : null}
    </div>
  )
}
