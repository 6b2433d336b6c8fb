import type { Environment } from '../../src-preload/contract'

const LABELS: Record<Environment, { title: string; detail: string | null }> = {
  training: { title: 'Training', detail: 'no real money' },
  sandbox: { title: 'Sandbox', detail: 'no real money' },
  production: { title: 'Production', detail: null },
}

/** Always visible: which gateway this window talks to, and whether money is real. */
export function EnvironmentBadge({ environment }: { environment: Environment | null }) {
  if (!environment) {
    return (
      <span className="env-badge env-badge--unknown" data-testid="environment-badge">
        Not connected
      </span>
    )
  }
  const { title, detail } = LABELS[environment]
  return (
    <span className={`env-badge env-badge--${environment}`} data-testid="environment-badge" title={`Environment: ${title}`}>
      <strong>{title}</strong>
      {detail ? <span className="env-badge__detail"> · {detail}</span> : null}
    </span>
  )
}
