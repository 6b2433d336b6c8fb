import { EmptyState } from '../../ui/EmptyState'
import { OrdersIcon } from '../../ui/icons'
import { ScreenHeader } from '../../ui/ScreenHeader'

export function OrdersScreen() {
  return (
    <>
      <ScreenHeader title="Orders">Find any order, see what happened to it and where it stands at the gateway.</ScreenHeader>
      <EmptyState icon={<OrdersIcon size={40} />} title="No orders yet">
        <p>
          Every payment link and phone order made from this app will be listed here, newest first, from the local
          history: it works without a network.
        </p>
        <ul>
          <li>One search box for invoice number, customer name, e-mail, phone, the card's last four digits or a gateway reference.</li>
          <li>Filters for status, channel, dates and amounts, and a CSV export of exactly what is shown.</li>
          <li>Each order's timeline: every gateway request, status check, notification and staff action.</li>
        </ul>
      </EmptyState>
    </>
  )
}
