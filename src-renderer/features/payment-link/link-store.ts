/**
 * The payment link screen's store: the environment's defaults, the draft (kept here so that leaving
 * the screen, or an error, never loses what was typed), the FPX bank list, the call in flight and the
 * link it made, kept in step with main's `orders.changed`.
 */
import { create } from 'zustand'
import type { Bank, CallError, CustomerView, Environment, LinkDefaults, OrderDetail } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { createCustomerSearch } from '../customers/customer-search'
import { onDeskOpened } from '../session/session-store'
import { checkLink, emptyDraft, serverErrorOf, toRequest, typedSomething, withCustomer, withoutCustomer, type LinkDraft, type ServerError } from './link-form'

export interface BankList {
  status: 'idle' | 'loading' | 'ready' | 'error'
  banks: Bank[]
  error: CallError | null
}

export type CreateOutcome = 'created' | 'invalid' | 'refused'

/** A link asked for from elsewhere (a phone order's "Send a payment link"): the customer, and what staff typed there. */
export interface LinkPrefill {
  customer: CustomerView
  /** RM as typed there; '' for none. */
  amount: string
  /** '' keeps the form's next free number. */
  invoiceNumber: string
  /** '' keeps the environment's default. */
  descriptor: string
}

/** A draft set aside, with the number the form had prepared for it: while it still holds that one, it takes the next free number when it comes back. */
export interface AsideDraft {
  draft: LinkDraft
  preparedInvoice: string
}

/** `aside` with `draft` set aside last, when staff typed into it (an untouched form is not kept). */
function withAside(aside: readonly AsideDraft[], draft: LinkDraft | null, defaults: LinkDefaults | null): readonly AsideDraft[] {
  return draft && defaults && typedSomething(draft, defaults) ? [...aside, { draft, preparedInvoice: defaults.invoiceNumber }] : aside
}

/** The link form's "Find customer": its own search, never the phone order's. */
export const linkCustomerSearch = createCustomerSearch()

const NO_BANKS: BankList = { status: 'idle', banks: [], error: null }

interface LinkState {
  /** The environment the defaults and draft belong to (as the shell knew it), once prepared. */
  environment: Environment | null
  /** The history (the shell's count) they belong to: a move to or from a team database starts afresh too. */
  history: number | null
  defaults: LinkDefaults | null
  preparing: boolean
  prepareError: CallError | null
  draft: LinkDraft | null
  /** After the first attempt to create, the rules' errors show, and then follow every change. */
  submitted: boolean
  serverError: ServerError | null
  creating: boolean
  banks: BankList
  /** The link made, as main last described it. */
  result: OrderDetail | null
  /**
   * The draft the link on show was asked for with, as it was when "Create" was pressed (the form
   * stays editable while the request is out, so the draft itself may differ). "Try again with these
   * details" fills the form with it when the gateway never created the link.
   */
  sent: LinkDraft | null
  /** The invoice number of the link the gateway never created that the form was filled from; null for a fresh form. */
  retryOf: string | null
  /**
   * Drafts staff had typed into when a link was asked for from elsewhere (`startFor`), the latest
   * last: kept, not replaced, until they go back to them or discard them, one at a time.
   */
  aside: readonly AsideDraft[]
  /** The draft as `startFor` filled it for staff: while the form still holds it untouched, nothing of staff's is in it. */
  filled: LinkDraft | null
  /** The link on show has been on screen (a link started from elsewhere may replace it only then). */
  resultSeen: boolean
  refreshError: CallError | null
  /** Bumped by every fresh start, so a late answer for an older form is dropped. */
  generation: number
  /**
   * Where the keyboard focus goes once it can: the new form's first field ("New link", or arriving
   * from the welcome), the first field that still needs input (a form filled for staff: from a phone
   * order, a customer picked), or the link just made. The screen takes it when the content shows.
   */
  focusRequest: FocusTarget | null

  /** Prepares a fresh form for `environment` and `history` unless one is ready for them already. */
  ensure: (environment: Environment | null, history: number) => Promise<void>
  /**
   * A fresh form: new invoice number and defaults; `keepChannel` carries over the way of paying, `fill`
   * fills it (a link asked for from elsewhere). A draft set aside stays aside.
   */
  start: (environment: Environment | null, options?: { keepChannel?: boolean; fill?: (draft: LinkDraft) => LinkDraft }) => Promise<void>
  /**
   * "Send a payment link" from a phone order: a fresh form filled with its customer, amount, and the
   * invoice number and descriptor staff typed there; the focus on what needs input next. A draft staff
   * had typed into is set aside, not replaced. False, and nothing changes, while a link is on its way
   * to the gateway or one made has not been on screen yet: the screen shows that first.
   */
  startFor: (environment: Environment | null, history: number, prefill: LinkPrefill) => Promise<boolean>
  /** The draft set aside last back in the form; the one in the form goes aside in its place when anything is in it. */
  bringBack: () => void
  /** The draft set aside last is thrown away. */
  discardAside: () => void
  edit: (change: (draft: LinkDraft) => LinkDraft) => void
  /** "Find customer" picked one: the form takes their details (what they lack keeps what was typed), and the link goes on their record. */
  pickCustomer: (customer: CustomerView) => void
  /** A blank customer again; the rest of the form as it was. */
  clearCustomer: () => void
  create: () => Promise<CreateOutcome>
  nextInvoiceNumber: () => Promise<void>
  loadBanks: () => Promise<void>
  showResult: (detail: OrderDetail) => void
  /**
   * "Try again with these details": back to the form, filled as the link on show was asked for, its
   * invoice number too. Only for a link the gateway never created (main's `neverCreated`), whose number
   * main lets be asked for again on the same order; a link that may exist is never asked for twice.
   */
  tryAgain: () => void
  refreshResult: () => Promise<void>
  /** The link made is on screen. */
  sawResult: () => void
  requestFocus: (target: FocusTarget | null) => void
}

export type FocusTarget = 'form' | 'next' | 'result'

export const useLinkStore = create<LinkState>()((set, get) => ({
  environment: null,
  history: null,
  defaults: null,
  preparing: false,
  prepareError: null,
  draft: null,
  submitted: false,
  serverError: null,
  creating: false,
  banks: NO_BANKS,
  result: null,
  sent: null,
  retryOf: null,
  aside: [],
  filled: null,
  resultSeen: false,
  refreshError: null,
  generation: 0,
  focusRequest: null,

  ensure: async (environment, history) => {
    const state = get()
    if ((state.draft || state.result || state.preparing) && state.history === history) {
      if (state.environment === environment) return
      // The shell learnt the environment after this form was prepared: it is the same one.
      if (state.environment === null) return set({ environment })
    }
    // Another history: what was set aside belongs to the one left.
    set({ history, aside: [] })
    await get().start(environment)
  },

  start: async (environment, { keepChannel = false, fill } = {}) => {
    const api = getApi()
    const generation = get().generation + 1
    const previous = get().draft
    const banksStillValid = get().banks.status === 'ready' && get().environment === environment
    set({ generation, environment, preparing: true, prepareError: null, creating: false })
    linkCustomerSearch.getState().reset()
    if (!api) return set({ preparing: false, prepareError: NO_BRIDGE, draft: null, result: null })
    const defaults = await api.links.prepare()
    if (get().generation !== generation) return
    if (!defaults.ok) return set({ preparing: false, prepareError: defaults.error, draft: null, result: null })
    const keep = keepChannel && previous ? { kind: previous.kind, channel: previous.channel } : undefined
    const fresh = emptyDraft(defaults.value, keep)
    const draft = fill ? fill(fresh) : fresh
    set({
      preparing: false,
      defaults: defaults.value,
      draft,
      filled: fill ? draft : null,
      submitted: false,
      serverError: null,
      result: null,
      sent: null,
      retryOf: null,
      refreshError: null,
      banks: banksStillValid ? get().banks : NO_BANKS,
    })
  },

  startFor: async (environment, history, prefill) => {
    const state = get()
    if (state.creating || (state.result && !state.resultSeen)) return false
    const same = state.history === history && state.environment === environment
    const { draft, defaults } = state
    // Not a link made (it is in Orders), nor a form filled for staff that they have not touched (the phone order can fill it again).
    const leaving = same && !state.result && draft !== state.filled ? draft : null
    // Nothing of the old form on show meanwhile: the screen says it is preparing until the filled one is here.
    set({
      history,
      aside: withAside(same ? state.aside : [], leaving, defaults),
      draft: null,
      result: null,
      sent: null,
      retryOf: null,
      focusRequest: 'next',
    })
    const fill = (draft: LinkDraft): LinkDraft => {
      const filled = withCustomer(draft, prefill.customer)
      return {
        ...filled,
        amount: prefill.amount || filled.amount,
        invoiceNumber: prefill.invoiceNumber || filled.invoiceNumber,
        descriptor: prefill.descriptor || filled.descriptor,
      }
    }
    await get().start(environment, { fill })
    return true
  },

  bringBack: () => {
    const { aside, draft, defaults, result } = get()
    const last = aside.at(-1)
    if (!last || result) return
    linkCustomerSearch.getState().reset()
    const rest = aside.slice(0, -1)
    set({
      draft: last.draft,
      aside: withAside(rest, draft, defaults),
      filled: null,
      submitted: false,
      serverError: null,
      retryOf: null,
      focusRequest: 'next',
    })
    // The number it was prepared with may have gone to a link made meanwhile: the next free one, unless staff typed their own.
    if (last.draft.invoiceNumber.trim() === last.preparedInvoice) void get().nextInvoiceNumber()
  },

  discardAside: () => set((state) => ({ aside: state.aside.slice(0, -1) })),

  edit: (change) => {
    const draft = get().draft
    if (draft) set({ draft: change(draft) })
  },

  pickCustomer: (customer) => {
    linkCustomerSearch.getState().reset()
    get().edit((draft) => withCustomer(draft, customer))
    set({ focusRequest: 'next' })
  },

  clearCustomer: () => get().edit(withoutCustomer),

  create: async () => {
    const { draft, defaults, creating, generation } = get()
    if (!draft || !defaults || creating) return 'invalid'
    const request = toRequest(draft)
    set({ submitted: true, serverError: null })
    if (Object.keys(checkLink(request, { production: defaults.production }).errors).length > 0) return 'invalid'
    const api = getApi()
    if (!api) {
      set({ serverError: serverErrorOf(NO_BRIDGE, request) })
      return 'refused'
    }
    set({ creating: true })
    const result = await api.links.create(request)
    // The environment changed meanwhile: the order is in the other environment's history.
    if (get().generation !== generation) return 'refused'
    if (!result.ok) {
      set({ creating: false, serverError: serverErrorOf(result.error, request) })
      return 'refused'
    }
    set({ creating: false, result: result.value, sent: draft, retryOf: null, resultSeen: false, refreshError: null, focusRequest: 'result' })
    return 'created'
  },

  nextInvoiceNumber: async () => {
    const api = getApi()
    if (!api) return
    const generation = get().generation
    const defaults = await api.links.prepare()
    if (!defaults.ok || get().generation !== generation) return
    set({ defaults: defaults.value })
    get().edit((draft) => ({ ...draft, invoiceNumber: defaults.value.invoiceNumber }))
  },

  loadBanks: async () => {
    const api = getApi()
    if (get().banks.status === 'loading') return
    if (!api) return set({ banks: { status: 'error', banks: [], error: NO_BRIDGE } })
    const generation = get().generation
    set({ banks: { status: 'loading', banks: [], error: null } })
    const result = await api.links.banks()
    if (get().generation !== generation) return
    set({ banks: result.ok ? { status: 'ready', banks: result.value.banks, error: null } : { status: 'error', banks: [], error: result.error } })
  },

  showResult: (detail) => {
    if (get().result?.order.id === detail.order.id) set({ result: detail, refreshError: null })
  },

  tryAgain: () => {
    const { result, sent } = get()
    if (!result?.neverCreated || !sent) return
    // The same invoice number: the gateway has none under it (main checks again before it sends), and
    // the same order is asked for again, so the history keeps one order with both tries.
    set({ draft: sent, result: null, sent: null, retryOf: result.order.invoiceNumber, submitted: false, serverError: null, refreshError: null, focusRequest: 'form' })
  },

  requestFocus: (target) => set({ focusRequest: target }),

  sawResult: () => {
    if (get().result) set({ resultSeen: true })
  },

  refreshResult: async () => {
    const api = getApi()
    const id = get().result?.order.id
    if (!api || id === undefined) return
    const detail = await api.orders.get({ id })
    if (get().result?.order.id !== id) return
    set(detail.ok ? { result: detail.value, refreshError: null } : { refreshError: detail.error })
  },
}))

/** Keeps the link on show in step with main; returns the unsubscribe. */
export function subscribeLinkEvents(): () => void {
  const api = getApi()
  if (!api) return () => {}
  const stopEvents = api.on('orders.changed', ({ id }) => {
    if (useLinkStore.getState().result?.order.id === id) void useLinkStore.getState().refreshResult()
  })
  const stopOpened = onDeskOpened(() => {
    if (useLinkStore.getState().refreshError) void useLinkStore.getState().refreshResult()
  })
  return () => {
    stopEvents()
    stopOpened()
  }
}
