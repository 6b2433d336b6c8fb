import './SessionForms.css'
import { useEffect, useRef, useState, type SyntheticEvent, type ReactNode } from 'react'
import type { CallError, OperatorView } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { EnvironmentBanner } from '../../ui/EnvironmentBanner'
import { Field } from '../../ui/Field'
import { TeamBanner } from '../team/TeamBanner'
import { useTeamStore } from '../team/team-store'
import { fieldOf, loginText, pinProblem, pinRule, repeatProblem } from './pin-rules'
import { roleLabel } from './roles'
import { mustDiscardScreens, useSessionStore } from './session-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { useT } from '../../i18n/i18n'
import { Trans } from 'react-i18next'
import { LanguageChoice } from '../settings/LanguageChoice'

/** The page around sign-in, the first Admin and the lock: the environment, the app's name, one card. */
function AuthFrame({ title, lead, children, testId }: { title: string; lead?: ReactNode; children: ReactNode; testId: string }) {
  const environment = useShellStore((state) => state.info?.environment ?? null)
  const t = useT()
  return (
    <div className={`auth shell--${environment ?? 'unknown'}`} data-testid={testId}>
      <EnvironmentBanner environment={environment} />
      <main className="auth__main">
        <section className="auth__card" aria-labelledby="auth-title">
          <div className="auth__brand">
            <span className="topbar__logo" aria-hidden="true">
              {t('shell.logo')}
            </span>
            <span>{t('shell.appName')}</span>
          </div>
          <h1 id="auth-title">{title}</h1>
          {lead ? <p className="auth__lead">{lead}</p> : null}
          {children}
          <LanguageChoice compact />
        </section>
      </main>
    </div>
  )
}

function PinInput({
  value,
  onChange,
  autoFocus,
  autoComplete = 'current-password',
  props,
}: {
  value: string
  onChange: (value: string) => void
  autoFocus?: boolean
  autoComplete?: string
  props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }
}) {
  return (
    <input
      {...props}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      maxLength={FIELD_LIMITS.pin}
      spellCheck={false}
      autoFocus={autoFocus}
    />
  )
}

function FormError({ error }: { error: string | null }) {
  return error ? (
    <div className="alert alert--error" role="alert">
      {error}
    </div>
  ) : null
}

const SETUP_FIELDS = ['name', 'login', 'pin'] as const
type SetupField = (typeof SETUP_FIELDS)[number] | 'again'

/** The first start: the first Admin, in a few seconds. */
export function FirstAdminScreen() {
  const t = useT()
  const setup = useSessionStore((state) => state.setup)
  const [name, setName] = useState('')
  const [login, setLogin] = useState('')
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)

  const rules: Partial<Record<SetupField, string | null>> = tried
    ? {
        name: name.trim() ? null : t('session.firstAdmin.nameEmpty'),
        login: loginText(login),
        pin: pinProblem(pin),
        again: pinProblem(pin) ? null : repeatProblem(pin, again),
      }
    : {}
  const serverField = server ? fieldOf(server.field, SETUP_FIELDS) : null
  const errorFor = (field: SetupField): string | null => rules[field] ?? (serverField === field && server ? server.message : null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    setTried(true)
    setServer(null)
    if (!name.trim() || loginText(login) || pinProblem(pin) || repeatProblem(pin, again)) return
    setBusy(true)
    const result = await setup({ name: name.trim(), login: login.trim(), pin })
    setBusy(false)
    if (!result.ok) setServer(result.error)
  }

  return (
    <AuthFrame testId="first-admin" title={t('session.firstAdmin.title')} lead={t('session.firstAdmin.lead')}>
      <form className="form auth__form" aria-label={t('session.firstAdmin.title')} noValidate onSubmit={(event) => void submit(event)}>
        <Field label={t('session.firstAdmin.name')} error={errorFor('name')} hint={t('session.firstAdmin.nameHint')}>
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="name" autoFocus />}
        </Field>
        <Field label={t('session.firstAdmin.login')} error={errorFor('login')} hint={t('session.firstAdmin.loginHint')}>
          {(props) => <input {...props} value={login} onChange={(e) => setLogin(e.target.value)} maxLength={FIELD_LIMITS.login} autoComplete="username" spellCheck={false} />}
        </Field>
        <Field label={t('session.firstAdmin.pin')} error={errorFor('pin')} hint={pinRule()}>
          {(props) => <PinInput props={props} value={pin} onChange={setPin} autoComplete="new-password" />}
        </Field>
        <Field label={t('session.firstAdmin.pinAgain')} error={errorFor('again')}>
          {(props) => <PinInput props={props} value={again} onChange={setAgain} autoComplete="new-password" />}
        </Field>
        <FormError error={server && !serverField ? server.message : null} />
        <button type="submit" className="button auth__submit" disabled={busy}>
          {busy ? t('session.firstAdmin.creating') : t('session.firstAdmin.submit')}
        </button>
      </form>
    </AuthFrame>
  )
}

interface SignInFormProps {
  /** Given: only the PIN is asked (the lock screen's "continue"). */
  operator?: OperatorView | null
  submitLabel: string
  onSignedIn?: () => void
}

/** Login and PIN (or the PIN alone, for a known operator); main's words when it refuses. */
function SignInForm({ operator, submitLabel, onSignedIn }: SignInFormProps) {
  const t = useT()
  const signIn = useSessionStore((state) => state.signIn)
  const [login, setLogin] = useState('')
  const [pin, setPin] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const pinBox = useRef<HTMLInputElement>(null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    const who = operator ? operator.login : login.trim()
    if (!who) return setError(t('session.signIn.loginEmpty'))
    if (!pin) return setError(t('session.signIn.pinEmpty'))
    setBusy(true)
    setError(null)
    const result = await signIn(who, pin)
    setBusy(false)
    setPin('')
    if (!result.ok) {
      // Only the PIN was asked for: "Wrong login or PIN." (main's, which never says which) would point at a login nobody typed.
      setError(operator && result.error.code === 'SIGN_IN_FAILED' ? t('session.lock.wrongPin') : result.error.message)
      pinBox.current?.focus()
      return
    }
    onSignedIn?.()
  }

  return (
    <form className="form auth__form" aria-label={submitLabel} noValidate onSubmit={(event) => void submit(event)}>
      {operator ? null : (
        <Field label={t('session.signIn.login')}>
          {(props) => (
            <input
              {...props}
              value={login}
              onChange={(e) => {
                setLogin(e.target.value)
                setError(null)
              }}
              maxLength={FIELD_LIMITS.login}
              autoComplete="username"
              spellCheck={false}
              autoFocus
            />
          )}
        </Field>
      )}
      <Field label={t('session.signIn.pin')}>
        {(props) => (
          <input
            {...props}
            ref={pinBox}
            type="password"
            value={pin}
            onChange={(e) => {
              setPin(e.target.value)
              setError(null)
            }}
            maxLength={FIELD_LIMITS.pin}
            autoComplete="current-password"
            autoFocus={Boolean(operator)}
          />
        )}
      </Field>
      <FormError error={error} />
      <button type="submit" className="button auth__submit" disabled={busy}>
        {busy ? t('session.signIn.checking') : submitLabel}
      </button>
    </form>
  )
}

export function SignInScreen() {
  const t = useT()
  return (
    <AuthFrame testId="sign-in" title={t('session.signIn.title')} lead={t('session.signIn.lead')}>
      <SignInForm submitLabel={t('session.signIn.submit')} />
    </AuthFrame>
  )
}

/**
 * Over the hidden screens after idle (or when main says nobody is signed in): the same operator
 * continues where they were with their PIN; someone else signs in, and the screens start afresh.
 */
export function LockScreen({ operator }: { operator: OperatorView | null }) {
  const t = useT()
  const [other, setOther] = useState(operator === null)
  const team = useTeamStore((state) => state.view)
  // Main signed everyone out (e.g. this desk joined or left a team), rather than the screen locking after a while.
  const signedOut = useSessionStore((state) => state.view !== null && state.view.operator === null)
  const dialog = useRef<HTMLDialogElement>(null)
  // A modal dialog, so that it sits above any dialog the hidden screens had open, and nothing else takes input.
  useEffect(() => {
    const element = dialog.current
    if (element && !element.open) element.showModal()
    return () => element?.close()
  }, [])
  const signedInOther = (): void => {
    const { screensFor, view } = useSessionStore.getState()
    if (view && mustDiscardScreens(screensFor, view)) window.location.reload()
  }
  return (
    <dialog
      ref={dialog}
      className="lock-dialog"
      aria-labelledby="auth-title"
      onCancel={(event) => {
        event.preventDefault()
        event.stopPropagation()
      }}
    >
      {/* The dialog is above everything, the app's own banner too: a locked desk still learns the team database is gone. */}
      <TeamBanner team={team} />
      <AuthFrame
        testId="lock-screen"
        title={other ? t('session.signIn.title') : signedOut ? t('session.lock.signedOut') : t('session.lock.locked')}
        lead={
          other ? (
            t('session.lock.otherLead')
          ) : operator ? (
            signedOut ? (
              <Trans i18nKey="session.lock.signedOutLead" values={{ name: operator.name, role: roleLabel(operator.role) }} components={{ b: <strong /> }} />
            ) : (
              <Trans i18nKey="session.lock.lockedLead" values={{ name: operator.name, role: roleLabel(operator.role) }} components={{ b: <strong /> }} />
            )
          ) : null
        }
      >
        {other || !operator ? (
          <SignInForm key="other" submitLabel={t('session.signIn.submit')} onSignedIn={signedInOther} />
        ) : (
          <SignInForm key="same" operator={operator} submitLabel={t('session.lock.continueAs', { name: operator.name })} onSignedIn={signedInOther} />
        )}
        {operator ? (
          <button type="button" className="link-button auth__switch" onClick={() => setOther(!other)}>
            {other ? t('session.lock.backTo', { name: operator.name }) : t('session.lock.someoneElse')}
          </button>
        ) : null}
      </AuthFrame>
    </dialog>
  )
}

export function LoadingScreen() {
  const t = useT()
  return (
    <AuthFrame testId="session-loading" title={t('session.loading.title')}>
      <p className="muted">
        <span className="spinner" aria-hidden="true" /> {t('session.loading.text')}
      </p>
    </AuthFrame>
  )
}

export function UnreachableScreen({ error }: { error: CallError }) {
  const t = useT()
  return (
    <AuthFrame testId="session-unreachable" title={t('session.unreachable.title')}>
      <div className="alert alert--error" role="alert">
        {error.message}
      </div>
      <button type="button" className="button" onClick={() => void useSessionStore.getState().load()}>
        {t('session.unreachable.retry')}
      </button>
    </AuthFrame>
  )
}
