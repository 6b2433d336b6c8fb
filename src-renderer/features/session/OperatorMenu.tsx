import '../../ui/role-chip.css'
import './OperatorMenu.css'
import { useState, type SyntheticEvent } from 'react'
import type { CallError, OperatorView } from '../../../src-preload/contract'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { fieldOf, pinProblem, pinRule, repeatProblem } from './pin-rules'
import { roleLabel } from './roles'
import { useSessionStore } from './session-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { useT } from '../../i18n/i18n'

/** In the header: who is signed in, "Change PIN" and "Sign out". */
export function OperatorMenu({ operator }: { operator: OperatorView }) {
  const t = useT()
  const signOut = useSessionStore((state) => state.signOut)
  const [changing, setChanging] = useState(false)
  const [changed, setChanged] = useState(false)
  return (
    <div className="operator-menu" data-testid="operator-menu">
      <span className="operator-menu__who">
        <span className="operator-menu__name">{operator.name}</span>
        <span className={`role-chip role-chip--${operator.role}`}>{roleLabel(operator.role)}</span>
      </span>
      {changed ? (
        <span className="saved small" role="status">
          {t('session.menu.pinChanged')}
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
        {t('session.menu.changePin')}
      </button>
      <button type="button" className="button button--secondary button--small" onClick={() => void signOut()}>
        {t('session.menu.signOut')}
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
  const t = useT()
  return (
    <Modal open={open} title={t('session.changePin.title')} onClose={onClose}>
      <ChangePinForm onClose={onClose} onChanged={onChanged} />
    </Modal>
  )
}

function ChangePinForm({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const t = useT()
  const changePin = useSessionStore((state) => state.changePin)
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)

  const rules: Partial<Record<PinField, string | null>> = tried
    ? { currentPin: current ? null : t('session.changePin.currentEmpty'), newPin: pinProblem(next), again: pinProblem(next) ? null : repeatProblem(next, again) }
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
    <form className="form" aria-label={t('session.changePin.title')} noValidate onSubmit={(event) => void submit(event)}>
      <Field label={t('session.changePin.current')} error={errorFor('currentPin')}>
        {(props) => <input {...props} type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" maxLength={FIELD_LIMITS.pin} autoFocus />}
      </Field>
      <Field label={t('session.changePin.next')} error={errorFor('newPin')} hint={pinRule()}>
        {(props) => <input {...props} type="password" value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" maxLength={FIELD_LIMITS.pin} />}
      </Field>
      <Field label={t('session.changePin.again')} error={errorFor('again')}>
        {(props) => <input {...props} type="password" value={again} onChange={(e) => setAgain(e.target.value)} autoComplete="new-password" maxLength={FIELD_LIMITS.pin} />}
      </Field>
      <DialogFooter error={server && !serverField ? server.message : null} busy={busy} submitLabel={t('session.changePin.submit')} busyLabel={t('session.changePin.saving')} onCancel={onClose} />
    </form>
  )
}
