import '../../ui/choice.css'
import './RefundForm.css'
import { useId } from 'react'
import type { RefundSummary } from '../../../src-preload/contract'
import { formatRm, parseRmText } from '../../../src-common/money-text'
import { Field } from '../../ui/Field'
import { REFUND_KIND_LABELS, refundBlocked, refundKinds, type RefundDraft, type RefundFormField, type RefundKind } from './refund-rules'

interface Props {
  summary: RefundSummary
  draft: RefundDraft
  /** The rules' errors (after a first "Review refund") and main's, by field. */
  errors: Partial<Record<RefundFormField, string>>
  /** Main's error that names no field; `mayHaveGone` when main may have sent the refund without this screen learning the answer. */
  banner: { message: string; mayHaveGone: boolean } | null
  onChange: (change: Partial<RefundDraft>) => void
  /** To the confirmation when the draft passes the rules; false otherwise. */
  onReview: () => boolean
  onCancel: () => void
}

function choiceText(kind: RefundKind, summary: RefundSummary): string {
  switch (kind) {
    case 'FULL':
      return `Refunds all that is left: ${formatRm(summary.remainingSen)}.`
    case 'PARTIAL':
      return `Refunds part of the payment, at most ${formatRm(summary.remainingSen)}. More partial refunds may follow.`
    case 'VOID':
      return `Cancels the whole payment (${formatRm(summary.paidSen)}) before the day’s settlement (midnight Malaysia time); after settlement use a refund.`
  }
}

/** Full refund, partial refund (an amount in RM) or void, checked against what is left to refund. */
export function RefundForm({ summary, draft, errors, banner, onChange, onReview, onCancel }: Props) {
  const id = useId()
  const blocked = refundBlocked(summary)
  const kinds = refundKinds(summary)
  const typed = parseRmText(draft.amount)
  const kindError = blocked ? null : (errors.kind ?? null)

  return (
    <form
      className="form refund-form"
      aria-label="Refund"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const form = event.currentTarget
        // Refused: the first problem takes the focus (the amount's box, or the first choice).
        if (!onReview()) requestAnimationFrame(() => form.querySelector<HTMLElement>('fieldset[data-invalid] input, input[aria-invalid="true"]')?.focus())
      }}
    >
      <p className="refund-form__money small">
        Paid <strong>{formatRm(summary.paidSen)}</strong> · Refunded {formatRm(summary.refundedSen)}
        {summary.pendingSen > 0 ? ` · Pending ${formatRm(summary.pendingSen)}` : ''} · Left to refund <strong>{formatRm(summary.remainingSen)}</strong>
      </p>
      {blocked ? (
        <div className="alert alert--warning" role="alert">
          {blocked}
        </div>
      ) : (
        <fieldset className="refund-kinds" data-invalid={kindError ? true : undefined}>
          <legend>What to do</legend>
          {kinds.map((kind) => {
            const selected = draft.kind === kind
            return (
              <label key={kind} className={`choice refund-kind${selected ? ' choice--selected refund-kind--selected' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={kind}
                  checked={selected}
                  onChange={() => onChange({ kind })}
                  aria-labelledby={`${id}-${kind}-label`}
                  aria-describedby={kindError ? `${id}-${kind}-text ${id}-kind-error` : `${id}-${kind}-text`}
                />
                <span className="refund-kind__text">
                  <strong id={`${id}-${kind}-label`}>{REFUND_KIND_LABELS[kind]}</strong>
                  <span id={`${id}-${kind}-text`} className="small">
                    {choiceText(kind, summary)}
                  </span>
                </span>
              </label>
            )
          })}
          {kindError ? (
            <div className="field__error" id={`${id}-kind-error`} role="alert">
              {kindError}
            </div>
          ) : null}
        </fieldset>
      )}

      {!blocked && draft.kind === 'PARTIAL' ? (
        <div className="field-stack--narrow">
          <Field
            label="Amount to refund (RM)"
            error={errors.amount ?? null}
            hint={
              <>
                {typed !== null && typed > 0 ? <strong>{formatRm(typed)}</strong> : null}
                {typed !== null && typed > 0 ? ' · ' : null}
                At most {formatRm(summary.remainingSen)}
              </>
            }
          >
            {(props) => (
              <input
                {...props}
                className="numeric-input"
                inputMode="decimal"
                value={draft.amount}
                onChange={(e) => onChange({ amount: e.target.value })}
                placeholder="0.00"
                autoComplete="off"
                autoFocus
              />
            )}
          </Field>
        </div>
      ) : null}

      {banner ? (
        <div className="alert alert--error" role="alert">
          {banner.message}
          {banner.mayHaveGone ? (
            <p>
              <strong>This screen did not learn whether the refund was sent.</strong> Look at the order&apos;s refunds before trying again.
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={blocked !== null}>
          Review refund
        </button>
      </div>
    </form>
  )
}
