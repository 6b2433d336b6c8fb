import { useEffect, useState, type ReactNode } from 'react'
import type { OrderDetail } from '../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../api'
import { countdownText } from './countdown'

interface Props {
  orderId: number
  /** From the order's detail: null when a check is of no use (the order is final). */
  statusCheck: OrderDetail['statusCheck']
  onChecked: (detail: OrderDetail) => void
  /** More buttons for the same row (e.g. "Mark cancelled"); the wait and any error go under the row. */
  children?: ReactNode
}

/**
 * Asks the gateway where an order stands. Before the check is due it counts down on its own, from the
 * wait main gave; a new detail (after a check, or an event) starts the count again from its wait.
 */
export function StatusCheckButton({ orderId, statusCheck, onChecked, children }: Props) {
  if (!statusCheck) return children ? <div className="status-check__row">{children}</div> : null
  return (
    <Countdown orderId={orderId} dueInMs={statusCheck.dueInMs} since={statusCheck} onChecked={onChecked}>
      {children}
    </Countdown>
  )
}

interface CountdownProps {
  orderId: number
  dueInMs: number
  /** The statusCheck object: a new one restarts the wait. */
  since: object
  onChecked: (detail: OrderDetail) => void
  children?: ReactNode
}

function Countdown({ orderId, dueInMs, since, onChecked, children }: CountdownProps) {
  const [shownFor, setShownFor] = useState(since)
  const [leftMs, setLeftMs] = useState(dueInMs)
  const [checking, setChecking] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  // A new statusCheck from main restarts the wait (adjusting state while rendering, not in an effect).
  if (shownFor !== since) {
    setShownFor(since)
    setLeftMs(dueInMs)
  }

  useEffect(() => {
    if (dueInMs <= 0) return
    const deadline = Date.now() + dueInMs
    const timer = setInterval(() => {
      const left = Math.max(0, deadline - Date.now())
      setLeftMs(left)
      if (left === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [since, dueInMs])

  const check = async (): Promise<void> => {
    const api = getApi()
    if (!api) return setMessage(NO_BRIDGE.message)
    setChecking(true)
    setMessage(null)
    const result = await api.orders.checkStatus({ id: orderId })
    setChecking(false)
    if (result.ok) onChecked(result.value)
    else setMessage(result.error.message)
  }

  const waiting = leftMs > 0
  return (
    <div className="status-check">
      <div className="status-check__row">
        <button type="button" className="button button--secondary" disabled={waiting || checking} onClick={() => void check()}>
          {checking ? 'Checking…' : waiting ? `Check status in ${countdownText(leftMs)}` : 'Check status'}
        </button>
        {children}
      </div>
      {waiting ? <div className="field__hint">The gateway asks for 60 seconds after the payment before a status check.</div> : null}
      {message ? (
        <div className="field__error" role="alert">
          {message}
        </div>
      ) : null}
    </div>
  )
}
