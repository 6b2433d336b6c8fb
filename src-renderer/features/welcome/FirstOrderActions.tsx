import './FirstOrderActions.css'
import type { FirstAction } from './first-actions'
import { useT } from '../../i18n/i18n'

// Loaded when a button is pressed: first-actions.ts brings the link form's store and its rules with
// the phone-number metadata, which an Orders screen with orders never needs (issue 23).
const startWith = (action: FirstAction): void => void import('./first-actions').then((actions) => actions.startWith(action))

/** What an Orders screen with no orders at all offers: the two ways an order begins. */
export function FirstOrderActions() {
  const t = useT()
  return (
    <div className="first-order-actions">
      <button type="button" className="button" onClick={() => startWith('payment-link')}>
        {t('welcome.actions.payment-link.label')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => startWith('phone-order')}>
        {t('welcome.actions.phone-order.label')}
      </button>
    </div>
  )
}
