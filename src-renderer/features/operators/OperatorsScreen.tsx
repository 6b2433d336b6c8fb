import '../../ui/audit-table.css'
import '../../ui/role-chip.css'
import './OperatorsScreen.css'
import { useEffect, useState, type SyntheticEvent } from 'react'
import type { CallError, OperatorView, Role } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { formatDateTime } from '../../format/time'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { fieldOf, pinProblem, pinRule, repeatProblem } from '../session/pin-rules'
import { roleLabel } from '../session/roles'
import { useSessionStore } from '../session/session-store'
import { useOperatorsStore } from './operators-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { FIELD_LIMITS } from '../../../src-common/field-limits'

const ROLES: Role[] = ['clerk', 'supervisor', 'admin']
const ROLE_HINTS: Record<Role, string> = {
  clerk: 'Orders, payment links, phone orders within the limit, customers and cards.',
  supervisor: 'Also refunds and voids, overrides, charge again, remove cards, cancel links, review decisions, the audit log; approves for Clerks.',
  admin: 'Also Settings, credentials, the environment switch and operators.',
}

/** An operator's standing: active, out of use, or kept out for a while after wrong PINs. */
function standing(operator: OperatorView, now: number): string {
  if (!operator.active) return 'Deactivated'
  if (operator.lockedUntil && Date.parse(operator.lockedUntil) > now) return `Locked until ${formatDateTime(operator.lockedUntil)}`
  return 'Active'
}

/** The desk's operators (Admins only): the list, add one, edit one, reset a PIN. */
export function OperatorsScreen() {
  const operators = useOperatorsStore((state) => state.operators)
  const error = useOperatorsStore((state) => state.error)
  const now = useOperatorsStore((state) => state.loadedAt)
  const load = useOperatorsStore((state) => state.load)
  const [editing, setEditing] = useState<OperatorView | null>(null)
  const [resetting, setResetting] = useState<OperatorView | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const me = useSessionStore((state) => state.view?.operator?.id ?? null)

  useEffect(() => {
    void useOperatorsStore.getState().load()
  }, [])

  return (
    <div className="operators-screen">
      <ScreenHeader title="Operators">Who may use this desk, with which role. Deactivated operators keep their name in the history.</ScreenHeader>
      {error ? (
        <div className="alert alert--error" role="alert">
          {error.message}
        </div>
      ) : null}
      {notice ? (
        <p className="saved" role="status">
          {notice}
        </p>
      ) : null}
      <section className="card" aria-labelledby="operators-list-heading">
        <h2 id="operators-list-heading">Operators on this desk</h2>
        <table className="audit-table operators-table" aria-label="Operators">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Login</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(operators ?? []).map((operator) => (
              <tr key={operator.id} data-testid="operator-row" className={operator.active ? undefined : 'operators-table__inactive'}>
                <td>
                  {operator.name}
                  {operator.id === me ? <span className="muted small"> (you)</span> : null}
                </td>
                <td className="mono">{operator.login}</td>
                <td>
                  <span className={`role-chip role-chip--${operator.role}`}>{roleLabel(operator.role)}</span>
                </td>
                <td>{standing(operator, now)}</td>
                <td className="operators-table__actions">
                  <div>
                    <button type="button" className="button button--secondary button--small" onClick={() => setEditing(operator)} aria-label={`Edit ${operator.name}`}>
                      Edit
                    </button>
                    <button type="button" className="button button--secondary button--small" onClick={() => setResetting(operator)} aria-label={`Reset PIN of ${operator.name}`}>
                      Reset PIN
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {operators === null && !error ? <p className="muted">Loading…</p> : null}
      </section>
      <AddOperatorForm
        onAdded={(operator) => {
          setNotice(`${operator.name} can now sign in as ${operator.login}.`)
          void load()
        }}
      />
      <Modal open={editing !== null} title={editing ? `Edit ${editing.name}` : 'Edit operator'} onClose={() => setEditing(null)}>
        {editing ? (
          <EditOperatorForm
            operator={editing}
            isMe={editing.id === me}
            onClose={() => setEditing(null)}
            onSaved={(operator) => {
              setEditing(null)
              setNotice(`${operator.name} saved.`)
              void load()
            }}
          />
        ) : null}
      </Modal>
      <Modal open={resetting !== null} title={resetting ? `Reset the PIN of ${resetting.name}` : 'Reset PIN'} onClose={() => setResetting(null)}>
        {resetting ? (
          <ResetPinForm
            operator={resetting}
            onClose={() => setResetting(null)}
            onSaved={(operator) => {
              setResetting(null)
              setNotice(`New PIN set for ${operator.name}. Tell them in person; they can change it with "Change PIN".`)
              void load()
            }}
          />
        ) : null}
      </Modal>
    </div>
  )
}

const ADD_FIELDS = ['name', 'login', 'role', 'pin'] as const
type AddField = (typeof ADD_FIELDS)[number]

function AddOperatorForm({ onAdded }: { onAdded: (operator: OperatorView) => void }) {
  const [name, setName] = useState('')
  const [login, setLogin] = useState('')
  const [role, setRole] = useState<Role>('clerk')
  const [pin, setPin] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)

  const rules: Partial<Record<AddField, string | null>> = tried
    ? { name: name.trim() ? null : 'Enter a name', login: login.trim().length >= 2 ? null : 'Use at least 2 characters', pin: pinProblem(pin) }
    : {}
  const serverField = server ? fieldOf(server.field, ADD_FIELDS) : null
  const errorFor = (field: AddField): string | null => rules[field] ?? (server && serverField === field ? server.message : null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    setTried(true)
    setServer(null)
    if (!name.trim() || login.trim().length < 2 || pinProblem(pin)) return
    const api = getApi()
    if (!api) return setServer(NO_BRIDGE)
    setBusy(true)
    const result = await api.operators.create({ name: name.trim(), login: login.trim(), role, pin })
    setBusy(false)
    if (!result.ok) return setServer(result.error)
    setName('')
    setLogin('')
    setPin('')
    setRole('clerk')
    setTried(false)
    onAdded(result.value)
  }

  return (
    <section className="card" aria-labelledby="add-operator-heading">
      <h2 id="add-operator-heading">Add an operator</h2>
      <form className="form" aria-label="Add an operator" noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <Field label="Name" error={errorFor('name')} hint="As written on orders and in the audit log.">
            {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="off" />}
          </Field>
          <Field label="Login" error={errorFor('login')} hint="Short: letters, digits, . _ -">
            {(props) => <input {...props} value={login} onChange={(e) => setLogin(e.target.value)} maxLength={FIELD_LIMITS.login} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label="Role" error={errorFor('role')} hint={ROLE_HINTS[role]}>
            {(props) => (
              <select {...props} value={role} onChange={(e) => setRole(e.target.value as Role)}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="First PIN" error={errorFor('pin')} hint={`${pinRule()} They can change it after signing in.`}>
            {(props) => <input {...props} type="password" value={pin} onChange={(e) => setPin(e.target.value)} maxLength={FIELD_LIMITS.pin} autoComplete="new-password" />}
          </Field>
        </div>
        {server && !serverField ? (
          <div className="alert alert--error" role="alert">
            {server.message}
          </div>
        ) : null}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? 'Adding…' : 'Add operator'}
          </button>
        </div>
      </form>
    </section>
  )
}

const EDIT_FIELDS = ['name', 'role', 'active'] as const
type EditField = (typeof EDIT_FIELDS)[number]

function EditOperatorForm({ operator, isMe, onClose, onSaved }: { operator: OperatorView; isMe: boolean; onClose: () => void; onSaved: (operator: OperatorView) => void }) {
  const [name, setName] = useState(operator.name)
  const [role, setRole] = useState<Role>(operator.role)
  const [active, setActive] = useState(operator.active)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)
  const serverField = server ? fieldOf(server.field, EDIT_FIELDS) : null
  const errorFor = (field: EditField): string | null => (field === 'name' && !name.trim() ? 'Enter a name' : server && serverField === field ? server.message : null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy || !name.trim()) return
    const api = getApi()
    if (!api) return setServer(NO_BRIDGE)
    setBusy(true)
    setServer(null)
    const result = await api.operators.update({ id: operator.id, name: name.trim(), role, active })
    setBusy(false)
    if (!result.ok) return setServer(result.error)
    onSaved(result.value)
  }

  return (
    <form className="form" aria-label={`Edit ${operator.name}`} noValidate onSubmit={(event) => void submit(event)}>
      <p className="muted small">
        Login <span className="mono">{operator.login}</span> stays as it is.
      </p>
      <Field label="Name" error={errorFor('name')}>
        {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="off" autoFocus />}
      </Field>
      <Field label="Role" error={errorFor('role')} hint={ROLE_HINTS[role]}>
        {(props) => (
          <select {...props} value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Can sign in" error={errorFor('active')} hint={isMe ? 'You cannot take this away from yourself here.' : 'Off: the operator cannot sign in; their name stays in the history.'}>
        {(props) => (
          <label className="checkbox">
            <input {...props} type="checkbox" checked={active} disabled={isMe} onChange={(e) => setActive(e.target.checked)} /> Active
          </label>
        )}
      </Field>
      <DialogFooter error={server && !serverField ? server.message : null} busy={busy} submitLabel="Save" busyLabel="Saving…" onCancel={onClose} />
    </form>
  )
}

function ResetPinForm({ operator, onClose, onSaved }: { operator: OperatorView; onClose: () => void; onSaved: (operator: OperatorView) => void }) {
  const [pin, setPin] = useState('')
  const [again, setAgain] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)
  const pinError = (tried ? pinProblem(pin) : null) ?? (server?.field === 'pin' ? server.message : null)
  const againError = tried && !pinProblem(pin) ? repeatProblem(pin, again) : null

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    setTried(true)
    setServer(null)
    if (pinProblem(pin) || repeatProblem(pin, again)) return
    const api = getApi()
    if (!api) return setServer(NO_BRIDGE)
    setBusy(true)
    const result = await api.operators.resetPin({ id: operator.id, pin })
    setBusy(false)
    if (!result.ok) return setServer(result.error)
    onSaved(result.value)
  }

  return (
    <form className="form" aria-label={`Reset the PIN of ${operator.name}`} noValidate onSubmit={(event) => void submit(event)}>
      <p>The old PIN stops working at once. The reset is recorded in the audit log.</p>
      <Field label="New PIN" error={pinError} hint={pinRule()}>
        {(props) => <input {...props} type="password" value={pin} onChange={(e) => setPin(e.target.value)} maxLength={FIELD_LIMITS.pin} autoComplete="new-password" autoFocus />}
      </Field>
      <Field label="New PIN again" error={againError}>
        {(props) => <input {...props} type="password" value={again} onChange={(e) => setAgain(e.target.value)} maxLength={FIELD_LIMITS.pin} autoComplete="new-password" />}
      </Field>
      <DialogFooter error={server && server.field !== 'pin' ? server.message : null} busy={busy} submitLabel="Set new PIN" busyLabel="Saving…" onCancel={onClose} />
    </form>
  )
}
