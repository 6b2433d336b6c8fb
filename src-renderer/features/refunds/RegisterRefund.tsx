import './RegisterRefund.css'
import { useState } from 'react'
import { Trans } from 'react-i18next'
import type { CallError, OrderDetail } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { Field } from '../../ui/Field'
import { RefusalWithApproval } from '../session/ApprovalDialog'
import { NeedNote } from '../session/NeedNote'
import { SCREEN_NEEDS } from '../session/roles'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { useT } from '../../i18n/i18n'

interface Props {
  orderId: number
  onRegistered: (detail: OrderDetail) => void
}

/**
 * "Register a refund made elsewhere": a refund made in the gateway's own back office, say, followed
 * here by its request id. Main's refusal (a malformed id, one already followed) shows under the box,
 * with what was typed still in it.
 */
export function RegisterRefund({ orderId, onRegistered }: Props) {
  const t = useT()
  const [open, setOpen] = useState(false)
  const [requestId, setRequestId] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [registered, setRegistered] = useState<string | null>(null)
  /** Main refused this operator (a Clerk): a Supervisor may approve it on the spot. */
  const [refused, setRefused] = useState<CallError | null>(null)

  const submit = async (): Promise<void> => {
    if (busy) return
    const api = getApi()
    if (!api) return setError(NO_BRIDGE.message)
    setBusy(true)
    setError(null)
    setRefused(null)
    setRegistered(null)
    const result = await api.refunds.register({ orderId, requestId: requestId.trim() })
    setBusy(false)
    if (!result.ok && result.error.code === 'FORBIDDEN') return setRefused(result.error)
    if (!result.ok) return setError(result.error.message)
    setRegistered(result.value.refund.requestId)
    setRequestId('')
    setOpen(false)
    onRegistered(result.value.detail)
  }

  return (
    <div className="register-refund">
      <button
        type="button"
        className="link-button"
        aria-expanded={open}
        onClick={() => {
          setOpen(!open)
          setRegistered(null)
        }}
      >
        {t('refunds.register.open')}
      </button>
      {registered ? (
        <p className="saved small" role="status">
          <Trans i18nKey="refunds.register.registered" values={{ requestId: registered }} components={{ mono: <span className="mono" /> }} />
        </p>
      ) : null}
      {open ? (
        <form
          className="form register-refund__form"
          aria-label={t('refunds.register.open')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
          }}
        >
          <p className="muted small">{t('refunds.register.lead')}</p>
          <Field label={t('refunds.register.requestId')} error={error}>
            {(props) => (
              <div className="input-row">
                <input
                  {...props}
                  className="mono"
                  value={requestId}
                  onChange={(e) => {
                    setRequestId(e.target.value)
                    setError(null)
                    setRefused(null)
                  }}
                  maxLength={FIELD_LIMITS.refundRequestId}
                  spellCheck={false}
                  autoComplete="off"
                  autoFocus
                />
                <button type="submit" className="button button--secondary" disabled={busy}>
                  {busy ? t('refunds.register.registering') : t('refunds.register.submit')}
                </button>
              </div>
            )}
          </Field>
          <NeedNote need={SCREEN_NEEDS['refunds.register']} />
          {refused ? <RefusalWithApproval error={refused} call="refunds.register" subjectId={orderId} busy={busy} onApproved={() => void submit()} /> : null}
        </form>
      ) : null}
    </div>
  )
}
