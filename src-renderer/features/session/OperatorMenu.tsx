import '../../ui/role-chip.css'
import './OperatorMenu.css'
import { useState, type SyntheticEvent } from 'react'
import type { CallError, OperatorView } from '../../../src-preload/contract'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { fieldOf, PIN_RULE, pinProblem, repeatProblem } from './pin-rules'
import { ROLE_LABELS } from './roles'
import { useSessionStore } from './session-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { FIELD_LIMITS } from '../../../src-common/field-limits'

/** In the header: who is signed in, "Change PIN" and "Sign out". */
export function OperatorMenu({ operator }: { operator: OperatorView }) {
  const signOut = useSessionStore((state) => state.signOut)
  const [changing, setChanging] = useState(false)
  const [changed, setChanged] = useState(false)
  return (
    <div className="operator-menu" data-testid="operator-menu">
      <span className="operator-menu__who">
        <span className="operator-menu__name">{operator.name}</span>
        <span className={`role-chip role-chip--${operator.role}`}>{ROLE_LABELS[operator.role]}</span>
      </span>
      {changed ? (
        <span className="saved small" role="status">
          PIN changed
        </span>
      ) : null}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => {
          setChanged(false)
          setChanging(true)
        }}
      >
        Change PIN
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void signOut()}>
        Sign out
      </button>
      <ChangePinDialog
        open={changing}
        onClose={() => setChanging(false)}
        onChanged={() => {
          setChanging(false)
          setChanged(true)
        }}
      />
    </div>
  )
}

const PIN_FIELDS = ['currentPin', 'newPin'] as const
type PinField = (typeof PIN_FIELDS)[number] | 'again'

function ChangePinDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  return (
    <Modal open={open} title="Change your PIN" onClose={onClose}>
      <ChangePinForm onClose={onClose} onChanged={onChanged} />
    </Modal>
  )
}

function ChangePinForm({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const changePin = useSessionStore((state) => state.changePin)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)

  const rules: Partial<Record<PinField, string | null>> = tried
    ? { currentPin: current ? null : 'Enter your current PIN', newPin: pinProblem(next), again: pinProblem(next) ? null : repeatProblem(next, again) }
    : {}
  const serverField = server ? fieldOf(server.field, PIN_FIELDS) : null
  const errorFor = (field: PinField): string | null => rules[field] ?? (server && serverField === field ? server.message : null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    setTried(true)
    setServer(null)
    if (!current || pinProblem(next) || repeatProblem(next, again)) return
    setBusy(true)
    const result = await changePin(current, next)
    setBusy(false)
    if (!result.ok) return setServer(result.error)
    onChanged()
  }

  return (
    <form className="form" aria-label="Change your PIN" noValidate onSubmit={(event) => void submit(event)}>
      <Field label="Current PIN" error={errorFor('currentPin')}>
        {(props) => <input {...props} type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" maxLength={FIELD_LIMITS.pin} autoFocus />}
      </Field>
      <Field label="New PIN" error={errorFor('newPin')} hint={PIN_RULE}>
        {(props) => <input {...props} type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" maxLength={FIELD_LIMITS.pin} />}
      </Field>
      <Field label="New PIN again" error={errorFor('again')}>
        {(props) => <input {...props} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password" maxLength={FIELD_LIMITS.pin} />}
      </Field>
      <DialogFooter error={server && !serverField ? server.message : null} busy={busy} submitLabel="Change PIN" busyLabel="Changing…" onCancel={onClose} />
    </form>
  )
}
