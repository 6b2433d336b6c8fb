/**
 * The words a customer reads (a payment link's e-mail and WhatsApp drafts, a phone order's receipt)
 * are in the customer's language, which may not be the desk's: a clerk working in English sends a
 * customer who chose Bahasa Melayu a Malay message. A customer with no language chosen gets the desk's.
 */
import type { TFunction } from 'i18next'
import { addMalay, currentLanguage, i18n } from './i18n'
import { formatsFor, type Formats } from './formats'
import type { Language } from '../../src-common/languages'
import { ms } from './ms'

// A customer's words are needed at once, in either language, whatever the desk's: the Malay catalogue
// comes with the screens that write to customers (i18n.ts fetches it on demand otherwise).
addMalay(ms)

export interface CustomerWords {
  language: Language
  t: TFunction
  formats: Formats
}

export function customerWords(language: Language | null): CustomerWords {
  const chosen = language ?? currentLanguage()
  return { language: chosen, t: i18n.getFixedT(chosen), formats: formatsFor(chosen) }
}

/**
 * Text that leaves the app (an e-mail or WhatsApp message, a receipt printer) with ordinary spaces:
 * Intl's no-break spaces (after RM, in some times) show as stray marks on receipt printers' code pages.
 */
export const plainSpaces = (text: string): string => text.replace(/[\u00a0\u202f]/g, ' ')
