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
import type { said } from './en'

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

/** The formats a placeholder may name after a comma. */
export const SAID_FORMATS = ['number', 'status', 'statusLabel'] as const
export type SaidFormat = (typeof SAID_FORMATS)[number]
