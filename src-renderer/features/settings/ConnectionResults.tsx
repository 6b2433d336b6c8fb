import '../../ui/checks.css'
import type { ConnectionCheck } from '../../../src-preload/contract'

const SCHEME_LABELS = { card: 'Card operations (card signature)', generic: 'Other channels (API key and signature)' } as const
const RESULT_LABELS: Record<ConnectionCheck['result'], string> = {
  ok: 'Connected',
  auth_failed: 'Authentication failed',
  unreachable: 'Not reachable',
  timeout: 'No answer in time',
  not_configured: 'Not configured',
  unexpected: 'Unexpected answer',
}

export function ConnectionResults({ test }: { test: { running: boolean; checks: ConnectionCheck[] | null; error: string | null } | undefined }) {
  if (!test || test.running) return null
  if (test.error) {
    return (
      <div className="alert alert--error" role="alert">
        {test.error}
      </div>
    )
  }
  if (!test.checks) return null
  return (
    <ul className="checks" aria-label="Connection test results" data-testid="connection-results">
      {test.checks.map((check) => (
        <li key={check.scheme} className={`check check--${check.result === 'ok' ? 'ok' : 'bad'}`}>
          <strong>{SCHEME_LABELS[check.scheme]}:</strong> {RESULT_LABELS[check.result]}
          {check.httpStatus && check.result !== 'ok' ? ` (HTTP ${String(check.httpStatus)})` : ''}. <span className="muted">{check.message}</span>
        </li>
      ))}
    </ul>
  )
}
