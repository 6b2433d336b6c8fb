/**
 * Order search on PostgreSQL: the same `OrderSearch`, the same rows, as sqlite/order-search-sqlite.ts,
 * over the search columns and their indexes (team-schema.ts, migration 2; search-terms.ts says what
 * the columns hold and how the box becomes conditions).
 *
 * The plan is decided here, in steps, because the planner cannot know that only `limit` rows are
 * wanted nor how the matches spread over the ids (a walk by id with a filter looks cheap to it when
 * it expects matches everywhere, and passes every newer order when they are all in one old stretch):
 * 0. **Invoices**: each word is looked up at the start of the invoice numbers (their B-tree, index
 *    entries only, counted up to `dense` + 1). A word no invoice starts with leaves the invoice out
 *    of its condition, so the trigram index answers for all the words together.
 * 1. **The newest orders first**: the conditions are checked on the `window` newest ids below the
 *    cursor (a range of the primary key: at most `window` rows, whatever the conditions). A common
 *    condition (a frequent name, a status most orders have, the last few days) fills the page here;
 *    one a little less common (the window held some matches, not a page) goes on to the ids just
 *    below, as many as the window's share of matches says the page needs (at most `stretch`).
 *    Skipped when the planner's estimate of the matches (its statistics, nothing read) says the
 *    window would hold very few of them: a phone, an e-mail, a rare status; when the period searched
 *    ended before the window's first order was made; and when the search is one word that starts
 *    more than `dense` invoices (step 2 lists its ids from the B-tree alone).
 * 2. **The rest through the indexes**, when the window held fewer matches than the page wants (the
 *    conditions are selective, or their orders are older):
 *    - a word that starts more than `dense` invoice numbers (a stretch of consecutive invoices): the
 *      ids come from the invoice B-tree alone, and the word's matches in the other fields from the
 *      trigram index, newest first; the rows are then read and checked until the page is full;
 *    - anything else: the ids are asked for in an order the primary key cannot give (so that the
 *      planner does not walk it), and the planner combines the indexes that select (trigram, invoice,
 *      status, channel, date, amount) as bitmaps, or reads a range of a covering index alone, and
 *      sorts the few ids they give; the rows of the page are read last.
 * Needing review is a condition on a partial index of few rows, and with no condition at all the page
 * is the newest ids: both are one plain walk.
 *
 * Each statement sees the rows committed when it starts (read committed): the steps read disjoint id
 * ranges, so a page never holds a row twice.
 */
import type { SqlDatabase, SqlStatement } from '../database'
import type { OrderSearch, OrderStatus } from '../history-types'
import type { OrderCountQuery, OrderRecord, OrderSearchEngine } from '../orders'
import { ORDER_SEARCH_FIELDS } from '../order-search'
import { compileSearchTerms, invoiceKeyText, prefixRange, termConditions, type SearchAlternative } from './search-terms'

export interface PgOrderSearchOptions {
  /** Newest ids checked before the indexes are asked (step 1); 4,000. */
  window?: number
  /** A word that starts more invoice numbers than this is read from their B-tree alone (step 2); 2,000. */
  dense?: number
  /** At most this many more ids are read in order after the window (step 1); 40,000. */
  stretch?: number
  /** Whether step 1 is skipped when the planner's estimate says it would find too little; true. */
  estimates?: boolean
}

/** The share of the window's rows that must match for the ids below it to be read in order too (step 1). */
const MIN_DENSITY = 0.003

/** A whole number for a bigint parameter, within the safe integers. */
function clamp(value: number): number {
  return Math.max(-Number.MAX_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value))
}

interface Conditions {
  /** SQL on alias `o`, `true` when there is none. */
  sql: string
  /** The same without the dates. */
  undated: string
  params: Record<string, unknown>
  /** Whether any condition is there at all (else the page is the newest ids). */
  any: boolean
  /** Whether one word (one term) of the box is the only condition. */
  wordOnly: boolean
  terms: SearchAlternative[][]
  /** Per term and alternative: how many invoices start with it, up to `dense` + 1 (0 for a phone alternative). */
  invoices: number[][]
}

export class PgOrderSearch implements OrderSearchEngine {
  private readonly maxIdStatement: SqlStatement
  private readonly firstDateAboveStatement: SqlStatement
  private readonly idsWithStatusStatement: SqlStatement
  /** Statements by SQL: their shape depends only on which filters are set and how many words were typed. */
  private readonly statements = new Map<string, SqlStatement>()
  private readonly window: number
  private readonly dense: number
  private readonly stretch: number
  private readonly estimates: boolean

  /** The options are for tests, which make every step run on a few orders. */
  constructor(
    private readonly db: SqlDatabase,
    options: PgOrderSearchOptions = {},
  ) {
    this.window = options.window ?? 4_000
    this.dense = options.dense ?? 2_000
    this.stretch = options.stretch ?? 40_000
    this.estimates = options.estimates ?? true
    this.maxIdStatement = db.prepare('select max(id) from orders').pluck()
    this.firstDateAboveStatement = db.prepare('select created_at from orders where id > ? order by id limit 1').pluck()
    this.idsWithStatusStatement = db.prepare('select id from orders where status = any(@statuses) order by id').pluck()
  }

  idsWithStatus(statuses: readonly OrderStatus[]): number[] {
    return this.idsWithStatusStatement.all({ statuses: [...statuses] }) as number[]
  }

  count(query: OrderCountQuery): number {
    const high = this.highest(query.beforeId)
    if (high < 1) return 0
    return this.db.transaction(() => {
      const conditions = this.conditions(query, high)
      return this.withSettings({}, () => this.statement(`select count(*) from orders o where o.id <= @high and ${conditions.sql}`, true).get({ ...conditions.params, high }) as number)
    })()
  }

  fetch(query: OrderSearch, limit: number): OrderRecord[] {
    const high = this.highest(query.beforeId)
    if (high < 1) return []
    // No parallel workers for a page (for the rest of the search's transaction): starting them took
    // 50 ms on a 2-core server, for scans of a few tens of thousands of index entries that one
    // process reads in 20–30 (a status over three weeks: 92 → 39 ms; docs/performance.md).
    this.db.exec('set local max_parallel_workers_per_gather = 0')
    const conditions = this.conditions(query, high)
    if (!conditions.any || query.needsReview) {
      return this.statement(`select * from orders o where o.id <= @high and ${conditions.sql} order by o.id desc limit @limit`).all({ ...conditions.params, high, limit }) as OrderRecord[]
    }
    const newest = this.maxIdStatement.get() as number | null
    if (newest === null) return []
    const top = Math.min(high, newest)
    // A single word that starts many invoices is answered whole from the invoice B-tree and the
    // trigram index (step 2), whatever the newest ids hold: checking them first (step 1) only added
    // its reading to that of the B-tree, which lists the word's ids without a row.
    if (conditions.wordOnly && this.denseTerm(conditions) === 0) return this.older(conditions, top, limit)
    const cut = top - this.window
    // Step 1, unless the planner's estimate of the matches (from its statistics, no row read) says
    // the window would hold very few of them, or the period searched ended before the window began:
    // then straight to step 2. The dates are left out of the estimate: spread over all the ids it
    // would make a period of the last days look rare among the newest ones, where it is every order.
    if (this.estimates && cut >= 1 && (this.endsBefore(query.createdTo, cut) || (this.estimate(conditions, top) * this.window) / top < limit / 8)) {
      return this.older(conditions, top, limit)
    }
    // The subquery's offset keeps the conditions out of it: it is the id range, read by the primary
    // key, and nothing the planner might find cheaper for the conditions alone.
    const range = (low: number, highest: number, wanted: number): OrderRecord[] =>
      this.statement(`select * from (select * from orders where id > @low and id <= @highest offset 0) as o where ${conditions.sql} order by o.id desc limit @limit`).all({
        ...conditions.params,
        low,
        highest,
        limit: wanted,
      }) as OrderRecord[]
    const rows = range(cut, top, limit)
    if (rows.length >= limit || cut < 1) return rows
    // Matches there, but not a page of them: when they are frequent enough, the ids just below hold
    // the rest (read in id order, a stretch of the table) at less cost than the indexes' rows, read
    // one by one wherever they lie. The stretch is sized from what the window found.
    const found = rows.length
    if (found >= this.window * MIN_DENSITY) {
      const stretch = Math.min(this.stretch, Math.ceil((((limit - found) * this.window) / found) * 1.5))
      const next = Math.max(0, cut - stretch)
      const more = range(next, cut, limit - found)
      if (found + more.length >= limit || next < 1) return rows.concat(more)
      return rows.concat(more, this.older(conditions, next, limit - found - more.length))
    }
    return rows.concat(this.older(conditions, cut, limit - found))
  }

  /** Step 2: the matches at or below `high`, newest first, through the indexes. */
  private older(conditions: Conditions, high: number, limit: number): OrderRecord[] {
    const dense = this.denseTerm(conditions)
    if (dense >= 0) return this.denseInvoices(conditions, dense, high, limit)
    // The ids first (a covering index can give them without the rows), then their rows. `id + 0`: the
    // order is the ids', but not to be had from walking the primary key.
    const ids = this.withSettings({ enable_seqscan: 'off' }, () =>
      this.statement(`select o.id from orders o where o.id <= @high and ${conditions.sql} order by o.id + 0 desc limit @limit`, true).all({ ...conditions.params, high, limit }),
    )
    return this.rows(ids as number[])
  }

  /** The first term that starts more than `dense` invoice numbers, or -1. */
  private denseTerm(conditions: Conditions): number {
    return conditions.terms.findIndex((_, t) => (conditions.invoices[t] ?? []).reduce((sum, n) => sum + n, 0) > this.dense)
  }

  /**
   * Step 2 for a word that starts many invoices (term `t`): its candidates, newest first, are the
   * invoice B-tree's ids (no row read) and the word's matches elsewhere (trigram index); rows are read
   * in that order and checked against every condition until the page is full.
   */
  private denseInvoices(conditions: Conditions, t: number, high: number, limit: number): OrderRecord[] {
    const term = conditions.terms[t] ?? []
    const params: Record<string, unknown> = { ...conditions.params, high, limit }
    const ranges = term.flatMap((alternative, a) => {
      const key = invoiceKeyText(alternative)
      if (key === null || (conditions.invoices[t]?.[a] ?? 0) === 0) return []
      const { low, high: above } = prefixRange(key)
      params[`kl${String(a)}`] = low
      params[`kh${String(a)}`] = above
      return [`select id from orders where invoice_key ~>=~ @kl${String(a)} and invoice_key ~<~ @kh${String(a)} and id <= @high`]
    })
    const elsewhere = `select w.id from orders as w where ${termConditions('w', [term], params, { invoiceKey: () => false, prefix: 'w' })} and w.id <= @high`
    if (conditions.wordOnly) {
      // The word is the whole search: the newest `many` candidates are the page (an id found by two
      // parts twice), kept by a sort that reads every candidate. The B-tree is read backwards: invoice
      // numbers mostly grow with the ids, so the sort gets them nearly newest first and sets each one
      // after the first `many` aside at one comparison (read forwards, each would displace one kept).
      // Every part is fenced by an order of its own (`offset 0`, `limit`), none of them the ids', so
      // the outer order is a sort whatever the planner thinks, never a walk of the primary key; and
      // the ids are sorted as they are, not as `id + 0` (a projection of every candidate). 22 → 11 ms
      // for the 88,000 invoices of 'INV-2026-1'.
      const parts = [
        ...ranges.map((range, r) => `select id from (${range} order by invoice_key using ~>~, id desc offset 0) as k${String(r)}`),
        `select id from (${elsewhere} order by w.id + 0 desc limit @many) as e`,
      ]
      const ids = this.statement(`select id from (${parts.join(' union all ')}) as u order by id desc limit @many`, true).all({ ...params, many: limit * parts.length }) as number[]
      return this.rows([...new Set(ids)].slice(0, limit))
    }
    const candidates = [...ranges, elsewhere].join(' union all ')
    return this.withSettings(
      { enable_hashjoin: 'off', enable_mergejoin: 'off', enable_seqscan: 'off' },
      () =>
        this.statement(
          `select o.* from (select id, id + 0 as newest from (${candidates}) as u group by id order by newest desc offset 0) as c
        join orders o on o.id = c.id where ${conditions.sql} order by c.newest desc limit @limit`,
        ).all(params) as OrderRecord[],
    )
  }

  /**
   * Whether the period ends before the first order above `cut` was made: while dates follow ids, the
   * window then holds none of it, and step 1 would read its rows for nothing (6 ms of a status and a
   * past week's 16). One probe of the primary key. An order of the period in the window all the same
   * (its date set back) is still found: step 2 reads every id up to the top.
   */
  private endsBefore(createdTo: string | undefined, cut: number): boolean {
    if (createdTo === undefined) return false
    const first = this.firstDateAboveStatement.get(cut) as string | undefined
    return first !== undefined && createdTo <= first
  }

  /** The planner's estimate of the orders at or below `high` that match, whatever their dates. */
  private estimate(conditions: Conditions, high: number): number {
    const plan = this.statement(`explain (format json) select o.id from orders o where o.id <= @high and ${conditions.undated}`).get({ ...conditions.params, high }) as
      Record<string, [{ Plan?: { 'Plan Rows'?: number } }] | undefined> | undefined
    const rows = plan?.['QUERY PLAN']?.[0].Plan?.['Plan Rows']
    return typeof rows === 'number' ? rows : Number.POSITIVE_INFINITY
  }

  /** The rows of these ids, newest first. */
  private rows(ids: readonly number[]): OrderRecord[] {
    if (ids.length === 0) return []
    return this.statement('select * from orders where id = any(@ids) order by id desc').all({ ids: [...ids] }) as OrderRecord[]
  }

  /**
   * Runs `work` with these planner settings, for this transaction only, and the defaults again after.
   * JIT compilation is off too: it pays off for long reports, not for a page of orders (and an
   * option turned off makes the planner's costs look large enough to start it).
   */
  private withSettings<T>(settings: Readonly<Record<string, 'on' | 'off'>>, work: () => T): T {
    const names = Object.keys({ ...settings, jit: 'off' })
    this.db.exec(
      Object.entries({ ...settings, jit: 'off' })
        .map(([name, value]) => `set local ${name} = ${value}`)
        .join('; '),
    )
    try {
      return work()
    } finally {
      this.db.exec(names.map((name) => `set local ${name} to default`).join('; '))
    }
  }

  /** The highest id the cursor allows. */
  private highest(beforeId: number | undefined): number {
    return beforeId === undefined ? Number.MAX_SAFE_INTEGER : clamp(Math.ceil(beforeId)) - 1
  }

  /** How many invoices (at or below `high`) start with each token or invoice alternative, up to `dense` + 1: one statement for them all. */
  private invoiceCounts(terms: readonly (readonly SearchAlternative[])[], high: number): number[][] {
    const params: Record<string, unknown> = { high, cap: this.dense + 1 }
    const columns: string[] = []
    terms.forEach((term, t) =>
      term.forEach((alternative, a) => {
        const key = invoiceKeyText(alternative)
        if (key === null) return
        const name = `k${String(t)}_${String(a)}`
        const { low, high: above } = prefixRange(key)
        params[`${name}l`] = low
        params[`${name}h`] = above
        // Index entries only (invoice_key and id are the index).
        columns.push(`(select count(*) from (select 1 from orders where invoice_key ~>=~ @${name}l and invoice_key ~<~ @${name}h and id <= @high limit @cap) as found) as ${name}`)
      }),
    )
    const found = columns.length === 0 ? {} : (this.statement(`select ${columns.join(', ')}`).get(params) as Record<string, number>)
    return terms.map((term, t) => term.map((_, a) => found[`k${String(t)}_${String(a)}`] ?? 0))
  }

  private conditions(query: OrderCountQuery, high: number): Conditions {
    const params: Record<string, unknown> = {}
    const where: string[] = []
    const terms = compileSearchTerms(query.text, ORDER_SEARCH_FIELDS) ?? []
    const invoices = this.invoiceCounts(terms, high)
    if (terms.length > 0) where.push(termConditions('o', terms, params, { invoiceKey: (t, a) => (invoices[t]?.[a] ?? 0) > 0 }))
    const list = (column: string, name: string, values: readonly string[] | undefined): void => {
      if (!values || values.length === 0) return
      where.push(`o.${column} = any(@${name})`)
      params[name] = [...new Set(values)]
    }
    list('status', 'statuses', query.statuses)
    list('kind', 'kinds', query.kinds)
    list('channel', 'channels', query.channels)
    const bound = (sql: string, name: string, value: string | number | undefined): void => {
      if (value === undefined) return
      where.push(sql)
      params[name] = value
    }
    const undated = [...where]
    bound('o.created_at >= @created_from', 'created_from', query.createdFrom)
    bound('o.created_at < @created_to', 'created_to', query.createdTo)
    const dates = where.length - undated.length
    // Amounts are whole sen: a bound between two is the next whole one inward.
    bound('o.amount_sen >= @amount_min', 'amount_min', query.amountMinSen === undefined ? undefined : clamp(Math.ceil(query.amountMinSen)))
    bound('o.amount_sen <= @amount_max', 'amount_max', query.amountMaxSen === undefined ? undefined : clamp(Math.floor(query.amountMaxSen)))
    if (query.needsReview) where.push('o.review is not null')
    undated.push(...where.slice(undated.length + dates))
    return {
      sql: where.length > 0 ? where.join(' and ') : 'true',
      undated: undated.length > 0 ? undated.join(' and ') : 'true',
      params,
      any: where.length > 0,
      wordOnly: terms.length === 1 && where.length === 1,
      terms,
      invoices,
    }
  }

  private statement(sql: string, pluck = false): SqlStatement {
    const key = `${pluck ? 'p' : 'r'}:${sql}`
    let statement = this.statements.get(key)
    if (!statement) {
      statement = this.db.prepare(sql)
      if (pluck) statement.pluck()
      // Shapes are few (filters set × words typed, at most 12 words), but bounded all the same.
      if (this.statements.size >= 500) this.statements.clear()
      this.statements.set(key, statement)
    }
    return statement
  }
}
