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
import { checkLink, emptyDraft, serverErrorOf, toRequest, withCustomer, withoutCustomer, type LinkDraft, type ServerError } from './link-form'

export interface BankList {
  status: 'idle' | 'loading' | 'ready' | 'error'
  banks: Bank[]
  error: CallError | null
}

export type CreateOutcome = 'created' | 'invalid' | 'refused'

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
  refreshError: CallError | null
  /** Bumped by every fresh start, so a late answer for an older form is dropped. */
  generation: number
  /**
   * Where the keyboard focus goes once it can: the new form's first field ("New link", or arriving
   * from the welcome), the first field that still needs input (a customer picked), or the link just
   * made. The screen takes it when the content shows.
   */
  focusRequest: FocusTarget | null

  /** Prepares a fresh form for `environment` and `history` unless one is ready for them already. */
  ensure: (environment: Environment | null, history: number) => Promise<void>
  /** A fresh form: new invoice number and defaults; `keepChannel` carries over the way of paying. */
  start: (environment: Environment | null, keepChannel?: boolean) => Promise<void>
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
    set({ history })
    await get().start(environment)
  },

  start: async (environment, keepChannel = false) => {
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
    set({
      preparing: false,
      defaults: defaults.value,
      draft: emptyDraft(defaults.value, keep),
      submitted: false,
      serverError: null,
      result: null,
      sent: null,
      retryOf: null,
      refreshError: null,
      banks: banksStillValid ? get().banks : NO_BANKS,
    })
  },

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
    set({ creating: false, result: result.value, sent: draft, retryOf: null, refreshError: null, focusRequest: 'result' })
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
