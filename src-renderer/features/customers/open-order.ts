/** Opens an order on the orders screen, beside the list (the orders store keeps the open one). */
import { useShellStore } from '../../app/shell-store'
import { useOrdersStore } from '../orders/orders-store'

export function openOrder(id: number): void {
  const orders = useOrdersStore.getState()
  // The order is of the history on show now: what the list kept of an older one goes first, not this.
  orders.follow(useShellStore.getState().history)
  void orders.select(id)
  useShellStore.getState().navigate('orders')
}
