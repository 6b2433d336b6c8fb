/**
 * The SQL of migration 7 ("invoice numbers without regard to case"). Frozen once shipped.
 *
 * Staff read "inv-7" and "INV-7" as one invoice, and so do the reconciliation sheets they are
 * matched against; the column's own unique constraint compares bytes. The services refuse a number
 * that another order holds in any case, inside the write-ahead transaction (under the money lock), and
 * this index makes that look-up one probe. It is not unique on purpose: a history written before this
 * migration may hold two numbers that differ only in case, and those orders must keep opening.
 * Invoice numbers are ASCII (link-rules.ts), so lower() folds them the same on SQLite and PostgreSQL.
 */
export const INVOICE_CASE_SCHEMA = `
  create index orders_by_invoice_folded on orders (lower(invoice_number));
`

/** The same index for one PostgreSQL history schema (team migration 3). */
export function invoiceCaseTeamSql(schema: string): string {
  return `create index orders_by_invoice_folded on ${schema}.orders (lower(invoice_number));`
}
