import '../../ui/checks.css'
import { Trans } from 'react-i18next'
import type { ConnectionCheck } from '../../../src-preload/contract'
import { useT } from '../../i18n/i18n'
import { saidText } from '../../i18n/said-text'
import '../../i18n/en-on-demand'

export function ConnectionResults({ test }: { test: { running: boolean; checks: ConnectionCheck[] | null; error: string | null } | undefined }) {
  const t = useT()
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
    <ul className="checks" aria-label={t('settings.connection.label')} data-testid="connection-results">
      {test.checks.map((check) => {
        const words = { scheme: t(`settings.connection.scheme.${check.scheme}`), result: t(`settings.connection.result.${check.result}`) }
        return (
          <li key={check.scheme} className={`check check--${check.result === 'ok' ? 'ok' : 'bad'}`}>
            {check.httpStatus && check.result !== 'ok' ? (
              <Trans i18nKey="settings.connection.checkHttp" values={{ ...words, status: check.httpStatus }} components={{ b: <strong /> }} />
            ) : (
              <Trans i18nKey="settings.connection.check" values={words} components={{ b: <strong /> }} />
            )}{' '}
            <span className="muted">{saidText(check.say, check.message)}</span>
          </li>
        )
      })}
    </ul>
  )
}
