/**
 * The search box, compiled to an FTS5 query. Pure functions, no database: the rules are tested on
 * their own and the repository only runs what comes out.
 *
 * Each word becomes a quoted prefix term (`"word"*`), so nothing the user types is FTS syntax:
 * quotes are doubled, and `*`, `-`, `:`, parentheses, AND/OR/NOT inside quotes are plain text.
 * All words must match (AND). A number-like word (digits with the punctuation of phone numbers)
 * also matches the phone column with its 60/0 prefix removed, so 0123456789, 60123456789 and
 * +60 12-345 6789 find the same order. An order's invoice is indexed with the digits of its last digit
 * group, leading zeros dropped (invoiceDigits), so the last digits a customer reads out find it:
 * 2836, 02836 and 002836 all find INV-2026-002836.
 */

/** More words than this add nothing a person means and only cost time. */
const MAX_WORDS = 12

const PHONE_LIKE = /^\+?[\d\s\-().]+$/
const NUMBER_WORD = /^\+?[\d\-().]*\d[\d\-().]*$/

function quote(term: string): string {
  return `"${term.replaceAll('"', '""')}"`
}

/** Digits without the leading 60 (Malaysia's country code) or 0 (trunk prefix); '' when nothing is left. */
export function nationalDigits(digits: string): string {
  if (digits.startsWith('60')) return digits.slice(2)
  if (digits.startsWith('0')) return digits.slice(1)
  return digits
}

/**
 * The digits of the last group of digits (ASCII) in an invoice number, leading zeros dropped: '2836'
 * for INV-2026-002836, '7' for ORDER-7-B; '' when it has none or only zeros. Indexed beside the
 * invoice (orders_fts's invoice column, PostgreSQL's search column), so that `2836` as a prefix term
 * finds it; the same rule as the SQL of migration 13 (SQLite) and team migration 11 (PostgreSQL).
 */
export function invoiceDigits(invoice: string): string {
  const groups = invoice.match(/[0-9]+/g)
  return (groups?.at(-1) ?? '').replace(/^0+/, '')
}

/** What a number word may also be: the last digits of an invoice, typed with its leading zeros ('' when it has none to drop). */
export function invoiceTailOf(digits: string): string {
  const stripped = digits.replace(/^0+/, '')
  return stripped === digits ? '' : stripped
}

/** Which fields the box is compiled for: an order's have an invoice, a customer's do not. */
export interface SearchFields {
  /** Whether a number with leading zeros is also looked for as an invoice's last digits (orders). */
  invoice?: boolean
}

/** An order's fields, for both engines: a number is looked for among the invoices' last digits too. */
export const ORDER_SEARCH_FIELDS: SearchFields = { invoice: true }

function numberTerm(word: string, fields: SearchFields): string {
  const digits = word.replace(/\D/g, '')
  const alternatives = new Set([quote(digits) + '*'])
  if (word !== digits) alternatives.add(quote(word) + '*')
  const national = nationalDigits(digits)
  if (national !== '' && national !== digits) alternatives.add(`phone : ${quote(national)}*`)
  const tail = fields.invoice === true ? invoiceTailOf(digits) : ''
  if (tail !== '') alternatives.add(`invoice : ${quote(tail)}*`)
  return alternatives.size === 1 ? [...alternatives].join('') : `(${[...alternatives].join(' OR ')})`
}

/** Words that contain something a tokenizer keeps; a lone `*` or `"` would only match nothing. */
function meaningful(word: string): boolean {
  return /[\p{L}\p{N}@._+-]/u.test(word)
}

/**
 * The FTS5 MATCH expression for the search box, or null when the text has no condition in it
 * (empty, blanks, or punctuation only: then every order matches).
 */
export function compileSearchText(text: string | undefined, fields: SearchFields = {}): string | null {
  // Control characters are no part of a search: a NUL would even end FTS5's quoted string early
  // ("unterminated string"). They separate words, like a blank.
  const trimmed = (text ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .normalize('NFC')
    .trim()
  if (trimmed === '') return null
  // A whole box of digits and phone punctuation is one number, even with spaces: "+60 12-345 6789".
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return numberTerm(trimmed.replace(/\s+/g, ''), fields)
  const words = trimmed.split(/\s+/).filter(meaningful).slice(0, MAX_WORDS)
  if (words.length === 0) return null
  return words.map((word) => (NUMBER_WORD.test(word) ? numberTerm(word, fields) : `${quote(word)}*`)).join(' AND ')
}
