/**
 * Orders: insert, update, look-ups and the search behind the orders list and the CSV export.
 *
 * Newest first is descending id (ids are given in creation order) and pages are keyed by the last
 * id seen (`beforeId`), never by an offset, so a page costs the same at the end of a million rows as
 * at the start, and rows written between two page fetches neither repeat nor push others out.
 *
 * Everything but the search is the same SQL on both engines. The search is the one place where they
 * truly differ (FTS5 and SQLite's planner on one side, a trigram index and PostgreSQL's on the other):
 * it lives in an `OrderSearchEngine` per engine, sqlite/order-search-sqlite.ts and
 * postgres/order-search-pg.ts, both answering the same `OrderSearch` with the same rows.
 */
import { engineOf, type SqlDatabase, type SqlStatement } from './database'
import type { NewOrder, OrderPage, OrderReview, OrderRow, OrderSearch, OrderStatus, OrderUpdate } from './history-types'
import { PgOrderSearch } from './postgres/order-search-pg'
import { SqliteOrderSearch } from './sqlite/order-search-sqlite'

export const MAX_PAGE = 500

/** What `count` takes: a search without its page. */
export type OrderCountQuery = Omit<OrderSearch, 'limit' | 'beforeId'> & { beforeId?: number | undefined }

/** The engine-specific half of the repository: the search and what is built on its indexes. */
export interface OrderSearchEngine {
  /** At most `limit` orders matching `query` (its own limit is ignored), newest first. Runs inside the caller's transaction. */
  fetch(query: OrderSearch, limit: number): OrderRecord[]
  count(query: OrderCountQuery): number
  /** Ids of every order in one of these statuses, oldest first. */
  idsWithStatus(statuses: readonly OrderStatus[]): number[]
}

export interface OrderRecord {
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
  'kind',
  'invoice_number',
  'amount_sen',
  'currency',
  'channel',
  'status',
  'raw_status',
  'customer_id',
  'customer_name',
  'customer_email',
  'customer_phone',
  'request_id',
  'payment_id',
  'gateway_reference_id',
  'link_url',
  'link_expires_at',
  'card_masked',
  'card_last4',
  'card_brand',
  'created_by',
  'created_at',
]

export const INSERT_ORDER_SQL = `insert into orders (${INSERT_COLUMNS.join(', ')}, updated_at)
  values (${INSERT_COLUMNS.map((column) => `@${column}`).join(', ')}, @created_at) returning *`

/** OrderUpdate's fields and their columns. */
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

export class OrdersRepository {
  private readonly insertStatement: SqlStatement
  /** One update statement per set of fields changed, prepared when first needed. */
  private readonly updateStatements = new Map<string, SqlStatement>()
  private readonly getStatement: SqlStatement
  private readonly byInvoiceStatement: SqlStatement
  private readonly holdingInvoiceStatement: SqlStatement
  private readonly byRequestIdStatement: SqlStatement
  private readonly byPaymentIdStatement: SqlStatement
  private readonly forCustomerStatement: SqlStatement
  private readonly engine: OrderSearchEngine

  constructor(private readonly db: SqlDatabase) {
    this.insertStatement = db.prepare(INSERT_ORDER_SQL)
    this.getStatement = db.prepare('select * from orders where id = ?')
    this.byInvoiceStatement = db.prepare('select * from orders where invoice_number = ?')
    // The exact holder first: a history from before migration 7 may hold two numbers differing in case.
    this.holdingInvoiceStatement = db.prepare('select * from orders where lower(invoice_number) = lower(@invoice) order by case when invoice_number = @invoice then 0 else 1 end, id limit 2')
    this.byRequestIdStatement = db.prepare('select * from orders where request_id = ? order by id desc limit 1')
    this.byPaymentIdStatement = db.prepare('select * from orders indexed by orders_by_payment_id where payment_id = ? order by id desc limit 1')
    this.forCustomerStatement = db.prepare('select * from orders indexed by orders_by_customer where customer_id = ? order by id desc limit ?')
    this.engine = engineOf(db) === 'postgres' ? new PgOrderSearch(db) : new SqliteOrderSearch(db)
  }

  insert(order: NewOrder): OrderRow {
    return toOrderRow(this.insertStatement.get(orderParams(order)) as OrderRecord)
  }

  /** Changes the given fields (a field set to null is cleared; an absent one is kept) and stamps updated_at. */
  update(id: number, patch: OrderUpdate, at: string): OrderRow {
    const params: Record<string, string | number | null> = { id, at }
    const fields: string[] = []
    for (const [field] of UPDATABLE) {
      if (!Object.hasOwn(patch, field) || patch[field] === undefined) continue
      fields.push(field)
      const value = patch[field] ?? null
      params[field] = value !== null && typeof value === 'object' ? JSON.stringify(value) : value
    }
    const row = this.updateStatement(fields).get(params) as OrderRecord | undefined
    if (!row) throw new Error(`Order ${String(id)} does not exist.`)
    return toOrderRow(row)
  }

  /**
   * The update naming only these fields' columns: SQLite rewrites the entries of an index only when
   * the update names one of its columns (and fires a trigger `after update of` only then), so a
   * status check that sets the status and the gateway's word leaves the other indexes alone.
   */
  private updateStatement(fields: readonly string[]): SqlStatement {
    const key = fields.join(',')
    let statement = this.updateStatements.get(key)
    if (!statement) {
      const sets = UPDATABLE.filter(([field]) => fields.includes(field)).map(([field, column]) => `${column} = @${field}, `)
      statement = this.db.prepare(`update orders set ${sets.join('')}updated_at = @at where id = @id returning *`)
      this.updateStatements.set(key, statement)
    }
    return statement
  }

  get(id: number): OrderRow | null {
    return this.one(this.getStatement, id)
  }

  byInvoice(invoiceNumber: string): OrderRow | null {
    return this.one(this.byInvoiceStatement, invoiceNumber)
  }

  /**
   * The orders holding this invoice number in any case ("inv-7" and "INV-7" are one invoice to
   * staff): the exact holder first, at most two. The gateway's own messages name the number exactly
   * as sent; those are found with byInvoice.
   */
  holdingInvoice(invoiceNumber: string): OrderRow[] {
    return (this.holdingInvoiceStatement.all({ invoice: invoiceNumber }) as OrderRecord[]).map(toOrderRow)
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
    return this.engine.idsWithStatus(statuses)
  }

  /** A customer's orders, newest first. */
  forCustomer(customerId: number, limit: number): OrderRow[] {
    return (this.forCustomerStatement.all(customerId, limit) as OrderRecord[]).map(toOrderRow)
  }

  search(query: OrderSearch): OrderPage {
    const limit = query.limit
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) throw new RangeError(`The page size must be a whole number from 1 to ${String(MAX_PAGE)}.`)
    // One read transaction: on SQLite the time-order flag, the id bounds and the rows come from one
    // snapshot; on PostgreSQL the planner settings of a step stay within it.
    return this.db.transaction(() => {
      const rows = this.engine.fetch(query, limit + 1)
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

  count(query: OrderCountQuery): number {
    return this.engine.count(query)
  }

  private one(statement: SqlStatement, key: string | number): OrderRow | null {
    const row = statement.get(key) as OrderRecord | undefined
    return row ? toOrderRow(row) : null
  }
}
