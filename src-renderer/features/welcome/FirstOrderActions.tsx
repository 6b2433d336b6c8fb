import './FirstOrderActions.css'
import { startWith } from './first-actions'
import { useT } from '../../i18n/i18n'

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
