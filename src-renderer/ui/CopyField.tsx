import './CopyField.css'
import { useEffect, useId, useState } from 'react'
import { useT } from '../i18n/i18n'

interface Props {
  label: string
  value: string
  /** Hide the label visually (it stays for screen readers). */
  hideLabel?: boolean
}

/** A read-only address in monospace, selected on focus, with a Copy button that says when it worked. */
export function CopyField({ label, value, hideLabel = false }: Props) {
  const t = useT()
  const id = useId()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state !== 'copied') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <div className="copy-field">
      <label htmlFor={id} className={hideLabel ? 'visually-hidden' : 'copy-field__label'}>
        {label}
      </label>
      <div className="input-row">
        <input id={id} className="copy-field__input mono" readOnly value={value} onFocus={(e) => e.target.select()} spellCheck={false} />
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {state === 'copied' ? t('ui.copy.copied') : t('ui.copy.copy')}
        </button>
      </div>
      <span className="visually-hidden" role="status">
        {state === 'copied' ? t('ui.copy.copiedAnnounce') : ''}
      </span>
      {state === 'failed' ? (
        <div className="field__error" role="alert">
          {t('ui.copy.fieldFailed')}
        </div>
      ) : null}
    </div>
  )
}
