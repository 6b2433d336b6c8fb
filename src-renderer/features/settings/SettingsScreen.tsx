import { useShellStore } from '../../app/shell-store'
import { EmptyState } from '../../ui/EmptyState'
import { SettingsIcon } from '../../ui/icons'
import { ScreenHeader } from '../../ui/ScreenHeader'

const RUNTIME_LABELS = { electron: 'Desktop app', harness: 'Browser test harness', test: 'Test' } as const

export function SettingsScreen() {
  const info = useShellStore((state) => state.info)
  return (
    <>
      <ScreenHeader title="Settings">Environments, gateway credentials and how the app behaves.</ScreenHeader>
      <section className="card" aria-labelledby="about-heading">
        <h2 id="about-heading">This installation</h2>
        {info ? (
          <dl className="facts" data-testid="app-info">
            <dt>Version</dt>
            <dd>{info.version}</dd>
            <dt>Environment</dt>
            <dd className="capitalize">{info.environment}</dd>
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
      <EmptyState icon={<SettingsIcon size={40} />} title="Gateway settings are not set up yet">
        <p>
          This screen will switch between Training, Sandbox and Production, keep each environment's credentials in the
          operating system's keychain, test the connection, and hold the defaults for payment links, the notification
          listener and timeouts.
        </p>
      </EmptyState>
    </>
  )
}
