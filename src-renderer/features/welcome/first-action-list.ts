/**
 * The first things a newcomer does, as a list: offered by the welcome, an empty Orders screen and a
 * Clerk's Home. Light on purpose (Home is part of the first screen): what each does (first-actions.ts)
 * brings the link form's store and its rules with the phone-number metadata, so it is loaded when a
 * button is pressed (issue 23).
 */
export type FirstAction = 'payment-link' | 'phone-order' | 'find-order'

/** In the order offered; their words are `welcome.actions.<action>.label` and `.text`. */
export const FIRST_ACTIONS: readonly FirstAction[] = ['payment-link', 'phone-order', 'find-order']

/** Opens the action's screen with the keyboard on its first field (first-actions.ts, loaded now). */
export const startFirstAction = (action: FirstAction): void => void import('./first-actions').then((actions) => actions.startWith(action))
