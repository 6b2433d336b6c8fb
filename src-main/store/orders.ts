/**
 * Orders: insert, update, look-ups and the search behind the orders list and the CSV export.
 *
 * Newest first is descending id (ids are given in creation order) and pages are keyed by the last
 * id seen (`beforeId`), never by an offset, so a page costs the same at the end of a million rows as
 * at the start, and rows written between two page fetches neither repeat nor push others out.
 *
 * Which index answers a search is decided here, not left to SQLite's planner, because the planner
 * cannot know that only `limit + 1` rows are wanted (see `plan` below and docs/history.md).
 */
import type { Statement } from 'better-sqlite3'
import type { Db } from './database'
import type { NewOrder, OrderPage, OrderReview, OrderRow, OrderSearch, OrderStatus, OrderUpdate } from './history-types'
import { compileSearchText } from './order-search'

export const MAX_PAGE = 500
/** A range index (amount, or date when dates do not follow ids) is used when it holds at most this many candidates. */
const RANGE_CANDIDATES = 4_000

interface OrderRecord {
  id: number
  kind: OrderRow['kind']
  invoice_number: string
  amount_sen: number
  currency: 'MYR'
  channel: string
  status: OrderRow['status']
  raw_status: string | null
  customer_id: number | null
  customer_name: string
  customer_email: string | null
  customer_phone: string | null
  request_id: string | null
  payment_id: string | null
  gateway_reference_id: string | null
  link_url: string | null
  link_expires_at: string | null
  card_masked: string | null
  card_last4: string | null
  card_brand: string | null
  created_by: string
  created_at: string
  updated_at: string
  completed_at: string | null
  review: string | null
  gateway_amount_sen: number | null
}

export function toOrderRow(r: OrderRecord): OrderRow {
  return {
    id: r.id,
    kind: r.kind,
    invoiceNumber: r.invoice_number,
    amountSen: r.amount_sen,
    currency: r.currency,
    channel: r.channel,
    status: r.status,
    rawStatus: r.raw_status,
    customerId: r.customer_id,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    requestId: r.request_id,
    paymentId: r.payment_id,
    gatewayReferenceId: r.gateway_reference_id,
    linkUrl: r.link_url,
    linkExpiresAt: r.link_expires_at,
    cardMasked: r.card_masked,
    cardLast4: r.card_last4,
    cardBrand: r.card_brand,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    completedAt: r.completed_at,
    review: r.review === null ? null : (JSON.parse(r.review) as OrderReview),
    gatewayAmountSen: r.gateway_amount_sen,
  }
}

/** The insert's named parameters, shared with the seeder so that both write the same columns. */
export function orderParams(order: NewOrder): Record<string, string | number | null> {
  return {
    kind: order.kind,
    invoice_number: order.invoiceNumber,
    amount_sen: order.amountSen,
    currency: order.currency,
    channel: order.channel,
    status: order.status,
    raw_status: order.rawStatus,
    customer_id: order.customerId,
    customer_name: order.customerName,
    customer_email: order.customerEmail,
    customer_phone: order.customerPhone,
    request_id: order.requestId,
    payment_id: order.paymentId,
    gateway_reference_id: order.gatewayReferenceId,
    link_url: order.linkUrl,
    link_expires_at: order.linkExpiresAt,
    card_masked: order.cardMasked,
    card_last4: order.cardLast4,
    card_brand: order.cardBrand,
    created_by: order.createdBy,
    created_at: order.createdAt,
  }
}

const INSERT_COLUMNS = [
  'kind', 'invoice_number', 'amount_sen', 'currency', 'channel', 'status', 'raw_status', 'customer_id', 'customer_name', 'customer_email',
  'customer_phone', 'request_id', 'payment_id', 'gateway_reference_id', 'link_url', 'link_expires_at', 'card_masked', 'card_last4',
  'card_brand', 'created_by', 'created_at',
]

export const INSERT_ORDER_SQL = `insert into orders (${INSERT_COLUMNS.join(', ')}, updated_at)
  values (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')}, @created_at) returning *`

/** OrderUpdate's fields and their columns: one statement sets any subset (a flag per field). */
const UPDATABLE: readonly (readonly [keyof OrderUpdate, string])[] = [
  ['status', 'status'],
  ['rawStatus', 'raw_status'],
  ['gatewayReferenceId', 'gateway_reference_id'],
  ['linkUrl', 'link_url'],
  ['linkExpiresAt', 'link_expires_at'],
  ['cardMasked', 'card_masked'],
  ['cardLast4', 'card_last4'],
  ['cardBrand', 'card_brand'],
  ['completedAt', 'completed_at'],
  ['requestId', 'request_id'],
  ['paymentId', 'payment_id'],
  // A link the gateway refused is asked for again on the same order (its invoice number is still free there).
  ['kind', 'kind'],
  ['amountSen', 'amount_sen'],
  ['channel', 'channel'],
  ['customerId', 'customer_id'],
  ['customerName', 'customer_name'],
  ['customerEmail', 'customer_email'],
  ['customerPhone', 'customer_phone'],
  ['review', 'review'],
  ['gatewayAmountSen', 'gateway_amount_sen'],
]

/** The filters besides the text, as named parameters (lists as JSON arrays, absent as null). */
type FilterParams = Record<string, string | number | null>

/** Conditions on the filter columns of alias `o`, each off when its parameter is null. */
const RESIDUAL = `
  and (@statuses is null or o.status in (select value from json_each(@statuses)))
  and (@kinds is null or o.kind in (select value from json_each(@kinds)))
  and (@channels is null or o.channel in (select value from json_each(@channels)))
  and (@created_from is null or o.created_at >= @created_from)
  and (@created_to is null or o.created_at < @created_to)
  and (@amount_min is null or o.amount_sen >= @amount_min)
  and (@amount_max is null or o.amount_sen <= @amount_max)`

const ID_RANGE = 'o.id >= @low and o.id <= @high'

/** The full rows of a page whose ids a plan found (plans read narrow indexes, rows come last). */
function rowsOf(ids: string): string {
  return `select * from orders where id in (${ids}) order by id desc`
}

type Dimension = 'status' | 'channel'

export class OrdersRepository {
  private readonly insertStatement: Statement
  private readonly updateStatement: Statement
  private readonly getStatement: Statement
  private readonly byInvoiceStatement: Statement
  private readonly byRequestIdStatement: Statement
  private readonly byPaymentIdStatement: Statement
  private readonly forCustomerStatement: Statement
  private readonly idsWithStatusStatement: Statement
  private readonly timeOrderedStatement: Statement
  private readonly lowIdStatement: Statement
  private readonly highIdStatement: Statement
  private readonly textStatement: Statement
  private readonly walkStatements: Record<Dimension, Statement>
  private readonly scanStatement: Statement
  private readonly rangeStatements: Record<'amount' | 'created', { count: Statement; rows: Statement }>
  private readonly countTextStatement: Statement
  private readonly countStatement: Statement
  private readonly reviewStatement: Statement
  private readonly countReviewStatement: Statement

  constructor(private readonly db: Db) {
    this.insertStatement = db.prepare(INSERT_ORDER_SQL)
    this.updateStatement = db.prepare(`update orders set
      ${UPDATABLE.map(([field, column]) => `${column} = case when @has_${field} then @${field} else ${column} end`).join(',\n      ')},
      updated_at = @at
      where id = @id returning *`)
    this.getStatement = db.prepare('select * from orders where id = ?')
    this.byInvoiceStatement = db.prepare('select * from orders where invoice_number = ?')
    this.byRequestIdStatement = db.prepare('select * from orders where request_id = ? order by id desc limit 1')
    this.byPaymentIdStatement = db.prepare('select * from orders indexed by orders_by_payment_id where payment_id = ? order by id desc limit 1')
    this.forCustomerStatement = db.prepare('select * from orders indexed by orders_by_customer where customer_id = ? order by id desc limit ?')
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
    const walk = (dimension: Dimension): Statement =>
      db.prepare(
        rowsOf(`select o.id from orders w indexed by orders_by_${dimension} cross join orders o indexed by orders_filter on o.id = w.id
          where w.${dimension} = @value and w.id >= @low and w.id <= @high ${RESIDUAL} order by w.id desc limit @limit`),
      )
    this.walkStatements = { status: walk('status'), channel: walk('channel') }
    this.scanStatement = db.prepare(rowsOf(`select o.id from orders o indexed by orders_filter where ${ID_RANGE} ${RESIDUAL} order by o.id desc limit @limit`))
    const range = (index: string, column: string, low: string, high: string): { count: Statement; rows: Statement } => ({
      // Counts index entries only (the rowid is in the index), and at most `cap` of them.
      count: db
        .prepare(`select count(*) from (select 1 from orders o indexed by ${index}
          where o.${column} >= @${low} and o.${column} ${high === 'created_to' ? '<' : '<='} @${high} and ${ID_RANGE} limit @cap)`)
        .pluck(),
      rows: db.prepare(
        rowsOf(`select r.id from orders r indexed by ${index} cross join orders o indexed by orders_filter on o.id = r.id
          where r.${column} >= @${low} and r.${column} ${high === 'created_to' ? '<' : '<='} @${high} and r.id >= @low and r.id <= @high ${RESIDUAL}
          order by r.id desc limit @limit`),
      ),
    })
    this.rangeStatements = {
      amount: range('orders_by_amount', 'amount_sen', 'amount_min', 'amount_max'),
      created: range('orders_by_created_at', 'created_at', 'created_from', 'created_to'),
    }
    this.countTextStatement = db
      .prepare(`select count(*) from orders_fts f cross join orders o indexed by orders_filter on o.id = f.rowid
        where orders_fts match @match and f.rowid >= @low and f.rowid <= @high ${RESIDUAL}`)
      .pluck()
    this.countStatement = db.prepare(`select count(*) from orders o indexed by orders_filter where ${ID_RANGE} ${RESIDUAL}`).pluck()
    // Orders needing review are few: read through their partial index, every other filter (text too) checked on each.
    const review = `from orders o indexed by orders_needing_review where o.review is not null and ${ID_RANGE} ${RESIDUAL}
      and (@match is null or o.id in (select rowid from orders_fts where orders_fts match @match))`
    this.reviewStatement = db.prepare(rowsOf(`select o.id ${review} order by o.id desc limit @limit`))
    this.countReviewStatement = db.prepare(`select count(*) ${review}`).pluck()
  }

  insert(order: NewOrder): OrderRow {
    return toOrderRow(this.insertStatement.get(orderParams(order)) as OrderRecord)
  }

  /** Changes the given fields (a field set to null is cleared; an absent one is kept) and stamps updated_at. */
  update(id: number, patch: OrderUpdate, at: string): OrderRow {
    const params: Record<string, string | number | null> = { id, at }
    for (const [field] of UPDATABLE) {
      const present = Object.hasOwn(patch, field) && patch[field] !== undefined
      params[`has_${field}`] = present ? 1 : 0
      const value = present ? (patch[field] ?? null) : null
      params[field] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    }
    const row = this.updateStatement.get(params) as OrderRecord | undefined
    if (!row) throw new Error(`Order ${String(id)} does not exist.`)
    return toOrderRow(row)
  }

  get(id: number): OrderRow | null {
    return this.one(this.getStatement, id)
  }

  byInvoice(invoiceNumber: string): OrderRow | null {
    return this.one(this.byInvoiceStatement, invoiceNumber)
  }

  byRequestId(requestId: string): OrderRow | null {
    return this.one(this.byRequestIdStatement, requestId)
  }

  /** A generic payment's order by the payment id the merchant chose (`id`). */
  byPaymentId(paymentId: string): OrderRow | null {
    return this.one(this.byPaymentIdStatement, paymentId)
  }

  /** Ids of every order in one of these statuses, oldest first. */
  idsWithStatus(statuses: readonly OrderStatus[]): number[] {
    return this.idsWithStatusStatement.all(JSON.stringify(statuses)) as number[]
  }

  /** A customer's orders, newest first. */
  forCustomer(customerId: number, limit: number): OrderRow[] {
    return (this.forCustomerStatement.all(customerId, limit) as OrderRecord[]).map(toOrderRow)
  }

  search(query: OrderSearch): OrderPage {
    const limit = query.limit
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new RangeError(`The page size must be a whole number from 1 to ${String(MAX_PAGE)}.`)
    // One read transaction: the time-order flag, the id bounds and the rows come from one snapshot.
    return this.db.transaction(() => {
      const rows = this.fetch(query, limit + 1)
      const page = rows.slice(0, limit).map(toOrderRow)
      return { rows: page, nextBeforeId: rows.length > limit ? (page.at(-1)?.id ?? null) : null }
    })()
  }

  /** Every matching order, newest first, read 500 at a time (the CSV export): memory stays flat. */
  *each(query: Omit<OrderSearch, 'limit' | 'beforeId'>): Generator<OrderRow> {
    let beforeId: number | undefined
    for (;;) {
      const page = this.search({ ...query, limit: MAX_PAGE, beforeId })
      yield* page.rows
      if (page.nextBeforeId === null) return
      beforeId = page.nextBeforeId
    }
  }

  count(query: Omit<OrderSearch, 'limit' | 'beforeId'> & { beforeId?: number | undefined }): number {
    return this.db.transaction(() => {
      const params = this.params(query)
      if (params === null) return 0
      const match = compileSearchText(query.text)
      if (query.needsReview) return this.countReviewStatement.get({ ...params, match }) as number
      if (match !== null) return this.countTextStatement.get({ ...params, match }) as number
      return this.countStatement.get(params) as number
    })()
  }

  private one(statement: Statement, key: string | number): OrderRow | null {
    const row = statement.get(key) as OrderRecord | undefined
    return row ? toOrderRow(row) : null
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

  private fetch(query: OrderSearch, limit: number): OrderRecord[] {
    const params = this.params(query)
    if (params === null) return []
    const datesAsIds = this.timeOrderedStatement.get() === 1
    const match = compileSearchText(query.text)
    if (query.needsReview) return this.reviewStatement.all({ ...params, match, limit }) as OrderRecord[]
    if (match !== null) return this.textStatement.all({ ...params, match, limit }) as OrderRecord[]

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
    const chosen = dimensions
      .filter((entry): entry is [Dimension, readonly string[]] => entry[1] !== undefined && entry[1].length > 0)
      .sort((a, b) => a[1].length - b[1].length)[0]
    if (chosen) {
      const [dimension, values] = chosen
      const rows = [...new Set(values)].flatMap((value) => this.walkStatements[dimension].all({ ...params, value, limit }) as OrderRecord[])
      return rows.sort((a, b) => b.id - a.id).slice(0, limit)
    }
    return this.scanStatement.all({ ...params, limit }) as OrderRecord[]
  }
}
