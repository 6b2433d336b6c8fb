/**
 * The renderer's words: i18next with react-i18next. English is bundled with the first screen; Malay
 * (about 12 kB gzipped) is a chunk of its own, fetched from the app's own files the first time the
 * desk switches to it, or brought by the screens that write to customers (customer-words.ts) (issue
 * 23: the first screen's JavaScript). A switch never reloads the page, so a
 * form being filled keeps what was typed. Components take `t` from `useT()` and formats from
 * `useFormats()`; both re-render on a switch.
 *
 * Why i18next: well kept, small enough here (about 15 kB gzipped with react-i18next), plurals from
 * Intl.PluralRules (Malay has one form, English two), placeholders by its message format. Ids are
 * checked by catalogue.test.ts (see below why not by the types). Lingui compiles messages at
 * build time, which needs a Babel or SWC macro in the Vite build; not worth a second compiler here.
 */
import i18next from 'i18next'
import { initReactI18next, useTranslation } from 'react-i18next'
import type { Catalogue } from './catalogue'
import { en } from './en'
import { formatsFor, warmFormats, type Formats } from './formats'
import type { Language } from '../../src-common/languages'
import { whenIdle } from '../ui/idle'

// Ids are not typed through i18next's CustomTypeOptions: with several hundred ids its types exceed
// TypeScript's instantiation depth (TS2589, i18next/react-i18next #1864) and the typecheck takes
// minutes. catalogue.test.ts checks instead that every id the code asks for is in both catalogues.
declare module 'i18next' {
  interface CustomTypeOptions {
    returnNull: false
  }
}

void i18next.use(initReactI18next).init({
  // Malay arrives with the first switch to it (switchLanguage).
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ms'],
  // React escapes what it renders; escaping here too would show &amp; to staff.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
})

export const i18n = i18next

// Main's messages name an order's status by its code (src-common/said/say.ts): `{{status, status}}`
// in the middle of a sentence, `{{status, statusLabel}}` as its chip says it; a code this app does not
// know is shown as it is.
const statusText = (value: unknown, language: string | undefined): string => {
  const id = `ui.status.${String(value)}`
  return i18next.exists(id) ? i18next.t(id, { lng: language }) : String(value)
}
i18next.services.formatter?.add('statusLabel', (value, language) => statusText(value, language))
i18next.services.formatter?.add('status', (value, language) => {
  const text = statusText(value, language)
  return text === String(value) ? text : text.toLocaleLowerCase(language)
})

// The page says which language it is in (screen readers pick their voice by it).
i18next.on('languageChanged', (language) => {
  // Also loaded by unit tests under plain Node, where there is no page.
  const page = (globalThis as { document?: { documentElement: { lang: string } } }).document
  if (page) page.documentElement.lang = language === 'ms' ? 'ms-MY' : 'en-MY'
})

// Main's messages (src-common/said) come in Malay with the Malay catalogue; in English the renderer
// shows main's own `message`, which is the English catalogue's wording of the same id (englishOf), so
// the English copy (about 7 kB gzipped) is not bundled at all (issue 23: the first screen's JavaScript).

/** The language last asked for: a switch back made while the Malay words were still on their way wins. */
let wanted: Language = 'en'

/** Adds the Malay words (./ms.ts) once: from the chunk fetched by a switch, or from code that needs them at once (customer-words.ts). */
export function addMalay(ms: Catalogue): void {
  if (!i18next.hasResourceBundle('ms', 'translation')) i18next.addResourceBundle('ms', 'translation', ms)
}

/**
 * Switches every word and format on screen; nothing reloads. Malay's words are fetched the first time
 * (./ms.ts); a switch to a language already here happens before this returns.
 */
export async function switchLanguage(language: Language): Promise<void> {
  wanted = language
  if (language === 'ms' && !i18next.hasResourceBundle('ms', 'translation')) {
    addMalay((await import('./ms')).ms)
    if (wanted !== 'ms') return
  }
  if (i18next.language !== language) await i18next.changeLanguage(language)
  void warmFormatsWhenIdle(language)
}

let firstScreenShown: () => void = () => undefined
const firstScreen = new Promise<void>((resolve) => (firstScreenShown = resolve))

/** Called once the first screen (the sign-in, the first Admin's form or the screens) is on the page. */
export function firstScreenIsShown(): void {
  firstScreenShown()
}

/**
 * Builds a language's formatters ahead, one at a time when the page is idle (the sign-in form waiting
 * for its PIN, a sign-in waiting for its check), so that the first money or time on a screen does not
 * pay for it. Not before the first screen is on the page: the page is idle too while it waits for the
 * session's state, and a formatter built then (the first one loads the locale's data, 5 to 17 ms)
 * held up the sign-in form that the answer brings (issue 23).
 */
async function warmFormatsWhenIdle(language: Language): Promise<void> {
  await firstScreen
  for (const step of warmFormats(language)) {
    await whenIdle()
    step()
  }
}

export function currentLanguage(): Language {
  return i18next.language === 'ms' ? 'ms' : 'en'
}

/** The `t` of the current language; the component re-renders when it changes. */
export function useT(): ReturnType<typeof useTranslation>['t'] {
  return useTranslation().t
}

/** Money, numbers and times in the current language (Malaysia time); re-renders on a switch. */
export function useFormats(): Formats {
  const { i18n: instance } = useTranslation()
  return formatsFor(instance.language === 'ms' ? 'ms' : 'en')
}

/** For code outside components (stores, pure wording helpers): the words of the current language. */
export const t = i18next.t.bind(i18next)
