import '../../ui/choice.css'
import './EnvironmentSection.css'
import { useState } from 'react'
import { Trans } from 'react-i18next'
import type { Environment } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { useT } from '../../i18n/i18n'
import { ConnectionResults } from './ConnectionResults'
import { useSettingsStore } from './settings-store'
import '../../i18n/en-on-demand'

const OPTIONS: readonly Environment[] = ['training', 'sandbox', 'production']

export function EnvironmentSection() {
  const t = useT()
  const view = useSettingsStore((state) => state.view)
  const switchEnvironment = useSettingsStore((state) => state.switchEnvironment)
  const testConnection = useSettingsStore((state) => state.testConnection)
  const connection = useSettingsStore((state) => (view ? state.connection[view.environment] : undefined))
  const setShellEnvironment = useShellStore((state) => state.setEnvironment)
  const [asking, setAsking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const go = async (environment: Environment, confirmProduction?: boolean): Promise<void> => {
    setBusy(true)
    const problem = await switchEnvironment(environment, confirmProduction)
    setBusy(false)
    setError(problem?.message ?? null)
    if (!problem) setShellEnvironment(environment)
  }

  const choose = (environment: Environment): void => {
    if (environment === view?.environment) return
    if (environment === 'production') setAsking(true)
    else void go(environment)
  }

  return (
    <section className="card" aria-labelledby="environment-heading">
      <h2 id="environment-heading">{t('settings.environment.heading')}</h2>
      <div className="choice-group" role="radiogroup" aria-labelledby="environment-heading">
        {OPTIONS.map((option) => {
          const selected = view?.environment === option
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={busy || !view}
              className={`choice choice--${option}${selected ? ' choice--selected' : ''}`}
              onClick={() => choose(option)}
            >
              <strong>{t(`settings.environment.options.${option}.title`)}</strong>
              <span>{t(`settings.environment.options.${option}.text`)}</span>
            </button>
          )
        })}
      </div>
      {view ? (
        <div className="form__actions">
          <span className="muted small">
            <Trans i18nKey="settings.environment.gatewayAddress" values={{ url: view.gatewayUrl }} components={{ code: <code data-testid="gateway-url" /> }} />
          </span>
          <button type="button" className="button button--secondary" disabled={connection?.running} onClick={() => void testConnection(view.environment)}>
            {connection?.running ? t('settings.environment.testing') : t(`settings.environment.test.${view.environment}`)}
          </button>
        </div>
      ) : null}
      <ConnectionResults test={connection} />
      {error ? (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('settings.environment.confirm.title')}
        confirmLabel={t('settings.environment.confirm.confirm')}
        tone="danger"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          void go('production', true)
        }}
      >
        <p>
          <Trans i18nKey="settings.environment.confirm.live" components={{ b: <strong /> }} />
        </p>
        <p>{t('settings.environment.confirm.others')}</p>
      </ConfirmDialog>
    </section>
  )
}
