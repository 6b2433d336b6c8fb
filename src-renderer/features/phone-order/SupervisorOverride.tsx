import { useEffect, useRef, useState } from 'react'
import type { CallError, OrderDetail } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { ConfirmDialog } from '../../ui/ConfirmDialog'
import { ReasonField } from '../../ui/ReasonField'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { OVERRIDE_REASON_MAX, OVERRIDE_REASON_MIN, overrideReasonProblem } from './override'
import { Trans } from 'react-i18next'
import { useT } from '../../i18n/i18n'

interface Props {
  orderId: number
  invoiceNumber: string
  /** A supervisor has lifted the lock already (here or on another desk): said, and not offered again. */
  overridden: boolean
  onDone: (detail: OrderDetail) => void
}

/**
 * "Supervisor override" for a phone order whose outcome is unknown: lifts the card's lock without a
 * settled status, after a question that says what that risks and that it is audited.
 */
export function SupervisorOverrideButton({ orderId, invoiceNumber, overridden, onDone }: Props) {
  const t = useT()
  const doneLine = useRef<HTMLSpanElement>(null)
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const [refused, setRefused] = useState<CallError | null>(null)

  const problem = tried ? overrideReasonProblem(reason) : null
  // The button that opened the question is gone once the lock is lifted: the focus goes to the line that says so.
  useEffect(() => {
    if (done) doneLine.current?.focus()
  }, [done])

  const close = (): void => {
    if (busy) return
    setOpen(false)
    setError(null)
    setRefused(null)
    setTried(false)
  }

  const confirm = async (): Promise<void> => {
    if (busy) return
    setTried(true)
    if (overrideReasonProblem(reason)) return
    const api = getApi()
    if (!api) return setError(NO_BRIDGE.message)
    setBusy(true)
    setError(null)
    setRefused(null)
    const result = await api.phoneOrders.override({ orderId, reason: reason.trim() })
    setBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') return setRefused(result.error)
    if (!result.ok) return setError(result.error.message)
    setOpen(false)
    setReason('')
    setTried(false)
    setDone(true)
    onDone(result.value)
  }

  if (overridden || done) {
    return (
      <span ref={doneLine} tabIndex={-1} className="saved small" role="status">
        {t('phoneOrder.override.done')}
      </span>
    )
  }

  return (
    <>
      <button type="button" className="button button--secondary button--warning" onClick={() => setOpen(true)}>
        {t('phoneOrder.override.button')}
      </button>
      <NeedNote need={SCREEN_NEEDS['phoneOrders.override']} />
      <ConfirmDialog
        open={open}
        title={t('phoneOrder.override.title', { invoice: invoiceNumber })}
        confirmLabel={busy ? t('phoneOrder.override.unlocking') : t('phoneOrder.override.unlock')}
        tone="danger"
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        <p>
          <Trans i18nKey="phoneOrder.override.risk" components={{ b: <strong /> }} />
        </p>
        <p>{t('phoneOrder.override.audited')}</p>
        <ReasonField
          label={t('phoneOrder.override.reason', { min: OVERRIDE_REASON_MIN })}
          value={reason}
          onChange={setReason}
          maxLength={OVERRIDE_REASON_MAX}
          placeholder={t('phoneOrder.override.placeholder')}
          problem={problem}
        />
        {refused ? <RefusalWithApproval error={refused} call="phoneOrders.override" subjectId={orderId} busy={busy} onApproved={() => void confirm()} /> : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
