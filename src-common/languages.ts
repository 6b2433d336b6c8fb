/** The languages of the app's words (the renderer's screens, the desktop menu main shows), and how a first start picks one from the system's. */

export const LANGUAGES = ['en', 'ms'] as const
export type Language = (typeof LANGUAGES)[number]

/** Each language's name in itself, as the language setting lists them. */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', ms: 'Bahasa Melayu' }

/**
 * The first of the system's preferred languages the app speaks ("ms", "ms-MY", "ms-BN" → Bahasa
 * Melayu), English otherwise.
 */
export function languageFromSystem(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split(/[-_]/)[0]
    if (base === 'ms' || base === 'en') return base
  }
  return 'en'
}
