import '../../ui/pill.css'
import './CredentialsSection.css'
import { useState } from 'react'
import type { CredentialState, GatewayEnvironment } from '../../../src-preload/contract'
import { Field } from '../../ui/Field'
import { FormFooter } from '../../ui/FormFooter'
import { ConnectionResults } from './ConnectionResults'
import { useSettingsStore } from './settings-store'

const TABS: readonly { id: GatewayEnvironment; label: string }[] = [
  { id: 'sandbox', label: 'Sandbox' },
  { id: 'production', label: 'Production' },
]

function SecretStatus({ set }: { set: boolean }) {
  return <span className={`pill ${set ? 'pill--ok' : 'pill--muted'}`}>{set ? 'Set' : 'Not set'}</span>
}

interface SecretFieldProps {
  label: string
  purpose: string
  isSet: boolean
  value: string
  onChange: (value: string) => void
  onRemove: () => void
  error: string | null
  disabled: boolean
}

/** A write-only secret: typed to set or replace, never shown, removable once set. */
function SecretField({ label, purpose, isSet, value, onChange, onRemove, error, disabled }: SecretFieldProps) {
  return (
    <Field
      label={label}
      error={error}
      hint={
        <>
          <SecretStatus set={isSet} /> {purpose}
        </>
      }
    >
      {(props) => (
        <div className="input-row">
          <input
            {...props}
            type="password"
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={isSet ? 'Type to replace' : 'Type to set'}
            autoComplete="off"
            disabled={disabled}
          />
          {isSet ? (
            <button type="button" className="button button--secondary" onClick={onRemove} aria-label={`Remove the ${label}`}>
              Remove
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

function CredentialsForm({ environment, state, keychainAvailable }: { environment: GatewayEnvironment; state: CredentialState; keychainAvailable: boolean }) {
  const updateCredentials = useSettingsStore((s) => s.updateCredentials)
  const removeSecret = useSettingsStore((s) => s.removeSecret)
  const testConnection = useSettingsStore((s) => s.testConnection)
  const connection = useSettingsStore((s) => s.connection[environment])
  const [clientId, setClientId] = useState(state.clientId)
  const [trailingColon, setTrailingColon] = useState(state.apiKeyTrailingColon)
  const [secretKey, setSecretKey] = useState('')
  const [apiKey, setApiKey] = useState('')
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null)
  const [saved, setSaved] = useState(false)

  const save = async (): Promise<void> => {
    setSaved(false)
    const problem = await updateCredentials({
      environment,
      clientId,
      apiKeyTrailingColon: trailingColon,
      ...(secretKey ? { secretKey } : {}),
      ...(apiKey ? { apiKey } : {}),
    })
    if (problem) {
      setError({ field: problem.field ?? null, message: problem.message })
      return
    }
    // Write-only: what was typed is forgotten as soon as the keychain has it.
    setSecretKey('')
    setApiKey('')
    setError(null)
    setSaved(true)
  }

  const remove = async (secret: 'secretKey' | 'apiKey'): Promise<void> => {
    const problem = await removeSecret(environment, secret)
    setError(problem ? { field: null, message: problem.message } : null)
  }

  const fieldError = (field: string): string | null => (error?.field === field ? error.message : null)

  return (
    <form
      className="form"
      aria-label={`${environment} credentials`}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Field label="Client ID" error={fieldError('clientId')}>
        {(props) => <input {...props} value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
      <SecretField
        label="Secret Key"
        purpose="Signs every request. Type a new one to set or replace it; it is never shown again."
        isSet={state.secretKeySet}
        value={secretKey}
        onChange={setSecretKey}
        onRemove={() => void remove('secretKey')}
        error={fieldError('secretKey')}
        disabled={!keychainAvailable}
      />
      <SecretField
        label="API Key"
        purpose="Used by the non-card channels (FPX, e-wallets, buy-now-pay-later)."
        isSet={state.apiKeySet}
        value={apiKey}
        onChange={setApiKey}
        onRemove={() => void remove('apiKey')}
        error={fieldError('apiKey')}
        disabled={!keychainAvailable}
      />
      <label className="checkbox">
        <input type="checkbox" checked={trailingColon} onChange={(e) => setTrailingColon(e.target.checked)} />
        Send the API Key with a trailing colon in its Basic credentials (<code>key:</code>)
      </label>
      <FormFooter submitLabel="Save credentials" formError={error && !error.field ? error.message : null} saved={saved}>
        <button type="button" className="button button--secondary" disabled={connection?.running} onClick={() => void testConnection(environment)}>
          {connection?.running ? 'Testing…' : 'Test connection'}
        </button>
      </FormFooter>
      <ConnectionResults test={connection} />
    </form>
  )
}

export function CredentialsSection() {
  const credentials = useSettingsStore((state) => state.credentials)
  const [tab, setTab] = useState<GatewayEnvironment>('sandbox')
  if (!credentials) return null
  return (
    <section className="card" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading">Gateway credentials</h2>
      <p className="muted small">
        Kept in the operating system&apos;s keychain and used only by the app&apos;s back end. Training needs none.
      </p>
      {credentials.keychain.available ? null : (
        <div className="alert alert--error" role="alert" data-testid="keychain-unavailable">
          {credentials.keychain.message}
        </div>
      )}
      <div className="tabs" role="tablist" aria-label="Credentials of">
        {TABS.map((item) => (
          <button key={item.id} type="button" role="tab" aria-selected={tab === item.id} className="tab" onClick={() => setTab(item.id)}>
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={`${tab} credentials`}>
        <CredentialsForm key={tab} environment={tab} state={credentials[tab]} keychainAvailable={credentials.keychain.available} />
      </div>
    </section>
  )
}
