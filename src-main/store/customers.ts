/** Customers, and the search-as-you-type of the phone order form (name, e-mail or phone prefix). */
import { engineOf, type SqlDatabase, type SqlStatement } from './database'
import type { CustomerLanguage, CustomerRow, NewCustomer } from './history-types'
import { compileSearchText } from './order-search'
import { compileSearchTerms, termConditions } from './postgres/search-terms'

interface CustomerRecord {
  id: number
  external_id: string | null
  name: string
  email: string | null
  phone: string | null
  address: string | null
  city: string | null
  state: string | null
  zip_code: string | null
  country: string | null
  language: CustomerLanguage | null
  created_at: string
  updated_at: string
}

function toCustomerRow(r: CustomerRecord): CustomerRow {
  return {
    id: r.id,
    externalId: r.external_id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zip_code,
    country: r.country,
    language: r.language,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }
}

export type CustomerUpdate = Partial<Omit<NewCustomer, 'createdAt'>>

const FIELDS: readonly (readonly [keyof CustomerUpdate, string])[] = [
  ['externalId', 'external_id'],
  ['name', 'name'],
  ['email', 'email'],
  ['phone', 'phone'],
  ['address', 'address'],
  ['city', 'city'],
  ['state', 'state'],
  ['zipCode', 'zip_code'],
  ['country', 'country'],
  ['language', 'language'],
]

export class CustomersRepository {
  private readonly insertStatement: SqlStatement
  private readonly updateStatement: SqlStatement
  private readonly getStatement: SqlStatement
  private readonly byExternalIdStatement: SqlStatement
  private readonly searchStatement: SqlStatement | null
  private readonly pgSearchStatements = new Map<string, SqlStatement>()

  constructor(private readonly db: SqlDatabase) {
    this.insertStatement = db.prepare(`insert into customers (${FIELDS.map(([, column]) => column).join(', ')}, created_at, updated_at)
      values (${FIELDS.map(([field]) => `@${field}`).join(', ')}, @createdAt, @createdAt) returning *`)
    this.updateStatement = db.prepare(`update customers set
      ${FIELDS.map(([field, column]) => `${column} = case when @has_${field} then @${field} else ${column} end`).join(', ')},
      updated_at = @at where id = @id returning *`)
    this.getStatement = db.prepare('select * from customers where id = ?')
    this.byExternalIdStatement = db.prepare('select * from customers where external_id = ?')
    // PostgreSQL: the search column and its trigram index (postgres/search-terms.ts), one statement per number of words.
    this.searchStatement =
      engineOf(db) === 'postgres'
        ? null
        : db.prepare(`select c.* from customers_fts f cross join customers c on c.id = f.rowid
      where customers_fts match @match order by f.rowid desc limit @limit`)
  }

  insert(customer: NewCustomer): CustomerRow {
    return toCustomerRow(this.insertStatement.get({ ...customer, language: customer.language ?? null }) as CustomerRecord)
  }

  /** Changes the given fields (null clears one, absent keeps it) and stamps updated_at with `at`. */
  update(id: number, patch: CustomerUpdate, at: string): CustomerRow {
    const params: Record<string, string | number | null> = { id, at }
    for (const [field] of FIELDS) {
      const present = patch[field] !== undefined
      params[`has_${field}`] = present ? 1 : 0
      params[field] = present ? (patch[field] ?? null) : null
    }
    const row = this.updateStatement.get(params) as CustomerRecord | undefined
    if (!row) throw new Error(`Customer ${String(id)} does not exist.`)
    return toCustomerRow(row)
  }

  get(id: number): CustomerRow | null {
    const row = this.getStatement.get(id) as CustomerRecord | undefined
    return row ? toCustomerRow(row) : null
  }

  byExternalId(externalId: string): CustomerRow | null {
    const row = this.byExternalIdStatement.get(externalId) as CustomerRecord | undefined
    return row ? toCustomerRow(row) : null
  }

  /** Customers whose name words, e-mail or phone start with what was typed, newest first (the index's own order: instant even for one letter). */
  search(text: string, limit = 20): CustomerRow[] {
    const rows = Math.max(1, Math.min(limit, 200))
    if (this.searchStatement === null) return this.searchPostgres(text, rows)
    const match = compileSearchText(text)
    if (match === null) return []
    return (this.searchStatement.all({ match, limit: rows }) as CustomerRecord[]).map(toCustomerRow)
  }

  private searchPostgres(text: string, limit: number): CustomerRow[] {
    const terms = compileSearchTerms(text)
    if (terms === null) return []
    const params: Record<string, unknown> = { limit }
    const sql = `select * from customers c where ${termConditions('c', terms, params, { invoiceKey: () => false })} order by c.id desc limit @limit`
    let statement = this.pgSearchStatements.get(sql)
    if (!statement) {
      statement = this.db.prepare(sql)
      if (this.pgSearchStatements.size >= 200) this.pgSearchStatements.clear()
      this.pgSearchStatements.set(sql, statement)
    }
    return (statement.all(params) as CustomerRecord[]).map(toCustomerRow)
  }
}
