import '../../ui/pill.css'
import './CredentialsSection.css'
import { useState } from 'react'
import { Trans } from 'react-i18next'
import type { CredentialState, GatewayEnvironment } from '../../../src-preload/contract'
import { Field } from '../../ui/Field'
import { FormFooter } from '../../ui/FormFooter'
import { useT } from '../../i18n/i18n'
import { ConnectionResults } from './ConnectionResults'
import { useSettingsStore } from './settings-store'
import '../../i18n/en-on-demand'

const TABS: readonly GatewayEnvironment[] = ['sandbox', 'production']

function SecretStatus({ set }: { set: boolean }) {
  const t = useT()
  return <span className={`pill ${set ? 'pill--ok' : 'pill--muted'}`}>{set ? t('settings.credentials.set') : t('settings.credentials.notSet')}</span>
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
  const t = useT()
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
            placeholder={isSet ? t('settings.credentials.typeToReplace') : t('settings.credentials.typeToSet')}
            autoComplete="off"
            disabled={disabled}
          />
          {isSet ? (
            <button type="button" className="button button--secondary" onClick={onRemove} aria-label={t('settings.credentials.removeOf', { label })}>
              {t('settings.credentials.remove')}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

function CredentialsForm({ environment, state, keychainAvailable }: { environment: GatewayEnvironment; state: CredentialState; keychainAvailable: boolean }) {
  const t = useT()
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
      aria-label={t(`settings.credentials.form.${environment}`)}
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <Field label={t('settings.credentials.clientId')} error={fieldError('clientId')}>
        {(props) => <input {...props} value={clientId} onChange={(e) => setClientId(e.target.value)} autoComplete="off" spellCheck={false} />}
      </Field>
      <SecretField
        label={t('settings.credentials.secretKey')}
        purpose={t('settings.credentials.secretKeyPurpose')}
        isSet={state.secretKeySet}
        value={secretKey}
        onChange={setSecretKey}
        onRemove={() => void remove('secretKey')}
        error={fieldError('secretKey')}
        disabled={!keychainAvailable}
      />
      <SecretField
        label={t('settings.credentials.apiKey')}
        purpose={t('settings.credentials.apiKeyPurpose')}
        isSet={state.apiKeySet}
        value={apiKey}
        onChange={setApiKey}
        onRemove={() => void remove('apiKey')}
        error={fieldError('apiKey')}
        disabled={!keychainAvailable}
      />
      <label className="checkbox">
        <input type="checkbox" checked={trailingColon} onChange={(e) => setTrailingColon(e.target.checked)} />
        <Trans i18nKey="settings.credentials.trailingColon" components={{ code: <code /> }} />
      </label>
      <FormFooter submitLabel={t('settings.credentials.save')} formError={error && !error.field ? error.message : null} saved={saved}>
        <button type="button" className="button button--secondary" disabled={connection?.running} onClick={() => void testConnection(environment)}>
          {connection?.running ? t('settings.credentials.testing') : t('settings.credentials.test')}
        </button>
      </FormFooter>
      <ConnectionResults test={connection} />
    </form>
  )
}

export function CredentialsSection() {
  const t = useT()
  const credentials = useSettingsStore((state) => state.credentials)
  const [tab, setTab] = useState<GatewayEnvironment>('sandbox')
  if (!credentials) return null
  return (
    <section className="card" aria-labelledby="credentials-heading">
      <h2 id="credentials-heading">{t('settings.credentials.heading')}</h2>
      <p className="muted small">{t('settings.credentials.lead')}</p>
      {credentials.keychain.available ? null : (
        <div className="alert alert--error" role="alert" data-testid="keychain-unavailable">
          {credentials.keychain.message}
        </div>
      )}
      <div className="tabs" role="tablist" aria-label={t('settings.credentials.tabs')}>
        {TABS.map((id) => (
          <button key={id} type="button" role="tab" aria-selected={tab === id} className="tab" onClick={() => setTab(id)}>
            {t(`settings.credentials.tab.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={t(`settings.credentials.form.${tab}`)}>
        <CredentialsForm key={tab} environment={tab} state={credentials[tab]} keychainAvailable={credentials.keychain.available} />
      </div>
    </section>
  )
}
