import './LanguageChoice.css'
import { useState } from 'react'
import { useShellStore } from '../../app/shell-store'
import { currentLanguage, useT } from '../../i18n/i18n'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../src-common/languages'
import { useRadioGroup } from '../../ui/radio-group'

/**
 * The desk's language: English or Bahasa Melayu, each named in itself. A choice switches every word
 * at once (nothing reloads, a form being filled keeps its text) and is remembered for the desk.
 * `compact` on the sign-in screens (before anyone signs in), in full in Settings.
 */
export function LanguageChoice({ compact = false }: { compact?: boolean }) {
  const t = useT()
  const chooseLanguage = useShellStore((state) => state.chooseLanguage)
  const language = currentLanguage()
  // Worded when shown, so that "saved" is said in the language just chosen.
  const [note, setNote] = useState<{ saved: true } | { saved: false; message: string } | null>(null)

  const choose = (next: Language): void => {
    if (next === language) return
    setNote(null)
    void chooseLanguage(next).then((error) => setNote(error ? { saved: false, message: error.message } : compact ? null : { saved: true }))
  }
  const radio = useRadioGroup(LANGUAGES, language, choose)

  return (
    <div className={compact ? 'language-choice language-choice--compact' : 'language-choice'}>
      <div className="language-choice__options" role="radiogroup" aria-label={t('language.choose')}>
        {LANGUAGES.map((option) => (
          <button
            key={option}
            type="button"
            lang={option === 'ms' ? 'ms-MY' : 'en-MY'}
            {...radio(option)}
            className={`choice${option === language ? ' choice--selected' : ''}`}
            onClick={() => choose(option)}
          >
            <strong>{LANGUAGE_NAMES[option]}</strong>
          </button>
        ))}
      </div>
      {note ? (
        <p className={note.saved ? 'saved small' : 'field__error'} role={note.saved ? 'status' : 'alert'}>
          {note.saved ? t('language.saved') : t('language.failed', { message: note.message })}
        </p>
      ) : null}
    </div>
  )
}
