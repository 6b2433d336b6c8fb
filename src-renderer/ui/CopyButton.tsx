import { useEffect, useState } from 'react'
import { useT } from '../i18n/i18n'

interface Props {
  /** What is copied; read when the button is pressed. */
  text: () => string
  label: string
  className?: string
}

/** A button that copies text to the clipboard and says whether it worked. */
export function CopyButton({ text, label, className = 'button button--secondary' }: Props) {
  const t = useT()
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), 2500)
    return () => clearTimeout(timer)
  }, [state])

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text())
      setState('copied')
    } catch {
      setState('failed')
    }
  }

  return (
    <>
      <button type="button" className={className} onClick={() => void copy()}>
        {state === 'copied' ? t('ui.copy.copied') : label}
      </button>
      <span className={state === 'failed' ? 'field__error' : 'visually-hidden'} role="status">
        {state === 'copied' ? t('ui.copy.copiedAnnounce') : state === 'failed' ? t('ui.copy.buttonFailed') : ''}
      </span>
    </>
  )
}
