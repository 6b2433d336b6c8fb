/**
 * Main's words as data: a message id with its values (`{ id: 'said.records.order', values: { id: 42 } }`),
 * worded by whoever shows it. The renderer words it in the desk's language from its catalogues (the
 * section `said`, this folder's en.ts and ms.ts; src-renderer/api.ts); main words the English text of
 * its logs, the CLI and `CallError.message` from en.ts with `englishOf`, in i18next's message format:
 * `{{name}}` placeholders, `{{max, number}}` for a grouped number, `_zero`/`_one`/`_other` ids chosen
 * by `count`, and two formats of this app: `{{status, status}}` (an order's status code in the middle
 * of a sentence: "paid") and `{{status, statusLabel}}` (as its chip says it: "Paid"), which the
 * renderer words with its `ui.status.*` ids. Main never stores words: an id and its values travel.
 *
 * A value is data (a number, an invoice number, a name, the gateway's own text) or, for a message
 * that carries another whole one (the gateway's failure inside "No link was created"), a Said.
 *
 * Pure: no Node, no DOM.
 */
import { statusLabel, statusWord } from '../status-words'
import { said } from './en'

export type SaidValue = string | number | Said

export interface Said {
  id: string
  values?: Record<string, SaidValue>
}

type Leaves<T, Prefix extends string> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K extends `${infer Base}_${'zero' | 'one' | 'other'}` ? Base : K}` : Leaves<T[K], `${Prefix}${K}.`>
}[keyof T & string]

/** Every id of main's catalogue, as the renderer knows it (`said.…`); a mistyped id fails the typecheck. */
export type SaidId = Leaves<typeof said, 'said.'>

/** Whether a stored value has a Said's shape (a timeline row's details are read back from the history). */
export function isSaid(value: unknown): value is Said {
  if (typeof value !== 'object' || value === null) return false
  const { id, values } = value as { id?: unknown; values?: unknown }
  if (typeof id !== 'string') return false
  if (values === undefined) return true
  if (typeof values !== 'object' || values === null) return false
  return Object.values(values).every((inner) => typeof inner === 'string' || typeof inner === 'number' || isSaid(inner))
}

/** A message of main's catalogue with its values. */
export function say(id: SaidId, values?: Record<string, SaidValue>): Said {
  return values ? { id, values } : { id }
}

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

/** The formats a placeholder may name after a comma. */
export const SAID_FORMATS = ['number', 'status', 'statusLabel'] as const
export type SaidFormat = (typeof SAID_FORMATS)[number]

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
