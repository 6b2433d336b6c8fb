import './CustomerPanel.css'
import './saved-cards.css'
import './brand-badge.css'
import { useId, useState } from 'react'
import { Trans } from 'react-i18next'
import type { CallError, OrderView, SavedCardView } from '../../../src-preload/contract'
import { formatRm } from '../../format/money'
import { brandKey, brandLabel, brandShort, cardSourceText, maskedCardText } from '../../format/card'
import { formatDate, formatDateTime } from '../../format/time'
import { KIND_LABELS } from '../../format/labels'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { StatusChip } from '../../ui/StatusChip'
import { ReviewChip } from '../orders/ReviewChip'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { useT } from '../../i18n/i18n'
import { phoneText } from '../../../src-common/link-rules'
import { readErrorMessage } from '../team/team-text'
import { AddCardDialog } from './AddCardDialog'
import { CustomerForm } from './CustomerForm'
import { useCustomersStore, type CustomerDetail } from './customers-store'
import { openOrder } from './open-order'

const RECENT_SHOWN = 5

export function BrandBadge({ brand }: { brand: string | null }) {
  return (
    <span className={`brand-badge brand-badge--${brandKey(brand)}`} aria-hidden="true">
      {brandShort(brand)}
    </span>
  )
}

interface CardProps {
  card: SavedCardView
  name: string
  selected: boolean
  /** The order that locks the card needs review: a person's decision, not a status check, unlocks it. */
  lockNeedsReview: boolean
  /** The screen is past the form (confirming or showing a result): nothing may change. */
  frozen: boolean
  onSelect: () => void
  /** Picked on purpose (a click, Space or Enter), not passed over with the arrow keys: staff move on. */
  onPicked?: (() => void) | undefined
  onRemove: () => void
}

function SavedCardOption({ card, name, selected, lockNeedsReview, frozen, onSelect, onPicked, onRemove }: CardProps) {
  const id = useId()
  const t = useT()
  const locked = card.lockedBy !== null
  const number = maskedCardText(card.masked)
  return (
    <div className={`saved-card${selected ? ' saved-card--selected' : ''}${locked ? ' saved-card--locked' : ''}`} data-testid="saved-card">
      <label className="saved-card__choice" htmlFor={id}>
        <input
          id={id}
          type="radio"
          name={name}
          checked={selected}
          disabled={locked || frozen}
          onChange={onSelect}
          onKeyDown={(event) => {
            // The arrow keys move through the cards (checking each) and stay; Space or Enter picks the card in focus.
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault()
              onSelect()
              onPicked?.()
            }
          }}
          onClick={(event) => {
            // A click with the mouse (a keyboard's own click has no click count).
            if (event.detail > 0) onPicked?.()
          }}
          aria-describedby={`${id}-meta`}
          data-card-option=""
        />
        <BrandBadge brand={card.brand} />
        <span className="saved-card__text">
          <span className="saved-card__line">
            <span className="saved-card__number mono">{number ?? t('customers.card.numberNotRecorded')}</span>
            <span className="saved-card__issuer">
              {brandLabel(card.brand)}
              {card.issuer ? ` · ${card.issuer}` : ''}
            </span>
          </span>
          <span className="saved-card__meta muted small" id={`${id}-meta`}>
            {card.lastUsedAt
              ? t('customers.card.addedLastUsed', { added: formatDate(card.addedAt), source: cardSourceText(card.source), used: formatDate(card.lastUsedAt) })
              : t('customers.card.addedNotUsed', { added: formatDate(card.addedAt), source: cardSourceText(card.source) })}
          </span>
        </span>
      </label>
      <button
        type="button"
        className="button button--secondary button--small saved-card__remove"
        disabled={frozen}
        onClick={onRemove}
        aria-label={number ? t('customers.card.removeCard', { number }) : t('customers.card.removeCardNoNumber')}
      >
        {t('customers.card.remove')}
      </button>
      {card.lockedBy ? (
        <div className="saved-card__lock" role="note">
          <Trans
            i18nKey={lockNeedsReview ? 'customers.card.lockedReview' : 'customers.card.lockedUnknown'}
            values={{ invoice: card.lockedBy.invoiceNumber }}
            components={{ b: <strong />, mono: <span className="mono" /> }}
          />{' '}
          <button type="button" className="link-button" onClick={() => card.lockedBy && openOrder(card.lockedBy.orderId)}>
            {t('customers.card.open', { invoice: card.lockedBy.invoiceNumber })}
          </button>
        </div>
      ) : null}
    </div>
  )
}

function RecentOrders({ orders }: { orders: OrderView[] }) {
  const t = useT()
  const [all, setAll] = useState(false)
  if (orders.length === 0) return <p className="muted small">{t('customers.recent.none')}</p>
  const shown = all ? orders : orders.slice(0, RECENT_SHOWN)
  return (
    <>
      <ul className="recent-orders" aria-label={t('customers.recent.label')}>
        {shown.map((order) => (
          <li key={order.id}>
            <button
              type="button"
              className="recent-orders__row"
              onClick={() => openOrder(order.id)}
              title={t('customers.recent.openTitle', { kind: KIND_LABELS[order.kind], invoice: order.invoiceNumber })}
            >
              <span className="mono ellipsis">{order.invoiceNumber}</span>
              {order.review ? <ReviewChip order={order} /> : <StatusChip status={order.status} raw={order.rawStatus} />}
              <span className="numeric">{formatRm(order.amountSen)}</span>
              <span className="muted small recent-orders__when">{formatDateTime(order.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {orders.length > RECENT_SHOWN ? (
        <button type="button" className="link-button" onClick={() => setAll(!all)}>
          {all ? t('customers.recent.showFewer') : t('customers.recent.showAll', { count: orders.length })}
        </button>
      ) : null}
    </>
  )
}

interface Props {
  detail: CustomerDetail
  loading: boolean
  loadError: CallError | null
  selectedCardId: number | null
  onSelectCard: (cardId: number | null) => void
  /** A card picked on purpose (not passed over with the arrow keys): the screen moves the focus on. */
  onPickCard?: () => void
  /** Why the card choice is refused, if it is (after "Review charge"). */
  cardError: string | null
  frozen: boolean
  onChangeCustomer: () => void
  /** "Send a payment link", offered when the customer has no saved card to charge. */
  onSendLink?: () => void
}

/** The customer picked: who they are, the saved cards to choose from, and their recent orders. */
export function CustomerPanel({ detail, loading, loadError, selectedCardId, onSelectCard, onPickCard, cardError, frozen, onChangeCustomer, onSendLink }: Props) {
  const id = useId()
  const t = useT()
  const removeCard = useCustomersStore((state) => state.removeCard)
  const refresh = useCustomersStore((state) => state.refresh)
  const [editing, setEditing] = useState(false)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<SavedCardView | null>(null)
  const [removeBusy, setRemoveBusy] = useState(false)
  const [removeError, setRemoveError] = useState<string | null>(null)
  const [removeRefused, setRemoveRefused] = useState<CallError | null>(null)

  const { customer } = detail
  const cards = detail.cards.filter((card) => card.active)
  const removed = detail.cards.length - cards.length

  const confirmRemove = async (): Promise<void> => {
    if (!removing || removeBusy) return
    setRemoveBusy(true)
    setRemoveError(null)
    setRemoveRefused(null)
    const result = await removeCard(removing.id)
    setRemoveBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') return setRemoveRefused(result.error)
    if (!result.ok) return setRemoveError(result.error.message)
    if (selectedCardId === removing.id) onSelectCard(null)
    setRemoving(null)
  }

  return (
    <div className="customer-panel" data-testid="customer-panel">
      <div className="customer-panel__head">
        <div className="customer-panel__who">
          <h3 className="customer-panel__name">{customer.name}</h3>
          <div className="customer-panel__contact muted">
            {customer.email ? <span>{customer.email}</span> : null}
            {customer.phone ? <span>{phoneText(customer.phone)}</span> : null}
            {customer.externalId ? <span className="mono small">{customer.externalId}</span> : null}
          </div>
        </div>
        <div className="customer-panel__actions">
          <button type="button" className="button button--secondary button--small" disabled={frozen} onClick={() => setEditing(true)}>
            {t('customers.panel.edit')}
          </button>
          <button type="button" className="button button--secondary button--small" disabled={frozen} onClick={onChangeCustomer}>
            {t('customers.panel.change')}
          </button>
        </div>
      </div>

      {loadError ? (
        <div className="alert alert--error" role="alert">
          {t('customers.panel.loadFailed', { message: readErrorMessage(loadError) })}{' '}
          <button type="button" className="link-button" onClick={() => void refresh()}>
            {t('customers.panel.retry')}
          </button>
        </div>
      ) : null}

      <fieldset className={`saved-cards${cardError ? ' saved-cards--invalid' : ''}`} aria-describedby={cardError ? `${id}-error` : undefined} aria-busy={loading}>
        <legend>{t('customers.panel.cardToCharge')}</legend>
        {cards.length === 0 ? (
          <p className="muted small saved-cards__empty">{t('customers.panel.noCards')}</p>
        ) : (
          cards.map((card) => (
            <SavedCardOption
              key={card.id}
              card={card}
              name={`${id}-card`}
              selected={selectedCardId === card.id}
              lockNeedsReview={detail.orders.some((order) => order.id === card.lockedBy?.orderId && order.review !== null)}
              frozen={frozen}
              onSelect={() => onSelectCard(card.id)}
              onPicked={onPickCard}
              onRemove={() => {
                setRemoveError(null)
                setRemoveRefused(null)
                setRemoving(card)
              }}
            />
          ))
        )}
        {cardError ? (
          <div className="field__error saved-cards__error" id={`${id}-error`} role="alert" tabIndex={-1} data-charge-field="cardId">
            {cardError}
          </div>
        ) : null}
        <div className="saved-cards__foot">
          {onSendLink && cards.length === 0 ? (
            <button type="button" className="button button--small" disabled={frozen} onClick={onSendLink}>
              {t('phoneOrder.sendLink')}
            </button>
          ) : null}
          <button type="button" className="button button--secondary button--small" disabled={frozen} onClick={() => setAdding(true)}>
            {t('customers.panel.addByHand')}
          </button>
          {removed > 0 ? <span className="muted small">{t('customers.panel.removedHidden', { count: removed })}</span> : null}
        </div>
      </fieldset>

      <h4 className="customer-panel__subhead">{t('customers.recent.label')}</h4>
      <RecentOrders orders={detail.orders} />

      <ConfirmDialog
        open={removing !== null}
        title={t('customers.panel.removeTitle')}
        confirmLabel={removeBusy ? t('customers.panel.removing') : t('customers.panel.removeConfirm')}
        tone="danger"
        onCancel={() => {
          if (removeBusy) return
          setRemoving(null)
          setRemoveRefused(null)
        }}
        onConfirm={() => void confirmRemove()}
      >
        {removing ? (
          <p>
            <Trans
              i18nKey="customers.panel.ofCustomer"
              values={{ card: `${brandLabel(removing.brand)} ${maskedCardText(removing.masked) ?? ''}`.trim(), name: customer.name }}
              components={{ b: <strong /> }}
            />
          </p>
        ) : null}
        <p>{t('customers.panel.removeLead')}</p>
        <NeedNote need={SCREEN_NEEDS['cards.remove']} />
        {removeRefused && removing ? <RefusalWithApproval error={removeRefused} call="cards.remove" subjectId={removing.id} busy={removeBusy} onApproved={() => void confirmRemove()} /> : null}
        {removeError ? (
          <div className="alert alert--error" role="alert">
            {t('customers.panel.removeFailed', { message: removeError })}
          </div>
        ) : null}
      </ConfirmDialog>
      <AddCardDialog open={adding} customerName={customer.name} onClose={() => setAdding(false)} />
      <CustomerForm open={editing} initial={editing ? customer : null} onClose={() => setEditing(false)} onSaved={() => setEditing(false)} />
    </div>
  )
}
