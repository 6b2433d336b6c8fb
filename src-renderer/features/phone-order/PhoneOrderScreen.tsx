import { EmptyState } from '../../ui/EmptyState'
import { PhoneIcon } from '../../ui/icons'
import { ScreenHeader } from '../../ui/ScreenHeader'

export function PhoneOrderScreen() {
  return (
    <>
      <ScreenHeader title="Phone order">Charge a returning customer's saved card while they are on the line.</ScreenHeader>
      <EmptyState icon={<PhoneIcon size={40} />} title="Phone orders are not set up yet">
        <p>This screen will let you find the customer, pick one of their saved cards, type the amount in RM and confirm.</p>
        <p>
          A charge whose answer is slow or lost will be shown as <em>outcome unknown</em> and locked until the gateway
          says what happened, so a customer is never charged twice by accident.
        </p>
      </EmptyState>
    </>
  )
}
