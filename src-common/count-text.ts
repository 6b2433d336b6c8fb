/**
 * Counts in words, the same on the screens and in main's messages: "1 order", "1,628 orders" (digits
 * grouped as in Malaysia, the singular for exactly one).
 */
export function countText(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-MY')} ${n === 1 ? one : many}`
}

/** "1 order", "0 orders", "1,628 orders". */
export function ordersText(n: number): string {
  return countText(n, 'order', 'orders')
}
