import { useEffect, useRef, useState } from 'react'
import type { EnvironmentSettings } from '../../../src-preload/contract'
import { DESCRIPTOR_MARKS, DESCRIPTOR_MAX, descriptorProblem } from '../../../src-common/descriptor'
import { formatRm, parseRmText } from '../../../src-common/money-text'
import { rmText } from '../payment-link/link-form'
import { Field } from '../../ui/Field'
import { FormFooter } from '../../ui/FormFooter'
import { publicAddressHint } from './listener-text'
import { useSessionStore } from '../session/session-store'
import { useSettingsStore } from './settings-store'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { SHOP_NAME_MAX, shopNameProblem } from '../../../src-common/shop-name'

type FieldError = { field: string; message: string } | null

/** A number field's text as the number the schema checks; empty or junk becomes NaN and is refused by main. */
const toNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

/** An invoice number as the sequence will make it: the prefix and six digits. */
const invoiceExample = (prefix: string, sequence: number): string => `${prefix.trim()}${String(sequence).padStart(6, '0')}`

/** The contract's bound on the charge limit (SETTINGS_BOUNDS.chargeLimitSen; the renderer imports only types from it). */
const MAX_CHARGE_LIMIT_SEN = 10_000_000

/** "RM 5,000.00 per charge" for the limit as typed, or how to type it. */
function limitHint(text: string): string {
  const sen = parseRmText(text)
  if (sen === null) return `In RM, e.g. 5000 or 5,000.00; at most ${formatRm(MAX_CHARGE_LIMIT_SEN)}.`
  if (sen > MAX_CHARGE_LIMIT_SEN) return `At most ${formatRm(MAX_CHARGE_LIMIT_SEN)}: send a payment link for more.`
  return `A single phone-order charge above ${formatRm(sen)} is refused.`
}

/** The active environment's defaults for links, the notification listener and gateway calls. Keyed by its parent on each load of Settings, so a switch (or the history moving to or from a team database) starts a fresh draft. */
export function GeneralSettingsForm({ settings, environmentLabel, training }: { settings: EnvironmentSettings; environmentLabel: string; training: boolean }) {
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
    const descriptorIssue = descriptorProblem(draft.links.descriptor)
    if (descriptorIssue) {
      setSaved(false)
      setError({ field: 'links.descriptor', message: descriptorIssue })
      return
    }
    const shopNameIssue = shopNameProblem(draft.shop.name)
    if (shopNameIssue) {
      setSaved(false)
      setError({ field: 'shop.name', message: shopNameIssue })
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
      <h2 id="general-heading">{environmentLabel} settings</h2>

      <fieldset>
        <legend>Your shop</legend>
        <Field
          label="Shop name"
          error={errorFor('shop.name')}
          hint={training ? "At the top of phone-order receipts, and the merchant on the training gateway's payment pages." : 'At the top of phone-order receipts.'}
        >
          {(props) => <input {...props} value={draft.shop.name} onChange={(e) => change('shop', { name: e.target.value })} maxLength={SHOP_NAME_MAX} autoComplete="organization" />}
        </Field>
      </fieldset>

      <fieldset>
        <legend>Payment links</legend>
        <Field
          label="Return address after payment"
          error={errorFor('links.callbackUrl')}
          hint={
            training
              ? "Where the customer lands after paying. Empty in Training: the training gateway's own return page. Set here, it fills in every new link."
              : 'Where the customer lands after paying. Card links need one: set here, it fills in every new link.'
          }
        >
          {(props) => <input {...props} type="url" value={draft.links.callbackUrl} onChange={(e) => change('links', { callbackUrl: e.target.value })} placeholder="https://shop.example.my/thank-you" />}
        </Field>
        <Field label="Return address after a failed payment" error={errorFor('links.failedUrl')} hint={training ? "Empty in Training: the training gateway's own return page." : undefined}>
          {(props) => <input {...props} type="url" value={draft.links.failedUrl} onChange={(e) => change('links', { failedUrl: e.target.value })} placeholder="https://shop.example.my/payment-failed" />}
        </Field>
        <Field label="Links expire after (minutes)" error={errorFor('links.expiryMinutes')} hint="The default for FPX, e-wallet and pay-later links (the gateway sets a card page's lifetime). 1440 minutes is one day.">
          {(props) => <input {...props} type="number" min={5} value={Number.isNaN(draft.links.expiryMinutes) ? '' : draft.links.expiryMinutes} onChange={(e) => change('links', { expiryMinutes: toNumber(e.target.value) })} />}
        </Field>
        <div className="field-row">
          <Field label="Invoice prefix" error={errorFor('links.invoicePrefix')} hint={`New invoice numbers: ${invoiceExample(draft.links.invoicePrefix, 1)}, ${invoiceExample(draft.links.invoicePrefix, 2)}…`}>
            {(props) => <input {...props} className="mono" value={draft.links.invoicePrefix} onChange={(e) => change('links', { invoicePrefix: e.target.value })} maxLength={FIELD_LIMITS.invoicePrefix} spellCheck={false} />}
          </Field>
          <Field label="Card statement descriptor" error={errorFor('links.descriptor')} hint={`What customers see on their card statement (letters, digits, spaces and ${DESCRIPTOR_MARKS}); new card links and phone orders start with it.`}>
            {(props) => <input {...props} value={draft.links.descriptor} onChange={(e) => change('links', { descriptor: e.target.value })} maxLength={DESCRIPTOR_MAX} />}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Phone orders</legend>
        <div className="field-stack--narrow">
          <Field label="Largest single charge (RM)" error={errorFor('phoneOrders.chargeLimitSen')} hint={limitHint(limitText)}>
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
          <Field
            label="Largest charge a Clerk may make alone (RM)"
            error={errorFor('phoneOrders.clerkChargeLimitSen')}
            hint="Above it a Supervisor approves the charge on the spot, with their login and PIN."
          >
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
          <Field
            label="Ask before charging the same customer and amount again within (minutes)"
            error={errorFor('phoneOrders.duplicateWindowMinutes')}
            hint="Staff must press “Charge again” to charge it a second time."
          >
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
          <Field label="3-D Secure return address after success (optional)" error={errorFor('phoneOrders.threeDsSuccessUrl')} hint="Sent with a charge only when set.">
            {(props) => <input {...props} type="url" value={draft.phoneOrders.threeDsSuccessUrl} onChange={(e) => change('phoneOrders', { threeDsSuccessUrl: e.target.value })} placeholder="https://shop.example.my/3ds-success" spellCheck={false} />}
          </Field>
          <Field label="3-D Secure return address after failure (optional)" error={errorFor('phoneOrders.threeDsFailedUrl')} hint="Sent with a charge only when set.">
            {(props) => <input {...props} type="url" value={draft.phoneOrders.threeDsFailedUrl} onChange={(e) => change('phoneOrders', { threeDsFailedUrl: e.target.value })} placeholder="https://shop.example.my/3ds-failed" spellCheck={false} />}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Notification listener</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.listener.enabled} onChange={(e) => change('listener', { enabled: e.target.checked })} />
          Receive the gateway&apos;s notifications (off by default)
        </label>
        <div className="field-row">
          <Field label="Host" error={errorFor('listener.host')}>
            {(props) => <input {...props} value={draft.listener.host} onChange={(e) => change('listener', { host: e.target.value })} />}
          </Field>
          <Field label="Port" error={errorFor('listener.port')}>
            {(props) => <input {...props} type="number" value={Number.isNaN(draft.listener.port) ? '' : draft.listener.port} onChange={(e) => change('listener', { port: toNumber(e.target.value) })} />}
          </Field>
          <Field label="Path" error={errorFor('listener.path')}>
            {(props) => <input {...props} value={draft.listener.path} onChange={(e) => change('listener', { path: e.target.value })} />}
          </Field>
        </div>
        <Field
          label="Public address (optional)"
          error={errorFor('listener.publicBaseUrl')}
          hint={publicAddressHint(draft.listener.publicBaseUrl, draft.listener.path)}
        >
          {(props) => (
            <input
              {...props}
              type="url"
              value={draft.listener.publicBaseUrl}
              onChange={(e) => change('listener', { publicBaseUrl: e.target.value })}
              placeholder="https://pay.example.com"
              spellCheck={false}
            />
          )}
        </Field>
      </fieldset>

      <fieldset>
        <legend>Status tracker</legend>
        <label className="checkbox">
          <input type="checkbox" checked={draft.tracker.enabled} onChange={(e) => change('tracker', { enabled: e.target.checked })} />
          Keep waiting orders and refunds up to date by asking the gateway on its own
        </label>
        <div className="field-stack--narrow">
          <Field
            label="Status checks at once"
            error={errorFor('tracker.concurrency')}
            hint="From 1 to 32. Each order or refund is asked about no sooner than 60 seconds after its payment or request, as the gateway asks."
          >
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
        <legend>Gateway calls</legend>
        <div className="field-row">
          <Field label="Connect timeout (seconds)" error={errorFor('gateway.connectTimeoutSeconds')}>
            {(props) => <input {...props} type="number" value={Number.isNaN(draft.gateway.connectTimeoutSeconds) ? '' : draft.gateway.connectTimeoutSeconds} onChange={(e) => change('gateway', { connectTimeoutSeconds: toNumber(e.target.value) })} />}
          </Field>
          <Field label="Answer timeout (seconds)" error={errorFor('gateway.responseTimeoutSeconds')}>
            {(props) => <input {...props} type="number" value={Number.isNaN(draft.gateway.responseTimeoutSeconds) ? '' : draft.gateway.responseTimeoutSeconds} onChange={(e) => change('gateway', { responseTimeoutSeconds: toNumber(e.target.value) })} />}
          </Field>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={draft.gateway.blockOnBadSignature} onChange={(e) => change('gateway', { blockOnBadSignature: e.target.checked })} />
          Refuse an answer whose signature is missing or wrong (otherwise it is recorded with a warning)
        </label>
        <div className="field-stack--narrow">
          <Field
            label="Daily settlement at (Malaysia time)"
            error={errorFor('gateway.settlementCutOff')}
            hint="HH:MM, 00:00 for midnight (the training gateway's). Before it a card payment can only be voided in full; after it, refunded in part. The refund dialog offers what the gateway will do by this time."
          >
            {(props) => (
              <input {...props} type="time" value={draft.gateway.settlementCutOff} onChange={(e) => change('gateway', { settlementCutOff: e.target.value })} />
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset>
        <legend>Sign-in</legend>
        <div className="field-row">
          <Field
            label="Lock the screen after this many minutes without use"
            error={errorFor('session.idleLockMinutes')}
            hint="From 1 to 240. The lock hides customer data; the same operator continues with their PIN where they were."
          >
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

      <FormFooter submitLabel="Save settings" formError={error && !error.field ? error.message : null} saved={saved} />
    </form>
  )
}
