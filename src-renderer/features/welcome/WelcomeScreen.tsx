import './WelcomeScreen.css'
import '../../ui/ScreenHeader.css'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import type { Environment, EnvironmentSettings } from '../../../src-preload/contract'
import { SHOP_NAME_MAX } from '../../../src-common/shop-name'
import { useShellStore } from '../../app/shell-store'
import { Field } from '../../ui/Field'
import { focusWhenShown } from '../../ui/focus'
import { LinkIcon, OrdersIcon, PhoneIcon } from '../../ui/icons'
import { FIRST_ACTIONS, startWith, type FirstAction } from './first-actions'
import { checkDetails, detailsOf, type WelcomeDetails } from './welcome-form'
import { useWelcomeStore } from './welcome-store'

const ENVIRONMENT_WORDS: Record<Environment, { name: string; lead: string }> = {
  training: { name: 'Training', lead: 'links and charges go to the built-in training gateway, and no real money moves.' },
  sandbox: { name: 'Sandbox', lead: "links and charges go to the gateway's sandbox, and no real money moves." },
  production: { name: 'Production', lead: 'links and charges take real money.' },
}

const ICONS: Record<FirstAction, ReactNode> = {
  'payment-link': <LinkIcon size={22} />,
  'phone-order': <PhoneIcon size={22} />,
  'find-order': <OrdersIcon size={22} />,
}

type FieldPath = keyof ReturnType<typeof checkDetails>

/** Leaves the welcome (skipped, or closed) for the screen it stood in for: Orders on a first run, Settings when opened from there. */
function skip(): void {
  flushSync(() => useWelcomeStore.getState().leave())
  // The screen may put the keyboard somewhere itself (Orders' search box); else its heading takes it.
  if (document.activeElement === document.body || document.activeElement === null) focusWhenShown('main h1')
}

function DetailsStep({ environment, settings }: { environment: Environment; settings: EnvironmentSettings }) {
  const saving = useWelcomeStore((state) => state.saving)
  const save = useWelcomeStore((state) => state.save)
  const [details, setDetails] = useState<WelcomeDetails>(() => detailsOf(settings))
  const [errors, setErrors] = useState<Partial<Record<FieldPath, string>>>({})
  const [banner, setBanner] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  const form = useRef<HTMLFormElement>(null)

  // After a refused attempt, the cursor goes to the first field that needs attention.
  useEffect(() => {
    if (attempt > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .welcome__banner')?.focus()
  }, [attempt])

  const training = environment === 'training'
  const edit = (change: Partial<WelcomeDetails>): void => {
    setDetails({ ...details, ...change })
    const fields = Object.keys(change).map((key) => ({ shopName: 'shop.name', callbackUrl: 'links.callbackUrl', failedUrl: 'links.failedUrl' })[key as keyof WelcomeDetails])
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !fields.includes(path as FieldPath))))
  }

  const submit = async (): Promise<void> => {
    const found = checkDetails(details)
    setErrors(found)
    setBanner(null)
    if (Object.keys(found).length > 0) return setAttempt((n) => n + 1)
    const refused = await save(details)
    if (!refused) return
    const field = refused.field as FieldPath | undefined
    if (field === 'shop.name' || field === 'links.callbackUrl' || field === 'links.failedUrl') setErrors({ [field]: refused.message })
    else setBanner(refused.message)
    setAttempt((n) => n + 1)
  }

  return (
    <form
      ref={form}
      className="card form welcome__form"
      aria-labelledby="welcome-shop-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 id="welcome-shop-heading">Your shop</h2>
      <Field
        label="Shop name"
        error={errors['shop.name']}
        hint={training ? "At the top of every receipt, and on the training gateway's payment page your customers see." : 'At the top of every receipt.'}
      >
        {(props) => <input {...props} value={details.shopName} onChange={(e) => edit({ shopName: e.target.value })} maxLength={SHOP_NAME_MAX} placeholder="e.g. Kedai Runcit Pak Ali" autoComplete="organization" />}
      </Field>

      <fieldset>
        <legend>Where customers go after paying on a card page</legend>
        <p className="welcome__note">
          {training ? (
            <>
              <strong>In Training you can leave both empty:</strong> customers come back to the training gateway&apos;s own page. Enter your website&apos;s pages when
              you have them; Sandbox and Production need them.
            </>
          ) : (
            'Your website’s pages: a card link needs the first one.'
          )}
        </p>
        <div className="form-grid">
          <Field label="Return address after payment" error={errors['links.callbackUrl']} hint={training && details.callbackUrl.trim() === '' ? "Empty: the training gateway's page." : undefined}>
            {(props) => <input {...props} type="url" value={details.callbackUrl} onChange={(e) => edit({ callbackUrl: e.target.value })} placeholder="e.g. https://shop.example.my/thank-you" spellCheck={false} />}
          </Field>
          <Field label="Return address after a failed payment" error={errors['links.failedUrl']} hint={training && details.failedUrl.trim() === '' ? "Empty: the training gateway's page." : 'Optional.'}>
            {(props) => <input {...props} type="url" value={details.failedUrl} onChange={(e) => edit({ failedUrl: e.target.value })} placeholder="e.g. https://shop.example.my/payment-failed" spellCheck={false} />}
          </Field>
        </div>
      </fieldset>

      {banner ? (
        <div className="alert alert--error welcome__banner" role="alert" tabIndex={-1}>
          {banner}
        </div>
      ) : null}
      <div className="form__actions welcome__actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save and continue'}
        </button>
        <button type="button" className="button button--secondary" onClick={skip}>
          Skip the welcome
        </button>
        <span className="muted small">Both can be changed later in Settings.</span>
      </div>
    </form>
  )
}

function StartStep({ environment }: { environment: Environment }) {
  const shopName = useWelcomeStore((state) => state.settings?.settings.shop.name ?? '')
  const heading = useRef<HTMLHeadingElement>(null)

  // The details are saved: the keyboard moves on to what comes next.
  useEffect(() => heading.current?.focus(), [])

  return (
    <section className="card welcome__start" aria-labelledby="welcome-start-heading">
      <p className="welcome__saved" role="status">
        Saved.{shopName ? ` ${environment === 'training' ? 'Receipts and the payment page' : 'Receipts'} now say “${shopName}”.` : ''}
      </p>
      <h2 id="welcome-start-heading" ref={heading} tabIndex={-1}>
        What would you like to do first?
      </h2>
      <ul className="first-actions">
        {FIRST_ACTIONS.map((item) => (
          <li key={item.action} className="first-actions__item">
            <span className="first-actions__icon" aria-hidden="true">
              {ICONS[item.action]}
            </span>
            <button type="button" className="button first-actions__button" aria-describedby={`first-action-${item.action}`} onClick={() => startWith(item.action)}>
              {item.label}
            </button>
            <p className="muted small" id={`first-action-${item.action}`}>
              {item.text}
            </p>
          </li>
        ))}
      </ul>
      <p className="muted small welcome__later">
        The shop&apos;s name and return addresses are in Settings, and so is this welcome.{' '}
        <button type="button" className="link-button" onClick={skip}>
          Close the welcome
        </button>
      </p>
    </section>
  )
}

/** The first-run welcome, in place of the screens: the shop's details, then the first things to do. */
export function WelcomeScreen() {
  const step = useWelcomeStore((state) => state.step)
  const settings = useWelcomeStore((state) => state.settings)
  const loadError = useWelcomeStore((state) => state.loadError)
  const shellEnvironment = useShellStore((state) => state.info?.environment ?? 'training')
  const environment = settings?.environment ?? shellEnvironment
  const heading = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    void useWelcomeStore.getState().loadSettings()
    // Where the keyboard starts: the welcome's heading, read first.
    heading.current?.focus()
  }, [])

  const words = ENVIRONMENT_WORDS[environment]
  return (
    <div className="welcome" data-testid="welcome">
      <header className="screen-header">
        <h1 ref={heading} tabIndex={-1}>
          Welcome to Merchant Back Office
        </h1>
        <p className="screen-header__lead">
          You are in <strong>{words.name}</strong>: {words.lead}{' '}
          {step === 'details' ? 'Two details about your shop, and you are ready.' : null}
        </p>
      </header>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          The settings could not be read: {loadError.message}
        </div>
      ) : null}
      {step === 'start' ? (
        <StartStep environment={environment} />
      ) : settings ? (
        <DetailsStep environment={environment} settings={settings.settings} />
      ) : loadError ? null : (
        <p className="muted">Loading the settings…</p>
      )}
    </div>
  )
}
