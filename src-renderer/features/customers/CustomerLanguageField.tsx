import { Field } from '../../ui/Field'
import { currentLanguage, useT } from '../../i18n/i18n'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../src-common/languages'

interface Props {
  value: Language | null
  onChange: (language: Language | null) => void
  /** What "none chosen" means here: the customer has none yet, or a link keeps the customer's saved one. */
  none: 'desk' | 'saved'
}

/** The language a customer reads: the drafts, the receipt, the gateway's channel page. */
export function CustomerLanguageField({ value, onChange, none }: Props) {
  const t = useT()
  const desk = LANGUAGE_NAMES[currentLanguage()]
  return (
    <Field label={t('customerTexts.language.label')} hint={t('customerTexts.language.hint')}>
      {(props) => (
        <select {...props} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? null : (e.target.value as Language))}>
          <option value="">{none === 'desk' ? t('customerTexts.language.asDesk', { language: desk }) : t('customerTexts.language.asSaved', { language: desk })}</option>
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language === 'ms' ? 'ms-MY' : 'en-MY'}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
