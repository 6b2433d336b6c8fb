import type { ReactNode } from 'react'
import { useT } from '../i18n/i18n'

interface Props {
  submitLabel: string
  /** An error that names no field: shown above the buttons. */
  formError: string | null
  saved: boolean
  /** More buttons beside the submit one. */
  children?: ReactNode
}

/** The end of a settings form: its own error, the submit button, extra actions, and "Saved". */
export function FormFooter({ submitLabel, formError, saved, children }: Props) {
  const t = useT()
  return (
    <>
      {formError ? (
        <div className="alert alert--error" role="alert">
          {formError}
        </div>
      ) : null}
      <div className="form__actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {children}
        {saved ? (
          <span className="saved" role="status">
            {t('ui.saved')}
          </span>
        ) : null}
      </div>
    </>
  )
}
