/**
 * The SQL of migration 10 ("amount ranges searched in their index alone"). Frozen once shipped.
 *
 * An amount range is read whole through `orders_by_amount` when it holds at most a few thousand
 * orders (sqlite/order-search-sqlite.ts), and each of them had its other filters (status, kind,
 * channel, date) checked in `orders_filter`, one probe by id per order: the matches of an amount are
 * spread over the whole history, so once the file has left the page cache those probes were
 * thousands of disk reads (issue 23, docs/performance.md). The index now carries those columns after
 * the amount, as PostgreSQL's does (team migration 2), and the range is checked in it alone; only the
 * page's rows are read from the table.
 *
 * Rebuilt from the table in the migration's transaction: about 3 s on 1,000,000 orders
 * (docs/performance.md).
 */
export const AMOUNT_FILTER_SCHEMA = `
  drop index orders_by_amount;
  create index orders_by_amount on orders (amount_sen, status, kind, channel, created_at);
`
