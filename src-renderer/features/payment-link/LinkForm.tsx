import '../../ui/choice.css'
import './LinkForm.css'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { LinkDefaults } from '../../../src-preload/contract'
import { GENERIC_CHANNELS, isGenericChannel, type GenericChannel } from '../../../src-common/channels'
import { DESCRIPTOR_MARKS } from '../../../src-common/descriptor'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { amountIssue, DESCRIPTOR_MAX, type LinkCustomer } from '../../../src-common/link-rules'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { channelName } from '../../format/labels'
import { Field } from '../../ui/Field'
import { FIRST_FIELD } from '../../ui/focus'
import { useRadioGroup } from '../../ui/radio-group'
import { LineItemsEditor } from './LineItemsEditor'
import {
  ADDRESS_FIELDS,
  expiryOptions,
  fieldPaths,
  senOf,
  serverErrorApplies,
  showsBank,
  showsItems,
  toRequest,
  withChannel,
  withKind,
  type LinkDraft,
  type LinkedCustomer,
  checkLink,
} from './link-form'
import { linkCustomerSearch, useLinkStore } from './link-store'
import { CustomerLanguageField } from '../customers/CustomerLanguageField'
import { CustomerPicker } from '../customers/CustomerPicker'
import { useT } from '../../i18n/i18n'

const KIND_IDS = ['card', 'generic'] as const

/** What takes the focus for a field: its input, select or text area, or a list of items (focusable by script). */
const FIELD_TARGET = 'input, select, textarea, [tabindex="-1"]'

const CHANNEL_GROUPS: readonly { group: 'banking' | 'ewallet' | 'bnpl'; channels: GenericChannel[] }[] = [
  { group: 'banking', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('INTERNET_BANKING_')) },
  { group: 'ewallet', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('EWALLET_')) },
  { group: 'bnpl', channels: GENERIC_CHANNELS.filter((c) => c.startsWith('BNPL_')) },
]

/** A radio group (WAI-ARIA's pattern): one tab stop, the arrow keys move and choose. */
function KindChoice({ value, onChange }: { value: LinkDraft['kind']; onChange: (kind: LinkDraft['kind']) => void }) {
  const t = useT()
  const radio = useRadioGroup(KIND_IDS, value, onChange)
  return (
    <div className="choice-group choice-group--two" role="radiogroup" aria-label={t('paymentLink.kinds.label')}>
      {KIND_IDS.map((kind) => {
        const selected = value === kind
        return (
          <button key={kind} type="button" {...radio(kind)} className={`choice choice--kind${selected ? ' choice--selected' : ''}`} onClick={() => onChange(kind)}>
            <strong>{t(`paymentLink.kinds.${kind}.title`)}</strong>
            <span>{t(`paymentLink.kinds.${kind}.text`)}</span>
          </button>
        )
      })}
    </div>
  )
}

function BankField({ value, error, onChange }: { value: string; error: string | null; onChange: (code: string) => void }) {
  const t = useT()
  const banks = useLinkStore((state) => state.banks)
  const loadBanks = useLinkStore((state) => state.loadBanks)

  useEffect(() => {
    if (banks.status === 'idle') void loadBanks()
  }, [banks.status, loadBanks])

  const placeholder =
    banks.status === 'ready'
      ? banks.banks.length > 0
        ? t('paymentLink.bank.choose')
        : t('paymentLink.bank.none')
      : banks.status === 'error'
        ? t('paymentLink.bank.notLoaded')
        : t('paymentLink.bank.loading')
  const listProblem = banks.status === 'error' ? t('paymentLink.bank.loadFailed', { message: banks.error?.message ?? t('paymentLink.bank.noAnswer') }) : null
  return (
    <Field label={t('paymentLink.bank.label')} field="bankCode" error={listProblem ?? error} hint={banks.status === 'loading' ? t('paymentLink.bank.asking') : undefined}>
      {(props) => (
        <div className="input-row">
          <select {...props} value={value} disabled={banks.status !== 'ready'} onChange={(e) => onChange(e.target.value)}>
            <option value="">{placeholder}</option>
            {banks.banks.map((bank) => (
              <option key={bank.code} value={bank.code} disabled={!bank.active}>
                {bank.active ? bank.name : t('paymentLink.bank.unavailable', { name: bank.name })}
              </option>
            ))}
          </select>
          {banks.status === 'error' ? (
            <button type="button" className="button button--secondary" onClick={() => void loadBanks()}>
              {t('paymentLink.retry')}
            </button>
          ) : null}
        </div>
      )}
    </Field>
  )
}

/**
 * "Find customer" (the phone order's picker, with this form's own search), or the saved customer the
 * link goes to, with "Clear customer" (the focus back in the search box).
 */
function CustomerFinder({ linked }: { linked: LinkedCustomer | null }) {
  const t = useT()
  const pickCustomer = useLinkStore((state) => state.pickCustomer)
  const clearCustomer = useLinkStore((state) => state.clearCustomer)
  // The box takes the keyboard only when staff cleared the customer, not when the form opens.
  const [cleared, setCleared] = useState(false)
  if (!linked) return <CustomerPicker store={linkCustomerSearch} onPicked={pickCustomer} offerNew={false} autoFocus={cleared} />
  return (
    <div className="link-form__linked" data-testid="link-customer">
      <div>
        <strong>{linked.name}</strong>
        {linked.externalId ? <span className="mono muted small link-form__linked-id">{linked.externalId}</span> : null}
        <p className="muted small">{t('paymentLink.form.linkedHint')}</p>
      </div>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setCleared(true)
          clearCustomer()
        }}
      >
        {t('paymentLink.form.clearCustomer')}
      </button>
    </div>
  )
}

/** A draft set aside, as staff know it: whose and how much, else its invoice number. */
function asideText(draft: LinkDraft): string {
  const sen = senOf(draft.amount)
  const who = draft.customer.name.trim() || draft.customer.email.trim()
  return [who, Number.isSafeInteger(sen) ? formatRm(sen) : ''].filter(Boolean).join(', ') || draft.invoiceNumber
}

/** One form for both kinds of link. Errors show after the first attempt, then follow every change. */
export function LinkForm({ draft, defaults }: { draft: LinkDraft; defaults: LinkDefaults }) {
  const t = useT()
  const edit = useLinkStore((state) => state.edit)
  const create = useLinkStore((state) => state.create)
  const nextInvoiceNumber = useLinkStore((state) => state.nextInvoiceNumber)
  const submitted = useLinkStore((state) => state.submitted)
  const serverError = useLinkStore((state) => state.serverError)
  const creating = useLinkStore((state) => state.creating)
  const arrivalFocus = useLinkStore((state) => state.focusRequest)
  const retryOf = useLinkStore((state) => state.retryOf)
  const aside = useLinkStore((state) => state.aside.at(-1)?.draft)
  const bringBack = useLinkStore((state) => state.bringBack)
  const discardAside = useLinkStore((state) => state.discardAside)
  const form = useRef<HTMLFormElement>(null)
  const retryNote = useRef<HTMLDivElement>(null)
  const [addressOpen, setAddressOpen] = useState(false)
  const [focusRequest, setFocusRequest] = useState(0)

  const request = useMemo(() => toRequest(draft), [draft])
  const check = useMemo(() => checkLink(request, { production: defaults.production }), [request, defaults.production])
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
  // A form filled again ("Try again with these details"): at the note that says whose details they are
  // (read out first); the next Tab reaches the first field. A form filled for staff (from a phone order,
  // a customer picked, a draft brought back): the first field that still needs input, else Create.
  useEffect(() => {
    if (arrivalFocus !== 'form' && arrivalFocus !== 'next') return
    const root = form.current
    const next = (): HTMLElement | null | undefined => {
      const field = [...(root?.querySelectorAll<HTMLElement>('[data-field]') ?? [])].find((element) => check.errors[element.dataset['field'] ?? ''] !== undefined)
      // A Field's wrapper holds its input; a line item's input or list is marked itself.
      return field ? (field.matches(FIELD_TARGET) ? field : field.querySelector<HTMLElement>(FIELD_TARGET)) : root?.querySelector<HTMLElement>('button[type="submit"]')
    }
    const target = arrivalFocus === 'next' ? next() : retryOf ? retryNote.current : root?.querySelector<HTMLElement>(FIRST_FIELD)
    target?.focus()
    useLinkStore.getState().requestFocus(null)
  }, [arrivalFocus, retryOf, check])

  const set = (change: Partial<LinkDraft>): void => edit((current) => ({ ...current, ...change }))
  const setCustomer = (change: Partial<LinkCustomer>): void => edit((current) => ({ ...current, customer: { ...current.customer, ...change } }))

  const submit = async (): Promise<void> => {
    const outcome = await create()
    if (outcome !== 'created') setFocusRequest((n) => n + 1)
  }

  const card = draft.kind === 'card'
  // Beside Create, once nothing is missing: what it makes and for whom (the focus may arrive there with the top of a filled form out of view).
  const readBack = !creating && Object.keys(check.errors).length === 0 ? [formatRm(request.amountSen), request.customer.name, request.customer.email].join(' · ') : null
  const addressHasError = card && ADDRESS_FIELDS.some((path) => errorFor(path) !== null)
  const showAddress = addressOpen || addressHasError
  const amountSen = parseRmText(draft.amount)
  const duplicate = server?.code === 'DUPLICATE_INVOICE' && serverField === 'invoiceNumber'
  // Training's defaults when Settings set no return address: say what they are, the address alone says little.
  const trainingPage = t('paymentLink.form.trainingPage')
  const callbackHint = defaults.trainingReturnUrls && draft.callbackUrl.trim() === defaults.trainingReturnUrls.paid ? trainingPage : undefined
  const failedHint = defaults.trainingReturnUrls && draft.failedUrl.trim() === defaults.trainingReturnUrls.failed ? trainingPage : t('paymentLink.form.optional')

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
      <h2 id="link-form-heading">{t('paymentLink.form.heading')}</h2>
      {retryOf ? (
        <div ref={retryNote} className="alert alert--info link-form__retry" tabIndex={-1} data-testid="link-retry-note">
          {t('paymentLink.form.retryNote', { invoice: retryOf })}
        </div>
      ) : null}
      {aside ? (
        <div className="alert alert--info link-form__aside" data-testid="link-aside-note">
          <span>{t('paymentLink.form.asideNote', { what: asideText(aside) })}</span>
          <span className="link-form__aside-actions">
            <button type="button" className="link-button" onClick={bringBack}>
              {t('paymentLink.form.bringBack')}
            </button>
            <button type="button" className="link-button" onClick={discardAside}>
              {t('paymentLink.form.discardAside')}
            </button>
          </span>
        </div>
      ) : null}
      <KindChoice value={draft.kind} onChange={(kind) => edit((current) => withKind(current, kind, defaults))} />

      {!card ? (
        <fieldset>
          <legend>{t('paymentLink.form.method')}</legend>
          <div className="form-grid">
            <Field label={t('paymentLink.form.channel')} error={errorFor('channel')} field="channel">
              {(props) => (
                <select
                  {...props}
                  value={draft.channel}
                  onChange={(e) => {
                    const value = e.target.value
                    edit((current) => withChannel(current, isGenericChannel(value) ? value : ''))
                  }}
                >
                  <option value="">{t('paymentLink.form.chooseChannel')}</option>
                  {CHANNEL_GROUPS.map((group) => (
                    <optgroup key={group.group} label={t(`paymentLink.groups.${group.group}`)}>
                      {group.channels.map((channel) => (
                        <option key={channel} value={channel}>
                          {channelName(channel)}
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
        <legend>{t('paymentLink.form.order')}</legend>
        <div className="form-grid">
          <Field
            label={t('paymentLink.form.invoice')}
            field="invoiceNumber"
            error={errorFor('invoiceNumber')}
            hint={
              duplicate ? (
                <button type="button" className="link-button" onClick={() => void nextInvoiceNumber()}>
                  {t('paymentLink.form.nextFree')}
                </button>
              ) : retryOf !== null && draft.invoiceNumber.trim() === retryOf ? (
                t('paymentLink.form.retryInvoiceHint')
              ) : (
                t('paymentLink.form.invoiceHint')
              )
            }
          >
            {(props) => <input {...props} className="mono" value={draft.invoiceNumber} onChange={(e) => set({ invoiceNumber: e.target.value })} spellCheck={false} autoComplete="off" />}
          </Field>
          <Field
            label={t('paymentLink.form.amount')}
            field="amountSen"
            error={errorFor('amountSen')}
            hint={amountSen !== null && amountIssue(amountSen) === null ? t('paymentLink.form.customerPays', { amount: formatRm(amountSen) }) : undefined}
          >
            {(props) => <input {...props} className="numeric-input" inputMode="decimal" value={draft.amount} onChange={(e) => set({ amount: e.target.value })} placeholder="0.00" autoComplete="off" />}
          </Field>
        </div>
        {showsItems(draft) ? <LineItemsEditor items={draft.items} amountText={draft.amount} onChange={(items) => set({ items })} onUseTotal={(amount) => set({ amount })} errorFor={errorFor} /> : null}
      </fieldset>

      <fieldset>
        <legend>{t('paymentLink.form.customer')}</legend>
        <CustomerFinder linked={draft.linked} />
        <div className="form-grid">
          <Field label={t('paymentLink.form.customerName')} error={errorFor('customer.name')} field="customer.name">
            {(props) => <input {...props} value={draft.customer.name} onChange={(e) => setCustomer({ name: e.target.value })} autoComplete="off" />}
          </Field>
          <Field label={t('paymentLink.form.email')} error={errorFor('customer.email')} field="customer.email">
            {(props) => (
              // Text, not type="email": Chromium would turn an accented domain into its xn-- form behind staff's back.
              <input
                {...props}
                type="text"
                inputMode="email"
                spellCheck={false}
                value={draft.customer.email}
                onChange={(e) => setCustomer({ email: e.target.value })}
                placeholder={t('paymentLink.form.emailExample')}
                autoComplete="off"
              />
            )}
          </Field>
          <Field
            label={card ? t('paymentLink.form.phoneOptional') : t('paymentLink.form.phone')}
            field="customer.phone"
            error={errorFor('customer.phone')}
            hint={check.phoneE164 ? t('paymentLink.form.sentAs', { phone: check.phoneE164 }) : card ? t('paymentLink.form.phoneForWhatsApp') : t('paymentLink.form.phoneForWallet')}
          >
            {(props) => <input {...props} type="tel" value={draft.customer.phone} onChange={(e) => setCustomer({ phone: e.target.value })} placeholder="012-345 6789" autoComplete="off" />}
          </Field>
        </div>
        <CustomerLanguageField value={draft.customerLanguage} onChange={(customerLanguage) => set({ customerLanguage })} none="saved" />

        {card ? (
          <div className="disclosure">
            <button type="button" className="disclosure__toggle" aria-expanded={showAddress} disabled={addressHasError} onClick={() => setAddressOpen(!addressOpen)}>
              {t('paymentLink.form.addressOptional')}
            </button>
            {showAddress ? (
              <div className="disclosure__body">
                <Field label={t('paymentLink.form.address')} error={errorFor('customer.address')}>
                  {(props) => <input {...props} value={draft.customer.address} onChange={(e) => setCustomer({ address: e.target.value })} autoComplete="off" />}
                </Field>
                <div className="form-grid">
                  <Field label={t('paymentLink.form.city')} error={errorFor('customer.city')}>
                    {(props) => <input {...props} value={draft.customer.city} onChange={(e) => setCustomer({ city: e.target.value })} autoComplete="off" />}
                  </Field>
                  <Field label={t('paymentLink.form.state')} error={errorFor('customer.state')}>
                    {(props) => <input {...props} value={draft.customer.state} onChange={(e) => setCustomer({ state: e.target.value })} autoComplete="off" />}
                  </Field>
                  <Field label={t('paymentLink.form.postcode')} error={errorFor('customer.zipCode')}>
                    {(props) => <input {...props} value={draft.customer.zipCode} onChange={(e) => setCustomer({ zipCode: e.target.value })} inputMode="numeric" autoComplete="off" />}
                  </Field>
                  <Field label={t('paymentLink.form.country')} error={errorFor('customer.country')} hint={t('paymentLink.form.countryHint')}>
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
          <legend>{t('paymentLink.form.cardPage')}</legend>
          <Field label={t('paymentLink.form.descriptor')} field="descriptor" error={errorFor('descriptor')} hint={t('paymentLink.form.descriptorHint', { marks: DESCRIPTOR_MARKS })}>
            {(props) => <input {...props} value={draft.descriptor} onChange={(e) => set({ descriptor: e.target.value })} maxLength={DESCRIPTOR_MAX} autoComplete="off" />}
          </Field>
          <label className="checkbox">
            <input type="checkbox" checked={draft.autoRedirect} onChange={(e) => set({ autoRedirect: e.target.checked })} />
            {t('paymentLink.form.autoRedirect')}
          </label>
          <div className="form-grid">
            <Field label={t('paymentLink.form.returnPaid')} field="callbackUrl" error={errorFor('callbackUrl')} hint={callbackHint}>
              {(props) => (
                <input {...props} type="url" value={draft.callbackUrl} onChange={(e) => set({ callbackUrl: e.target.value })} placeholder={t('paymentLink.form.paidExample')} spellCheck={false} />
              )}
            </Field>
            <Field label={t('paymentLink.form.returnFailed')} field="failedUrl" error={errorFor('failedUrl')} hint={failedHint}>
              {(props) => (
                <input {...props} type="url" value={draft.failedUrl} onChange={(e) => set({ failedUrl: e.target.value })} placeholder={t('paymentLink.form.failedExample')} spellCheck={false} />
              )}
            </Field>
          </div>
        </fieldset>
      ) : (
        <fieldset>
          <legend>{t('paymentLink.form.payment')}</legend>
          <div className="form-grid">
            <Field label={t('paymentLink.form.expiresIn')} field="expiryMinutes" error={errorFor('expiryMinutes')} hint={t('paymentLink.form.expiresHint')}>
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
            <Field label={t('paymentLink.form.returnPaid')} field="callbackUrl" error={errorFor('callbackUrl')} hint={callbackHint ?? t('paymentLink.form.returnOptional')}>
              {(props) => (
                <input {...props} type="url" value={draft.callbackUrl} onChange={(e) => set({ callbackUrl: e.target.value })} placeholder={t('paymentLink.form.paidExample')} spellCheck={false} />
              )}
            </Field>
          </div>
        </fieldset>
      )}

      {card ? <p className="muted small">{t('paymentLink.form.cardPageOpen')}</p> : null}

      {banner ? (
        <div className="alert alert--error link-form__banner" role="alert" tabIndex={-1}>
          {banner}
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button" disabled={creating} aria-describedby={readBack ? 'link-form-read-back' : undefined}>
          {creating ? t('paymentLink.form.creating') : card ? t('paymentLink.form.createCard') : t('paymentLink.form.createLink')}
        </button>
        {submitted && !creating && Object.keys(check.errors).length > 0 ? <span className="field__error">{t('paymentLink.form.attention', { count: Object.keys(check.errors).length })}</span> : null}
        {readBack ? (
          <span className="muted small" id="link-form-read-back" data-testid="link-read-back">
            {readBack}
          </span>
        ) : null}
      </div>
    </form>
  )
}
