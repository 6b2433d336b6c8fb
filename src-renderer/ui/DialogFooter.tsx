import './dialog.css'
import { useT } from '../i18n/i18n'

interface Props {
  /** An error that names no field: shown above the buttons. */
  error: string | null
  busy: boolean
  submitLabel: string
  /** What the submit button says while the call runs ("Saving…"). */
  busyLabel: string
  onCancel: () => void
}

/** The end of a dialog's form: its own error, then Cancel and the submit button (both off while busy). */
export function DialogFooter({ error, busy, submitLabel, busyLabel, onCancel }: Props) {
  const t = useT()
  return (
    <>
      {error ? (
        <div className="alert alert--error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
          {t('ui.cancel')}
        </button>
        <button type="submit" className="button" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  )
}
