import '../../ui/confirm-charge.css'
import './ConfirmCharge.css'
import { useEffect, useRef } from 'react'
import { formatRm } from '../../../src-common/money-text'
import { BrandBadge } from '../customers/CustomerPanel'
import { brandLabel, maskedCardText } from '../../format/card'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { CHARGE_AGAIN_NEED } from '../session/roles'
import { usePhoneOrderStore, type PendingCharge } from './phone-order-store'

/**
 * The last look before money moves: the amount large, the card, the customer, the invoice and the
 * descriptor, read back to the customer. "Charge RM …" sends it once; while it runs nothing can be
 * pressed. A charge like one made a few minutes ago needs an explicit "Charge again".
 */
export function ConfirmCharge({ pending }: { pending: PendingCharge }) {
  const charging = usePhoneOrderStore((state) => state.charging)
  const duplicate = usePhoneOrderStore((state) => state.duplicate)
  const refused = usePhoneOrderStore((state) => state.refused)
  const charge = usePhoneOrderStore((state) => state.charge)
  const back = usePhoneOrderStore((state) => state.back)
  const heading = useRef<HTMLHeadingElement>(null)
  const warning = useRef<HTMLDivElement>(null)

  // The heading takes the focus, not the Charge button: a key still held from the form must not charge.
  useEffect(() => heading.current?.focus(), [])
  useEffect(() => {
    if (duplicate) warning.current?.focus()
  }, [duplicate])

  const { request, card } = pending
  const amount = formatRm(request.amountSen)
  const rows: [string, string][] = [
    ['Customer', pending.customerName],
    ['Invoice', request.invoiceNumber],
    ['Descriptor', request.descriptor || '—'],
  ]
  if (request.note) rows.push(['Note', request.note])

  return (
    <section className="confirm-charge" aria-labelledby="confirm-charge-heading" data-testid="confirm-charge">
      <h3 id="confirm-charge-heading" ref={heading} tabIndex={-1}>
        Confirm the charge
      </h3>
      <p className="muted small">Read it back to the customer before you charge.</p>
      <div className="confirm-charge__amount" aria-label={`Amount ${amount}`}>
        {amount}
      </div>
      <div className="confirm-charge__card">
        <BrandBadge brand={card.brand} />
        <span>
          <span className="mono">{maskedCardText(card.masked) ?? 'Number not recorded'}</span>
          <span className="muted">
            {' '}
            · {brandLabel(card.brand)}
            {card.issuer ? ` · ${card.issuer}` : ''}
          </span>
        </span>
      </div>
      <dl className="confirm-charge__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={label === 'Invoice' ? 'mono' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>

      {charging ? (
        <div className="alert alert--info confirm-charge__running" role="status">
          <span className="spinner" aria-hidden="true" /> <strong>Charging… do not close the app.</strong>
        </div>
      ) : null}

      {refused ? (
        <>
          <RefusalWithApproval
            error={refused.error}
            call="phoneOrders.charge"
            subjectId={request.cardId}
            busy={charging}
            onApproved={() => void charge(refused.confirmDuplicate)}
          />
          <div className="form__actions">
            <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
              Back
            </button>
          </div>
        </>
      ) : duplicate ? (
        <div className="alert alert--warning" role="alert" tabIndex={-1} ref={warning} data-testid="duplicate-charge">
          <strong>This looks like a charge already made.</strong>
          <p>{duplicate.message}</p>
          <div className="form__actions">
            <button type="button" className="button button--warning-solid" disabled={charging} onClick={() => void charge(true)}>
              Charge again
            </button>
            <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
              Cancel
            </button>
          </div>
          <NeedNote need={CHARGE_AGAIN_NEED} />
        </div>
      ) : (
        <div className="form__actions confirm-charge__actions">
          <button type="button" className="button button--charge" disabled={charging} onClick={() => void charge(false)}>
            Charge {amount}
          </button>
          <button type="button" className="button button--secondary" disabled={charging} onClick={back}>
            Back
          </button>
        </div>
      )}
    </section>
  )
}
