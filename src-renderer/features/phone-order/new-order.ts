/**
 * "New phone order" from outside the screen: Ctrl+Shift+P or the menu (features/shortcuts/keys.ts),
 * the welcome's and an empty Orders screen's "Take a phone order" (features/welcome/first-actions.ts).
 * The next caller starts on an empty screen with the keyboard in "Find customer", never on the last
 * caller's customer and card (found by QA: a phone number typed at once landed in the invoice field of
 * the previous caller's order). Loaded on demand, with the screen's store, not with the shell.
 */
import { usePhoneOrderStore } from './phone-order-store'

/** Where a new phone order starts: the "Find customer" box. */
export const FIND_CUSTOMER = 'main .customer-picker input[type="search"]'

/** Starts a new phone order unless that would lose a charge; true when the screen starts afresh (see `startNew`). */
export function startNewPhoneOrder(): boolean {
  return usePhoneOrderStore.getState().startNew()
}
