import './PhoneOrderScreen.css'
import { useEffect, useRef } from 'react'
import type { SavedCardView } from '../../../src-preload/contract'
import { useShellStore } from '../../app/shell-store'
import { Modal } from '../../ui/Modal'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { CustomerPanel } from '../customers/CustomerPanel'
import { CustomerPicker } from '../customers/CustomerPicker'
import { phoneOrderSearch, subscribeCustomerEvents, useCustomersStore } from '../customers/customers-store'
import { readErrorMessage } from '../team/team-text'
import { chargeable, nextChargeField, type ChargeDraft, type ChargeField } from './charge-form'
import { ChargeForm, useChargeErrors } from './ChargeForm'
import { ChargeResultPanel } from './ChargeResultPanel'
import { ConfirmCharge } from './ConfirmCharge'
import { subscribePhoneOrderEvents, usePhoneOrderStore } from './phone-order-store'
import { sendPaymentLink } from './send-link'
import { useT } from '../../i18n/i18n'

/**
 * Puts the focus on the next thing staff must fill in: the card (the checked or first usable one), the
 * amount, a field the rules refuse, or "Review charge". Waits a few frames for it to be on the page
 * (a customer's cards, the form after a render).
 */
function focusChargeField(target: ChargeField | 'review', tries = 10): void {
  requestAnimationFrame(() => {
    const element =
      target === 'cardId'
        ? (document.querySelector<HTMLElement>('[data-card-option]:checked:not(:disabled)') ??
          document.querySelector<HTMLElement>('[data-card-option]:not(:disabled)') ??
          document.querySelector<HTMLElement>('[data-charge-field="cardId"]'))
        : document.querySelector<HTMLElement>(`[data-charge-field="${target}"]:not(:disabled)`)
    if (element) element.focus()
    else if (tries > 0) focusChargeField(target, tries - 1)
  })
}

/** Where the focus goes once a customer is picked: straight to the amount when one card can be charged (it is picked for staff). */
function nextAfterCustomer(draft: ChargeDraft, chargeLimitSen: number, cards: SavedCardView[]): ChargeField | 'review' {
  const usable = cards.filter(chargeable)
  const [only] = usable
  const picked = usable.length === 1 && only ? { ...draft, cardId: only.id } : draft
  return nextChargeField(picked, { chargeLimitSen, cards })
}

function StepHeading({ n, title, done }: { n: number; title: string; done?: boolean }) {
  return (
    <h2 className="step-heading">
      <span className={`step-heading__n${done ? ' step-heading__n--done' : ''}`} aria-hidden="true">
        {done ? '✓' : n}
      </span>
      {title}
    </h2>
  )
}

export function PhoneOrderScreen() {
  const t = useT()
  const environment = useShellStore((state) => state.info?.environment ?? null)
  const history = useShellStore((state) => state.history)
  const draft = usePhoneOrderStore((state) => state.draft)
  const defaults = usePhoneOrderStore((state) => state.defaults)
  const step = usePhoneOrderStore((state) => state.step)
  const pending = usePhoneOrderStore((state) => state.pending)
  const outcome = usePhoneOrderStore((state) => state.outcome)
  const preparing = usePhoneOrderStore((state) => state.preparing)
  const prepareError = usePhoneOrderStore((state) => state.prepareError)
  const start = usePhoneOrderStore((state) => state.start)
  const edit = usePhoneOrderStore((state) => state.edit)
  const back = usePhoneOrderStore((state) => state.back)
  const tryAgain = usePhoneOrderStore((state) => state.tryAgain)
  const charging = usePhoneOrderStore((state) => state.charging)
  const cardsDone = usePhoneOrderStore((state) => state.cardsDone)
  const customerId = useCustomersStore((state) => state.customerId)
  const detail = useCustomersStore((state) => state.detail)
  const loading = useCustomersStore((state) => state.loading)
  const loadError = useCustomersStore((state) => state.loadError)
  const openCustomer = useCustomersStore((state) => state.open)
  const closeCustomer = useCustomersStore((state) => state.close)
  const cards = detail && detail.customer.id === customerId ? detail.cards : null
  const { errorFor } = useChargeErrors(draft, defaults, cards)

  // A fresh screen for the environment in use; another environment (or its history moved to or from a team database) has other customers and cards.
  useEffect(() => {
    void usePhoneOrderStore.getState().ensure(environment, history)
  }, [environment, history])

  // What is on show may have changed while this screen was away; then follow main's events.
  useEffect(() => {
    void usePhoneOrderStore.getState().refreshResult()
    // Settings may have changed the limit or the defaults meanwhile.
    void usePhoneOrderStore.getState().refreshDefaults()
    void useCustomersStore.getState().refresh()
    const offCharge = subscribePhoneOrderEvents()
    const offCustomer = subscribeCustomerEvents()
    return () => {
      offCharge()
      offCustomer()
    }
  }, [])

  // The only chargeable card is picked for staff (not one a decline said cannot be charged again); a card that stopped being chargeable is let go.
  useEffect(() => {
    if (!cards || step !== 'form' || !draft) return
    const picked = cards.find((card) => card.id === draft.cardId)
    const usable = cards.filter((card) => chargeable(card) && !cardsDone.includes(card.id))
    if (draft.cardId !== null && (!picked || !chargeable(picked))) edit({ cardId: null })
    else if (draft.cardId === null && usable.length === 1 && usable[0]) edit({ cardId: usable[0].id })
  }, [cards, step, draft, edit, cardsDone])

  const frozen = step !== 'form'
  const customerReady = customerId !== null && detail !== null && detail.customer.id === customerId

  // A customer just picked: once their cards are in, the focus goes to what needs input next.
  const focusAfterLoad = useRef<number | null>(null)
  useEffect(() => {
    if (focusAfterLoad.current === null || !cards || !draft || !defaults || detail?.customer.id !== focusAfterLoad.current) return
    focusAfterLoad.current = null
    focusChargeField(nextAfterCustomer(draft, defaults.chargeLimitSen, cards))
  }, [cards, detail, draft, defaults])

  /** A card picked on purpose: on to the amount (or whatever needs input next). */
  const pickedCard = (): void => {
    const { draft: now, defaults: limits } = usePhoneOrderStore.getState()
    if (!now || !limits || !cards) return
    focusChargeField(nextChargeField(now, { chargeLimitSen: limits.chargeLimitSen, cards }))
  }

  if (!draft || !defaults) {
    return (
      <>
        <ScreenHeader title={t('phoneOrder.title')}>{t('phoneOrder.lead')}</ScreenHeader>
        {prepareError && !preparing ? (
          <div className="alert alert--error" role="alert">
            <p>{t('phoneOrder.prepareFailed', { message: prepareError.message })}</p>
            <button type="button" className="button button--secondary" onClick={() => void start(environment)}>
              {t('phoneOrder.retry')}
            </button>
          </div>
        ) : (
          <p className="muted">{t('phoneOrder.preparing')}</p>
        )}
      </>
    )
  }

  return (
    <div className="phone-order-screen">
      <ScreenHeader title={t('phoneOrder.title')}>{t('phoneOrder.lead')}</ScreenHeader>
      <div className="phone-order">
        <section className="card phone-order__customer" aria-label={t('phoneOrder.customer')}>
          <StepHeading n={1} title={t('phoneOrder.stepCustomer')} done={customerReady && draft.cardId !== null} />
          {customerId === null ? (
            <CustomerPicker
              store={phoneOrderSearch}
              onPicked={(customer) => {
                edit({ cardId: null })
                focusAfterLoad.current = customer.id
                void openCustomer(customer.id)
              }}
            />
          ) : customerReady ? (
            <CustomerPanel
              detail={detail}
              loading={loading}
              loadError={loadError}
              selectedCardId={draft.cardId}
              onSelectCard={(cardId) => edit({ cardId })}
              onPickCard={pickedCard}
              cardError={step === 'form' ? errorFor('cardId') : null}
              frozen={frozen}
              onChangeCustomer={() => {
                edit({ cardId: null })
                closeCustomer()
              }}
              onSendLink={sendPaymentLink}
            />
          ) : loadError ? (
            <div className="alert alert--error" role="alert">
              <p>{t('phoneOrder.customerFailed', { message: readErrorMessage(loadError) })}</p>
              <div className="form__actions">
                <button type="button" className="button button--secondary" onClick={() => void useCustomersStore.getState().refresh()}>
                  {t('phoneOrder.retry')}
                </button>
                <button type="button" className="button button--secondary" onClick={closeCustomer}>
                  {t('phoneOrder.findAnother')}
                </button>
              </div>
            </div>
          ) : (
            <p className="muted">{t('phoneOrder.loadingCustomer')}</p>
          )}
        </section>

        <section className="card phone-order__charge" aria-label={t('phoneOrder.charge')}>
          {step === 'form' || step === 'confirm' ? (
            <>
              <StepHeading n={2} title={t('phoneOrder.stepAmount')} />
              <ChargeForm draft={draft} defaults={defaults} cards={customerReady ? detail.cards : null} />
            </>
          ) : outcome ? (
            <ChargeResultPanel
              outcome={outcome}
              pending={pending}
              onTryAgain={() => {
                void tryAgain()
                // The button goes with the result: the focus goes on to the cards, to try the same one or choose another.
                focusChargeField('cardId')
              }}
            />
          ) : null}
        </section>
      </div>
      {/* The confirmation: Tab stays inside, Escape steps back to the form (not while the charge runs). */}
      <Modal
        open={step === 'confirm' && pending !== null}
        title={t('phoneOrder.confirmTitle')}
        onClose={() => {
          if (!charging) back()
        }}
        size="wide"
        className="confirm-charge-dialog"
        testId="confirm-charge-dialog"
        focusTitle
      >
        {pending ? <ConfirmCharge pending={pending} timeoutSeconds={defaults.responseTimeoutSeconds} /> : null}
      </Modal>
    </div>
  )
}
