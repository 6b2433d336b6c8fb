import './dialog.css'
import { useEffect, useId, useRef, type ReactNode } from 'react'

interface Props {
  open: boolean
  title: string
  /** Escape, or the caller's own Cancel button. */
  onClose: () => void
  children: ReactNode
  /** Wider than a question (a form, a receipt). */
  size?: 'normal' | 'wide'
  className?: string
}

/**
 * A modal on the native <dialog> for more than a yes/no question (a small form, a receipt): focus is
 * trapped, Escape closes. The caller draws its own buttons.
 */
export function Modal({ open, title, onClose, children, size = 'normal', className }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) element.showModal()
    if (!open && element.open) element.close()
  }, [open])
  return (
    <dialog
      ref={dialog}
      className={`dialog${size === 'wide' ? ' dialog--wide' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault()
        // React passes a dialog's cancel to the dialogs around it in the tree: only the topmost closes.
        event.stopPropagation()
        onClose()
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {open ? children : null}
    </dialog>
  )
}
