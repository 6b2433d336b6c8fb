/**
 * Order search on SQLite: the FTS5 index `orders_fts`, the narrow covering index `orders_filter`, and
 * the time-order flag of history_meta (docs/history.md, "Search").
 *
 * Which index answers a search is decided here, not left to SQLite's planner, because the planner
 * cannot know that only `limit + 1` rows are wanted (see `fetch` below and docs/history.md).
 */
import type { SqlDatabase, SqlStatement } from '../database'
import type { OrderSearch, OrderStatus } from '../history-types'
import { compileSearchText, ORDER_SEARCH_FIELDS } from '../order-search'
import type { OrderCountQuery, OrderRecord, OrderSearchEngine } from '../orders'

/** A range index (amount, or date when dates do not follow ids) is used when it holds at most this many candidates. */
const RANGE_CANDIDATES = 4_000

/** The filters besides the text, as named parameters (lists as JSON arrays, absent as null). */
type FilterParams = Record<string, string | number | null>

/** Conditions on the filter columns of `alias`, each off when its parameter is null. */
function residual(alias: string): string {
  return `
  and (@statuses is null or ${alias}.status in (select value from json_each(@statuses)))
  and (@kinds is null or ${alias}.kind in (select value from json_each(@kinds)))
  and (@channels is null or ${alias}.channel in (select value from json_each(@channels)))
  and (@created_from is null or ${alias}.created_at >= @created_from)
  and (@created_to is null or ${alias}.created_at < @created_to)
  and (@amount_min is null or ${alias}.amount_sen >= @amount_min)
  and (@amount_max is null or ${alias}.amount_sen <= @amount_max)`
}

/** The conditions checked in `orders_filter` (alias `o`). */
const RESIDUAL = residual('o')

const ID_RANGE = 'o.id >= @low and o.id <= @high'

/** The full rows of a page whose ids a plan found (plans read narrow indexes, rows come last). */
function rowsOf(ids: string): string {
  return `select * from orders where id in (${ids}) order by id desc`
}

type Dimension = 'status' | 'channel'

export class SqliteOrderSearch implements OrderSearchEngine {
  private readonly idsWithStatusStatement: SqlStatement
  private readonly timeOrderedStatement: SqlStatement
  private readonly lowIdStatement: SqlStatement
  private readonly highIdStatement: SqlStatement
  private readonly textStatement: SqlStatement
  private readonly walkStatements: Record<Dimension, SqlStatement>
  private readonly statusCountStatement: SqlStatement
  private readonly scanStatement: SqlStatement
  private readonly rangeStatements: Record<'amount' | 'created', { count: SqlStatement; rows: SqlStatement }>
  private readonly countTextStatement: SqlStatement
  private readonly countStatement: SqlStatement
  private readonly reviewStatement: SqlStatement
  private readonly countReviewStatement: SqlStatement

  constructor(private readonly db: SqlDatabase) {
    this.idsWithStatusStatement = db.prepare('select id from orders indexed by orders_by_status where status in (select value from json_each(?)) order by id').pluck()
    this.timeOrderedStatement = db.prepare("select value from history_meta where key = 'orders_time_ordered'").pluck()
    this.lowIdStatement = db.prepare('select id from orders indexed by orders_by_created_at where created_at >= ? order by created_at, id limit 1').pluck()
    this.highIdStatement = db.prepare('select id from orders indexed by orders_by_created_at where created_at < ? order by created_at desc, id desc limit 1').pluck()
    // CROSS JOIN keeps the full-text index as the outer loop: it yields rowids newest first and
    // stops after `limit` matches; the filters are checked on each match.
    this.textStatement = db.prepare(
      rowsOf(`select f.rowid from orders_fts f cross join orders o indexed by orders_filter on o.id = f.rowid
        where orders_fts match @match and f.rowid >= @low and f.rowid <= @high ${RESIDUAL}
        order by f.rowid desc limit @limit`),
    )
    // With text too (statuses few in the window), each entry is checked first against the text's
    // matches in the window, read once from the full-text index into a set.
    const walk = (dimension: Dimension): SqlStatement =>
      db.prepare(
        rowsOf(`select o.id from orders w indexed by orders_by_${dimension} cross join orders o indexed by orders_filter on o.id = w.id
          where w.${dimension} = @value and w.id >= @low and w.id <= @high ${RESIDUAL}
          and (@match is null or w.id in (select rowid from orders_fts where orders_fts match @match and rowid >= @low and rowid <= @high))
          order by w.id desc limit @limit`),
      )
    this.walkStatements = { status: walk('status'), channel: walk('channel') }
    // Text with statuses few in the window (an outcome unknown, pending) is found through the
    // statuses' walk, instead of every match of the text checked for its status in `orders_filter`.
    this.statusCountStatement = db
      .prepare(
        `select count(*) from (select 1 from orders indexed by orders_by_status
        where status in (select value from json_each(@statuses)) and id >= @low and id <= @high limit @cap)`,
      )
      .pluck()
    this.scanStatement = db.prepare(rowsOf(`select o.id from orders o indexed by orders_filter where ${ID_RANGE} ${RESIDUAL} order by o.id desc limit @limit`))
    // A range index that carries every filtered column (the amount's, migration 10) is checked alone:
    // its matches lie all over the history, and a probe of `orders_filter` for each would be a disk
    // read each when the file is not in the page cache.
    const range = (index: string, column: string, low: string, high: string, covering: boolean): { count: SqlStatement; rows: SqlStatement } => ({
      // Counts index entries only (the rowid is in the index), and at most `cap` of them.
      count: db
        .prepare(
          `select count(*) from (select 1 from orders o indexed by ${index}
          where o.${column} >= @${low} and o.${column} ${high === 'created_to' ? '<' : '<='} @${high} and ${ID_RANGE} limit @cap)`,
        )
        .pluck(),
      rows: db.prepare(
        rowsOf(`select r.id from orders r indexed by ${index} ${covering ? '' : 'cross join orders o indexed by orders_filter on o.id = r.id'}
          where r.${column} >= @${low} and r.${column} ${high === 'created_to' ? '<' : '<='} @${high} and r.id >= @low and r.id <= @high ${residual(covering ? 'r' : 'o')}
          order by r.id desc limit @limit`),
      ),
    })
    this.rangeStatements = {
      amount: range('orders_by_amount', 'amount_sen', 'amount_min', 'amount_max', true),
      created: range('orders_by_created_at', 'created_at', 'created_from', 'created_to', false),
    }
    this.countTextStatement = db
      .prepare(
        `select count(*) from orders_fts f cross join orders o indexed by orders_filter on o.id = f.rowid
        where orders_fts match @match and f.rowid >= @low and f.rowid <= @high ${RESIDUAL}`,
      )
      .pluck()
    this.countStatement = db.prepare(`select count(*) from orders o indexed by orders_filter where ${ID_RANGE} ${RESIDUAL}`).pluck()
    // Orders needing review are few: read through their partial index, every other filter (text too) checked on each.
    const review = `from orders o indexed by orders_needing_review where o.review is not null and ${ID_RANGE} ${RESIDUAL}
      and (@match is null or o.id in (select rowid from orders_fts where orders_fts match @match))`
    this.reviewStatement = db.prepare(rowsOf(`select o.id ${review} order by o.id desc limit @limit`))
    this.countReviewStatement = db.prepare(`select count(*) ${review}`).pluck()
  }

  /** Ids of every order in one of these statuses, oldest first. */
  idsWithStatus(statuses: readonly OrderStatus[]): number[] {
    return this.idsWithStatusStatement.all(JSON.stringify(statuses)) as number[]
  }

  count(query: OrderCountQuery): number {
    return this.db.transaction(() => {
      const params = this.params(query)
      if (params === null) return 0
      const match = compileSearchText(query.text, ORDER_SEARCH_FIELDS)
      if (query.needsReview) return this.countReviewStatement.get({ ...params, match }) as number
      if (match !== null) return this.countTextStatement.get({ ...params, match }) as number
      return this.countStatement.get(params) as number
    })()
  }

  /** Named parameters for the filters and the id window, or null when the window is empty. */
  private params(query: Omit<OrderSearch, 'limit'>): FilterParams | null {
    const list = (values: readonly string[] | undefined): string | null => (values && values.length > 0 ? JSON.stringify(values) : null)
    let low = 0
    let high = Number.MAX_SAFE_INTEGER
    // While dates follow ids, a date range is an id range: found with two index probes, and the
    // walk then starts at the right place instead of skipping every newer order.
    if ((query.createdFrom !== undefined || query.createdTo !== undefined) && this.timeOrderedStatement.get() === 1) {
      if (query.createdFrom !== undefined) {
        const id = this.lowIdStatement.get(query.createdFrom) as number | undefined
        if (id === undefined) return null
        low = id
      }
      if (query.createdTo !== undefined) {
        const id = this.highIdStatement.get(query.createdTo) as number | undefined
        if (id === undefined) return null
        high = id
      }
    }
    // The cursor and the date bound become one upper bound: FTS5 takes a single rowid upper limit.
    if (query.beforeId !== undefined) high = Math.min(high, query.beforeId - 1)
    if (high < low) return null
    return {
      low,
      high,
      statuses: list(query.statuses),
      kinds: list(query.kinds),
      channels: list(query.channels),
      created_from: query.createdFrom ?? null,
      created_to: query.createdTo ?? null,
      amount_min: query.amountMinSen ?? null,
      amount_max: query.amountMaxSen ?? null,
    }
  }

  fetch(query: OrderSearch, limit: number): OrderRecord[] {
    const params = this.params(query)
    if (params === null) return []
    const datesAsIds = this.timeOrderedStatement.get() === 1
    const match = compileSearchText(query.text, ORDER_SEARCH_FIELDS)
    if (query.needsReview) return this.reviewStatement.all({ ...params, match, limit }) as OrderRecord[]
    if (match !== null) {
      const statuses = query.statuses ?? []
      const fewWithStatus = statuses.length > 0 && (this.statusCountStatement.get({ ...params, cap: RANGE_CANDIDATES + 1 }) as number) <= RANGE_CANDIDATES
      return fewWithStatus ? this.walkMerged('status', statuses, params, match, limit) : (this.textStatement.all({ ...params, match, limit }) as OrderRecord[])
    }

    // A narrow range (an exact amount, or a short period once dates no longer follow ids) is read
    // whole through its index and sorted: bounded work, where a walk by id might pass every row.
    const ranges: ['amount' | 'created', boolean][] = [
      ['amount', query.amountMinSen !== undefined || query.amountMaxSen !== undefined],
      ['created', (query.createdFrom !== undefined || query.createdTo !== undefined) && !datesAsIds],
    ]
    for (const [range, wanted] of ranges) {
      if (!wanted) continue
      const bounds = {
        ...params,
        amount_min: params.amount_min ?? 0,
        amount_max: params.amount_max ?? Number.MAX_SAFE_INTEGER,
        created_from: params.created_from ?? '',
        created_to: params.created_to ?? '\uffff',
      }
      const candidates = this.rangeStatements[range].count.get({ ...bounds, cap: RANGE_CANDIDATES + 1 }) as number
      if (candidates <= RANGE_CANDIDATES) return this.rangeStatements[range].rows.all({ ...bounds, limit }) as OrderRecord[]
    }

    // Equality filters: one backward walk per chosen value along its (value, id) index, merged.
    // The dimension with the fewest chosen values is the likeliest to be selective. Kinds have no
    // index of their own: three values, none rare, so the id walk below finds them as fast.
    const dimensions: [Dimension, readonly string[] | undefined][] = [
      ['status', query.statuses],
      ['channel', query.channels],
    ]
    const chosen = dimensions.filter((entry): entry is [Dimension, readonly string[]] => entry[1] !== undefined && entry[1].length > 0).sort((a, b) => a[1].length - b[1].length)[0]
    if (chosen) {
      const [dimension, values] = chosen
      return this.walkMerged(dimension, values, params, null, limit)
    }
    return this.scanStatement.all({ ...params, limit }) as OrderRecord[]
  }

  /** One backward walk per value along its (value, id) index, merged newest first. */
  private walkMerged(dimension: Dimension, values: readonly string[], params: FilterParams, match: string | null, limit: number): OrderRecord[] {
    const rows = [...new Set(values)].flatMap((value) => this.walkStatements[dimension].all({ ...params, value, match, limit }) as OrderRecord[])
    return rows.sort((a, b) => b.id - a.id).slice(0, limit)
  }
}
