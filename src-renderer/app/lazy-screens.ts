/**
 * The screens loaded on demand (issue 23): each is a chunk of its own, fetched the first time it is
 * opened, so that the first screen (sign-in, then Home) loads only Home's code. Home stays in the
 * main chunk (App.tsx imports it): it is what every sign-in shows first.
 */
import { whenIdle } from '../ui/idle'
import { lazyNamed } from '../ui/lazy'
import type { Screen } from './shell-store'

export const OrdersScreen = lazyNamed(() => import('../features/orders/OrdersScreen'), 'OrdersScreen')
export const PaymentLinkScreen = lazyNamed(() => import('../features/payment-link/PaymentLinkScreen'), 'PaymentLinkScreen')
export const PhoneOrderScreen = lazyNamed(() => import('../features/phone-order/PhoneOrderScreen'), 'PhoneOrderScreen')
export const ReportScreen = lazyNamed(() => import('../features/report/ReportScreen'), 'ReportScreen')
export const AuditScreen = lazyNamed(() => import('../features/audit/AuditScreen'), 'AuditScreen')
export const OperatorsScreen = lazyNamed(() => import('../features/operators/OperatorsScreen'), 'OperatorsScreen')
export const SettingsScreen = lazyNamed(() => import('../features/settings/SettingsScreen'), 'SettingsScreen')
export const WelcomeScreen = lazyNamed(() => import('../features/welcome/WelcomeScreen'), 'WelcomeScreen')

const ON_DEMAND = {
  orders: OrdersScreen,
  'payment-link': PaymentLinkScreen,
  'phone-order': PhoneOrderScreen,
  report: ReportScreen,
  audit: AuditScreen,
  operators: OperatorsScreen,
  settings: SettingsScreen,
} satisfies Record<Exclude<Screen, 'home'>, unknown>

/** Whether a screen can show at once (Home always can). */
export function screenLoaded(screen: Screen): boolean {
  return screen === 'home' || ON_DEMAND[screen].loaded()
}

/**
 * Resolves once a screen's code has arrived, or could not (the screen's own showing then says so,
 * through its error boundary): navigation waits for it, so that the screen never suspends.
 */
export function screenReady(screen: Screen): Promise<void> {
  return screen === 'home' ? Promise.resolve() : ON_DEMAND[screen].load().catch(() => undefined)
}

/**
 * Starts fetching a screen's code when staff point at or tab to its menu item: the click that follows
 * finds it on its way or arrived.
 */
export function preloadScreen(screen: Screen): void {
  void screenReady(screen)
}

/** The screens of every day's work, fetched once the first screen is complete. */
const DAILY_SCREENS: readonly Screen[] = ['orders', 'payment-link', 'phone-order']

let homeCompleted: () => void = () => undefined
const homeComplete = new Promise<void>((resolve) => (homeCompleted = resolve))

/**
 * Home says so once it is complete after the sign-in (its chart drawn; for a Clerk, who sees no
 * takings, its attention lists shown): the first screen's own code has all come, and the page waits
 * for staff. Later calls do nothing.
 */
export function homeIsComplete(): void {
  homeCompleted()
}

/**
 * Fetches the daily screens' code once Home is complete, or at the first time staff move the mouse
 * or press a key while the screens show, whichever comes first: after the first screen (so it never
 * waits for them), and before the first click on one of them, which would otherwise wait for a
 * dozen chunks and run them while its first page of orders is on its way (issue 23). One screen
 * after the other, Orders first, each when the page is idle: their chunks arriving and running all
 * at once would hold up the screen clicked meanwhile (which its menu item starts at once, on
 * pointing). Returns the unsubscribe.
 */
export function preloadDailyScreens(allowed: readonly Screen[]): () => void {
  // Set by the start and by the unsubscribe: either ends the waiting.
  let over = false
  const start = (): void => {
    if (over) return
    unsubscribe()
    let previous = Promise.resolve()
    for (const screen of DAILY_SCREENS) if (allowed.includes(screen)) previous = previous.then(whenIdle).then(() => screenReady(screen))
  }
  const unsubscribe = (): void => {
    over = true
    window.removeEventListener('pointermove', start)
    window.removeEventListener('keydown', start)
  }
  window.addEventListener('pointermove', start, { passive: true })
  window.addEventListener('keydown', start)
  void homeComplete.then(start)
  return unsubscribe
}
