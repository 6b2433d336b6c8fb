/**
 * The screens loaded on demand (issue 23): each is a chunk of its own, fetched the first time it is
 * opened, so that the first screen (sign-in, then Home) loads only Home's code. Home stays in the
 * main chunk (App.tsx imports it): it is what every sign-in shows first.
 */
import { lazyNamed } from '../ui/lazy'
import type { Screen } from './shell-store'

const LOADERS = {
  orders: () => import('../features/orders/OrdersScreen'),
  'payment-link': () => import('../features/payment-link/PaymentLinkScreen'),
  'phone-order': () => import('../features/phone-order/PhoneOrderScreen'),
  report: () => import('../features/report/ReportScreen'),
  audit: () => import('../features/audit/AuditScreen'),
  operators: () => import('../features/operators/OperatorsScreen'),
  settings: () => import('../features/settings/SettingsScreen'),
} satisfies Partial<Record<Screen, () => Promise<unknown>>>

export const OrdersScreen = lazyNamed(LOADERS.orders, 'OrdersScreen')
export const PaymentLinkScreen = lazyNamed(LOADERS['payment-link'], 'PaymentLinkScreen')
export const PhoneOrderScreen = lazyNamed(LOADERS['phone-order'], 'PhoneOrderScreen')
export const ReportScreen = lazyNamed(LOADERS.report, 'ReportScreen')
export const AuditScreen = lazyNamed(LOADERS.audit, 'AuditScreen')
export const OperatorsScreen = lazyNamed(LOADERS.operators, 'OperatorsScreen')
export const SettingsScreen = lazyNamed(LOADERS.settings, 'SettingsScreen')
export const WelcomeScreen = lazyNamed(() => import('../features/welcome/WelcomeScreen'), 'WelcomeScreen')

/**
 * Starts fetching a screen's code when staff point at or tab to its menu item: the click that follows
 * finds it on its way or arrived (the browser keeps one copy of a module, whoever asked first). A
 * failure here is left to the screen's own load, which shows it.
 */
export function preloadScreen(screen: Screen): void {
  const load = screen === 'home' ? undefined : LOADERS[screen]
  void load?.().catch(() => undefined)
}

/** The screens of every day's work, fetched as soon as staff first move or type on the screens. */
const DAILY_SCREENS: readonly Screen[] = ['orders', 'payment-link', 'phone-order']

/**
 * Fetches the daily screens' code the first time staff move the mouse or press a key while the
 * screens show: after the first screen is complete (so it never waits for them), and before the
 * first click on one of them, which would otherwise wait for a dozen chunks. Returns the unsubscribe.
 */
export function preloadDailyScreensOnFirstUse(allowed: readonly Screen[]): () => void {
  const start = (): void => {
    stop()
    for (const screen of DAILY_SCREENS) if (allowed.includes(screen)) preloadScreen(screen)
  }
  const stop = (): void => {
    window.removeEventListener('pointermove', start)
    window.removeEventListener('keydown', start)
  }
  window.addEventListener('pointermove', start, { passive: true })
  window.addEventListener('keydown', start)
  return stop
}
