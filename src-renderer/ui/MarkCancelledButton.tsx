import { useState } from 'react'
import type { CallError, OrderDetail } from '../../src-preload/contract'
import { FIELD_LIMITS } from '../../src-common/field-limits'
import { getApi, NO_BRIDGE } from '../api'
import { ConfirmDialog } from './ConfirmDialog'
import { ReasonField } from './ReasonField'
import { RefusalWithApproval } from '../features/session/ApprovalDialog'
import { NeedNote } from '../features/session/NeedNote'
import { SCREEN_NEEDS } from '../features/session/roles'
import { useT } from '../i18n/i18n'

interface Props {
  orderId: number
  invoiceNumber: string
  onCancelled: (detail: OrderDetail) => void
}

const REASON_MAX = FIELD_LIMITS.cancelReason

/**
 * "Mark cancelled" for a waiting link, after a question that says what it does and does not do: the
 * gateway has no cancel call, so only this app's record changes.
 */
export function MarkCancelledButton({ orderId, invoiceNumber, onCancelled }: Props) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [refused, setRefused] = useState<CallError | null>(null)

  const close = (): void => {
    if (busy) return
    setOpen(false)
    setError(null)
    setRefused(null)
  }

  const confirm = async (): Promise<void> => {
    if (busy) return
    const api = getApi()
    if (!api) return setError(NO_BRIDGE.message)
    setBusy(true)
    setError(null)
    setRefused(null)
    const result = await api.orders.cancelLink({ id: orderId, reason: reason.trim() })
    setBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') return setRefused(result.error)
    if (!result.ok) return setError(result.error.message)
    setOpen(false)
    setReason('')
    onCancelled(result.value)
  }

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {t('ui.markCancelled.button')}
      </button>
      <NeedNote need={SCREEN_NEEDS['orders.cancelLink']} />
      <ConfirmDialog
        open={open}
        title={t('ui.markCancelled.title', { invoice: invoiceNumber })}
        confirmLabel={busy ? t('ui.markCancelled.marking') : t('ui.markCancelled.button')}
        tone="danger"
        onCancel={close}
        onConfirm={() => void confirm()}
      >
        <p>{t('ui.markCancelled.what')}</p>
        <p className="muted small">{t('ui.markCancelled.after')}</p>
        <ReasonField label={t('ui.markCancelled.reason')} value={reason} onChange={setReason} maxLength={REASON_MAX} placeholder={t('ui.markCancelled.reasonExample')} />
        {refused ? <RefusalWithApproval error={refused} call="orders.cancelLink" subjectId={orderId} busy={busy} onApproved={() => void confirm()} /> : null}
        {error ? (
          <div className="alert alert--error" role="alert">
            {error}
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  )
}
