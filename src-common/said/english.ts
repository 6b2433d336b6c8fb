/**
 * Main's words in English (`CallError.message`, logs, the CLI, the rules' English): the English
 * catalogue's text of a Said, with i18next's placeholders and plural forms. Apart from say.ts because
 * it carries the whole English catalogue, which code that only names a message (the renderer's first
 * screen) does not need.
 */
import { statusLabel, statusWord } from '../status-words'
import { said } from './en'
import { tooLong } from '../field-limits'
import { SAID_FORMATS, type Said, type SaidFormat, type SaidValue } from './say'

const englishPlural = new Intl.PluralRules('en')
const englishNumber = new Intl.NumberFormat('en-MY')

function lookUp(id: string): string | null {
  let node: unknown = { said }
  for (const part of id.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return null
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : null
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*(?:,\s*([A-Za-z]+)\s*)?\}\}/g

/** Fills `{{name}}` and `{{name, format}}` with the values (a Said value worded by `word`, a format by `format`). */
function interpolate(text: string, values: Record<string, SaidValue> | undefined, format: (value: string | number, format: SaidFormat) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string, named: string | undefined) => {
    const value = values?.[name]
    if (value === undefined) return whole
    if (typeof value === 'object') return englishOf(value)
    return named && (SAID_FORMATS as readonly string[]).includes(named) ? format(value, named as SaidFormat) : String(value)
  })
}

function englishFormat(value: string | number, format: SaidFormat): string {
  if (format === 'number') return typeof value === 'number' ? englishNumber.format(value) : value
  return format === 'status' ? statusWord(String(value)) : statusLabel(String(value))
}

/** The English text of a Said; null when the id is not in the catalogue. */
export function englishOrNull(message: Said): string | null {
  const count = message.values?.['count']
  // As i18next: `_zero` for a count of 0 when the text has one, else the language's plural form.
  const plural = typeof count === 'number' ? ((count === 0 ? lookUp(`${message.id}_zero`) : null) ?? lookUp(`${message.id}_${englishPlural.select(count)}`)) : null
  const text = plural ?? lookUp(message.id)
  return text === null ? null : interpolate(text, message.values, englishFormat)
}

/** The English text of a Said (main's logs, the CLI, `CallError.message`); the id itself if it is not in the catalogue. */
export function englishOf(message: Said): string {
  return englishOrNull(message) ?? message.id
}

/** The Said of each message a schema was given through `schemaMessage`, by its English. */
const schemaMessages = new Map<string, Said>()

/**
 * A schema's message (the contract's refusals of a wrong input): the English of `message`, which
 * zod carries as the text. The Said is kept by that text, so that dispatch sends its id
 * with the refusal (`saidOfSchemaMessage`) and the renderer words it in the desk's language: a zod
 * issue carries no id of its own.
 */
export function schemaMessage(message: Said): string {
  const english = englishOf(message)
  const known = schemaMessages.get(english)
  // One text, one message: two ids with the same English would send the wrong one's words.
  if (known && JSON.stringify(known) !== JSON.stringify(message)) throw new Error(`Two schema messages read "${english}": ${known.id} and ${message.id}`)
  schemaMessages.set(english, message)
  return english
}

/** The Said a schema's message was made from (`schemaMessage`); null for any other text. */
export function saidOfSchemaMessage(text: string): Said | null {
  return schemaMessages.get(text) ?? null
}

/** "Use at most N characters" in English: the contract's schemas say it to main's callers. */
export function tooLongMessage(max: number): string {
  return schemaMessage(tooLong(max))
}
