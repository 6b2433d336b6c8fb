/**
 * Times the gateway writes in its answers and notifications (`transaction.date`, `expired_at`). They
 * are evidence, read leniently: one that does not parse is treated as absent, never allowed to throw
 * (an unreadable date once made a stored notification fail at every start).
 */
export function gatewayTime(text: string | null | undefined): string | null {
  if (!text) return null
  const time = Date.parse(text)
  return Number.isFinite(time) ? new Date(time).toISOString() : null
}
