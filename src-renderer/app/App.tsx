import { useEffect, type ReactNode } from 'react'
import { OrdersScreen } from '../features/orders/OrdersScreen'
import { PaymentLinkScreen } from '../features/payment-link/PaymentLinkScreen'
import { PhoneOrderScreen } from '../features/phone-order/PhoneOrderScreen'
import { SettingsScreen } from '../features/settings/SettingsScreen'
import { EnvironmentBanner } from '../ui/EnvironmentBanner'
import { LinkIcon, OrdersIcon, PhoneIcon, SettingsIcon } from '../ui/icons'
import { ErrorBoundary } from './ErrorBoundary'
import { screens, subscribeShellEvents, useShellStore, type Screen } from './shell-store'

const SCREENS: Record<Screen, { label: string; icon: ReactNode; render: () => ReactNode }> = {
  orders: { label: 'Orders', icon: <OrdersIcon />, render: () => <OrdersScreen /> },
  'payment-link': { label: 'Payment link', icon: <LinkIcon />, render: () => <PaymentLinkScreen /> },
  'phone-order': { label: 'Phone order', icon: <PhoneIcon />, render: () => <PhoneOrderScreen /> },
  settings: { label: 'Settings', icon: <SettingsIcon />, render: () => <SettingsScreen /> },
}

export function App() {
  const screen = useShellStore((state) => state.screen)
  const navigate = useShellStore((state) => state.navigate)
  const environment = useShellStore((state) => state.info?.environment ?? null)
  const infoError = useShellStore((state) => state.infoError)

  useEffect(() => {
    void useShellStore.getState().loadInfo()
    return subscribeShellEvents()
  }, [])


  return (
    <div className={`shell shell--${environment ?? 'unknown'}`}>
      <EnvironmentBanner environment={environment} />
      <header className="topbar">
        <div className="topbar__brand">
          <span className="topbar__logo" aria-hidden="true">
            MB
          </span>
          <span className="topbar__name">Merchant Back Office</span>
        </div>
      </header>
      <nav className="sidebar" aria-label="Main">
        <ul>
          {screens.map((item) => (
            <li key={item}>
              <button
                type="button"
                className="nav-item"
                aria-current={item === screen ? 'page' : undefined}
                onClick={() => navigate(item)}
              >
                {SCREENS[item].icon}
                <span>{SCREENS[item].label}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content">
        {infoError ? (
          <div className="alert alert--error" role="alert">
            <strong>The app's back end is not answering.</strong> {infoError.message}
          </div>
        ) : null}
        {/* Keyed by screen so that a rendering error on one screen is forgotten on the next. */}
        <ErrorBoundary key={screen}>{SCREENS[screen].render()}</ErrorBoundary>
      </main>
    </div>
  )
}
