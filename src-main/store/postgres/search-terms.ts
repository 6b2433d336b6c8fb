/**
 * The search box on PostgreSQL: what SQLite's FTS5 index (store/migration-2-history.ts) and
 * compileSearchText (store/order-search.ts) do, as a normalised text column matched with LIKE and
 * served by a trigram index, plus a B-tree for invoice numbers (team-schema.ts, migration 2). Pure
 * functions, no database.
 *
 * **Tokens.** FTS5's unicode61 keeps letters, digits and the tokenchars `@ . _ + -`, folds case and
 * removes diacritics. Here the column (SQL, `team.search_fold`) and the box (`searchWords`) take the
 * same steps from one list of separators (SEPARATOR_RANGES), so that what is typed and what is stored
 * are cut alike whatever the database's locale: decompose (NFD), drop the combining marks
 * U+0300–U+036F, lower-case, separators to one blank. (Lower-casing letters beyond ASCII is the
 * database's LC_CTYPE's: a UTF-8 one such as C.UTF-8 or en_US.UTF-8 folds them as JavaScript does.)
 *
 * **The column** holds those tokens with a blank in front of each, every searched field a section of
 * its own (` | ` between sections, so that no phrase runs from one field into the next):
 *
 *   " | siti aminah binti abdullah | sitiǁaminahǂgmailǁcom | 60123456789 123456789 #60123456789 #123456789 | 4242 | grefǀ88123456 3f2a… "
 *
 * A word of the box is a prefix of a token when the column contains blank + word, as FTS5's
 * `"word"*`; a word FTS5 splits into several tokens (`o'neil`) is a phrase there and `o neil` here.
 * - The phone's tokens appear a second time marked with `#`: FTS5's `phone : "…"*`, a match in the
 *   phone column only, is blank + `#…` here.
 * - Inside a token, `- . @ _ +` are stored as letters of their own (STAND_INS), in the column and in
 *   the patterns alike. The trigram index reads only letters and digits, so `inv-2026-000123` would
 *   be three words to it and `inv-2026-44` would find every row with an `inv`, a `2026` and a word
 *   starting `44` somewhere, each to be read and refused; as one word it finds what it should.
 * - The invoice number's first token is not in this column but in `invoice_key` (the whole invoice,
 *   folded), under a B-tree: `invoice_key like 'word%'`. Invoice numbers share long prefixes by the
 *   ten thousand, all in one stretch of ids; the B-tree lists the ids of a prefix without reading a
 *   row, which the trigram index cannot (order-search-pg.ts). Its later tokens, if any, stay here.
 *
 * **The box** becomes terms (every one must match), each a list of alternatives (any may match), as
 * compileSearchText makes them: words are prefix terms, a number also matches the phone without its
 * 60 or 0, at most 12 words, control characters are blanks.
 */
import { invoiceTailOf, nationalDigits, type SearchFields } from '../order-search'

/**
 * Code points that end a token (inclusive ranges). Everything else is part of one: letters, digits,
 * `@ . _ + -`, and scripts without separators of their own. ASCII punctuation and controls, Latin-1
 * symbols, the general and supplemental punctuation blocks, currency, arrows, mathematical and
 * technical symbols, box drawing, dingbats, CJK and full-width punctuation, emoji; and the letters
 * used as STAND_INS, so that only the ones the column puts there are in it.
 */
export const SEPARATOR_RANGES: readonly (readonly [number, number])[] = [
  [0x01, 0x2a], // controls, blank, ! " # $ % & ' ( ) *
  [0x2c, 0x2c], // ,
  [0x2f, 0x2f], // /
  [0x3a, 0x3f], // : ; < = > ?
  [0x5b, 0x5e], // [ \ ] ^
  [0x60, 0x60], // `
  [0x7b, 0xa9], // { | } ~ DEL, C1 controls, no-break space … ©
  [0xab, 0xb1], // « ¬ soft hyphen ® ¯ ° ±
  [0xb4, 0xb4],
  [0xb6, 0xb8],
  [0xbb, 0xbb],
  [0xbf, 0xbf],
  [0xd7, 0xd7],
  [0xf7, 0xf7],
  [0x1c0, 0x1c3], // the click letters ǀ ǁ ǂ ǃ (STAND_INS)
  [0x294, 0x294], // ʔ (STAND_INS)
  [0x2000, 0x206f], // general punctuation (spaces, dashes, quotes, zero-width characters)
  [0x20a0, 0x20cf], // currency
  [0x2190, 0x245f], // arrows, mathematical operators, technical symbols
  [0x2500, 0x2775], // box drawing, shapes, miscellaneous symbols, dingbats
  [0x2794, 0x2bff],
  [0x2e00, 0x2e7f], // supplemental punctuation
  [0x3000, 0x3004], // CJK punctuation
  [0x3008, 0x3020],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe6f],
  [0xfeff, 0xfeff],
  [0xff01, 0xff0f], // full-width punctuation
  [0xff1a, 0xff20],
  [0xff3b, 0xff40],
  [0xff5b, 0xff65],
  [0xfff0, 0xffff],
  [0x1f000, 0x1faff], // emoji and pictographs
  [0xe0000, 0xe007f],
]

/** The tokenchars inside a token, and the letters (without case, unchanged by NFD) that stand for them in the column. */
export const STAND_INS: readonly (readonly [string, string])[] = [
  ['-', '\u01c0'],
  ['.', '\u01c1'],
  ['@', '\u01c2'],
  ['_', '\u01c3'],
  ['+', '\u0294'],
]

const hex = (codePoint: number, width: number): string => codePoint.toString(16).padStart(width, '0')

/** The class as a JavaScript regular expression (u flag). */
const SEPARATORS = new RegExp(`[${SEPARATOR_RANGES.map(([from, to]) => (from === to ? `\\u{${hex(from, 4)}}` : `\\u{${hex(from, 4)}}-\\u{${hex(to, 4)}}`)).join('')}]+`, 'gu')

/**
 * The column's own markers: ` | ` between sections and `#` before the phone's marked tokens. Both are
 * separators in what is typed and in the fields themselves (team.search_clean turns them to blanks
 * before folding), so the markers in the column are the only ones, and no box can produce them.
 */
const MARKERS = ['|', '#'].map((c) => c.codePointAt(0) ?? 0)

/** The separator ranges without the markers: the class of team.search_fold, which keeps them. */
function withoutMarkers(ranges: readonly (readonly [number, number])[]): [number, number][] {
  let out: [number, number][] = ranges.map(([from, to]) => [from, to])
  for (const marker of MARKERS) {
    out = out.flatMap(([from, to]): [number, number][] => {
      if (marker < from || marker > to) return [[from, to]]
      const parts: [number, number][] = []
      if (from < marker) parts.push([from, marker - 1])
      if (marker < to) parts.push([marker + 1, to])
      return parts
    })
  }
  return out
}

/** A class in PostgreSQL's regular expressions (character-entry escapes, valid in a bracket expression). */
function sqlEscape(codePoint: number): string {
  return codePoint > 0xffff ? `\\U${hex(codePoint, 8)}` : `\\u${hex(codePoint, 4)}`
}
export const SQL_FOLD_CLASS = `[${withoutMarkers(SEPARATOR_RANGES)
  .map(([from, to]) => (from === to ? sqlEscape(from) : `${sqlEscape(from)}-${sqlEscape(to)}`))
  .join('')}]+`

const COMBINING = /[\u0300-\u036f]+/g
const UPPER = /[\p{Lu}\p{Lt}]/gu

/**
 * The tokens of `value` as the search column stores them: folded, separated by one blank. Lower-cased
 * a character at a time, as PostgreSQL's lower() does (JavaScript's would make a final Σ a ς).
 */
export function searchWords(value: string): string {
  return value
    .normalize('NFD')
    .replace(COMBINING, '')
    .replace(UPPER, (c) => c.toLowerCase())
    .replace(SEPARATORS, ' ')
    .trim()
}

/** Folded tokens as the trigram column holds them (STAND_INS for the tokenchars). */
export function withStandIns(tokens: string): string {
  let out = tokens
  for (const [tokenchar, standIn] of STAND_INS) out = out.replaceAll(tokenchar, standIn)
  return out
}

/** One way a word of the box may match. */
export type SearchAlternative =
  /** A token (or, for several, a phrase of tokens) starts with these folded tokens, in any field. */
  | { token: string }
  /** A token of the phone starts with these digits. */
  | { phone: string }
  /**
   * A token of the invoice starts with these digits: of its number, or its last digits (the digits of
   * its last digit group without their leading zeros, invoiceDigits), as FTS5's `invoice : "2836"*`.
   */
  | { invoice: string }

/** The text an alternative looks for at the start of the invoice numbers (invoice_key), null for a phone's. */
export function invoiceKeyText(alternative: SearchAlternative): string | null {
  if ('token' in alternative) return alternative.token
  if ('invoice' in alternative) return alternative.invoice
  return null
}

/** More words than this add nothing a person means and only cost time (as on SQLite). */
const MAX_WORDS = 12
const PHONE_LIKE = /^\+?[\d\s\-().]+$/
const NUMBER_WORD = /^\+?[\d\-().]*\d[\d\-().]*$/

function numberTerm(word: string, fields: SearchFields): SearchAlternative[] {
  const digits = word.replace(/\D/g, '')
  const alternatives: SearchAlternative[] = [{ token: digits }]
  const spelled = searchWords(word)
  if (word !== digits && spelled !== '' && spelled !== digits) alternatives.push({ token: spelled })
  const national = nationalDigits(digits)
  if (national !== '' && national !== digits) alternatives.push({ phone: national })
  const tail = fields.invoice === true ? invoiceTailOf(digits) : ''
  if (tail !== '') alternatives.push({ invoice: tail })
  return alternatives
}

/** Words that contain something a tokenizer keeps; a lone `*` or `"` would only match nothing. */
function meaningful(word: string): boolean {
  return /[\p{L}\p{N}@._+-]/u.test(word)
}

/**
 * The search box as terms: every term must match, through any of its alternatives. Null when the box
 * holds no condition (empty, blanks, punctuation only: every row matches), as compileSearchText's.
 */
export function compileSearchTerms(text: string | undefined, fields: SearchFields = {}): SearchAlternative[][] | null {
  // Control characters separate words, like a blank (as on SQLite).
  const trimmed = (text ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .normalize('NFC')
    .trim()
  if (trimmed === '') return null
  // A whole box of digits and phone punctuation is one number, even with spaces: "+60 12-345 6789".
  if (PHONE_LIKE.test(trimmed) && /\d/.test(trimmed)) return [numberTerm(trimmed.replace(/\s+/g, ''), fields)]
  const words = trimmed.split(/\s+/).filter(meaningful).slice(0, MAX_WORDS)
  const terms: SearchAlternative[][] = []
  for (const word of words) {
    if (NUMBER_WORD.test(word)) {
      terms.push(numberTerm(word, fields))
      continue
    }
    const spelled = searchWords(word)
    // Only combining marks, say: nothing FTS5 would index either.
    if (spelled !== '') terms.push([{ token: spelled }])
  }
  return terms.length === 0 ? null : terms
}

/** LIKE's own characters, escaped with its default escape, the backslash. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&')
}

/**
 * The trigram index is asked about at most this many characters of a word: each more is one more
 * trigram's list to merge, and past a dozen characters a word selects no fewer rows.
 */
const INDEXED_CHARACTERS = 12

/** From this many characters on, a word with digits is looked up in the trigram index without its start (see needle). */
const LONG_WORD = 7

/**
 * What the SQL of one alternative needs: `text` is a blank and the word (or `#` and the digits) that
 * must start a token. The trigram index is asked for the word without its blank and marker (`%word%`,
 * its first dozen characters): the trigrams of a token's start ("  s", " 60") are in most rows, and
 * merging their lists costs more than the rest of the lookup. Its place at a token's start is then
 * checked on the rows found, as plain text (strpos: no pattern, no index). Except for a word of one or
 * two characters (it has no trigram of its own), and for a short one with digits (its digits occur
 * inside the long numbers of many rows): a token's start is what makes those selective, `% word%`.
 */
function needle(text: string): { like: string; exact: string | null } {
  const core = Array.from(text.replace(/^[^\p{L}\p{N}]+/u, ''))
  if (core.length < 3 || (core.length < LONG_WORD && core.some((c) => /\p{N}/u.test(c)))) return { like: `%${escapeLike(text)}%`, exact: null }
  return { like: `%${escapeLike(core.slice(0, INDEXED_CHARACTERS).join(''))}%`, exact: text }
}

/**
 * The bounds of the strings that start with `prefix`, for a B-tree in byte order (text_pattern_ops):
 * `prefix <= s < next`, where next is the prefix with its last character the next one (UTF-8 keeps
 * the order of code points). Exactly LIKE 'prefix%', without matching a pattern on every entry.
 */
export function prefixRange(prefix: string): { low: string; high: string } {
  const chars = Array.from(prefix)
  const last = chars.pop()?.codePointAt(0)
  if (last === undefined) return { low: '', high: '\u{10FFFF}' }
  // Past U+D7FF come the surrogates, no character of their own; past U+10FFFF nothing (a noncharacter, never typed).
  const next = last === 0xd7ff ? 0xe000 : Math.min(last + 1, 0x10ffff)
  return { low: prefix, high: chars.join('') + String.fromCodePoint(next) }
}

/** `invoice_key like` pattern of a token alternative: an invoice whose first tokens start with it. */
export function invoicePrefix(token: string): string {
  return `${escapeLike(token)}%`
}

/**
 * SQL for the terms on the row alias `alias` (which has `search`, and `invoice_key` for orders), with
 * its parameters put in `params` under names starting with `prefix`. `invoiceKey(term, alternative)`
 * says whether a token alternative is also looked for at the start of the invoice (false for
 * customers, and for a prefix no invoice has). Only the shape (how many words and alternatives) comes
 * from the box; what was typed is bound, never SQL.
 */
export function termConditions(
  alias: string,
  terms: readonly (readonly SearchAlternative[])[],
  params: Record<string, unknown>,
  options: { invoiceKey: (term: number, alternative: number) => boolean; prefix?: string },
): string {
  const prefix = options.prefix ?? 't'
  let n = 0
  const bind = (value: string): string => {
    const name = `${prefix}${String(n)}`
    n += 1
    params[name] = value
    return `@${name}`
  }
  const inSearch = (text: string): string => {
    const { like, exact } = needle(text)
    const indexed = `${alias}.search like ${bind(like)}`
    return exact === null ? indexed : `(${indexed} and strpos(${alias}.search, ${bind(exact)}) > 0)`
  }
  return terms
    .map((alternatives, t) => {
      const ors = alternatives.flatMap((alternative, a) => {
        if ('phone' in alternative) return [inSearch(` #${alternative.phone}`)]
        if ('invoice' in alternative) {
          // The invoice's section comes first in the column: a token of it starts before the first ` | `.
          const inInvoice = `(${inSearch(` ${alternative.invoice}`)} and strpos(${alias}.search, ${bind(` ${alternative.invoice}`)}) < strpos(${alias}.search, ' | '))`
          return options.invoiceKey(t, a) ? [`${alias}.invoice_key like ${bind(invoicePrefix(alternative.invoice))}`, inInvoice] : [inInvoice]
        }
        const inColumn = inSearch(` ${withStandIns(alternative.token)}`)
        return options.invoiceKey(t, a) ? [`${alias}.invoice_key like ${bind(invoicePrefix(alternative.token))}`, inColumn] : [inColumn]
      })
      return ors.length === 1 ? (ors[0] ?? 'true') : `(${ors.join(' or ')})`
    })
    .join(' and ')
}

/**
 * The SQL side, for migration 2 (all immutable: the same text always gives the same column). The SQL
 * functions are plain expressions, not strict, so that PostgreSQL inlines them into the column's
 * expression (a call that is not inlined costs more than the work); the phone's is PL/pgSQL.
 * - `team.search_fold(text)`: searchWords, the markers kept. Text in ASCII alone (nearly all of it)
 *   needs no decomposition: that step, the dearest, is skipped for it.
 * - `team.search_clean(text)`: a field's own `|` and `#` to blanks (they are separators anyway).
 * - `team.search_words(text)`: searchWords exactly (for tests that hold the two side by side).
 * - `team.search_stand_ins(text)`: withStandIns.
 * - `team.search_phone(text)`: the phone as SQLite indexes it (its digits, then without a leading 60
 *   or 0, the punctuation people type removed the same way), then the same tokens marked with `#`.
 * - `team.search_name(text)`: a name, plus (when it has `-` or `.`) the same with those turned into
 *   blanks, as SQLite's: "Siew-Ling" is found by "ling".
 * - `team.order_search_text(…)`, `team.customer_search_text(…)`: the trigram column, one fold per row;
 *   the order's leaves out the invoice's first token (it is `team.search_words(invoice_number)`'s, the
 *   invoice_key column, under a B-tree).
 */
function orderSearchTextSql(verb: 'create' | 'create or replace', invoiceDigits: string): string {
  return `${verb} function team.order_search_text(invoice text, name text, email text, phone text, card text, gateway_reference text, request_id text, payment_id text) returns text
    language sql immutable parallel safe
    return ' ' || team.search_stand_ins(team.search_fold(
      coalesce(pg_catalog.regexp_replace(team.search_words(invoice), '^[^ ]*', ''), '')${invoiceDigits} || ' | ' || coalesce(team.search_clean(team.search_name(name)), '')
      || ' | ' || coalesce(team.search_clean(email), '') || ' | ' || coalesce(team.search_phone(phone), '') || ' | ' || coalesce(team.search_clean(card), '')
      || ' | ' || team.search_clean(coalesce(gateway_reference, '') || ' ' || coalesce(request_id, '') || ' ' || coalesce(payment_id, '')))) || ' ';`
}

export const SEARCH_FUNCTIONS_SQL = `
  create function team.search_fold(value text) returns text
    language sql immutable parallel safe
    return pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.lower(
        case when pg_catalog.octet_length(value) = pg_catalog.char_length(value) then value
          else pg_catalog.regexp_replace(pg_catalog.normalize(value, 'NFD'), '[\\u0300-\\u036f]+', '', 'g') end),
      '${SQL_FOLD_CLASS}', ' ', 'g'));
  create function team.search_clean(value text) returns text
    language sql immutable parallel safe
    return pg_catalog.replace(pg_catalog.replace(value, '|', ' '), '#', ' ');
  create function team.search_words(value text) returns text
    language sql immutable parallel safe
    return team.search_fold(team.search_clean(value));
  create function team.search_stand_ins(value text) returns text
    language sql immutable parallel safe
    return ${STAND_INS.reduce((expression, [tokenchar, standIn]) => `pg_catalog.replace(${expression}, '${tokenchar}', '${standIn}')`, 'value')};
  create function team.search_phone(phone text) returns text
    language plpgsql immutable strict parallel safe as $$
    declare
      d text := pg_catalog.translate(phone, ' -+()./', '');
      t text;
    begin
      if d = '' then
        return null;
      end if;
      t := team.search_words(d || ' ' || case when d like '60%' then pg_catalog.substr(d, 3) when d like '0%' then pg_catalog.substr(d, 2) else '' end);
      if t = '' then
        return null;
      end if;
      return t || ' #' || pg_catalog.replace(t, ' ', ' #');
    end
    $$;
  create function team.search_name(name text) returns text
    language sql immutable parallel safe
    return name || case when pg_catalog.strpos(name, '-') > 0 or pg_catalog.strpos(name, '.') > 0 then ' ' || pg_catalog.translate(name, '-.', '  ') else '' end;
  ${orderSearchTextSql('create', '')}
  create function team.customer_search_text(name text, email text, phone text) returns text
    language sql immutable parallel safe
    return ' ' || team.search_stand_ins(team.search_fold(coalesce(team.search_clean(team.search_name(name)), '') || ' | ' || coalesce(team.search_clean(email), '')
      || ' | ' || coalesce(team.search_phone(phone), ''))) || ' ';
`

/**
 * Team migration 11's functions (SQLite migration 13's meaning, migration-13-invoice-digits.ts):
 * - `team.invoice_digits(text)`: order-search.ts's invoiceDigits, the digits of the last digit group
 *   without their leading zeros, null when there are none;
 * - `team.order_search_text(…)` again, with those digits at the end of the invoice's section (the
 *   first, before the first ` | `: an `invoice` alternative is a token that starts before it).
 * Run after the search columns that call it are dropped, and before they are added again.
 */
export const INVOICE_DIGITS_FUNCTIONS_SQL = `
  create function team.invoice_digits(invoice text) returns text
    language sql immutable parallel safe
    return nullif(pg_catalog.ltrim(pg_catalog.substring(invoice, '([0-9]+)[^0-9]*$'), '0'), '');
  ${orderSearchTextSql('create or replace', " || coalesce(' ' || team.invoice_digits(invoice), '')")}
`

/** The orders' search column's expression (team migrations 2 and 11). */
export const ORDER_SEARCH_EXPRESSION = `team.order_search_text(
      invoice_number, customer_name, customer_email, customer_phone, card_last4, gateway_reference_id, request_id, payment_id)`

/**
 * Trigram indexes (GIN) on the `search` column of each table, `[index, schema.table]`, with pg_trgm's
 * operator class in whichever schema the extension lives: looked up, so that an index does not depend
 * on the search_path.
 */
export function trigramIndexesSql(indexes: readonly (readonly [string, string])[]): string {
  return `do $$
  declare
    trgm text := (select n.nspname from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm');
  begin
    ${indexes.map(([name, table]) => `execute format('create index ${name} on ${table} using gin (search %I.gin_trgm_ops)', trgm);`).join('\n    ')}
  end
  $$;`
}
