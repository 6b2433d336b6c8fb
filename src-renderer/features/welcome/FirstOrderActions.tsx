import './FirstOrderActions.css'
import { startWith } from './first-actions'

/** What an Orders screen with no orders at all offers: the two ways an order begins. */
export function FirstOrderActions() {
  return (
    <div className="first-order-actions">
      <button type="button" className="button" onClick={() => startWith('payment-link')}>
        Create a payment link
      </button>
      <button type="button" className="button button--secondary" onClick={() => startWith('phone-order')}>
        Take a phone order
      </button>
    </div>
  )
}
