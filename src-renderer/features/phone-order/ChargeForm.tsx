import './ChargeForm.css'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { SavedCardView } from '../../../src-preload/contract'
import { DESCRIPTOR_MARKS, DESCRIPTOR_MAX } from '../../../src-common/descriptor'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { Field } from '../../ui/Field'
import { useCustomersStore } from '../customers/customers-store'
import { NeedNote } from '../session/NeedNote'
import { CHARGE_AGAIN_NEED } from '../session/roles'
import {
  CHARGE_FIELDS,
  chargeErrorField,
  chargeServerErrorApplies,
  checkCharge,
  noUsableCard,
  NOTE_MAX,
  OUTCOME_MAY_BE_UNKNOWN,
  precheckKey,
  problemField,
  PROCEEDS,
  toChargeRequest,
  type ChargeDraft,
  type ChargeField,
  type PhoneOrderDefaults,
} from './charge-form'
import { usePhoneOrderStore } from './phone-order-store'
import { Trans } from 'react-i18next'
import { useT } from '../../i18n/i18n'

/** How long typing pauses before main is asked what it would refuse. */
const PRECHECK_PAUSE_MS = 300

interface Props {
  draft: ChargeDraft
  defaults: PhoneOrderDefaults
  /** The open customer's cards; null before a customer is picked. */
  cards: SavedCardView[] | null
}

const NO_FIELDS: ReadonlySet<ChargeField> = new Set()

/**
 * The errors of the charge form, by field: the rules (shown for a field once staff have been in it, or
 * after a "Review charge"), what main's pre-check would refuse (at once: a used invoice, a locked card,
 * a limit), and what main refused, until that field changes. `noticeFor` holds what main would let
 * through with staff's eyes open: the duplicate guard and a Clerk's limit (a Supervisor approves it).
 */
export function useChargeErrors(draft: ChargeDraft | null, defaults: PhoneOrderDefaults | null, cards: SavedCardView[] | null, touched: ReadonlySet<ChargeField> = NO_FIELDS) {
  const submitted = usePhoneOrderStore((state) => state.submitted)
  const serverError = usePhoneOrderStore((state) => state.serverError)
  const precheck = usePhoneOrderStore((state) => state.precheck)
  const customerId = useCustomersStore((state) => state.customerId)
  return useMemo(() => {
    const rules = draft && defaults ? checkCharge(draft, { chargeLimitSen: defaults.chargeLimitSen, cards: cards ?? [] }) : {}
    const server = serverError && draft && chargeServerErrorApplies(serverError, draft) ? serverError.error : null
    const serverField = server ? chargeErrorField(server) : null
    // Main's pre-check, while it still describes the draft; a field the rules already fault keeps the rules' words.
    const current = draft && customerId !== null && precheck?.key === precheckKey(toChargeRequest(draft, customerId)) ? precheck.problems : []
    const refusals = current.filter((problem) => !PROCEEDS(problem))
    const mainSays = (field: ChargeField, proceeds: boolean): string | null =>
      rules[field] ? null : (current.find((problem) => PROCEEDS(problem) === proceeds && problemField(problem) === field)?.message ?? null)
    // No card can be charged at all: said at once, whatever was touched.
    const stuck = cards ? noUsableCard(cards) : null
    const errorFor = (field: ChargeField): string | null =>
      (submitted || touched.has(field) || (field === 'cardId' && stuck !== null) ? rules[field] : undefined) ?? mainSays(field, false) ?? (server && serverField === field ? server.message : null)
    const noticeFor = (field: ChargeField): string | null => mainSays(field, true)
    const first = CHARGE_FIELDS.map((field) => rules[field]).find(Boolean) ?? refusals.find((problem) => problemField(problem) !== null)?.message ?? null
    const banner = refusals.find((problem) => problemField(problem) === null) ?? null
    const invoiceTaken = server?.code === 'DUPLICATE_INVOICE' || (!rules.invoiceNumber && refusals.some((problem) => problem.code === 'DUPLICATE_INVOICE'))
    // The duplicate guard ahead: a Clerk learns here, not only at the confirmation, that charging again needs a Supervisor.
    const chargeAgainAhead = !rules.amountSen && current.some((problem) => problem.code === 'DUPLICATE_CHARGE')
    return { rules, server, serverField, errorFor, noticeFor, chargeAgainAhead, banner, invoiceTaken, first, valid: first === null && banner === null }
  }, [draft, defaults, cards, submitted, serverError, touched, precheck, customerId])
}

/** Asks main what it would refuse each time the draft settles (a short pause after typing), while a customer and card are picked. */
function usePrecheck(draft: ChargeDraft, cards: SavedCardView[] | null): void {
  const precheckDraft = usePhoneOrderStore((state) => state.precheckDraft)
  // Not while the charge is confirmed or sent: its own order (written ahead) would read as a used invoice.
  const onForm = usePhoneOrderStore((state) => state.step === 'form')
  const ready = onForm && cards !== null && draft.cardId !== null
  useEffect(() => {
    if (!ready) return
    const timer = setTimeout(() => void precheckDraft(), PRECHECK_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [draft, cards, ready, precheckDraft])
}

/** Invoice, amount, descriptor and note; "Review charge" leads to the confirmation. */
export function ChargeForm({ draft, defaults, cards }: Props) {
  const t = useT()
  const edit = usePhoneOrderStore((state) => state.edit)
  const review = usePhoneOrderStore((state) => state.review)
  const nextInvoiceNumber = usePhoneOrderStore((state) => state.nextInvoiceNumber)
  const [touched, setTouched] = useState<ReadonlySet<ChargeField>>(new Set())
  const { server, serverField, errorFor, noticeFor, chargeAgainAhead, banner: refusal, invoiceTaken, first, valid } = useChargeErrors(draft, defaults, cards, touched)
  usePrecheck(draft, cards)
  const form = useRef<HTMLFormElement>(null)
  const touch = (field: ChargeField) => (): void => {
    if (!touched.has(field)) setTouched(new Set([...touched, field]))
  }

  /** After a refused "Review charge" (or main's refusal), the first problem comes into view and takes the focus, once it is drawn. */
  const focusFirstProblem = useCallback(() => {
    requestAnimationFrame(() => {
      const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], .charge-form__banner') ?? document.querySelector<HTMLElement>('[data-charge-field="cardId"]')
      target?.scrollIntoView({ block: 'center', behavior: 'smooth' })
      target?.focus({ preventScroll: true })
    })
  }, [])
  // Back from the confirmation with main's refusal: its field is the first thing to see.
  const serverErrorNow = usePhoneOrderStore((state) => state.serverError)
  useEffect(() => {
    if (serverErrorNow) focusFirstProblem()
  }, [serverErrorNow, focusFirstProblem])

  const amountSen = parseRmText(draft.amount)
  const invoiceError = errorFor('invoiceNumber')
  const duplicateInvoice = invoiceTaken && invoiceError !== null
  const banner = server && serverField === null ? server : refusal
  const amountNotice = noticeFor('amountSen')

  return (
    <form
      ref={form}
      className="form charge-form"
      aria-label={t('phoneOrder.charge')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void review().then((ok) => {
          if (!ok) focusFirstProblem()
        })
      }}
    >
      <div className="form-grid">
        <Field
          label={t('phoneOrder.form.invoice')}
          error={invoiceError}
          hint={
            duplicateInvoice ? (
              <button type="button" className="link-button" onClick={() => void nextInvoiceNumber()}>
                {t('phoneOrder.form.nextFree')}
              </button>
            ) : (
              t('phoneOrder.form.invoiceHint')
            )
          }
        >
          {(props) => (
            <input
              {...props}
              data-charge-field="invoiceNumber"
              className="mono"
              value={draft.invoiceNumber}
              onChange={(e) => edit({ invoiceNumber: e.target.value })}
              onBlur={touch('invoiceNumber')}
              spellCheck={false}
              autoComplete="off"
            />
          )}
        </Field>
        <Field
          label={t('phoneOrder.form.amount')}
          error={errorFor('amountSen')}
          hint={
            <>
              {amountSen !== null && amountSen > 0 ? <strong>{formatRm(amountSen)}</strong> : null}
              {amountSen !== null && amountSen > 0 ? ' · ' : null}
              {t('phoneOrder.form.largest', { amount: formatRm(defaults.chargeLimitSen) })}
              {amountNotice ? (
                <span className="field__notice" data-testid="amount-notice">
                  {amountNotice}
                </span>
              ) : null}
              {chargeAgainAhead ? <NeedNote need={CHARGE_AGAIN_NEED} /> : null}
            </>
          }
        >
          {(props) => (
            <input
              {...props}
              data-charge-field="amountSen"
              className="numeric-input charge-form__amount"
              inputMode="decimal"
              value={draft.amount}
              onChange={(e) => edit({ amount: e.target.value })}
              // Picking a customer puts the focus here: stepping past it empty (to add a card first)
              // is not a mistake yet (found by QA: "Enter the amount" in red before anything was typed).
              // Review charge still says so.
              onBlur={draft.amount.trim() === '' ? undefined : touch('amountSen')}
              placeholder="0.00"
              autoComplete="off"
            />
          )}
        </Field>
      </div>
      <Field label={t('phoneOrder.form.descriptor')} error={errorFor('descriptor')} hint={t('phoneOrder.form.descriptorHint', { marks: DESCRIPTOR_MARKS })}>
        {(props) => (
          <input
            {...props}
            data-charge-field="descriptor"
            value={draft.descriptor}
            onChange={(e) => edit({ descriptor: e.target.value })}
            onBlur={touch('descriptor')}
            maxLength={DESCRIPTOR_MAX}
            autoComplete="off"
          />
        )}
      </Field>
      <Field label={t('phoneOrder.form.note')} error={errorFor('note')} hint={t('phoneOrder.form.noteHint')}>
        {(props) => (
          <textarea
            {...props}
            data-charge-field="note"
            rows={2}
            value={draft.note}
            onChange={(e) => edit({ note: e.target.value })}
            onBlur={touch('note')}
            maxLength={NOTE_MAX}
            placeholder={t('phoneOrder.form.notePlaceholder')}
          />
        )}
      </Field>

      {banner ? (
        <div className="alert alert--error charge-form__banner" role="alert" tabIndex={-1}>
          {banner.message}
          {OUTCOME_MAY_BE_UNKNOWN.has(banner.code) ? (
            <p>
              <Trans i18nKey="phoneOrder.form.mayHaveGone" components={{ b: <strong /> }} />
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="form__actions">
        <button type="submit" className="button" data-charge-field="review" disabled={cards === null || !valid}>
          {t('phoneOrder.form.review')}
        </button>
        {cards === null ? <span className="muted small">{t('phoneOrder.form.findFirst')}</span> : first ? <span className="muted small charge-form__missing">{first.replace(/\.$/, '')}.</span> : null}
      </div>
    </form>
  )
}
