/** Opens an order on the orders screen, beside the list (the orders store keeps the open one). */
import { useShellStore } from '../../app/shell-store'
import { useOrdersStore } from '../orders/orders-store'

export function openOrder(id: number): void {
  void useOrdersStore.getState().select(id)
  useShellStore.getState().navigate('orders')
}
