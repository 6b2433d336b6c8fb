/**
 * The screens loaded on demand (issue 23): each is a chunk of its own, fetched the first time it is
 * opened, so that the first screen (sign-in, then Home) loads only Home's code. Home stays in the
 * main chunk (App.tsx imports it): it is what every sign-in shows first.
 */
import { lazyNamed } from '../ui/lazy'

export const OrdersScreen = lazyNamed(() => import('../features/orders/OrdersScreen'), 'OrdersScreen')
export const PaymentLinkScreen = lazyNamed(() => import('../features/payment-link/PaymentLinkScreen'), 'PaymentLinkScreen')
export const PhoneOrderScreen = lazyNamed(() => import('../features/phone-order/PhoneOrderScreen'), 'PhoneOrderScreen')
export const ReportScreen = lazyNamed(() => import('../features/report/ReportScreen'), 'ReportScreen')
export const AuditScreen = lazyNamed(() => import('../features/audit/AuditScreen'), 'AuditScreen')
export const OperatorsScreen = lazyNamed(() => import('../features/operators/OperatorsScreen'), 'OperatorsScreen')
export const SettingsScreen = lazyNamed(() => import('../features/settings/SettingsScreen'), 'SettingsScreen')
export const WelcomeScreen = lazyNamed(() => import('../features/welcome/WelcomeScreen'), 'WelcomeScreen')
