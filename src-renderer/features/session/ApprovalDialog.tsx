import './ApprovalDialog.css'
import { useState, type SyntheticEvent } from 'react'
import { Trans } from 'react-i18next'
import type { ApprovableCall, ApprovalGranted, CallError } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { useT } from '../../i18n/i18n'
import { approvalOffered } from './roles'
import { DialogFooter } from '../../ui/DialogFooter'
import { FIELD_LIMITS } from '../../../src-common/field-limits'

/** The dialog's explanation, a whole sentence for each thing the Supervisor approves. */
const APPROVAL_LEAD: Record<ApprovableCall, string> = {
  'refunds.request': 'approval.lead.refundsRequest',
  'refunds.register': 'approval.lead.refundsRegister',
  'phoneOrders.override': 'approval.lead.phoneOrdersOverride',
  'phoneOrders.charge': 'approval.lead.phoneOrdersCharge',
  'orders.cancelLink': 'approval.lead.ordersCancelLink',
  'orders.resolveReview': 'approval.lead.ordersResolveReview',
  'cards.remove': 'approval.lead.cardsRemove',
}

interface DialogProps {
  open: boolean
  call: ApprovableCall
  subjectId: number
  onApproved: (granted: ApprovalGranted) => void
  onCancel: () => void
}

/**
 * A Supervisor (or Admin) at this desk approves one action a Clerk was refused: their login and PIN,
 * checked by main, which then lets that one call on that one order or card through once.
 */
export function ApprovalDialog({ open, call, subjectId, onApproved, onCancel }: DialogProps) {
  const t = useT()
  const [busy, setBusy] = useState(false)
  return (
    <Modal open={open} title={t('approval.title')} onClose={() => (busy ? undefined : onCancel())} className="approval-dialog">
      <ApprovalForm call={call} subjectId={subjectId} busy={busy} setBusy={setBusy} onApproved={onApproved} onCancel={onCancel} />
    </Modal>
  )
}

function ApprovalForm({ call, subjectId, busy, setBusy, onApproved, onCancel }: Omit<DialogProps, 'open'> & { busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT()
  const [login, setLogin] = useState('')
  const [pin, setPin] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    if (!login.trim()) return setError(t('approval.loginMissing'))
    if (!pin) return setError(t('approval.pinMissing'))
    const api = getApi()
    if (!api) return setError(NO_BRIDGE.message)
    setBusy(true)
    setError(null)
    const result = await api.approvals.grant({ call, subjectId, login: login.trim(), pin })
    setBusy(false)
    setPin('')
    if (!result.ok) return setError(result.error.message)
    onApproved(result.value)
  }

  return (
    <form className="form" aria-label={t('approval.title')} noValidate onSubmit={(event) => void submit(event)}>
      <p>
        <Trans i18nKey={APPROVAL_LEAD[call]} components={{ b: <strong /> }} />
      </p>
      <Field label={t('approval.login')}>
        {(props) => (
          <input
            {...props}
            value={login}
            onChange={(e) => {
              setLogin(e.target.value)
              setError(null)
            }}
            maxLength={FIELD_LIMITS.login}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
        )}
      </Field>
      <Field label={t('approval.pin')}>
        {(props) => (
          <input
            {...props}
            type="password"
            value={pin}
            onChange={(e) => {
              setPin(e.target.value)
              setError(null)
            }}
            maxLength={FIELD_LIMITS.pin}
            autoComplete="off"
          />
        )}
      </Field>
      <DialogFooter error={error} busy={busy} submitLabel={t('approval.approve')} busyLabel={t('approval.checking')} onCancel={onCancel} />
    </form>
  )
}

interface NeededProps {
  /** Main's refusal. */
  error: CallError
  call: ApprovableCall
  subjectId: number
  /** Runs the refused call again, once. */
  onApproved: () => void
  /** Greys the button while the retried call runs. */
  busy?: boolean
}

/**
 * Main's refusal, in its words; when a Supervisor may approve it on the spot, "Ask a supervisor to
 * approve" and the dialog, after which the action runs once. Any other error is shown as it is.
 */
export function RefusalWithApproval({ error, call, subjectId, onApproved, busy = false }: NeededProps) {
  const t = useT()
  const [asking, setAsking] = useState(false)
  const offered = approvalOffered(error)
  return (
    <>
      <div className={`alert ${offered ? 'alert--warning' : 'alert--error'} approval-needed`} role="alert" data-testid="approval-needed">
        <p>
          {offered && error.needs ? (
            <>
              <strong>{t(`approval.needs.${error.needs.role}`)}</strong>{' '}
            </>
          ) : null}
          {error.message}
        </p>
        {offered ? (
          <div className="form__actions">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setAsking(true)}>
              {t('approval.ask')}
            </button>
          </div>
        ) : null}
      </div>
      <ApprovalDialog
        open={asking}
        call={call}
        subjectId={subjectId}
        onCancel={() => setAsking(false)}
        onApproved={() => {
          setAsking(false)
          onApproved()
        }}
      />
    </>
  )
}
