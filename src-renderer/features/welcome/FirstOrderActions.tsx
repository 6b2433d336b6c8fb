import './FirstOrderActions.css'
import { startFirstAction } from './first-action-list'
import { useT } from '../../i18n/i18n'

/** What an Orders screen with no orders at all offers: the two ways an order begins. */
export function FirstOrderActions() {
  const t = useT()
  return (
    <div className="first-order-actions">
      <button type="button" className="button" onClick={() => startFirstAction('payment-link')}>
        {t('welcome.actions.payment-link.label')}
      </button>
      <button type="button" className="button button--secondary" onClick={() => startFirstAction('phone-order')}>
        {t('welcome.actions.phone-order.label')}
      </button>
    </div>
  )
}
