/**
 * The SQL of migration 13 ("invoices found by their last digits"). Frozen once shipped. The same on
 * PostgreSQL: team migration 11 (postgres/team-schema.ts).
 *
 * An invoice number (INV-2026-002836) is one token of the full-text index, found by its prefixes only:
 * the last digits a customer reads out on the phone ("it ends in 2836") found nothing (found by QA).
 * The index now holds, beside the invoice, the digits of its last digit group with their leading zeros
 * dropped (`2836`, order-search.ts's invoiceDigits), so that `2836` as a prefix term finds it, and a
 * number typed with its zeros (`002836`) is looked for there without them (`invoice : "2836"*`).
 *
 * The triggers of migration 2 are made again with the new invoice column, and the index rebuilt from
 * the orders (a contentless index cannot change one column of a row: a rebuild in id order is faster
 * than a delete and an insert for each). The other columns are as migration 2 indexes them.
 */
import { nameTerms, phoneTerms } from './migration-2-history'
import { ORDER_SEARCH_EXPRESSION, trigramIndexesSql } from './postgres/search-terms'

const DIGITS = '0123456789'

/**
 * The last digit group of `column` without its leading zeros, null when there is none, in plain SQL
 * (no app function, as migration 2's phone digits): the trailing characters that are not digits are
 * trimmed (the set of them is the value with its digits removed), then the digits before the last
 * group, then the zeros.
 */
export function invoiceDigitsSql(column: string): string {
  let others = 'v'
  for (const digit of DIGITS) others = `replace(${others}, '${digit}', '')`
  return `(select nullif(ltrim(substr(y, length(rtrim(y, '${DIGITS}')) + 1), '0'), '') from (select rtrim(v, ${others}) as y from (select ${column} as v)))`
}

/** The invoice column of orders_fts: the number, then its last digits (none when it has no digits). */
function invoiceTerms(column: string): string {
  return `concat_ws(' ', ${column}, ${invoiceDigitsSql(column)})`
}

function orderFtsColumns(row: string): string {
  return `${invoiceTerms(`${row}.invoice_number`)}, ${nameTerms(`${row}.customer_name`)}, ${row}.customer_email, ${phoneTerms(`${row}.customer_phone`)},
      ${row}.card_last4, concat_ws(' ', ${row}.gateway_reference_id, ${row}.request_id, ${row}.payment_id)`
}

const ORDER_SEARCHED = ['invoice_number', 'customer_name', 'customer_email', 'customer_phone', 'card_last4', 'gateway_reference_id', 'request_id', 'payment_id']
const CHANGED = ['id', ...ORDER_SEARCHED].map((column) => `old.${column} is not new.${column}`).join(' or ')
const FTS_COLUMNS = 'rowid, invoice, name, email, phone, card, refs'

export const INVOICE_DIGITS_SCHEMA = `
  drop trigger orders_fts_insert;
  drop trigger orders_fts_update;
  drop trigger orders_fts_delete;
  drop table orders_fts;
  create virtual table orders_fts using fts5 (
    invoice, name, email, phone, card, refs,
    content = '', contentless_delete = 1,
    tokenize = "unicode61 remove_diacritics 2 tokenchars '@._+-'",
    prefix = '1 2 3 4'
  );
  insert into orders_fts (${FTS_COLUMNS}) select o.id, ${orderFtsColumns('o')} from orders o order by o.id;
  insert into orders_fts (orders_fts) values ('optimize');
  create trigger orders_fts_insert after insert on orders begin
    insert into orders_fts (${FTS_COLUMNS}) values (new.id, ${orderFtsColumns('new')});
  end;
  create trigger orders_fts_update after update of id, ${ORDER_SEARCHED.join(', ')} on orders
    when ${CHANGED}
  begin
    delete from orders_fts where rowid = old.id;
    insert into orders_fts (${FTS_COLUMNS}) values (new.id, ${orderFtsColumns('new')});
  end;
  create trigger orders_fts_delete after delete on orders begin
    delete from orders_fts where rowid = old.id;
  end;
`

/** Team migration 11's first step for one history schema: its search column, which calls the function redefined, dropped. */
export function dropSearchColumnTeamSql(schema: string): string {
  return `alter table ${schema}.orders drop column search;`
}

/**
 * The same for one PostgreSQL history schema: the search column made again with the order's last
 * invoice digits in the invoice's section (team.order_search_text, redefined by team migration 11
 * before this runs for each schema), its trigram index and statistics target as team migration 2 made them.
 */
export function invoiceDigitsTeamSql(schema: string): string {
  return `
  alter table ${schema}.orders add column search text not null generated always as (${ORDER_SEARCH_EXPRESSION}) stored;
  alter table ${schema}.orders alter column search set statistics 1000;
  ${trigramIndexesSql([['orders_search', `${schema}.orders`]])}
  analyze ${schema}.orders;
  `
}
