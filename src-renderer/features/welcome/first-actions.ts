/**
 * What the first things a newcomer does (first-action-list.ts) do: each opens its screen with the
 * keyboard on the first field to fill in, so nothing more than typing is needed.
 */
import { flushSync } from 'react-dom'
import { useShellStore, type Screen } from '../../app/shell-store'
import { focusWhenShown } from '../../ui/focus'
import { useLinkStore } from '../payment-link/link-store'
import { FIND_CUSTOMER, startNewPhoneOrder } from '../phone-order/new-order'
import type { FirstAction } from './first-action-list'
import { useWelcomeStore } from './welcome-store'

const SCREEN_OF: Record<FirstAction, Screen> = { 'payment-link': 'payment-link', 'phone-order': 'phone-order', 'find-order': 'orders' }

/** Leaves the welcome (if on show) for the action's screen, and puts the keyboard where work starts there. */
export function startWith(action: FirstAction): void {
  if (action === 'payment-link') {
    // The link form takes the focus when it shows (it may still be preparing); a link on show keeps it instead.
    const links = useLinkStore.getState()
    links.requestFocus(links.result ? 'result' : 'form')
  }
  // A new caller's order, as Ctrl+Shift+P starts it: afresh, unless a charge is in progress or its result not seen yet.
  const freshPhoneOrder = action === 'phone-order' && startNewPhoneOrder()
  // Rendered now, so that what is looked for below is the new screen's, not the one being left.
  flushSync(() => {
    useWelcomeStore.getState().leave()
    useShellStore.getState().navigate(SCREEN_OF[action])
  })
  if (freshPhoneOrder) focusWhenShown(FIND_CUSTOMER)
  if (action === 'find-order') focusWhenShown('main input[type="search"]')
}
