import '../../ui/choice.css'
import './LinkForm.css'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { LinkDefaults } from '../../../src-preload/contract'
import { CHANNEL_NAMES, GENERIC_CHANNELS, isGenericChannel, type GenericChannel } from '../../../src-common/channels'
import { DESCRIPTOR_MARKS } from '../../../src-common/descriptor'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { checkLinkRequest, DESCRIPTOR_MAX, type LinkCustomer } from '../../../src-common/link-rules'
import { formatRm, parseRmText } from '../../../src-common/money-text'
import { Field } from '../../ui/Field'
import { FIRST_FIELD } from '../../ui/focus'
import { useRadioGroup } from '../../ui/radio-group'
import { LineItemsEditor } from './LineItemsEditor'
import {
  ADDRESS_FIELDS,
  expiryOptions,
  fieldPaths,
  serverErrorApplies,
  showsBank,
  showsItems,
  toRequest,
  withChannel,
  withKind,
  type LinkDraft,
} from './link-form'
import { useLinkStore } from './link-store'

const KINDS = [
  { id: 'card', title: 'Card (hosted page)', text: "The customer types their card on the gateway's payment page." },
  { id: 'generic', title: 'Other channel', text: 'FPX online banking, an e-wallet or buy-now-pay-later.' },
] as const
const KIND_IDS = KINDS.map((kind) => kind.id)

const CHANNEL_GROUPS: readonly { label: string; channels: GenericChannel[] }[] = [
  { label: 'Online banking', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('INTERNET_BANKING_')) },
  { label: 'E-wallet', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('EWALLET_')) },
  { label: 'Buy now, pay later', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('BNPL_')) },
]

/** A radio group (WAI-ARIA's pattern): one tab stop, the arrow keys move and choose. */
function KindChoice({ value, onChange }: { value: LinkDraft['kind']; onChange: (kind: LinkDraft['kind']) => void }) {
  const radio = useRadioGroup(KIND_IDS, value, onChange)
  return (
    <div className="choice-group choice-group--two" role="radiogroup" aria-label="How the customer pays">
      {KINDS.map((kind) => {
        const selected = value === kind.id
        return (
          <button
            key={kind.id}
            type="button"
            {...radio(kind.id)}
            className={`choice choice--kind${selected ? ' choice--selected' : ''}`}
            onClick={() => onChange(kind.id)}
          >
            <strong>{kind.title}</strong>
            <span>{kind.text}</span>
          </button>
        )
      })}
    </div>
  )
}

function BankField({ value, error, onChange }: { value: string; error: string | null; onChange: (code: string) => void }) {
  const banks = useLinkStore((state) => state.banks)
  const loadBanks = useLinkStore((state) => state.loadBanks)

  useEffect(() => {
    if (banks.status === 'idle') void loadBanks()
  }, [banks.status, loadBanks])

  const placeholder =
    banks.status === 'ready' ? (banks.banks.length > 0 ? 'Choose the bank' : 'The gateway listed no banks') : banks.status === 'error' ? 'Bank list not loaded' : 'Loading banks…'
  const listProblem = banks.status === 'error' ? `The bank list could not be loaded: ${banks.error?.message ?? 'no answer'}` : null
  return (
    <Field label="Customer's bank" error={listProblem ?? error} hint={banks.status === 'loading' ? 'Asking the gateway for its FPX banks…' : undefined}>
      {(props) => (
        <div className="input-row">
          <select {...props} value={value} disabled={banks.status !== 'ready'} onChange={(e) => onChange(e.target.value)}>
            <option value="">{placeholder}</option>
            {banks.banks.map((bank) => (
              <option key={bank.code} value={bank.code} disabled={!bank.active}>
                {bank.active ? bank.name : `${bank.name} (unavailable)`}
              </option>
            ))}
          </select>
          {banks.status === 'error' ? (
            <button type="button" className="button button--secondary" onClick={() => void loadBanks()}>
              Retry
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/** One form for both kinds of link. Errors show after the first attempt, then follow every change. */
export function LinkForm({ draft, defaults }: { draft: LinkDraft; defaults: LinkDefaults }) {
  const edit = useLinkStore((state) => state.edit)
  const create = useLinkStore((state) => state.create)
  const nextInvoiceNumber = useLinkStore((state) => state.nextInvoiceNumber)
  const submitted = useLinkStore((state) => state.submitted)
  const serverError = useLinkStore((state) => state.serverError)
  const creating = useLinkStore((state) => state.creating)
  const arrivalFocus = useLinkStore((state) => state.focusRequest)
  const form = useRef<HTMLFormElement>(null)
  const [addressOpen, setAddressOpen] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)

  const request = useMemo(() => toRequest(draft), [draft])
  const check = useMemo(() => checkLinkRequest(request, { production: defaults.production }), [request, defaults.production])
  const paths = useMemo(() => fieldPaths(draft), [draft])

  // What main refused stays against its field until staff change that field.
  const server = serverError && serverErrorApplies(serverError, request) ? serverError.error : null
  const serverField = server?.field && paths.has(server.field) ? server.field : null
  const errorFor = (path: string): string | null => (submitted ? check.errors[path] : undefined) ?? (server && serverField === path ? server.message : null)
  const hiddenProblem = submitted ? Object.entries(check.errors).find(([path]) => !paths.has(path)) : undefined
  const banner = server && !serverField ? server.message : hiddenProblem ? hiddenProblem[1] : null

  // After an attempt, bring the first problem into view and put the cursor there.
  useEffect(() => {
    if (focusRequest === 0) return
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"], .link-form__banner')
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    target?.focus({ preventScroll: true })
  }, [focusRequest])

  // A new form ("New link", or arriving from the welcome or an empty Orders screen): the keyboard starts at its first field.
  useEffect(() => {
    if (arrivalFocus !== 'form') return
    form.current?.querySelector<HTMLElement>(FIRST_FIELD)?.focus()
    useLinkStore.getState().requestFocus(null)
  }, [arrivalFocus])

  const set = (change: Partial<LinkDraft>): void => edit((current) => ({ ...current, ...change }))
  const setCustomer = (change: Partial<LinkCustomer>): void => edit((current) => ({ ...current, customer: { ...current.customer, ...change } }))

  const submit = async (): Promise<void> => {
    const outcome = await create()
    if (outcome !== 'created') setFocusRequest((n) => n + 1)
  }

  const card = draft.kind === 'card'
  const addressHasError = card && ADDRESS_FIELDS.some((path) => errorFor(path) !== null)
  const showAddress = addressOpen || addressHasError
  const amountSen = parseRmText(draft.amount)
  const duplicate = server?.code === 'DUPLICATE_INVOICE' && serverField === 'invoiceNumber'
  // Training's defaults when Settings set no return address: say what they are, the address alone says little.
  const trainingPage = "The training gateway's own return page (Training only; your shop's page is set in Settings)."
  const callbackHint = defaults.trainingReturnUrls && draft.callbackUrl.trim() === defaults.trainingReturnUrls.paid ? trainingPage : undefined
  const failedHint = defaults.trainingReturnUrls && draft.failedUrl.trim() === defaults.trainingReturnUrls.failed ? trainingPage : 'Optional.'

  return (
    <form
      ref={form}
      className="card form link-form"
      aria-labelledby="link-form-heading"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h2 id="link-form-heading">New payment link</h2>
      <KindChoice value={draft.kind} onChange={(kind) => edit((current) => withKind(current, kind, defaults))} />

      {!card ? (
        <fieldset>
          <legend>Payment method</legend>
          <div className="form-grid">
            <Field label="Channel" error={errorFor('channel')}>
              {(props) => (
                <select
                  {...props}
                  value={draft.channel}
                  onChange={(e) => {
                    const value = e.target.value
                    edit((current) => withChannel(current, isGenericChannel(value) ? value : ''))
                  }}
                >
                  <option value="">Choose how the customer pays</option>
                  {CHANNEL_GROUPS.map((group) => (
                    <optgroup key={group.label} label={group.label}>
                      {group.channels.map((channel) => (
                        <option key={channel} value={channel}>
                          {CHANNEL_NAMES[channel]}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              )}
            </Field>
            {showsBank(draft) ? <BankField value={draft.bankCode} error={errorFor('bankCode')} onChange={(bankCode) => set({ bankCode })} /> : null}
          </div>
        </fieldset>
      ) : null}

      <fieldset>
        <legend>Order</legend>
        <div className="form-grid">
          <Field
            label="Invoice number"
            error={errorFor('invoiceNumber')}
            hint={
              duplicate ? (
                <button type="button" className="link-button" onClick={() => void nextInvoiceNumber()}>
                  Use the next free number instead
                </button>
              ) : (
                'The next number of the sequence; you may type your own.'
              )
            }
          >
            {(props) => <input {...props} className="mono" value={draft.invoiceNumber} onChange={(e) => set({ invoiceNumber: e.target.value })} spellCheck={false} autoComplete="off" />}
          </Field>
          <Field label="Amount (RM)" error={errorFor('amountSen')} hint={amountSen !== null && amountSen > 0 ? `The customer pays ${formatRm(amountSen)}` : undefined}>
            {(props) => <input {...props} className="numeric-input" inputMode="decimal" value={draft.amount} onChange={(e) => set({ amount: e.target.value })} placeholder="0.00" autoComplete="off" />}
          </Field>
        </div>
        {showsItems(draft) ? (
          <LineItemsEditor
            items={draft.items}
            amountText={draft.amount}
            onChange={(items) => set({ items })}
            onUseTotal={(amount) => set({ amount })}
            errorFor={errorFor}
          />
        ) : null}
      </fieldset>

      <fieldset>
        <legend>Customer</legend>
        <div className="form-grid">
          <Field label="Customer name" error={errorFor('customer.name')}>
            {(props) => <input {...props} value={draft.customer.name} onChange={(e) => setCustomer({ name: e.target.value })} autoComplete="off" />}
          </Field>
          <Field label="E-mail" error={errorFor('customer.email')}>
            {(props) => (
              // Text, not type="email": Chromium would turn an accented domain into its xn-- form behind staff's back.
              <input
                {...props}
                type="text"
                inputMode="email"
                spellCheck={false}
                value={draft.customer.email}
                onChange={(e) => setCustomer({ email: e.target.value })}
                placeholder="siti@example.my"
                autoComplete="off"
              />
            )}
          </Field>
          <Field
            label={card ? 'Phone (optional)' : 'Phone'}
            error={errorFor('customer.phone')}
            hint={
              check.phoneE164
                ? `Will be sent as ${check.phoneE164}`
                : card
                  ? 'Needed to send the link by WhatsApp.'
                  : 'E-wallets and pay-later find the customer by this number.'
            }
          >
            {(props) => <input {...props} type="tel" value={draft.customer.phone} onChange={(e) => setCustomer({ phone: e.target.value })} placeholder="012-345 6789" autoComplete="off" />}
          </Field>
        </div>

        {card ? (
          <div className="disclosure">
            <button type="button" className="disclosure__toggle" aria-expanded={showAddress} disabled={addressHasError} onClick={() => setAddressOpen(!addressOpen)}>
              Address (optional)
            </button>
            {showAddress ? (
              <div className="disclosure__body">
                <Field label="Address" error={errorFor('customer.address')}>
                  {(props) => <input {...props} value={draft.customer.address} onChange={(e) => setCustomer({ address: e.target.value })} autoComplete="off" />}
                </Field>
                <div className="form-grid">
                  <Field label="City" error={errorFor('customer.city')}>
                    {(props) => <input {...props} value={draft.customer.city} onChange={(e) => setCustomer({ city: e.target.value })} autoComplete="off" />}
                  </Field>
                  <Field label="State" error={errorFor('customer.state')}>
                    {(props) => <input {...props} value={draft.customer.state} onChange={(e) => setCustomer({ state: e.target.value })} autoComplete="off" />}
                  </Field>
                  <Field label="Postcode" error={errorFor('customer.zipCode')}>
                    {(props) => <input {...props} value={draft.customer.zipCode} onChange={(e) => setCustomer({ zipCode: e.target.value })} inputMode="numeric" autoComplete="off" />}
                  </Field>
                  <Field label="Country" error={errorFor('customer.country')} hint="Two letters, e.g. MY">
                    {(props) => <input {...props} value={draft.customer.country} onChange={(e) => setCustomer({ country: e.target.value })} maxLength={FIELD_LIMITS.country} autoComplete="off" />}
                  </Field>
                </div>
              </div>
            ) : null}
          </div>
        ) : null}
      </fieldset>

      {card ? (
        <fieldset>
          <legend>Card page</legend>
          <Field label="Statement descriptor" error={errorFor('descriptor')} hint={`What the customer's card statement shows: letters, digits, spaces and ${DESCRIPTOR_MARKS}. Optional; the default is set in Settings.`}>
            {(props) => <input {...props} value={draft.descriptor} onChange={(e) => set({ descriptor: e.target.value })} maxLength={DESCRIPTOR_MAX} autoComplete="off" />}
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={draft.autoRedirect} onChange={(e) => set({ autoRedirect: e.target.checked })} />
            Send the customer back to the return address automatically after paying
          </label>
          <div className="form-grid">
            <Field label="Return address after payment" error={errorFor('callbackUrl')} hint={callbackHint}>
              {(props) => <input {...props} type="url" value={draft.callbackUrl} onChange={(e) => set({ callbackUrl: e.target.value })} placeholder="https://shop.example.my/thank-you" spellCheck={false} />}
            </Field>
            <Field label="Return address after a failed payment" error={errorFor('failedUrl')} hint={failedHint}>
              {(props) => <input {...props} type="url" value={draft.failedUrl} onChange={(e) => set({ failedUrl: e.target.value })} placeholder="https://shop.example.my/payment-failed" spellCheck={false} />}
            </Field>
          </div>
        </fieldset>
      ) : (
        <fieldset>
          <legend>Payment</legend>
          <div className="form-grid">
            <Field label="Expires in" error={errorFor('expiryMinutes')} hint="After this the customer can no longer pay with it.">
              {(props) => (
                <select {...props} value={draft.expiryMinutes} onChange={(e) => set({ expiryMinutes: Number(e.target.value) })}>
                  {expiryOptions(defaults.expiryMinutes).map((option) => (
                    <option key={option.minutes} value={option.minutes}>
                      {option.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Return address after payment" error={errorFor('callbackUrl')} hint={callbackHint ?? "Optional: without one the customer stays on the gateway's own result page."}>
              {(props) => <input {...props} type="url" value={draft.callbackUrl} onChange={(e) => set({ callbackUrl: e.target.value })} placeholder="https://shop.example.my/thank-you" spellCheck={false} />}
            </Field>
          </div>
        </fieldset>
      )}

      {card ? <p className="muted small">How long the hosted card page stays open is set by the gateway, not by this app.</p> : null}

      {banner ? (
        <div className="alert alert--error link-form__banner" role="alert" tabIndex={-1}>
          {banner}
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button" disabled={creating}>
          {creating ? 'Creating…' : card ? 'Create card link' : 'Create payment link'}
        </button>
        {submitted && !creating && Object.keys(check.errors).length > 0 ? (
          <span className="field__error">
            {Object.keys(check.errors).length === 1 ? 'One field needs attention.' : `${String(Object.keys(check.errors).length)} fields need attention.`}
          </span>
        ) : null}
      </div>
    </form>
  )
}
