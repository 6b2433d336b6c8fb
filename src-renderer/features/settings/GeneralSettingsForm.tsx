import { useEffect, useRef, useState } from 'react'
import type { Environment, EnvironmentSettings } from '../../../src-preload/contract'
import { DESCRIPTOR_MARKS, DESCRIPTOR_MAX, descriptorIssue } from '../../../src-common/descriptor'
import { issueText } from '../../i18n/rule-text'
import { parseRmText } from '../../../src-common/money-text'
import { t as translate, useFormats, useT } from '../../i18n/i18n'
import type { Formats } from '../../i18n/formats'
import { rmText } from '../payment-link/link-form'
import { Field } from '../../ui/Field'
import { FormFooter } from '../../ui/FormFooter'
import { publicAddressHint } from './listener-text'
import { useSessionStore } from '../session/session-store'
import { useSettingsStore } from './settings-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { SHOP_NAME_MAX, shopNameIssue } from '../../../src-common/shop-name'
import '../../i18n/en-on-demand'

type FieldError = { field: string; message: string } | null

/** A number field's text as the number the schema checks; empty or junk becomes NaN and is refused by main. */
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

/** An invoice number as the sequence will make it: the prefix and six digits. */
const invoiceExample = (prefix: string, sequence: number): string => `${prefix.trim()}${String(sequence).padStart(6, '0')}`

/** The contract's bound on the charge limit (SETTINGS_BOUNDS.chargeLimitSen; the renderer imports only types from it). */
const MAX_CHARGE_LIMIT_SEN = 10_000_000

/** "A single phone-order charge above RM 5,000.00 is refused." for the limit as typed, or how to type it. */
function limitHint(text: string, money: Formats['money']): string {
  const sen = parseRmText(text)
  if (sen === null) return translate('settings.general.phoneOrders.limitHowTo', { max: money(MAX_CHARGE_LIMIT_SEN) })
  if (sen > MAX_CHARGE_LIMIT_SEN) return translate('settings.general.phoneOrders.limitTooHigh', { max: money(MAX_CHARGE_LIMIT_SEN) })
  return translate('settings.general.phoneOrders.limitRefused', { amount: money(sen) })
}

/** The active environment's defaults for links, the notification listener and gateway calls. Keyed by its parent on each load of Settings, so a switch (or the history moving to or from a team database) starts a fresh draft. */
export function GeneralSettingsForm({ settings, environment }: { settings: EnvironmentSettings; environment: Environment }) {
  const t = useT()
  const { money } = useFormats()
  const training = environment === 'training'
  const saveSettings = useSettingsStore((state) => state.saveSettings)
  const [draft, setDraft] = useState(settings)
  // The charge limit is typed in RM and kept in sen; the text stays as typed (a half-typed "1,2" too).
  const [limitText, setLimitText] = useState(() => rmText(settings.phoneOrders.chargeLimitSen))
  const [clerkLimitText, setClerkLimitText] = useState(() => rmText(settings.phoneOrders.clerkChargeLimitSen))
  const [error, setError] = useState<FieldError>(null)
  const [saved, setSaved] = useState(false)
  const form = useRef<HTMLFormElement>(null)

  // The refused field may be far up this long form: bring it into view and put the cursor in it.
  useEffect(() => {
    if (error?.field) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [error])

  const change = <S extends keyof EnvironmentSettings>(section: S, values: Partial<EnvironmentSettings[S]>): void => {
    setSaved(false)
    setDraft((current) => ({ ...current, [section]: { ...current[section], ...values } }))
  }
  const errorFor = (field: string): string | null => (error?.field === field ? error.message : null)

  const save = async (): Promise<void> => {
    // The descriptor's rule is the links' and phone orders' (main checks it again): said here at once.
    const descriptorWrong = issueText(descriptorIssue(draft.links.descriptor))
    if (descriptorWrong) {
      setSaved(false)
      setError({ field: 'links.descriptor', message: descriptorWrong })
      return
    }
    const shopNameWrong = issueText(shopNameIssue(draft.shop.name))
    if (shopNameWrong) {
      setSaved(false)
      setError({ field: 'shop.name', message: shopNameWrong })
      return
    }
    const problem = await saveSettings(draft)
    setError(problem ? { field: problem.field ?? '', message: problem.message } : null)
    setSaved(!problem)
    // The idle lock's minutes may have changed: the session says how many now.
    if (!problem) void useSessionStore.getState().load()
  }

  return (
    <form
      ref={form}
      className="card form"
      aria-labelledby="general-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void save()
      }}
    >
      <h2 id="general-heading">{t(`settings.general.heading.${environment}`)}</h2>

      <fieldset>
        <legend>{t('settings.general.shop.legend')}</legend>
        <Field label={t('settings.general.shop.name')} error={errorFor('shop.name')} hint={training ? t('settings.general.shop.nameHintTraining') : t('settings.general.shop.nameHint')}>
          {(props) => <input {...props} value={draft.shop.name} onChange={(e) => change('shop', { name: e.target.value })} maxLength={SHOP_NAME_MAX} autoComplete="organization" />}
        </Field>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.links.legend')}</legend>
        <Field
          label={t('settings.general.links.returnPaid')}
          error={errorFor('links.callbackUrl')}
          hint={training ? t('settings.general.links.returnPaidHintTraining') : t('settings.general.links.returnPaidHint')}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              value={draft.links.callbackUrl}
              onChange={(e) => change('links', { callbackUrl: e.target.value })}
              placeholder={t('settings.general.links.returnPaidExample')}
            />
          )}
        </Field>
        <Field label={t('settings.general.links.returnFailed')} error={errorFor('links.failedUrl')} hint={training ? t('settings.general.links.returnFailedHintTraining') : undefined}>
          {(props) => (
            <input {...props} type="url" value={draft.links.failedUrl} onChange={(e) => change('links', { failedUrl: e.target.value })} placeholder={t('settings.general.links.returnFailedExample')} />
          )}
        </Field>
        <Field label={t('settings.general.links.expiry')} error={errorFor('links.expiryMinutes')} hint={t('settings.general.links.expiryHint')}>
          {(props) => (
            <input
              {...props}
              type="number"
              min={5}
              value={Number.isNaN(draft.links.expiryMinutes) ? '' : draft.links.expiryMinutes}
              onChange={(e) => change('links', { expiryMinutes: toNumber(e.target.value) })}
            />
          )}
        </Field>
        <div className="field-row">
          <Field
            label={t('settings.general.links.invoicePrefix')}
            error={errorFor('links.invoicePrefix')}
            hint={t('settings.general.links.invoicePrefixHint', { first: invoiceExample(draft.links.invoicePrefix, 1), second: invoiceExample(draft.links.invoicePrefix, 2) })}
          >
            {(props) => (
              <input
                {...props}
                className="mono"
                value={draft.links.invoicePrefix}
                onChange={(e) => change('links', { invoicePrefix: e.target.value })}
                maxLength={FIELD_LIMITS.invoicePrefix}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label={t('settings.general.links.descriptor')} error={errorFor('links.descriptor')} hint={t('settings.general.links.descriptorHint', { marks: DESCRIPTOR_MARKS })}>
            {(props) => <input {...props} value={draft.links.descriptor} onChange={(e) => change('links', { descriptor: e.target.value })} maxLength={DESCRIPTOR_MAX} />}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={draft.links.sendPageLanguage} onChange={(e) => change('links', { sendPageLanguage: e.target.checked })} />
          {t('settings.general.links.sendPageLanguage')}
        </label>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.phoneOrders.legend')}</legend>
        <div className="field-stack--narrow">
          <Field label={t('settings.general.phoneOrders.limit')} error={errorFor('phoneOrders.chargeLimitSen')} hint={limitHint(limitText, money)}>
            {(props) => (
              <input
                {...props}
                className="numeric-input"
                inputMode="decimal"
                value={limitText}
                onChange={(e) => {
                  setLimitText(e.target.value)
                  change('phoneOrders', { chargeLimitSen: parseRmText(e.target.value) ?? Number.NaN })
                }}
                placeholder="5000.00"
              />
            )}
          </Field>
          <Field label={t('settings.general.phoneOrders.clerkLimit')} error={errorFor('phoneOrders.clerkChargeLimitSen')} hint={t('settings.general.phoneOrders.clerkLimitHint')}>
            {(props) => (
              <input
                {...props}
                className="numeric-input"
                inputMode="decimal"
                value={clerkLimitText}
                onChange={(e) => {
                  setClerkLimitText(e.target.value)
                  change('phoneOrders', { clerkChargeLimitSen: parseRmText(e.target.value) ?? Number.NaN })
                }}
                placeholder="500.00"
              />
            )}
          </Field>
          <Field label={t('settings.general.phoneOrders.duplicateWindow')} error={errorFor('phoneOrders.duplicateWindowMinutes')} hint={t('settings.general.phoneOrders.duplicateWindowHint')}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                value={Number.isNaN(draft.phoneOrders.duplicateWindowMinutes) ? '' : draft.phoneOrders.duplicateWindowMinutes}
                onChange={(e) => change('phoneOrders', { duplicateWindowMinutes: toNumber(e.target.value) })}
              />
            )}
          </Field>
        </div>
        <div className="field-row">
          <Field label={t('settings.general.phoneOrders.threeDsSuccess')} error={errorFor('phoneOrders.threeDsSuccessUrl')} hint={t('settings.general.phoneOrders.threeDsHint')}>
            {(props) => (
              <input
                {...props}
                type="url"
                value={draft.phoneOrders.threeDsSuccessUrl}
                onChange={(e) => change('phoneOrders', { threeDsSuccessUrl: e.target.value })}
                placeholder={t('settings.general.phoneOrders.threeDsSuccessExample')}
                spellCheck={false}
              />
            )}
          </Field>
          <Field label={t('settings.general.phoneOrders.threeDsFailed')} error={errorFor('phoneOrders.threeDsFailedUrl')} hint={t('settings.general.phoneOrders.threeDsHint')}>
            {(props) => (
              <input
                {...props}
                type="url"
                value={draft.phoneOrders.threeDsFailedUrl}
                onChange={(e) => change('phoneOrders', { threeDsFailedUrl: e.target.value })}
                placeholder={t('settings.general.phoneOrders.threeDsFailedExample')}
                spellCheck={false}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.listener.legend')}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.listener.enabled} onChange={(e) => change('listener', { enabled: e.target.checked })} />
          {t('settings.general.listener.enabled')}
        </label>
        <div className="field-row">
          <Field label={t('settings.general.listener.host')} error={errorFor('listener.host')}>
            {(props) => <input {...props} value={draft.listener.host} onChange={(e) => change('listener', { host: e.target.value })} />}
          </Field>
          <Field label={t('settings.general.listener.port')} error={errorFor('listener.port')}>
            {(props) => (
              <input {...props} type="number" value={Number.isNaN(draft.listener.port) ? '' : draft.listener.port} onChange={(e) => change('listener', { port: toNumber(e.target.value) })} />
            )}
          </Field>
          <Field label={t('settings.general.listener.path')} error={errorFor('listener.path')}>
            {(props) => <input {...props} value={draft.listener.path} onChange={(e) => change('listener', { path: e.target.value })} />}
          </Field>
        </div>
        <Field label={t('settings.general.listener.publicAddress')} error={errorFor('listener.publicBaseUrl')} hint={publicAddressHint(draft.listener.publicBaseUrl, draft.listener.path)}>
          {(props) => (
            <input
              {...props}
              type="url"
              value={draft.listener.publicBaseUrl}
              onChange={(e) => change('listener', { publicBaseUrl: e.target.value })}
              placeholder={t('settings.general.listener.publicAddressExample')}
              spellCheck={false}
            />
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.tracker.legend')}</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.tracker.enabled} onChange={(e) => change('tracker', { enabled: e.target.checked })} />
          {t('settings.general.tracker.enabled')}
        </label>
        <div className="field-stack--narrow">
          <Field label={t('settings.general.tracker.concurrency')} error={errorFor('tracker.concurrency')} hint={t('settings.general.tracker.concurrencyHint')}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={32}
                value={Number.isNaN(draft.tracker.concurrency) ? '' : draft.tracker.concurrency}
                onChange={(e) => change('tracker', { concurrency: toNumber(e.target.value) })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.gateway.legend')}</legend>
        <div className="field-row">
          <Field label={t('settings.general.gateway.connectTimeout')} error={errorFor('gateway.connectTimeoutSeconds')}>
            {(props) => (
              <input
                {...props}
                type="number"
                value={Number.isNaN(draft.gateway.connectTimeoutSeconds) ? '' : draft.gateway.connectTimeoutSeconds}
                onChange={(e) => change('gateway', { connectTimeoutSeconds: toNumber(e.target.value) })}
              />
            )}
          </Field>
          <Field label={t('settings.general.gateway.answerTimeout')} error={errorFor('gateway.responseTimeoutSeconds')}>
            {(props) => (
              <input
                {...props}
                type="number"
                value={Number.isNaN(draft.gateway.responseTimeoutSeconds) ? '' : draft.gateway.responseTimeoutSeconds}
                onChange={(e) => change('gateway', { responseTimeoutSeconds: toNumber(e.target.value) })}
              />
            )}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={draft.gateway.blockOnBadSignature} onChange={(e) => change('gateway', { blockOnBadSignature: e.target.checked })} />
          {t('settings.general.gateway.blockOnBadSignature')}
        </label>
        <div className="field-stack--narrow">
          <Field label={t('settings.general.gateway.settlement')} error={errorFor('gateway.settlementCutOff')} hint={t('settings.general.gateway.settlementHint')}>
            {/* Text, not the browser's time input, which shows the system's clock (12:00 AM on a US-English one) where the hint says 00:00. */}
            {(props) => (
              <input
                {...props}
                className="numeric-input"
                inputMode="numeric"
                placeholder="00:00"
                autoComplete="off"
                value={draft.gateway.settlementCutOff}
                onChange={(e) => change('gateway', { settlementCutOff: e.target.value })}
                onBlur={(e) => change('gateway', { settlementCutOff: e.target.value.trim().replace(/^(\d):/, '0$1:') })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>{t('settings.general.signIn.legend')}</legend>
        <div className="field-row">
          <Field label={t('settings.general.signIn.idleLock')} error={errorFor('session.idleLockMinutes')} hint={t('settings.general.signIn.idleLockHint')}>
            {(props) => (
              <input
                {...props}
                type="number"
                min={1}
                max={240}
                value={Number.isNaN(draft.session.idleLockMinutes) ? '' : draft.session.idleLockMinutes}
                onChange={(e) => change('session', { idleLockMinutes: toNumber(e.target.value) })}
              />
            )}
          </Field>
        </div>
      </fieldset>

      <FormFooter submitLabel={t('settings.general.save')} formError={error && !error.field ? error.message : null} saved={saved} />
    </form>
  )
}
