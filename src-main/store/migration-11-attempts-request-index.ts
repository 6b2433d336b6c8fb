/**
 * The SQL of migration 11 ("attempts without an index on their Request-Id"). Frozen once shipped.
 *
 * Nothing reads the gateway requests by their Request-Id: an order's attempts are read by the order
 * (attempts_by_order), the interrupted ones by attempts_pending, and the Request-Ids the app looks up
 * are the orders', refunds' and notifications', each indexed on its own table. Yet every request
 * recorded wrote an entry there, at a random place (a UUID v4): one more page in every commit that
 * records a request, the status tracker's above all (issue 23, docs/performance.md).
 */
export const ATTEMPTS_REQUEST_INDEX_SCHEMA = `
  drop index attempts_by_request_id;
`

/** The same for one PostgreSQL history schema (its team migration). */
export function attemptsRequestIndexTeamSql(schema: string): string {
  return `drop index if exists ${schema}.attempts_by_request_id;`
}
