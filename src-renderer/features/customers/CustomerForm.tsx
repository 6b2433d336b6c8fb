import { useRef, useState } from 'react'
import type { CallError, CustomerView } from '../../../src-preload/contract'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { phoneE164 } from '../../../src-common/link-rules'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { checkCustomer, type CustomerFields, type CustomerFieldName as FieldName } from './customer-rules'
import { useCustomersStore } from './customers-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { useT } from '../../i18n/i18n'
import type { Language } from '../../../src-common/languages'
import { CustomerLanguageField } from './CustomerLanguageField'

interface Props {
  open: boolean
  /** A new customer's first values (from what was searched), or an existing customer to edit. */
  initial: CustomerFields | CustomerView | null
  onClose: () => void
  onSaved: (customer: CustomerView) => void
}

/** A new customer, or changes to one: name, e-mail and phone, checked as main will check them. */
export function CustomerForm({ open, initial, onClose, onSaved }: Props) {
  const t = useT()
  return (
    <Modal open={open} title={initial && 'id' in initial ? t('customers.form.editTitle') : t('customers.form.newTitle')} onClose={onClose} size="wide">
      {initial ? <CustomerFormBody initial={initial} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  )
}

function CustomerFormBody({ initial, onClose, onSaved }: { initial: CustomerFields | CustomerView; onClose: () => void; onSaved: (customer: CustomerView) => void }) {
  const t = useT()
  const save = useCustomersStore((state) => state.save)
  const existingId = 'id' in initial ? initial.id : undefined
  const [fields, setFields] = useState<CustomerFields>({ name: initial.name, email: initial.email ?? '', phone: initial.phone ?? '' })
  const [language, setLanguage] = useState<Language | null>('id' in initial ? initial.language : null)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<{ error: CallError; fields: CustomerFields } | null>(null)
  const form = useRef<HTMLFormElement>(null)

  const errors = tried ? checkCustomer(fields) : {}
  // Main's error stays against its field until that field changes.
  const serverField = server?.error.field as FieldName | undefined
  const serverApplies = server && (!serverField || !(serverField in fields) || server.fields[serverField] === fields[serverField])
  const errorFor = (name: FieldName): string | null => errors[name] ?? (serverApplies && serverField === name ? server.error.message : null)
  const banner = serverApplies && (!serverField || !(serverField in fields)) ? server.error.message : null
  const e164 = phoneE164(fields.phone)

  const submit = async (): Promise<void> => {
    if (busy) return
    setTried(true)
    setServer(null)
    if (Object.keys(checkCustomer(fields)).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
      return
    }
    setBusy(true)
    const sent = { name: fields.name.trim(), email: fields.email.trim(), phone: fields.phone.trim(), language }
    const result = await save(existingId === undefined ? sent : { ...sent, id: existingId })
    setBusy(false)
    if (result.ok) onSaved(result.value)
    else setServer({ error: result.error, fields })
  }

  const set = (change: Partial<CustomerFields>): void => setFields((current) => ({ ...current, ...change }))

  return (
    <form
      ref={form}
      className="form customer-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Field label={t('customers.form.name')} error={errorFor('name')}>
        {(props) => <input {...props} value={fields.name} onChange={(e) => set({ name: e.target.value })} autoComplete="off" autoFocus={!fields.name} maxLength={FIELD_LIMITS.customerName} />}
      </Field>
      <div className="form-grid">
        <Field label={t('customers.form.email')} error={errorFor('email')}>
          {(props) => (
            // Text, not type="email": Chromium would turn an accented domain into its xn-- form behind staff's back.
            <input
              {...props}
              type="text"
              inputMode="email"
              spellCheck={false}
              value={fields.email}
              onChange={(e) => set({ email: e.target.value })}
              placeholder={t('customers.form.emailPlaceholder')}
              autoComplete="off"
              autoFocus={Boolean(fields.name) && !fields.email}
            />
          )}
        </Field>
        <Field label={t('customers.form.phone')} error={errorFor('phone')} hint={e164 ? t('customers.form.savedAs', { e164 }) : t('customers.form.phoneExample')}>
          {(props) => <input {...props} type="tel" value={fields.phone} onChange={(e) => set({ phone: e.target.value })} placeholder="012-345 6789" autoComplete="off" />}
        </Field>
      </div>
      <CustomerLanguageField value={language} onChange={setLanguage} none="desk" />
      <DialogFooter
        error={banner}
        busy={busy}
        submitLabel={existingId === undefined ? t('customers.form.saveNew') : t('customers.form.saveChanges')}
        busyLabel={t('customers.form.saving')}
        onCancel={onClose}
      />
    </form>
  )
}
