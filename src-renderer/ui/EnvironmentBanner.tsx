import './EnvironmentBanner.css'
import type { Environment } from '../../src-preload/contract'

const BANNERS: Record<Environment, { title: string; detail: string }> = {
  training: { title: 'Training', detail: 'no real money · payments go to the built-in training gateway' },
  sandbox: { title: 'Sandbox', detail: "no real money · payments go to the gateway's sandbox" },
  production: { title: 'Production', detail: 'real payments' },
}

/** Always visible, above everything: which gateway this window talks to, and whether money is real. */
export function EnvironmentBanner({ environment }: { environment: Environment | null }) {
  if (!environment) {
    return (
      <div className="env-banner env-banner--unknown" role="status" data-testid="environment-banner">
        <strong>Not connected</strong> to the app&apos;s back end
      </div>
    )
  }
  const { title, detail } = BANNERS[environment]
  return (
    <div className={`env-banner env-banner--${environment}`} role="status" aria-label={`Environment: ${title}`} data-testid="environment-banner">
      <strong>{title}</strong>
      <span className="env-banner__detail"> · {detail}</span>
    </div>
  )
}
