import '../../ui/choice.css'
import './RefundForm.css'
import { useEffect, useId, useRef } from 'react'
import { Trans } from 'react-i18next'
import type { RefundSummary } from '../../../src-preload/contract'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { Field } from '../../ui/Field'
import { malaysiaClockText, malaysiaTimeText, refundBlocked, refundKindLabel, refundKinds, type RefundDraft, type RefundFormField, type RefundKind } from './refund-rules'
import { t as translate, useT } from '../../i18n/i18n'

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
  /** Back from the confirmation: the review button (what opened it) takes the focus again. */
  focusReview?: boolean
}

function choiceText(kind: RefundKind, summary: RefundSummary): string {
  switch (kind) {
    case 'FULL':
      return translate(summary.refundedSen > 0 ? 'refunds.form.choiceFullRest' : 'refunds.form.choiceFull', { amount: formatRm(summary.remainingSen) })
    case 'PARTIAL':
      return translate('refunds.form.choicePartial', { amount: formatRm(summary.remainingSen) })
    case 'VOID':
      return translate('refunds.form.choiceVoid', { amount: formatRm(summary.paidSen) })
  }
}

/**
 * Before settlement the gateway only voids the whole payment: the one thing it will do, said plainly,
 * with when refunds of a part become possible.
 */
function NotSettled({ summary, id }: { summary: RefundSummary; id: string }) {
  const t = useT()
  const when = summary.settlesAt ? malaysiaTimeText(summary.settlesAt) : null
  const cutOff = summary.settlesAt ? malaysiaClockText(summary.settlesAt) : null
  return (
    <div className="refund-settlement" data-testid="refund-not-settled">
      <p className="refund-settlement__lead" id={`${id}-void`}>
        <Trans i18nKey="refunds.form.notSettled" values={{ amount: formatRm(summary.paidSen) }} components={{ b: <strong /> }} />
      </p>
      <p className="small refund-settlement__why">
        {cutOff && when ? t('refunds.form.settlesAt', { time: cutOff === '00:00' ? t('refunds.form.midnight') : cutOff, when }) : t('refunds.form.settlesDaily')}
      </p>
    </div>
  )
}

/** Full refund, partial refund (an amount in RM) or, before settlement, the void of the whole payment; checked against what is left. */
export function RefundForm({ summary, draft, errors, banner, onChange, onReview, onCancel, focusReview = false }: Props) {
  const t = useT()
  const id = useId()
  const reviewButton = useRef<HTMLButtonElement>(null)
  const blocked = refundBlocked(summary)
  const kinds = refundKinds(summary)
  const voidOnly = !blocked && !summary.settled && kinds.length === 1 && kinds[0] === 'VOID'
  const typed = parseRmText(draft.amount)
  const kindError = blocked ? null : (errors.kind ?? null)

  // Back from the confirmation, or only one thing to do (the void): the review button is where staff go on.
  useEffect(() => {
    if (focusReview || voidOnly) reviewButton.current?.focus()
    // Only when the form appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return (
    <form
      className="form refund-form"
      aria-label={t('refunds.form.label')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const form = event.currentTarget
        // Refused: the first problem takes the focus (the amount's box, or the first choice).
        if (!onReview()) requestAnimationFrame(() => form.querySelector<HTMLElement>('fieldset[data-invalid] input, input[aria-invalid="true"]')?.focus())
      }}
    >
      <p className="refund-form__money small">
        <Trans
          i18nKey={summary.pendingSen > 0 ? 'refunds.form.moneyPending' : 'refunds.form.money'}
          values={{ paid: formatRm(summary.paidSen), refunded: formatRm(summary.refundedSen), pending: formatRm(summary.pendingSen), left: formatRm(summary.remainingSen) }}
          components={{ b: <strong /> }}
        />
      </p>
      {blocked ? (
        <div className="alert alert--warning" role="alert">
          {blocked}
        </div>
      ) : voidOnly ? (
        <NotSettled summary={summary} id={id} />
      ) : (
        <fieldset className="refund-kinds" data-invalid={kindError ? true : undefined}>
          <legend>{t('refunds.form.whatToDo')}</legend>
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
                  <strong id={`${id}-${kind}-label`}>{refundKindLabel(kind, summary)}</strong>
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
            label={t('refunds.form.amount')}
            error={errors.amount ?? null}
            hint={
              <>
                {typed !== null && typed > 0 ? <strong>{formatRm(typed)}</strong> : null}
                {typed !== null && typed > 0 ? ' · ' : null}
                {t('refunds.form.atMost', { amount: formatRm(summary.remainingSen) })}
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
              <Trans i18nKey="refunds.form.notLearned" components={{ b: <strong /> }} />
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('ui.cancel')}
        </button>
        <button type="submit" ref={reviewButton} className="button" disabled={blocked !== null} aria-describedby={voidOnly ? `${id}-void` : undefined}>
          {voidOnly ? t('refunds.form.reviewVoid') : t('refunds.form.reviewRefund')}
        </button>
      </div>
    </form>
  )
}
