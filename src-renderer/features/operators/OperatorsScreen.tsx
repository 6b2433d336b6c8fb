import '../../ui/audit-table.css'
import '../../ui/role-chip.css'
import './OperatorsScreen.css'
import { useEffect, useRef, useState, type SyntheticEvent } from 'react'
import type { CallError, OperatorView, Role } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { formatDateTime } from '../../format/time'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { ScreenHeader } from '../../ui/ScreenHeader'
import { fieldOf, loginText, pinProblem, pinRule, repeatProblem } from '../session/pin-rules'
import { roleLabel } from '../session/roles'
import { useSessionStore } from '../session/session-store'
import { useOperatorsStore } from './operators-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { Trans } from 'react-i18next'
import { t as translate, useT } from '../../i18n/i18n'

const ROLES: Role[] = ['clerk', 'supervisor', 'admin']

/** An operator's standing: active, out of use, or kept out for a while after wrong PINs. */
function standing(operator: OperatorView, now: number): string {
  if (!operator.active) return translate('operators.deactivated')
  if (operator.lockedUntil && Date.parse(operator.lockedUntil) > now) return translate('operators.lockedUntil', { time: formatDateTime(operator.lockedUntil) })
  return translate('operators.active')
}

/** The desk's operators (Admins only): the list, add one, edit one, reset a PIN. */
export function OperatorsScreen() {
  const t = useT()
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
      <ScreenHeader title={t('operators.title')}>{t('operators.lead')}</ScreenHeader>
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
        <h2 id="operators-list-heading">{t('operators.listHeading')}</h2>
        <table className="audit-table operators-table" aria-label={t('operators.title')}>
          <thead>
            <tr>
              <th scope="col">{t('operators.columns.name')}</th>
              <th scope="col">{t('operators.columns.login')}</th>
              <th scope="col">{t('operators.columns.role')}</th>
              <th scope="col">{t('operators.columns.status')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('operators.columns.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {(operators ?? []).map((operator) => (
              <tr key={operator.id} data-testid="operator-row" className={operator.active ? undefined : 'operators-table__inactive'}>
                <td>
                  {operator.name}
                  {operator.id === me ? <span className="muted small">{t('operators.you')}</span> : null}
                </td>
                <td className="mono">{operator.login}</td>
                <td>
                  <span className={`role-chip role-chip--${operator.role}`}>{roleLabel(operator.role)}</span>
                </td>
                <td>{standing(operator, now)}</td>
                <td className="operators-table__actions">
                  <div>
                    <button type="button" className="button button--secondary button--small" onClick={() => setEditing(operator)} aria-label={t('operators.editOf', { name: operator.name })}>
                      {t('operators.edit')}
                    </button>
                    <button type="button" className="button button--secondary button--small" onClick={() => setResetting(operator)} aria-label={t('operators.resetPinOf', { name: operator.name })}>
                      {t('operators.resetPin')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {operators === null && !error ? <p className="muted">{t('operators.loading')}</p> : null}
      </section>
      <AddOperatorForm
        onAdded={(operator) => {
          setNotice(t('operators.added', { name: operator.name, login: operator.login }))
          void load()
        }}
      />
      <Modal open={editing !== null} title={editing ? t('operators.editOf', { name: editing.name }) : t('operators.editOperator')} onClose={() => setEditing(null)}>
        {editing ? (
          <EditOperatorForm
            operator={editing}
            isMe={editing.id === me}
            onClose={() => setEditing(null)}
            onSaved={(operator) => {
              setEditing(null)
              setNotice(t('operators.saved', { name: operator.name }))
              void load()
            }}
          />
        ) : null}
      </Modal>
      <Modal open={resetting !== null} title={resetting ? t('operators.resetTitle', { name: resetting.name }) : t('operators.resetPin')} onClose={() => setResetting(null)}>
        {resetting ? (
          <ResetPinForm
            operator={resetting}
            onClose={() => setResetting(null)}
            onSaved={(operator) => {
              setResetting(null)
              setNotice(t('operators.pinSet', { name: operator.name }))
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
  const t = useT()
  const [name, setName] = useState('')
  const [login, setLogin] = useState('')
  const [role, setRole] = useState<Role>('clerk')
  const [pin, setPin] = useState('')
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const nameBox = useRef<HTMLInputElement>(null)

  // Main refused: the focus, dropped to the page with the button greyed while adding, goes to the field
  // at fault (a login taken), else back to the button.
  useEffect(() => {
    if (server) form.current?.querySelector<HTMLElement>('[aria-invalid="true"], button[type="submit"]')?.focus()
  }, [server])

  const rules: Partial<Record<AddField, string | null>> = tried ? { name: name.trim() ? null : t('operators.add.nameEmpty'), login: loginText(login), pin: pinProblem(pin) } : {}
  const serverField = server ? fieldOf(server.field, ADD_FIELDS) : null
  const errorFor = (field: AddField): string | null => rules[field] ?? (server && serverField === field ? server.message : null)

  const submit = async (event: SyntheticEvent): Promise<void> => {
    event.preventDefault()
    if (busy) return
    setTried(true)
    setServer(null)
    if (!name.trim() || loginText(login) || pinProblem(pin)) return
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
    // The next operator starts at the name: not the emptied PIN field Enter was pressed in, nor the page's
    // body, where the focus fell when the button was greyed (found by QA).
    nameBox.current?.focus()
  }

  return (
    <section className="card" aria-labelledby="add-operator-heading">
      <h2 id="add-operator-heading">{t('operators.add.heading')}</h2>
      <form ref={form} className="form" aria-label={t('operators.add.heading')} noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-grid">
          <Field label={t('operators.add.name')} error={errorFor('name')} hint={t('operators.add.nameHint')}>
            {(props) => <input {...props} ref={nameBox} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="off" />}
          </Field>
          <Field label={t('operators.add.login')} error={errorFor('login')} hint={t('operators.add.loginHint')}>
            {(props) => <input {...props} value={login} onChange={(e) => setLogin(e.target.value)} maxLength={FIELD_LIMITS.login} autoComplete="off" spellCheck={false} />}
          </Field>
          <Field label={t('operators.add.role')} error={errorFor('role')} hint={t(`operators.roleHints.${role}`)}>
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
          <Field label={t('operators.add.firstPin')} error={errorFor('pin')} hint={t('operators.add.firstPinHint', { rule: pinRule() })}>
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
            {busy ? t('operators.add.adding') : t('operators.add.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}

const EDIT_FIELDS = ['name', 'role', 'active'] as const
type EditField = (typeof EDIT_FIELDS)[number]

function EditOperatorForm({ operator, isMe, onClose, onSaved }: { operator: OperatorView; isMe: boolean; onClose: () => void; onSaved: (operator: OperatorView) => void }) {
  const t = useT()
  const [name, setName] = useState(operator.name)
  const [role, setRole] = useState<Role>(operator.role)
  const [active, setActive] = useState(operator.active)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)
  const serverField = server ? fieldOf(server.field, EDIT_FIELDS) : null
  const errorFor = (field: EditField): string | null => (field === 'name' && !name.trim() ? t('operators.add.nameEmpty') : server && serverField === field ? server.message : null)

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
    <form className="form" aria-label={t('operators.editOf', { name: operator.name })} noValidate onSubmit={(event) => void submit(event)}>
      <p className="muted small">
        <Trans i18nKey="operators.editForm.loginStays" values={{ login: operator.login }} components={{ b: <span className="mono" /> }} />
      </p>
      <Field label={t('operators.add.name')} error={errorFor('name')}>
        {(props) => <input {...props} value={name} onChange={(e) => setName(e.target.value)} maxLength={FIELD_LIMITS.operatorName} autoComplete="off" autoFocus />}
      </Field>
      <Field label={t('operators.add.role')} error={errorFor('role')} hint={t(`operators.roleHints.${role}`)}>
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
      <Field label={t('operators.editForm.canSignIn')} error={errorFor('active')} hint={isMe ? t('operators.editForm.notYourself') : t('operators.editForm.offHint')}>
        {(props) => (
          <label className="checkbox">
            <input {...props} type="checkbox" checked={active} disabled={isMe} onChange={(e) => setActive(e.target.checked)} /> {t('operators.editForm.active')}
          </label>
        )}
      </Field>
      <DialogFooter error={server && !serverField ? server.message : null} busy={busy} submitLabel={t('operators.editForm.save')} busyLabel={t('operators.editForm.saving')} onCancel={onClose} />
    </form>
  )
}

function ResetPinForm({ operator, onClose, onSaved }: { operator: OperatorView; onClose: () => void; onSaved: (operator: OperatorView) => void }) {
  const t = useT()
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
    <form className="form" aria-label={t('operators.resetTitle', { name: operator.name })} noValidate onSubmit={(event) => void submit(event)}>
      <p>{t('operators.reset.lead')}</p>
      <Field label={t('operators.reset.pin')} error={pinError} hint={pinRule()}>
        {(props) => <input {...props} type="password" value={pin} onChange={(e) => setPin(e.target.value)} maxLength={FIELD_LIMITS.pin} autoComplete="new-password" autoFocus />}
      </Field>
      <Field label={t('operators.reset.again')} error={againError}>
        {(props) => <input {...props} type="password" value={again} onChange={(e) => setAgain(e.target.value)} maxLength={FIELD_LIMITS.pin} autoComplete="new-password" />}
      </Field>
      <DialogFooter
        error={server && server.field !== 'pin' ? server.message : null}
        busy={busy}
        submitLabel={t('operators.reset.submit')}
        busyLabel={t('operators.editForm.saving')}
        onCancel={onClose}
      />
    </form>
  )
}
