import './EnvironmentBanner.css'
import type { Environment } from '../../src-preload/contract'
import { useT } from '../i18n/i18n'

/** Always visible, above everything: which gateway this window talks to, and whether money is real. */
export function EnvironmentBanner({ environment }: { environment: Environment | null }) {
  const t = useT()
  if (!environment) {
    return (
      <div className="env-banner env-banner--unknown" role="status" data-testid="environment-banner">
        <strong>{t('banner.notConnected')}</strong> {t('banner.notConnectedDetail')}
      </div>
    )
  }
  const title = t(`banner.${environment}.title`)
  return (
    <div className={`env-banner env-banner--${environment}`} role="status" aria-label={t('banner.environment', { name: title })} data-testid="environment-banner">
      <strong>{title}</strong>
      <span className="env-banner__detail"> · {t(`banner.${environment}.detail`)}</span>
    </div>
  )
}
