import './WelcomeScreen.css'
import '../../ui/ScreenHeader.css'
import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import type { Environment, EnvironmentSettings } from '../../../src-preload/contract'
import { SHOP_NAME_MAX } from '../../../src-common/shop-name'
import { useShellStore } from '../../app/shell-store'
import { Field } from '../../ui/Field'
import { focusWhenShown } from '../../ui/focus'
import { FirstActions } from './FirstActions'
import { checkDetails, detailsOf, type WelcomeDetails } from './welcome-form'
import { useWelcomeStore } from './welcome-store'
import { Trans } from 'react-i18next'
import { useT } from '../../i18n/i18n'

type FieldPath = keyof ReturnType<typeof checkDetails>

/** Leaves the welcome (skipped, or closed) for the screen it stood in for: Orders on a first run, Settings when opened from there. */
function skip(): void {
  flushSync(() => useWelcomeStore.getState().leave())
  // The screen may put the keyboard somewhere itself (Orders' search box); else its heading takes it.
  if (document.activeElement === document.body || document.activeElement === null) focusWhenShown('main h1')
}

function DetailsStep({ environment, settings }: { environment: Environment; settings: EnvironmentSettings }) {
  const t = useT()
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
      <h2 id="welcome-shop-heading">{t('welcome.details.heading')}</h2>
      <Field label={t('welcome.details.shopName')} error={errors['shop.name']} hint={training ? t('welcome.details.shopHintTraining') : t('welcome.details.shopHint')}>
        {(props) => (
          <input
            {...props}
            value={details.shopName}
            onChange={(e) => edit({ shopName: e.target.value })}
            maxLength={SHOP_NAME_MAX}
            placeholder={t('welcome.details.shopPlaceholder')}
            autoComplete="organization"
          />
        )}
      </Field>

      <fieldset>
        <legend>{t('welcome.details.returnLegend')}</legend>
        <p className="welcome__note">{training ? <Trans i18nKey="welcome.details.trainingNote" components={{ b: <strong /> }} /> : t('welcome.details.note')}</p>
        <div className="form-grid">
          <Field label={t('welcome.details.returnPaid')} error={errors['links.callbackUrl']} hint={training && details.callbackUrl.trim() === '' ? t('welcome.details.emptyTraining') : undefined}>
            {(props) => (
              <input {...props} type="url" value={details.callbackUrl} onChange={(e) => edit({ callbackUrl: e.target.value })} placeholder={t('welcome.details.paidPlaceholder')} spellCheck={false} />
            )}
          </Field>
          <Field
            label={t('welcome.details.returnFailed')}
            error={errors['links.failedUrl']}
            hint={training && details.failedUrl.trim() === '' ? t('welcome.details.emptyTraining') : t('welcome.details.optional')}
          >
            {(props) => (
              <input {...props} type="url" value={details.failedUrl} onChange={(e) => edit({ failedUrl: e.target.value })} placeholder={t('welcome.details.failedPlaceholder')} spellCheck={false} />
            )}
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
          {saving ? t('welcome.details.saving') : t('welcome.details.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={skip}>
          {t('welcome.details.skip')}
        </button>
        <span className="muted small">{t('welcome.details.later')}</span>
      </div>
    </form>
  )
}

function StartStep({ environment }: { environment: Environment }) {
  const t = useT()
  const shopName = useWelcomeStore((state) => state.settings?.settings.shop.name ?? '')
  const heading = useRef<HTMLHeadingElement>(null)

  // The details are saved: the keyboard moves on to what comes next.
  useEffect(() => heading.current?.focus(), [])

  return (
    <section className="card welcome__start" aria-labelledby="welcome-start-heading">
      <p className="welcome__saved" role="status">
        {!shopName ? t('welcome.start.saved') : environment === 'training' ? t('welcome.start.savedTraining', { name: shopName }) : t('welcome.start.savedReceipts', { name: shopName })}
      </p>
      <h2 id="welcome-start-heading" ref={heading} tabIndex={-1}>
        {t('welcome.start.heading')}
      </h2>
      <FirstActions idPrefix="first-action" />
      <p className="muted small welcome__later">
        {t('welcome.start.later')}{' '}
        <button type="button" className="link-button" onClick={skip}>
          {t('welcome.start.close')}
        </button>
      </p>
    </section>
  )
}

/** The first-run welcome, in place of the screens: the shop's details, then the first things to do. */
export function WelcomeScreen() {
  const t = useT()
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

  return (
    <div className="welcome" data-testid="welcome">
      <header className="screen-header">
        <h1 ref={heading} tabIndex={-1}>
          {t('welcome.title')}
        </h1>
        <p className="screen-header__lead">
          {environment === 'training' ? (
            <Trans i18nKey="welcome.environments.training" components={{ b: <strong /> }} />
          ) : environment === 'sandbox' ? (
            <Trans i18nKey="welcome.environments.sandbox" components={{ b: <strong /> }} />
          ) : (
            <Trans i18nKey="welcome.environments.production" components={{ b: <strong /> }} />
          )}{' '}
          {step === 'details' ? t('welcome.twoDetails') : null}
        </p>
      </header>
      {loadError ? (
        <div className="alert alert--error" role="alert">
          {t('welcome.loadFailed', { message: loadError.message })}
        </div>
      ) : null}
      {step === 'start' ? (
        <StartStep environment={environment} />
      ) : settings ? (
        <DetailsStep environment={environment} settings={settings.settings} />
      ) : loadError ? null : (
        <p className="muted">{t('welcome.loading')}</p>
      )}
    </div>
  )
}
