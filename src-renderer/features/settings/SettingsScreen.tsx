import { useEffect } from 'react'
import { Trans } from 'react-i18next'
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
import '../../i18n/en-on-demand'

function InstallationCard() {
  const t = useT()
  const info = useShellStore((state) => state.info)
  const runtime = info ? t(`settings.install.runtime.${info.runtime}`) : ''
  return (
    <section className="card" aria-labelledby="about-heading">
      <h2 id="about-heading">{t('settings.install.heading')}</h2>
      {info ? (
        <dl className="facts" data-testid="app-info">
          <dt>{t('settings.install.version')}</dt>
          <dd>{info.version}</dd>
          <dt>{t('settings.install.dataFolder')}</dt>
          <dd>
            <code data-testid="data-folder">{info.dataDir}</code>
          </dd>
          <dt>{t('settings.install.runningAs')}</dt>
          <dd>{info.electronVersion ? t('settings.install.runtimeElectron', { runtime, version: info.electronVersion }) : runtime}</dd>
          <dt>{t('settings.install.localDatabase')}</dt>
          <dd>{t('settings.install.sqlite', { version: info.sqliteVersion })}</dd>
        </dl>
      ) : (
        <p className="muted">{t('settings.loading')}</p>
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
  const t = useT()
  return (
    <section className="card" aria-labelledby="welcome-card-heading">
      <h2 id="welcome-card-heading">{t('settings.welcome.heading')}</h2>
      <p className="muted">{t('settings.welcome.lead')}</p>
      <button type="button" className="button button--secondary" onClick={() => useWelcomeStore.getState().show()}>
        {t('settings.welcome.show')}
      </button>
    </section>
  )
}

/** What a Clerk or Supervisor sees: why the rest is not here, the listener's state and this installation. */
function SettingsForStaff({ role }: { role: Role }) {
  const t = useT()
  return (
    <>
      <ScreenHeader title={t('settings.title')}>{t('settings.leadStaff')}</ScreenHeader>
      <div className="alert alert--info" role="note" data-testid="settings-admin-only">
        <Trans i18nKey="settings.adminOnly" values={{ role: roleLabel(role) }} components={{ b: <strong /> }} />
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
  const t = useT()
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
      <ScreenHeader title={t('settings.title')}>{t('settings.leadAdmin')}</ScreenHeader>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          {loadError.message}
        </div>
      ) : null}
      <EnvironmentSection />
      <CredentialsSection />
      <TeamSection />
      {view ? <GeneralSettingsForm key={`${view.environment}:${String(loads)}`} settings={view.settings} environment={view.environment} /> : null}
      <LanguageCard />
      <ListenerPanel />
      <WelcomeCard />
      <InstallationCard />
    </>
  )
}
