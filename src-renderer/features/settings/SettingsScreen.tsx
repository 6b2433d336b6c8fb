import { useEffect } from 'react'
import type { Role } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { may, roleLabel } from '../session/roles'
import { useSessionStore } from '../session/session-store'
import { TeamSection } from '../team/TeamSection'
import { useWelcomeStore } from '../welcome/welcome-store'
import { CredentialsSection } from './CredentialsSection'
import { EnvironmentSection } from './EnvironmentSection'
import { GeneralSettingsForm } from './GeneralSettingsForm'
import { LanguageChoice } from './LanguageChoice'
import { useT } from '../../i18n/i18n'
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

/** This desk's language: for every operator (it is no secret and moves no money). */
function LanguageCard() {
  const t = useT()
  return (
    <section className="card" aria-labelledby="language-heading">
      <h2 id="language-heading">{t('language.title')}</h2>
      <p className="muted">{t('language.lead')}</p>
      <LanguageChoice />
    </section>
  )
}

/** The first-run welcome, opened again on demand: the shop's name, its return addresses and the first things to do. */
function WelcomeCard() {
  return (
    <section className="card" aria-labelledby="welcome-card-heading">
      <h2 id="welcome-card-heading">Getting started</h2>
      <p className="muted">The welcome a new desk shows once: the shop&apos;s name, where customers go after paying, and the first things to try.</p>
      <button type="button" className="button button--secondary" onClick={() => useWelcomeStore.getState().show()}>
        Show the welcome again
      </button>
    </section>
  )
}

/** What a Clerk or Supervisor sees: why the rest is not here, the listener's state and this installation. */
function SettingsForStaff({ role }: { role: Role }) {
  return (
    <>
      <ScreenHeader title="Settings">How this installation runs.</ScreenHeader>
      <div className="alert alert--info" role="note" data-testid="settings-admin-only">
        <strong>Settings, the environment switch and gateway credentials are for Admins.</strong> You are signed in as a {roleLabel(role)}: ask an Admin to
        change them.
      </div>
      <LanguageCard />
      <ListenerPanel />
      <InstallationCard />
    </>
  )
}

export function SettingsScreen() {
  const role = useSessionStore((state) => state.view?.operator?.role ?? null)
  if (role && !may(role, 'settings.update')) return <SettingsForStaff role={role} />
  return <SettingsForAdmin />
}

function SettingsForAdmin() {
  const view = useSettingsStore((state) => state.view)
  const loadError = useSettingsStore((state) => state.loadError)
  const loads = useSettingsStore((state) => state.loads)
  const environment = useShellStore((state) => state.info?.environment)
  const history = useShellStore((state) => state.history)

  // Reload whenever the environment changes, from this screen or from elsewhere, or its history moves to or from a team database.
  useEffect(() => {
    void useSettingsStore.getState().load()
  }, [environment, history])
  // A load refused because nobody was signed in (joining or leaving a team signs everyone out) runs again once someone is.
  const signedIn = useSessionStore((state) => Boolean(state.view?.operator) && state.view?.locked === false)
  useEffect(() => {
    if (signedIn && useSettingsStore.getState().loadError?.code === 'SIGNED_OUT') void useSettingsStore.getState().load()
  }, [signedIn])

  return (
    <>
      <ScreenHeader title="Settings">Environments, gateway credentials, the team database and how the app behaves.</ScreenHeader>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          {loadError.message}
        </div>
      ) : null}
      <EnvironmentSection />
      <CredentialsSection />
      <TeamSection />
      {view ? (
        <GeneralSettingsForm
          key={`${view.environment}:${String(loads)}`}
          settings={view.settings}
          environmentLabel={ENVIRONMENT_LABELS[view.environment]}
          training={view.environment === 'training'}
        />
      ) : null}
      <LanguageCard />
      <ListenerPanel />
      <WelcomeCard />
      <InstallationCard />
    </>
  )
}
