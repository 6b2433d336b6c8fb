import './SessionForms.css'
import { useEffect, useRef, useState, type SyntheticEvent, type ReactNode } from 'react'
import type { CallError, OperatorView } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { EnvironmentBanner } from '../../ui/EnvironmentBanner'
import { Field } from '../../ui/Field'
import { TeamBanner } from '../team/TeamBanner'
import { useTeamStore } from '../team/team-store'
import { fieldOf, PIN_RULE, pinProblem, repeatProblem } from './pin-rules'
import { ROLE_LABELS } from './roles'
import { mustDiscardScreens, useSessionStore } from './session-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'

/** The page around sign-in, the first Admin and the lock: the environment, the app's name, one card. */
function AuthFrame({ title, lead, children, testId }: { title: string; lead?: ReactNode; children: ReactNode; testId: string }) {
  const environment = useShellStore((state) => state.info?.environment ?? null)
  return (
    <div className={`auth shell--${environment ?? 'unknown'}`} data-testid={testId}>
      <EnvironmentBanner environment={environment} />
      <main className="auth__main">
        <section className="auth__card" aria-labelledby="auth-title">
          <div className="auth__brand">
            <span className="topbar__logo" aria-hidden="true">
              MB
            </span>
            <span>Merchant Back Office</span>
          </div>
          <h1 id="auth-title">{title}</h1>
          {lead ? <p className="auth__lead">{lead}</p> : null}
          {children}
        </section>
      </main>
    </div>
  )
}

function PinInput({ value, onChange, autoFocus, autoComplete = 'current-password', props }: {
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
        name: name.trim() ? null : 'Enter your name',
        login: login.trim().length >= 2 ? null : 'Use at least 2 characters',
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
    if (!name.trim() || login.trim().length < 2 || pinProblem(pin) || repeatProblem(pin, again)) return
    setBusy(true)
    const result = await setup({ name: name.trim(), login: login.trim(), pin })
    setBusy(false)
    if (!result.ok) setServer(result.error)
  }

  return (
    <AuthFrame
      testId="first-admin"
      title="Create the first Admin"
      lead="Nobody can use this desk yet. Make yourself its first Admin: you can add Clerks and Supervisors afterwards, in Operators."
    >
      <form className="form auth__form" aria-label="Create the first Admin" noValidate onSubmit={(event) => void submit(event)}>
        <Field label="Your name" error={errorFor('name')} hint="As it appears on orders and in the audit log.">
          {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="name" autoFocus />}
        </Field>
        <Field label="Login" error={errorFor('login')} hint="Short, what you type to sign in: letters, digits, . _ -">
          {(props) => <input {...props} value={login} onChange={(e) => setLogin(e.target.value)} maxLength={FIELD_LIMITS.login} autoComplete="username" spellCheck={false} />}
        </Field>
        <Field label="PIN" error={errorFor('pin')} hint={PIN_RULE}>
          {(props) => <PinInput props={props} value={pin} onChange={setPin} autoComplete="new-password" />}
        </Field>
        <Field label="PIN again" error={errorFor('again')}>
          {(props) => <PinInput props={props} value={again} onChange={setAgain} autoComplete="new-password" />}
        </Field>
        <FormError error={server && !serverField ? server.message : null} />
        <button type="submit" className="button auth__submit" disabled={busy}>
          {busy ? 'Creating…' : 'Create Admin and start'}
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
    if (!who) return setError('Enter your login')
    if (!pin) return setError('Enter your PIN')
    setBusy(true)
    setError(null)
    const result = await signIn(who, pin)
    setBusy(false)
    setPin('')
    if (!result.ok) {
      setError(result.error.message)
      pinBox.current?.focus()
      return
    }
    onSignedIn?.()
  }

  return (
    <form className="form auth__form" aria-label={submitLabel} noValidate onSubmit={(event) => void submit(event)}>
      {operator ? null : (
        <Field label="Login">
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
      <Field label="PIN">
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
        {busy ? 'Checking…' : submitLabel}
      </button>
    </form>
  )
}

export function SignInScreen() {
  return (
    <AuthFrame testId="sign-in" title="Sign in" lead="Sign in with your login and PIN. Ask an Admin if you have none, or if you forgot your PIN.">
      <SignInForm submitLabel="Sign in" />
    </AuthFrame>
  )
}

/**
 * Over the hidden screens after idle (or when main says nobody is signed in): the same operator
 * continues where they were with their PIN; someone else signs in, and the screens start afresh.
 */
export function LockScreen({ operator }: { operator: OperatorView | null }) {
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
        title={other ? 'Sign in' : signedOut ? 'Signed out' : 'Locked'}
        lead={
          other ? (
            'Sign in with your login and PIN. Anything the previous operator had not sent is discarded.'
          ) : operator ? (
            <>
              {signedOut ? 'Nobody is signed in at this desk any more' : 'The screen locked after a while without use'}; customer data is hidden.{' '}
              <strong>{operator.name}</strong> ({ROLE_LABELS[operator.role]}) continues with their PIN, where they were.
            </>
          ) : null
        }
      >
        {other || !operator ? (
          <SignInForm key="other" submitLabel="Sign in" onSignedIn={signedInOther} />
        ) : (
          <SignInForm key="same" operator={operator} submitLabel={`Continue as ${operator.name}`} onSignedIn={signedInOther} />
        )}
        {operator ? (
          <button type="button" className="link-button auth__switch" onClick={() => setOther(!other)}>
            {other ? `Back: continue as ${operator.name}` : 'Sign in as someone else'}
          </button>
        ) : null}
      </AuthFrame>
    </dialog>
  )
}

export function LoadingScreen() {
  return (
    <AuthFrame testId="session-loading" title="Starting…">
      <p className="muted">
        <span className="spinner" aria-hidden="true" /> Asking the app who is signed in.
      </p>
    </AuthFrame>
  )
}

export function UnreachableScreen({ error }: { error: CallError }) {
  return (
    <AuthFrame testId="session-unreachable" title="The app's back end is not answering">
      <div className="alert alert--error" role="alert">
        {error.message}
      </div>
      <button type="button" className="button" onClick={() => void useSessionStore.getState().load()}>
        Try again
      </button>
    </AuthFrame>
  )
}
