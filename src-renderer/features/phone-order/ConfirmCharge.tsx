import '../../ui/confirm-charge.css'
import './ConfirmCharge.css'
import { useEffect, useRef, useState } from 'react'
import { formatRm } from '../../format/money'
import { BrandBadge } from '../customers/CustomerPanel'
import { brandLabel, maskedCardText } from '../../format/card'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { CHARGE_AGAIN_NEED } from '../session/roles'
import { waitingText } from './charge-form'
import { usePhoneOrderStore, type PendingCharge } from './phone-order-store'
import { useT } from '../../i18n/i18n'

/** Whole seconds since `since` on the page's clock, counted once a second. */
function useSecondsSince(since: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (since === null) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [since])
  return since === null ? 0 : Math.max(0, Math.floor((now - since) / 1000))
}

/**
 * The charge in flight: the seconds it has waited against the gateway's answer timeout, and what
 * happens at the end of it. Same size from the first second to the last (no jump as the count grows).
 */
function ChargeWaiting({ since, timeoutSeconds }: { since: number | null; timeoutSeconds: number }) {
  const t = useT()
  const elapsed = useSecondsSince(since)
  const over = elapsed > timeoutSeconds
  return (
    <div className="alert alert--info charge-waiting" data-testid="charge-waiting">
      <span className="spinner" aria-hidden="true" />
      <div className="charge-waiting__text">
        <p className="charge-waiting__line">
          {/* Announced once; the count itself is not read out every second. */}
          <strong role="status">{t('phoneOrder.confirm.waiting')}</strong>{' '}
          <span className="charge-waiting__count" data-testid="charge-waiting-count">
            {waitingText(elapsed, timeoutSeconds)}
          </span>
        </p>
        <div className="charge-waiting__bar" aria-hidden="true">
          <span style={{ width: `${String(Math.min(100, (elapsed / timeoutSeconds) * 100))}%` }} />
        </div>
        <p className="small charge-waiting__note">{over ? t('phoneOrder.confirm.noAnswer') : t('phoneOrder.confirm.doNotClose', { seconds: timeoutSeconds })}</p>
      </div>
    </div>
  )
}

/**
 * The last look before money moves, inside the confirmation dialog: the amount large, the card, the
 * customer, the invoice and the descriptor, read back to the customer. "Charge RM …" sends it once;
 * while it runs nothing can be pressed and the seconds are counted. A charge like one made a few
 * minutes ago needs an explicit "Charge again"; one above a Clerk's limit a Supervisor's approval
 * (both known before the dialog opened, from main's pre-check).
 */
export function ConfirmCharge({ pending, timeoutSeconds }: { pending: PendingCharge; timeoutSeconds: number }) {
  const t = useT()
  const charging = usePhoneOrderStore((state) => state.charging)
  const chargingSince = usePhoneOrderStore((state) => state.chargingSince)
  const duplicate = usePhoneOrderStore((state) => state.duplicate)
  const refused = usePhoneOrderStore((state) => state.refused)
  const charge = usePhoneOrderStore((state) => state.charge)
  const back = usePhoneOrderStore((state) => state.back)
  const warning = useRef<HTMLDivElement>(null)
  const section = useRef<HTMLElement>(null)

  useEffect(() => {
    if (duplicate) warning.current?.focus()
  }, [duplicate])

  // Main refused the charge just sent (a Clerk's "Charge again" needs a Supervisor): the button pressed
  // was greyed and is gone, so the focus, dropped to the page, goes to the approval's first control.
  // Not when the refusal was known before the confirmation opened: its title keeps the focus then.
  useEffect(() => {
    if (!refused || (document.activeElement !== null && document.activeElement !== document.body)) return
    section.current?.querySelector<HTMLElement>('.approval-needed button:not(:disabled), .dialog__actions button:not(:disabled)')?.focus()
  }, [refused])

  const { request, card } = pending
  const amount = formatRm(request.amountSen)
  const rows: [string, string, string][] = [
    ['customer', t('phoneOrder.confirm.customer'), pending.customerName],
    ['invoice', t('phoneOrder.confirm.invoice'), request.invoiceNumber],
    ['descriptor', t('phoneOrder.confirm.descriptor'), request.descriptor || '—'],
  ]
  if (request.note) rows.push(['note', t('phoneOrder.confirm.note'), request.note])

  return (
    <section ref={section} className="confirm-charge" aria-label={t('phoneOrder.confirm.label')} data-testid="confirm-charge">
      <p className="muted small">{t('phoneOrder.confirm.readBack')}</p>
      <div className="confirm-charge__amount" aria-label={t('phoneOrder.confirm.amount', { amount })}>
        {amount}
      </div>
      <div className="confirm-charge__card">
        <BrandBadge brand={card.brand} />
        <span>
          <span className="mono">{maskedCardText(card.masked) ?? t('phoneOrder.confirm.notRecorded')}</span>
          <span className="muted">
            {' '}
            · {brandLabel(card.brand)}
            {card.issuer ? ` · ${card.issuer}` : ''}
          </span>
        </span>
      </div>
      <dl className="confirm-charge__facts">
        {rows.map(([key, label, value]) => (
          <div key={key}>
            <dt>{label}</dt>
            <dd className={key === 'invoice' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>

      {charging ? <ChargeWaiting since={chargingSince} timeoutSeconds={timeoutSeconds} /> : null}

      {refused ? (
        <>
          <RefusalWithApproval error={refused.error} call="phoneOrders.charge" subjectId={request.cardId} busy={charging} onApproved={() => void charge(refused.confirmDuplicate)} />
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
              {t('phoneOrder.confirm.back')}
            </button>
          </div>
        </>
      ) : duplicate ? (
        <div className="alert alert--warning" role="alert" tabIndex={-1} ref={warning} data-testid="duplicate-charge">
          <strong>{t('phoneOrder.confirm.duplicate')}</strong>
          <p>{duplicate.message}</p>
          <div className="form__actions">
            <button type="button" className="button button--warning-solid" disabled={charging} onClick={() => void charge(true)}>
              {t('phoneOrder.confirm.chargeAgain')}
            </button>
            <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
              {t('phoneOrder.confirm.cancel')}
            </button>
          </div>
          <NeedNote need={CHARGE_AGAIN_NEED} />
        </div>
      ) : (
        <div className="dialog__actions confirm-charge__actions">
          <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
            {t('phoneOrder.confirm.back')}
          </button>
          <button type="button" className="button button--charge" disabled={charging} onClick={() => void charge(false)}>
            {t('phoneOrder.confirm.charge', { amount })}
          </button>
        </div>
      )}
    </section>
  )
}
