import './StatusCheckButton.css'
import { useState, type ReactNode } from 'react'
import type { CallError, OrderDetail } from '../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../api'
import { countdownText } from './countdown'
import { useCountdown } from './use-countdown'
import { useT } from '../i18n/i18n'

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
  const check = async (): Promise<CallError | null> => {
    const api = getApi()
    if (!api) return NO_BRIDGE
    const result = await api.orders.checkStatus({ id: orderId })
    if (!result.ok) return result.error
    onChecked(result.value)
    return null
  }
  return (
    <StatusCheck statusCheck={statusCheck} check={check}>
      {children}
    </StatusCheck>
  )
}

interface StatusCheckProps {
  /** Null when a check is of no use (final): only the other buttons show. A new object restarts the wait. */
  statusCheck: { dueInMs: number } | null
  /** Makes the check; answers main's error, or null once the caller has applied the answer. */
  check: () => Promise<CallError | null>
  /** The button's words: "Check status" by default. */
  label?: string
  /** Under the button while the check is not due yet. */
  waitHint?: string
  children?: ReactNode
}

/** The button, its countdown and its error, for any status check (an order's, a refund's). */
export function StatusCheck({ statusCheck, check, label, waitHint, children }: StatusCheckProps) {
  if (!statusCheck) return children ? <div className="status-check__row">{children}</div> : null
  return (
    <Countdown dueInMs={statusCheck.dueInMs} since={statusCheck} check={check} label={label} waitHint={waitHint}>
      {children}
    </Countdown>
  )
}

interface CountdownProps {
  dueInMs: number
  /** The statusCheck object: a new one restarts the wait. */
  since: object
  check: () => Promise<CallError | null>
  label: string | undefined
  waitHint: string | undefined
  children?: ReactNode
}

function Countdown({ dueInMs, since, check, label: asked, waitHint, children }: CountdownProps) {
  const t = useT()
  const label: string = asked ?? t('ui.statusCheck.label')
  const leftMs = useCountdown(dueInMs, since)
  const [checking, setChecking] = useState(false)
  const [message, setMessage] = useState<string | null>(null)

  const run = async (): Promise<void> => {
    setChecking(true)
    setMessage(null)
    const error = await check()
    setChecking(false)
    if (error) setMessage(error.message)
  }

  const waiting = leftMs > 0
  return (
    <div className="status-check">
      <div className="status-check__row">
        <button type="button" className="button button--secondary" disabled={waiting || checking} onClick={() => void run()}>
          {checking ? t('ui.statusCheck.checking') : waiting ? t('ui.statusCheck.labelIn', { label, time: countdownText(leftMs) }) : label}
        </button>
        {children}
      </div>
      {waiting ? <div className="field__hint">{waitHint ?? t('ui.statusCheck.waitHint')}</div> : null}
      {message ? (
        <div className="field__error" role="alert">
          {message}
        </div>
      ) : null}
    </div>
  )
}
