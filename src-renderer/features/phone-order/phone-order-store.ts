/**
 * The phone order screen's store: the environment's defaults, the draft (kept here so that leaving the
 * screen never loses what was typed), the step (form, confirmation, result), the charge in flight and
 * its result, kept in step with main's `orders.changed` until an unknown outcome is settled.
 *
 * The customer and their cards live in the customers store; this one keeps which card is picked.
 */
import { create } from 'zustand'
import type { CallError, ChargeProblem, Environment, OrderDetail, PhoneOrderRequest, SavedCardView } from '../../../src-preload/contract'
import { getApi, inDesksLanguage, NO_BRIDGE } from '../../api'
import { useCustomersStore } from '../customers/customers-store'
import { onDeskOpened } from '../session/session-store'
import { checkCharge, chargeServerErrorOf, emptyChargeDraft, precheckKey, PROCEEDS, toChargeRequest, type ChargeDraft, type ChargeServerError, type PhoneOrderDefaults } from './charge-form'
import { outcomeOf, refusedOutcome, resultView, type ChargeOutcome } from './charge-outcome'
import { cardIsDone, declineAdvice } from './decline-advice'

export type Step = 'form' | 'confirm' | 'result'

/** What the confirmation repeats and what is sent: fixed when staff press "Review charge". */
export interface PendingCharge {
  request: PhoneOrderRequest
  customerName: string
  card: SavedCardView
}

interface PhoneOrderState {
  environment: Environment | null
  /** The history (the shell's count) the screen is of: a move to or from a team database starts afresh too. */
  history: number | null
  defaults: PhoneOrderDefaults | null
  preparing: boolean
  prepareError: CallError | null
  draft: ChargeDraft | null
  step: Step
  /** After the first "Review charge", the rules' errors show and follow every change. */
  submitted: boolean
  serverError: ChargeServerError | null
  pending: PendingCharge | null
  charging: boolean
  /** When the charge in flight was sent (the page's clock), for the seconds it has waited. */
  chargingSince: number | null
  /** Main's pre-check of the draft as it stands (phoneOrders.check): what would refuse the charge, shown before the confirmation. */
  precheck: { key: string; problems: ChargeProblem[] } | null
  /** DUPLICATE_CHARGE: main's words; staff may charge again on purpose, or cancel. */
  duplicate: CallError | null
  /** FORBIDDEN: this operator may not make the charge alone (above their limit, or charging again); a Supervisor may approve it. */
  refused: { error: CallError; confirmDuplicate: boolean } | null
  outcome: ChargeOutcome | null
  /** The result has been on show (its panel drawn): a new phone order may put it away. */
  resultSeen: boolean
  /** The cards a decline said cannot be charged again (gone, expired, lost or stolen): never picked for staff again in this order. */
  cardsDone: readonly number[]
  /** Bumped by every fresh start, so a late answer for an older form is dropped. */
  generation: number

  /** Prepares a fresh screen for `environment` and `history` unless one is ready for them already. */
  ensure: (environment: Environment | null, history: number) => Promise<void>
  /** Everything afresh: no customer, a new invoice number. */
  start: (environment: Environment | null) => Promise<void>
  /**
   * "New phone order" (Ctrl+Shift+P, the menu, "Take a phone order", the result's button): everything
   * afresh unless that would lose a charge. True when the screen starts afresh; false when it shows
   * what is in progress instead (a confirmation, a charge on its way, a result not seen yet).
   */
  startNew: () => boolean
  edit: (change: Partial<ChargeDraft>) => void
  /** Asks main what would refuse the draft's charge now (nothing is sent); null when there is nothing to ask about yet. */
  precheckDraft: () => Promise<ChargeProblem[] | null>
  /** To the confirmation, when the draft passes the rules and main's pre-check; false otherwise. */
  review: () => Promise<boolean>
  back: () => void
  charge: (confirmDuplicate?: boolean) => Promise<void>
  /** The same customer, amount and card with a new invoice number, back at the form; a card the bank said cannot be charged again is let go. */
  tryAgain: () => Promise<void>
  /** The result's panel is on show. */
  sawResult: () => void
  nextInvoiceNumber: () => Promise<void>
  /** The limit and defaults as Settings has them now; the invoice number and descriptor follow when untouched. */
  refreshDefaults: () => Promise<void>
  /** A newer description of the charged order (after a check, or an event). */
  applyDetail: (detail: OrderDetail) => void
  refreshResult: () => Promise<void>
  loadReceipt: () => Promise<void>
}

/** The form step with nothing submitted, confirmed or charged: where the screen starts and restarts. */
const NO_CHARGE = {
  step: 'form',
  submitted: false,
  serverError: null,
  pending: null,
  charging: false,
  chargingSince: null,
  precheck: null,
  duplicate: null,
  refused: null,
  outcome: null,
  resultSeen: false,
  cardsDone: [],
} as const satisfies Partial<PhoneOrderState>

export const usePhoneOrderStore = create<PhoneOrderState>()((set, get) => ({
  environment: null,
  history: null,
  defaults: null,
  preparing: false,
  prepareError: null,
  draft: null,
  ...NO_CHARGE,
  generation: 0,

  ensure: async (environment, history) => {
    const state = get()
    if ((state.draft || state.preparing) && state.history === history) {
      if (state.environment === environment) return
      // The shell learnt the environment after this screen was prepared: it is the same one.
      if (state.environment === null) return set({ environment })
    }
    set({ history })
    await get().start(environment)
  },

  start: async (environment) => {
    const api = getApi()
    const generation = get().generation + 1
    useCustomersStore.getState().reset()
    set({
      generation,
      environment,
      preparing: true,
      prepareError: null,
      draft: null,
      ...NO_CHARGE,
    })
    if (!api) return set({ preparing: false, prepareError: NO_BRIDGE })
    const defaults = await api.phoneOrders.prepare()
    if (get().generation !== generation) return
    if (!defaults.ok) return set({ preparing: false, prepareError: defaults.error })
    set({ preparing: false, defaults: defaults.value, draft: emptyChargeDraft(defaults.value) })
  },

  startNew: () => {
    const { history, environment, step, resultSeen } = get()
    // Never prepared: the screen starts afresh when it opens.
    if (history === null) return true
    // The confirmation is open (read back to the caller, a Supervisor approving) or its charge is on
    // its way: it is not thrown away, nor a result that came while staff were on another screen.
    if (step === 'confirm' || (step === 'result' && !resultSeen)) return false
    void get().start(environment)
    return true
  },

  edit: (change) => {
    const draft = get().draft
    if (draft && get().step === 'form') set({ draft: { ...draft, ...change } })
  },

  precheckDraft: async () => {
    const api = getApi()
    const { draft, generation, step } = get()
    const detail = useCustomersStore.getState().detail
    if (!api || !draft || !detail || draft.cardId === null || step !== 'form') return null
    const request = toChargeRequest(draft, detail.customer.id)
    // An amount still being typed is asked about as nothing: the other problems (invoice, card) still come back.
    const asked = { ...request, amountSen: Number.isInteger(request.amountSen) ? request.amountSen : 0 }
    const key = precheckKey(request)
    const result = await api.phoneOrders.check(asked)
    // Only a pre-check that still describes the draft is kept (typing went on, or the screen started afresh).
    if (!result.ok || get().generation !== generation) return null
    const now = get().draft
    if (!now || get().step !== 'form' || precheckKey(toChargeRequest(now, detail.customer.id)) !== key) return null
    const problems = result.value.problems.map(inDesksLanguage)
    set({ precheck: { key, problems } })
    return problems
  },

  review: async () => {
    const { draft, defaults, step, generation } = get()
    const detail = useCustomersStore.getState().detail
    if (!draft || !defaults || step !== 'form') return false
    set({ submitted: true, serverError: null })
    if (!detail) return false
    const errors = checkCharge(draft, { chargeLimitSen: defaults.chargeLimitSen, cards: detail.cards })
    const card = detail.cards.find((c) => c.id === draft.cardId)
    if (Object.keys(errors).length > 0 || !card) return false
    // What main would refuse is known before the confirmation; main checks it all again when charging.
    const problems = (await get().precheckDraft()) ?? []
    if (get().generation !== generation || get().step !== 'form' || get().draft !== draft) return false
    if (problems.some((problem) => !PROCEEDS(problem))) return false
    const duplicate = problems.find((problem) => problem.code === 'DUPLICATE_CHARGE') ?? null
    const forbidden = problems.find((problem) => problem.code === 'FORBIDDEN') ?? null
    set({
      step: 'confirm',
      duplicate,
      refused: forbidden ? { error: forbidden, confirmDuplicate: false } : null,
      pending: { request: toChargeRequest(draft, detail.customer.id), customerName: detail.customer.name, card },
    })
    return true
  },

  back: () => {
    if (get().charging || get().step !== 'confirm') return
    set({ step: 'form', pending: null, duplicate: null, refused: null })
  },

  charge: async (confirmDuplicate = false) => {
    const { pending, charging, generation, draft, step } = get()
    if (!pending || !draft || charging || step !== 'confirm') return
    const api = getApi()
    if (!api) return set({ duplicate: null, step: 'form', pending: null, serverError: chargeServerErrorOf(NO_BRIDGE, draft) })
    set({ charging: true, chargingSince: Date.now(), duplicate: null, refused: null })
    const result = await api.phoneOrders.charge({ ...pending.request, confirmDuplicate })
    // The environment changed meanwhile: the order is in the other environment's history.
    if (get().generation !== generation) return
    const customers = useCustomersStore.getState()
    set({ chargingSince: null })
    if (result.ok) {
      set({ charging: false, step: 'result', outcome: outcomeOf(result.value), resultSeen: false })
      void customers.refresh()
      if (result.value.detail.order.status === 'PAID' && !result.value.receipt) void get().loadReceipt()
      return
    }
    const error = result.error
    if (error.code === 'DUPLICATE_CHARGE') return set({ charging: false, duplicate: error })
    // Still at the confirmation: a Supervisor may approve this charge on the spot, then it is sent once more.
    if (error.code === 'FORBIDDEN') return set({ charging: false, refused: { error, confirmDuplicate } })
    if (error.code === 'GATEWAY_REJECTED') {
      set({ charging: false, step: 'result', outcome: refusedOutcome(error), resultSeen: false })
      void customers.refresh()
      return
    }
    // Back to the form with the error against its field (or above the buttons). The card's state, the
    // customer's orders or the customer may have changed: show them as main has them now.
    set({ charging: false, step: 'form', pending: null, submitted: true, serverError: chargeServerErrorOf(error, draft) })
    void customers.refresh()
  },

  tryAgain: async () => {
    const { step, draft, outcome } = get()
    if (step !== 'result' || !draft) return
    // A card the bank will not charge again is not the one to try again: staff choose another.
    const cardDone = outcome !== null && resultView(outcome) === 'declined' && cardIsDone(declineAdvice(outcome.responseCode))
    set({
      step: 'form',
      outcome: null,
      pending: null,
      duplicate: null,
      submitted: false,
      serverError: null,
      ...(cardDone && draft.cardId !== null ? { cardsDone: [...get().cardsDone, draft.cardId] } : {}),
      // The same customer, card, amount, descriptor and note as the charge just made.
      draft: { ...draft, invoiceNumber: '', ...(cardDone ? { cardId: null } : {}) },
    })
    await get().nextInvoiceNumber()
  },

  sawResult: () => {
    if (get().step === 'result') set({ resultSeen: true })
  },

  nextInvoiceNumber: async () => {
    const api = getApi()
    if (!api) return
    const generation = get().generation
    const defaults = await api.phoneOrders.prepare()
    if (!defaults.ok || get().generation !== generation) return
    const draft = get().draft
    set({ defaults: defaults.value, ...(draft ? { draft: { ...draft, invoiceNumber: defaults.value.invoiceNumber } } : {}) })
  },

  refreshDefaults: async () => {
    const api = getApi()
    const { generation, defaults: before } = get()
    if (!api || !before) return
    const defaults = await api.phoneOrders.prepare()
    if (!defaults.ok || get().generation !== generation) return
    const draft = get().draft
    const fresh = defaults.value
    set({
      defaults: fresh,
      ...(draft && get().step === 'form'
        ? {
            draft: {
              ...draft,
              invoiceNumber: draft.invoiceNumber === before.invoiceNumber ? fresh.invoiceNumber : draft.invoiceNumber,
              descriptor: draft.descriptor === before.descriptor ? fresh.descriptor : draft.descriptor,
            },
          }
        : {}),
    })
  },

  applyDetail: (detail) => {
    const outcome = get().outcome
    if (outcome?.detail?.order.id !== detail.order.id) return
    set({ outcome: { ...outcome, detail, refreshError: null } })
    if (detail.order.status === 'PAID' && !outcome.receipt) void get().loadReceipt()
    // A settled charge lifts the card's lock: show the cards as they are now.
    if (detail.order.status !== outcome.detail.order.status) void useCustomersStore.getState().refresh()
  },

  refreshResult: async () => {
    const api = getApi()
    const id = get().outcome?.detail?.order.id
    if (!api || id === undefined) return
    const detail = await api.orders.get({ id })
    const outcome = get().outcome
    if (outcome?.detail?.order.id !== id) return
    if (detail.ok) get().applyDetail(detail.value)
    else set({ outcome: { ...outcome, refreshError: detail.error } })
  },

  loadReceipt: async () => {
    const api = getApi()
    const id = get().outcome?.detail?.order.id
    if (!api || id === undefined) return
    const receipt = await api.phoneOrders.receipt({ orderId: id })
    const outcome = get().outcome
    if (outcome?.detail?.order.id !== id) return
    set({ outcome: receipt.ok ? { ...outcome, receipt: receipt.value, receiptError: null } : { ...outcome, receiptError: receipt.error } })
  },
}))

/** Keeps the charge on show in step with main; returns the unsubscribe. */
export function subscribePhoneOrderEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  const stopEvents = api.on('orders.changed', ({ id }) => {
    if (usePhoneOrderStore.getState().outcome?.detail?.order.id === id) void usePhoneOrderStore.getState().refreshResult()
  })
  const stopOpened = onDeskOpened(() => {
    if (usePhoneOrderStore.getState().outcome?.refreshError) void usePhoneOrderStore.getState().refreshResult()
  })
  return () => {
    stopEvents()
    stopOpened()
  }
}
