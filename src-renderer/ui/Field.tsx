import { useId, type ReactNode } from 'react'

interface Props {
  label: string
  /** The error for this field, shown under it and announced. */
  error?: string | null | undefined
  hint?: ReactNode
  /** The request field it edits (`data-field`): what a form filled for staff looks for to put the focus on what still needs input. */
  field?: string | undefined
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => ReactNode
}

/** A labelled form field with its hint and its error. */
export function Field({ label, error, hint, field, children }: Props) {
  const id = useId()
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`field${error ? ' field--invalid' : ''}`} data-field={field}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <div className="field__hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="field__error" id={`${id}-error`} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  )
}
