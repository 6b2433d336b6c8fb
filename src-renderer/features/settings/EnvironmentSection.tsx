import '../../ui/choice.css'
import './EnvironmentSection.css'
import { useState } from 'react'
import type { Environment } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ConnectionResults } from './ConnectionResults'
import { useSettingsStore } from './settings-store'

const OPTIONS: readonly { id: Environment; title: string; text: string }[] = [
  { id: 'training', title: 'Training', text: 'The built-in training gateway. No real money; try anything.' },
  { id: 'sandbox', title: 'Sandbox', text: "The gateway's sandbox with your sandbox credentials. No real money." },
  { id: 'production', title: 'Production', text: 'The live gateway. Payments move real money.' },
]

export function EnvironmentSection() {
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
      <h2 id="environment-heading">Environment</h2>
      <div className="choice-group" role="radiogroup" aria-labelledby="environment-heading">
        {OPTIONS.map((option) => {
          const selected = view?.environment === option.id
          return (
            <button
              key={option.id}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={busy || !view}
              className={`choice choice--${option.id}${selected ? ' choice--selected' : ''}`}
              onClick={() => choose(option.id)}
            >
              <strong>{option.title}</strong>
              <span>{option.text}</span>
            </button>
          )
        })}
      </div>
      {view ? (
        <div className="form__actions">
          <span className="muted small">
            Gateway address: <code data-testid="gateway-url">{view.gatewayUrl}</code>
          </span>
          <button type="button" className="button button--secondary" disabled={connection?.running} onClick={() => void testConnection(view.environment)}>
            {connection?.running ? 'Testing…' : `Test ${view.environment} connection`}
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
        title="Switch to Production?"
        confirmLabel="Switch to Production"
        tone="danger"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          void go('production', true)
        }}
      >
        <p>
          From now on this window works in <strong>Production</strong>: payment links and phone orders move{' '}
          <strong>real money</strong> through the live gateway.
        </p>
        <p>Training and Sandbox orders stay in their own history; you can switch back at any time.</p>
      </ConfirmDialog>
    </section>
  )
}
