import './ChargeForm.css'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { SavedCardView } from '../../../src-preload/contract'
import { DESCRIPTOR_MARKS, DESCRIPTOR_MAX } from '../../../src-common/descriptor'
import { formatRm, parseRmText } from '../../../src-common/money-text'
import { Field } from '../../ui/Field'
import {
  CHARGE_FIELDS,
  chargeErrorField,
  chargeServerErrorApplies,
  checkCharge,
  NOTE_MAX,
  OUTCOME_MAY_BE_UNKNOWN,
  type ChargeDraft,
  type ChargeField,
  type PhoneOrderDefaults,
} from './charge-form'
import { usePhoneOrderStore } from './phone-order-store'

interface Props {
  draft: ChargeDraft
  defaults: PhoneOrderDefaults
  /** The open customer's cards; null before a customer is picked. */
  cards: SavedCardView[] | null
}

const NO_FIELDS: ReadonlySet<ChargeField> = new Set()

/**
 * The errors of the charge form, by field: the rules (shown for a field once staff have been in it, or
 * after a "Review charge"), and what main refused, until that field changes.
 */
export function useChargeErrors(draft: ChargeDraft | null, defaults: PhoneOrderDefaults | null, cards: SavedCardView[] | null, touched: ReadonlySet<ChargeField> = NO_FIELDS) {
  const submitted = usePhoneOrderStore((state) => state.submitted)
  const serverError = usePhoneOrderStore((state) => state.serverError)
  return useMemo(() => {
    const rules = draft && defaults ? checkCharge(draft, { chargeLimitSen: defaults.chargeLimitSen, cards: cards ?? [] }) : {}
    const server = serverError && draft && chargeServerErrorApplies(serverError, draft) ? serverError.error : null
    const serverField = server ? chargeErrorField(server) : null
    const errorFor = (field: ChargeField): string | null =>
      (submitted || touched.has(field) ? rules[field] : undefined) ?? (server && serverField === field ? server.message : null)
    const first = CHARGE_FIELDS.map((field) => rules[field]).find(Boolean) ?? null
    return { rules, server, serverField, errorFor, first, valid: first === null }
  }, [draft, defaults, cards, submitted, serverError, touched])
}

/** Invoice, amount, descriptor and note; "Review charge" leads to the confirmation. */
export function ChargeForm({ draft, defaults, cards }: Props) {
  const edit = usePhoneOrderStore((state) => state.edit)
  const review = usePhoneOrderStore((state) => state.review)
  const nextInvoiceNumber = usePhoneOrderStore((state) => state.nextInvoiceNumber)
  const [touched, setTouched] = useState<ReadonlySet<ChargeField>>(new Set())
  const { server, serverField, errorFor, first, valid } = useChargeErrors(draft, defaults, cards, touched)
  const form = useRef<HTMLFormElement>(null)
  // Back from the confirmation with main's refusal: its field is the first thing to see.
  const [focusRequest, setFocusRequest] = useState(() => (usePhoneOrderStore.getState().serverError ? 1 : 0))
  const touch = (field: ChargeField) => (): void => {
    if (!touched.has(field)) setTouched(new Set([...touched, field]))
  }

  // After a refused "Review charge" (or main's refusal), bring the first problem into view.
  useEffect(() => {
    if (focusRequest === 0) return
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .charge-form__banner')
    target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
    target?.focus({ preventScroll: true })
  }, [focusRequest])

  const amountSen = parseRmText(draft.amount)
  const duplicateInvoice = server?.code === 'DUPLICATE_INVOICE'
  const banner = server && serverField === null ? server : null

  return (
    <form
      ref={form}
      className="form charge-form"
      aria-label="Charge"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!review()) setFocusRequest((n) => n + 1)
      }}
    >
      <div className="form-grid">
        <Field
          label="Invoice number"
          error={errorFor('invoiceNumber')}
          hint={
            duplicateInvoice ? (
              <button type="button" className="link-button" onClick={() => void nextInvoiceNumber()}>
                Use the next free number instead
              </button>
            ) : (
              'Next in the sequence; you may type your own.'
            )
          }
        >
          {(props) => <input {...props} className="mono" value={draft.invoiceNumber} onChange={(e) => edit({ invoiceNumber: e.target.value })} onBlur={touch('invoiceNumber')} spellCheck={false} autoComplete="off" />}
        </Field>
        <Field
          label="Amount (RM)"
          error={errorFor('amountSen')}
          hint={
            <>
              {amountSen !== null && amountSen > 0 ? <strong>{formatRm(amountSen)}</strong> : null}
              {amountSen !== null && amountSen > 0 ? ' · ' : null}
              Largest single charge: {formatRm(defaults.chargeLimitSen)}
            </>
          }
        >
          {(props) => (
            <input {...props} className="numeric-input charge-form__amount" inputMode="decimal" value={draft.amount} onChange={(e) => edit({ amount: e.target.value })} onBlur={touch('amountSen')} placeholder="0.00" autoComplete="off" />
          )}
        </Field>
      </div>
      <Field label="Statement descriptor" error={errorFor('descriptor')} hint={`What the customer's card statement shows: letters, digits, spaces and ${DESCRIPTOR_MARKS}.`}>
        {(props) => <input {...props} value={draft.descriptor} onChange={(e) => edit({ descriptor: e.target.value })} onBlur={touch('descriptor')} maxLength={DESCRIPTOR_MAX} autoComplete="off" />}
      </Field>
      <Field label="Note (optional)" error={errorFor('note')} hint="For your records; not sent to the gateway.">
        {(props) => <textarea {...props} rows={2} value={draft.note} onChange={(e) => edit({ note: e.target.value })} onBlur={touch('note')} maxLength={NOTE_MAX} placeholder="e.g. Order taken by phone, 2 × batik shirt" />}
      </Field>

      {banner ? (
        <div className="alert alert--error charge-form__banner" role="alert" tabIndex={-1}>
          {banner.message}
          {OUTCOME_MAY_BE_UNKNOWN.has(banner.code) ? (
            <p>
              <strong>This screen did not learn whether the charge went out.</strong> Look at the customer&apos;s recent orders before charging again; the same invoice number cannot be
              charged twice.
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button" disabled={cards === null || !valid}>
          Review charge
        </button>
        {cards === null ? (
          <span className="muted small">Find the customer first.</span>
        ) : first ? (
          <span className="muted small charge-form__missing">{first}.</span>
        ) : null}
      </div>
    </form>
  )
}
