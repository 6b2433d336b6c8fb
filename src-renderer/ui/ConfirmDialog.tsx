import type { ReactNode } from 'react'
import { Modal } from './Modal'
import { useT } from '../i18n/i18n'

interface Props {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  onCancel: () => void
  tone?: 'danger' | 'normal'
}

/** A modal question: the Modal with Cancel (focused first) and the confirming button. Escape cancels. */
export function ConfirmDialog({ open, title, children, confirmLabel, onConfirm, onCancel, tone = 'normal' }: Props) {
  const t = useT()
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <div className="dialog__body">{children}</div>
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} autoFocus>
          {t('ui.cancel')}
        </button>
        <button type="button" className={`button${tone === 'danger' ? ' button--danger' : ''}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  )
}
