/**
 * The desktop app's own words outside the page: the application menu, the save dialogs' titles and
 * the boxes shown when it cannot start, which main shows itself (and, in English, where browser mode
 * says another copy runs). They follow the desk's language as the screens do (its setting, else the
 * system's: `languageFromSystem`, as the renderer picks it), from main's catalogues (`said.shell.*`
 * in src-common/said/en.ts and ms.ts). Plain texts whose only values are names: no plural, no format.
 */
import type { Language } from '../src-common/languages'
import { said as english } from '../src-common/said/en'
import { said as malay } from '../src-common/said/ms'
import type { SaidId } from '../src-common/said/say'

export type ShellId = Extract<SaidId, `said.shell.${string}.${string}`>

/** A shell text by its id, its `{{name}}` placeholders filled. */
export type ShellWords = (id: ShellId, values?: Readonly<Record<string, string>>) => string

const SECTIONS: Readonly<Record<Language, Readonly<Record<string, Readonly<Record<string, string>>>>>> = { en: english.shell, ms: malay.shell }

export function shellWords(language: Language): ShellWords {
  const sections = SECTIONS[language]
  return (id, values) => {
    const [, , section = '', name = ''] = id.split('.')
    const text = sections[section]?.[name]
    // ShellId allows only ids the English catalogue has, and the Malay one has the same (typecheck).
    if (text === undefined) throw new Error(`no shell text ${id}`)
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => values?.[key] ?? whole)
  }
}
