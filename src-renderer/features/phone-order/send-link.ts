/**
 * "Send a payment link" from a phone order, where the screen tells staff to send one (the customer has
 * no saved card; a decline whose advice is a link: the gateway no longer knows the card, or it
 * expired): the Payment link screen opens filled with the caller's customer (their details and their
 * own language), the amount, and the invoice number and descriptor staff typed here, and the link's
 * order is that customer's. Loaded with the phone order screen, not with the shell.
 */
import { useShellStore } from '../../app/shell-store'
import { useCustomersStore } from '../customers/customers-store'
import { useLinkStore, type LinkPrefill } from '../payment-link/link-store'
import { usePhoneOrderStore } from './phone-order-store'

/** What the phone order brings to the link: what staff typed, not the phone order's own defaults. */
export function linkPrefill(): LinkPrefill | null {
  const customer = useCustomersStore.getState().detail?.customer
  const { draft, defaults, outcome } = usePhoneOrderStore.getState()
  if (!customer || !draft || !defaults) return null
  const typed = (value: string, byDefault: string): string => (value.trim() === byDefault.trim() ? '' : value.trim())
  return {
    customer,
    amount: draft.amount.trim(),
    // After a decline the number is the declined charge's: the link takes the next free one.
    invoiceNumber: outcome === null ? typed(draft.invoiceNumber, defaults.invoiceNumber) : '',
    descriptor: typed(draft.descriptor, defaults.descriptor),
  }
}

/** Opens the Payment link screen filled for this phone order's customer (see `startFor` for what was on it). */
export function sendPaymentLink(): void {
  const prefill = linkPrefill()
  if (!prefill) return
  const shell = useShellStore.getState()
  void useLinkStore.getState().startFor(shell.info?.environment ?? null, shell.history, prefill)
  shell.navigate('payment-link')
}
