import { useState } from 'react'
import type { CallError } from '../../../src-preload/contract'
import { FIELD_LIMITS } from '../../../src-common/field-limits'
import { Field } from '../../ui/Field'
import { Modal } from '../../ui/Modal'
import { BRAND_CHOICES, checkCard, EMPTY_CARD, type CardFields } from './customer-rules'
import { useCustomersStore } from './customers-store'
import { DialogFooter } from '../../ui/DialogFooter'
import { useT } from '../../i18n/i18n'

/** "Add card by hand": a token copied from the gateway's back office, for the open customer. */
export function AddCardDialog({ open, customerName, onClose }: { open: boolean; customerName: string; onClose: () => void }) {
  const t = useT()
  return (
    <Modal open={open} title={t('customers.addCard.title', { name: customerName })} onClose={onClose} size="wide">
      <AddCardBody onClose={onClose} />
    </Modal>
  )
}

function AddCardBody({ onClose }: { onClose: () => void }) {
  const t = useT()
  const addCard = useCustomersStore((state) => state.addCard)
  const [fields, setFields] = useState<CardFields>(EMPTY_CARD)
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [server, setServer] = useState<CallError | null>(null)

  const errors = tried ? checkCard(fields) : {}
  const field = server?.field as keyof CardFields | undefined
  const known = field !== undefined && field in EMPTY_CARD
  const errorFor = (name: keyof CardFields): string | null => errors[name] ?? (known && field === name && server ? server.message : null)
  const set = (change: Partial<CardFields>): void => {
    setServer(null)
    setFields((current) => ({ ...current, ...change }))
  }

  const submit = async (): Promise<void> => {
    if (busy) return
    setTried(true)
    setServer(null)
    if (Object.keys(checkCard(fields)).length > 0) return
    setBusy(true)
    const result = await addCard(fields)
    setBusy(false)
    if (result.ok) onClose()
    else setServer(result.error)
  }

  return (
    <form
      className="form add-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <p className="muted small">{t('customers.addCard.lead')}</p>
      <Field label={t('customers.addCard.token')} error={errorFor('token')} hint={t('customers.addCard.tokenHint')}>
        {(props) => <input {...props} className="mono" value={fields.token} onChange={(e) => set({ token: e.target.value })} autoComplete="off" spellCheck={false} autoFocus />}
      </Field>
      <div className="form-grid">
        <Field label={t('customers.addCard.masked')} error={errorFor('masked')} hint={t('customers.addCard.maskedHint')}>
          {(props) => (
            <input
              {...props}
              className="mono"
              value={fields.masked}
              onChange={(e) => set({ masked: e.target.value })}
              autoComplete="off"
              spellCheck={false}
              maxLength={FIELD_LIMITS.cardMasked}
              placeholder="512091******0038"
            />
          )}
        </Field>
        <Field label={t('customers.addCard.brand')} error={errorFor('brand')}>
          {(props) => (
            <>
              <input
                {...props}
                list="add-card-brands"
                value={fields.brand}
                onChange={(e) => set({ brand: e.target.value })}
                autoComplete="off"
                maxLength={FIELD_LIMITS.cardBrand}
                placeholder={t('customers.addCard.brandPlaceholder')}
              />
              <datalist id="add-card-brands">
                {BRAND_CHOICES.map((brand) => (
                  <option key={brand} value={brand} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>
      <DialogFooter error={server && !known ? server.message : null} busy={busy} submitLabel={t('customers.addCard.add')} busyLabel={t('customers.addCard.adding')} onCancel={onClose} />
    </form>
  )
}
