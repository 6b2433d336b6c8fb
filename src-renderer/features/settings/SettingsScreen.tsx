import { useEffect } from 'react'
import { useShellStore } from '../../app/shell-store'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { CredentialsSection } from './CredentialsSection'
import { EnvironmentSection } from './EnvironmentSection'
import { GeneralSettingsForm } from './GeneralSettingsForm'
import { ListenerPanel } from './ListenerPanel'
import { useSettingsStore } from './settings-store'

const RUNTIME_LABELS = { electron: 'Desktop app', browser: 'In your browser (browser mode)', test: 'Test' } as const
const ENVIRONMENT_LABELS = { training: 'Training', sandbox: 'Sandbox', production: 'Production' } as const

function InstallationCard() {
  const info = useShellStore((state) => state.info)
  return (
    <section className="card" aria-labelledby="about-heading">
      <h2 id="about-heading">This installation</h2>
      {info ? (
        <dl className="facts" data-testid="app-info">
          <dt>Version</dt>
          <dd>{info.version}</dd>
          <dt>Data folder</dt>
          <dd>
            <code data-testid="data-folder">{info.dataDir}</code>
          </dd>
          <dt>Running as</dt>
          <dd>
            {RUNTIME_LABELS[info.runtime]}
            {info.electronVersion ? ` (Electron ${info.electronVersion})` : ''}
          </dd>
          <dt>Local database</dt>
          <dd>SQLite {info.sqliteVersion}</dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  )
}

export function SettingsScreen() {
  const view = useSettingsStore((state) => state.view)
  const loadError = useSettingsStore((state) => state.loadError)
  const environment = useShellStore((state) => state.info?.environment)

  // Reload whenever the environment changes, from this screen or from elsewhere.
  useEffect(() => {
    void useSettingsStore.getState().load()
  }, [environment])

  return (
    <>
      <ScreenHeader title="Settings">Environments, gateway credentials and how the app behaves.</ScreenHeader>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          {loadError.message}
        </div>
      ) : null}
      <EnvironmentSection />
      <CredentialsSection />
      {view ? <GeneralSettingsForm key={view.environment} settings={view.settings} environmentLabel={ENVIRONMENT_LABELS[view.environment]} /> : null}
      <ListenerPanel />
      <InstallationCard />
    </>
  )
}
