import { useId } from 'react'

interface Props {
  label: string
  value: string
  onChange: (value: string) => void
  maxLength: number
  placeholder: string
  /** Shown under the box, and marks it invalid. */
  problem?: string | null
}

/** Why staff do something: a short text box for the timeline and the audit log. */
export function ReasonField({ label, value, onChange, maxLength, placeholder, problem = null }: Props) {
  const id = useId()
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
      />
      {problem ? (
        <div className="field__error" id={`${id}-error`} role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  )
}
