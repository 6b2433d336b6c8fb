import './App.css'
import { Suspense, useEffect, useRef, type ReactNode } from 'react'
import type { OperatorView } from '../../src-preload/contract'
import { HomeScreen } from '../features/home/HomeScreen'
import { OperatorMenu } from '../features/session/OperatorMenu'
import { visibleScreens } from '../features/session/roles'
import { FirstAdminScreen, LoadingScreen, LockScreen, SignInScreen, UnreachableScreen } from '../features/session/SessionForms'
import { sessionMode, useSessionStore, watchSignedOut, type SessionMode } from '../features/session/session-store'
import { useIdleLock } from '../features/session/use-idle-lock'
import { HelpButtons } from '../features/shortcuts/HelpButtons'
import { useShortcuts } from '../features/shortcuts/use-shortcuts'
import { TeamBanner } from '../features/team/TeamBanner'
import { subscribeTeamEvents, useTeamStore } from '../features/team/team-store'
import { followWelcome, useWelcome } from '../features/welcome/use-welcome'
import { EnvironmentBanner } from '../ui/EnvironmentBanner'
import { focusElement } from '../ui/focus'
import { OnMount } from '../ui/lazy'
import { AuditIcon, HomeIcon, LinkIcon, OperatorsIcon, OrdersIcon, PhoneIcon, ReportIcon, SettingsIcon } from '../ui/icons'
import { ErrorBoundary } from './ErrorBoundary'
import { firstScreenIsShown, useT } from '../i18n/i18n'
import { AuditScreen, OperatorsScreen, OrdersScreen, PaymentLinkScreen, PhoneOrderScreen, preloadDailyScreens, preloadScreen, ReportScreen, SettingsScreen, WelcomeScreen } from './lazy-screens'
import { screens, subscribeShellEvents, useShellStore, type Screen } from './shell-store'

const SCREENS: Record<Screen, { icon: ReactNode; render: () => ReactNode }> = {
  home: { icon: <HomeIcon />, render: () => <HomeScreen /> },
  orders: { icon: <OrdersIcon />, render: () => <OrdersScreen /> },
  'payment-link': { icon: <LinkIcon />, render: () => <PaymentLinkScreen /> },
  'phone-order': { icon: <PhoneIcon />, render: () => <PhoneOrderScreen /> },
  report: { icon: <ReportIcon />, render: () => <ReportScreen /> },
  audit: { icon: <AuditIcon />, render: () => <AuditScreen /> },
  operators: { icon: <OperatorsIcon />, render: () => <OperatorsScreen /> },
  settings: { icon: <SettingsIcon />, render: () => <SettingsScreen /> },
}

/**
 * What the page asks main and follows from its start, called before React's first render (issue 23):
 * the session's state, the desk's settings and the team database's state are on their way before
 * React starts, not a round trip after its first render. For the page's lifetime: signing out reloads
 * the page. Resolves once the session's state is known (or could not be).
 */
export function startApp(): Promise<void> {
  watchSignedOut()
  subscribeShellEvents()
  // The team database's state is for everyone (team.get is open to anyone): the banner shows signed out too.
  subscribeTeamEvents()
  followWelcome()
  const session = useSessionStore.getState().load()
  void useShellStore.getState().loadInfo()
  void useTeamStore.getState().load()
  return session
}

/** Sign-in in front of every screen: the first Admin, the sign-in, the screens, or the lock over them. */
export function App() {
  // Every screen re-renders when the language changes: words and formats follow at once, nothing reloads.
  useT()
  const view = useSessionStore((state) => state.view)
  const loadError = useSessionStore((state) => state.loadError)
  const screensFor = useSessionStore((state) => state.screensFor)
  const mode = sessionMode({ view, loadError, screensFor })
  const team = useTeamStore((state) => state.view)

  useIdleLock(mode.kind === 'shell', view?.idleLockMinutes ?? 0)
  const shown = mode.kind !== 'loading'
  useEffect(() => {
    if (shown) firstScreenIsShown()
  }, [shown])

  return (
    <>
      {/* The lock, a modal dialog above everything, shows the banner itself. */}
      {lockShown(mode, screensFor) ? null : <TeamBanner team={team} />}
      <Screens mode={mode} screensFor={screensFor} />
    </>
  )
}

/** Whether Screens shows the lock (over the screens, or alone). */
function lockShown(mode: SessionMode, screensFor: OperatorView | null): boolean {
  return mode.kind === 'lock' || (mode.kind === 'shell' && screensFor === null)
}

/** What the session allows: the first Admin, the sign-in, the screens, or the lock over them. */
function Screens({ mode, screensFor }: { mode: SessionMode; screensFor: OperatorView | null }) {
  if (mode.kind === 'loading') return <LoadingScreen />
  if (mode.kind === 'unreachable') return <UnreachableScreen error={mode.error} />
  if (mode.kind === 'setup') return <FirstAdminScreen />
  if (mode.kind === 'sign-in') return <SignInScreen />
  if (!screensFor) return <LockScreen operator={mode.kind === 'lock' ? mode.operator : null} />
  const locked = mode.kind !== 'shell'
  return (
    <>
      <Shell operator={mode.kind === 'shell' ? mode.operator : screensFor} hidden={locked} />
      {locked ? <LockScreen operator={mode.operator} /> : null}
    </>
  )
}

/** The screens, for one operator. Hidden and inert (still mounted, unsent forms kept) while locked. */
function Shell({ operator, hidden }: { operator: OperatorView; hidden: boolean }) {
  const t = useT()
  const current = useShellStore((state) => state.screen)
  const navigate = useShellStore((state) => state.navigate)
  const environment = useShellStore((state) => state.info?.environment ?? null)
  const infoError = useShellStore((state) => state.infoError)
  const allowed = visibleScreens(operator.role, screens)
  const screen = allowed.includes(current) ? current : 'home'
  // The first-run welcome, when on show, takes the screens' place (an Admin's, on a fresh desk in Training).
  const welcome = useWelcome()
  // Keyboard shortcuts (features/shortcuts/): while the screens show, in the desktop app and the browser.
  useShortcuts(!hidden, {
    allowed,
    current: screen,
    navigate: (next) => {
      welcome.leave()
      navigate(next)
    },
  })
  const main = useRef<HTMLElement>(null)
  // By role, not by `allowed` (a new array at each render, the same screens for the same role).
  useEffect(() => (hidden ? undefined : preloadDailyScreens(visibleScreens(operator.role, screens))), [hidden, operator.role])

  // A screen opened puts the keyboard in it: a field the screen focuses itself (the search, the
  // customer finder, the link form) keeps it; otherwise its title takes it, not the menu left behind.
  // Run once the screen is on the page: a screen loaded on demand (./lazy-screens.ts) arrives after
  // its loading line, and its own effects (its field taking the focus) run before this.
  const screenShown = () => {
    const content = main.current
    const title = content?.querySelector<HTMLElement>('h1')
    if (content && title && !content.contains(document.activeElement)) focusElement(title)
  }
  const shown = welcome.open ? 'welcome' : screen

  return (
    <div className={`shell shell--${environment ?? 'unknown'}`} hidden={hidden} inert={hidden} data-testid="shell">
      <EnvironmentBanner environment={environment} />
      <header className="topbar">
        <div className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            {t('shell.logo')}
          </span>
          <span className="topbar__name">{t('shell.appName')}</span>
        </div>
        <HelpButtons />
        <OperatorMenu operator={operator} />
      </header>
      <nav className="sidebar" aria-label={t('shell.mainMenu')}>
        <ul>
          {allowed.map((item) => (
            <li key={item}>
              <button
                type="button"
                className="nav-item"
                aria-current={item === screen && !welcome.open ? 'page' : undefined}
                onPointerEnter={() => preloadScreen(item)}
                onFocus={() => preloadScreen(item)}
                onClick={() => {
                  welcome.leave()
                  navigate(item)
                }}
              >
                {SCREENS[item].icon}
                <span>{t(`shell.screens.${item}`)}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" ref={main}>
        {infoError ? (
          <div className="alert alert--error" role="alert">
            <strong>{t('shell.backEndSilent')}</strong> {infoError.message}
          </div>
        ) : null}
        {/* Keyed by screen so that a rendering error on one screen is forgotten on the next (a chunk that could not load is one). */}
        <ErrorBoundary key={shown}>
          {welcome.open || welcome.ready ? (
            <Suspense fallback={<ScreenLoading />}>
              <OnMount onMount={screenShown}>{welcome.open ? <WelcomeScreen /> : SCREENS[screen].render()}</OnMount>
            </Suspense>
          ) : null}
        </ErrorBoundary>
      </main>
    </div>
  )
}

/** While a screen's code is on its way (a few milliseconds from the app's own files): said, not shown as a blank. */
function ScreenLoading() {
  const t = useT()
  return (
    <p className="screen-loading" role="status">
      {t('shell.opening')}
    </p>
  )
}
