/**
 * The SQL of migration 2 ("history"). Frozen once shipped: a later change is a new migration, never
 * an edit here, because databases already at version 2 will not run this again.
 *
 * Every table is STRICT; money is integer sen; times are ISO 8601 UTC text; booleans are 0/1.
 * The full-text index over orders is kept in sync by triggers so that no caller (nor a raw SQL fix
 * made by hand) can leave it stale. See docs/history.md for the reasons behind each choice.
 */

// The value lists as of version 2, written out rather than imported from history-types.ts: a value
// added there later needs a migration that rebuilds the check, and must not silently change what
// version 2 means.
const ORDER_KINDS = ['card_link', 'generic_link', 'phone_order']
const ORDER_STATUSES = ['PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED', 'VOIDED', 'OUTCOME_UNKNOWN', 'UNKNOWN']
const ATTEMPT_OUTCOMES = ['pending', 'ok', 'rejected', 'unknown', 'error']
const EVENT_TYPES = ['created', 'attempt', 'status_check', 'status_changed', 'notification', 'staff_action', 'note']

function list(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(', ')
}

/**
 * The tokenizer of both full-text tables. `@ . _ + -` are part of a token so that an e-mail, an
 * invoice number (INV-2026-000123) or a UUID is one term, which a prefix query finds as typed.
 * Names are indexed a second time with `-` and `.` turned into spaces, so "Siew-Ling" is found by
 * "ling" too.
 */
const TOKENIZER = `tokenize = "unicode61 remove_diacritics 2 tokenchars '@._+-'"`

/** Digits of a phone number: the punctuation people type, removed in pure SQL (no app function, so
 * any connection, even the sqlite3 shell, can run the triggers). */
function digits(column: string): string {
  let expression = column
  for (const character of [' ', '-', '+', '(', ')', '.', '/']) expression = `replace(${expression}, '${character}', '')`
  return expression
}

/** The phone as indexed: its digits, then its digits without a leading 60 (country) or 0 (trunk). */
export function phoneTerms(column: string): string {
  return `(select case when d is null or d = '' then null else d || ' ' || case when d like '60%' then substr(d, 3) when d like '0%' then substr(d, 2) else '' end end from (select ${digits(column)} as d))`
}

export function nameTerms(column: string): string {
  return `${column} || case when ${column} glob '*[-.]*' then ' ' || replace(replace(${column}, '-', ' '), '.', ' ') else '' end`
}

function orderFtsInsert(row: string): string {
  return `insert into orders_fts (rowid, invoice, name, email, phone, card, refs) values (
      ${row}.id, ${row}.invoice_number, ${nameTerms(`${row}.customer_name`)}, ${row}.customer_email, ${phoneTerms(`${row}.customer_phone`)},
      ${row}.card_last4, concat_ws(' ', ${row}.gateway_reference_id, ${row}.request_id, ${row}.payment_id));`
}

function customerFtsInsert(row: string): string {
  return `insert into customers_fts (rowid, name, email, phone) values (
      ${row}.id, ${nameTerms(`${row}.name`)}, ${row}.email, ${phoneTerms(`${row}.phone`)});`
}

const ORDER_SEARCHED = ['invoice_number', 'customer_name', 'customer_email', 'customer_phone', 'card_last4', 'gateway_reference_id', 'request_id', 'payment_id']
const CUSTOMER_SEARCHED = ['name', 'email', 'phone']

function changed(columns: readonly string[]): string {
  return ['id', ...columns].map((column) => `old.${column} is not new.${column}`).join(' or ')
}

export const HISTORY_SCHEMA = `
  create table history_meta (
    key text primary key,
    value integer not null
  ) strict;
  -- 1 while every order's created_at is >= that of every order with a smaller id; the search then
  -- turns a date range into an id range. Cleared for good by the triggers below the first time an
  -- order breaks it (a clock set back), after which date filters are checked row by row.
  insert into history_meta (key, value) values ('orders_time_ordered', 1);

  create table customers (
    id integer primary key,
    external_id text unique,
    name text not null,
    email text,
    phone text,
    address text,
    city text,
    state text,
    zip_code text,
    country text,
    created_at text not null,
    updated_at text not null
  ) strict;

  create table orders (
    id integer primary key,
    kind text not null check (kind in (${list(ORDER_KINDS)})),
    invoice_number text not null unique,
    amount_sen integer not null check (amount_sen >= 0),
    currency text not null,
    channel text not null,
    status text not null check (status in (${list(ORDER_STATUSES)})),
    raw_status text,
    customer_id integer references customers (id),
    customer_name text not null,
    customer_email text,
    customer_phone text,
    request_id text,
    payment_id text,
    gateway_reference_id text,
    link_url text,
    link_expires_at text,
    card_masked text,
    card_last4 text,
    card_brand text,
    created_by text not null,
    created_at text not null,
    updated_at text not null,
    completed_at text
  ) strict;
  -- Each filter index ends in the rowid (SQLite appends it), so "status = ? and id < ? order by id
  -- desc" is one backward walk: the newest-first keyset pages cost the page, not the table.
  create index orders_by_status on orders (status);
  create index orders_by_channel on orders (channel);
  -- Every filtered column, keyed by id: filters are checked here, not in the wide table rows
  -- (about a tenth of their size), and a kind filter (3 values, none rare) walks it newest first.
  create index orders_filter on orders (id, status, kind, channel, created_at, amount_sen);
  create index orders_by_created_at on orders (created_at);
  create index orders_by_amount on orders (amount_sen);
  create index orders_by_customer on orders (customer_id) where customer_id is not null;
  create index orders_by_request_id on orders (request_id) where request_id is not null;

  create trigger orders_time_order_insert after insert on orders
    when exists (select 1 from orders where created_at > new.created_at)
  begin
    update history_meta set value = 0 where key = 'orders_time_ordered' and value = 1;
  end;
  create trigger orders_time_order_update after update of id, created_at on orders
  begin
    update history_meta set value = 0 where key = 'orders_time_ordered' and value = 1;
  end;

  -- Contentless: the terms are derived (phone digits, split names), so there is no content table
  -- to point at; contentless_delete lets the triggers remove a row by its rowid alone.
  create virtual table orders_fts using fts5 (
    invoice, name, email, phone, card, refs,
    content = '', contentless_delete = 1,
    ${TOKENIZER},
    prefix = '1 2 3 4'
  );
  create trigger orders_fts_insert after insert on orders begin
    ${orderFtsInsert('new')}
  end;
  create trigger orders_fts_update after update of id, ${ORDER_SEARCHED.join(', ')} on orders
    when ${changed(ORDER_SEARCHED)}
  begin
    delete from orders_fts where rowid = old.id;
    ${orderFtsInsert('new')}
  end;
  create trigger orders_fts_delete after delete on orders begin
    delete from orders_fts where rowid = old.id;
  end;

  create virtual table customers_fts using fts5 (
    name, email, phone,
    content = '', contentless_delete = 1,
    ${TOKENIZER},
    prefix = '1 2 3'
  );
  create trigger customers_fts_insert after insert on customers begin
    ${customerFtsInsert('new')}
  end;
  create trigger customers_fts_update after update of id, ${CUSTOMER_SEARCHED.join(', ')} on customers
    when ${changed(CUSTOMER_SEARCHED)}
  begin
    delete from customers_fts where rowid = old.id;
    ${customerFtsInsert('new')}
  end;
  create trigger customers_fts_delete after delete on customers begin
    delete from customers_fts where rowid = old.id;
  end;

  create table attempts (
    id integer primary key,
    order_id integer references orders (id),
    operation text not null,
    request_id text not null,
    method text not null check (method in ('GET', 'POST')),
    path text not null,
    request_body text,
    response_body text,
    http_status integer,
    signature text,
    outcome text not null check (outcome in (${list(ATTEMPT_OUTCOMES)})),
    error_code text,
    error_message text,
    duration_ms integer,
    started_at text not null,
    finished_at text
  ) strict;
  create index attempts_by_order on attempts (order_id) where order_id is not null;
  create index attempts_by_request_id on attempts (request_id);
  -- Small by construction (only attempts a crash interrupted), so finding them at start is instant.
  create index attempts_pending on attempts (id) where outcome = 'pending';

  create table events (
    id integer primary key,
    order_id integer not null references orders (id),
    type text not null check (type in (${list(EVENT_TYPES)})),
    summary text not null,
    details text check (details is null or json_valid(details)),
    attempt_id integer references attempts (id),
    actor text,
    at text not null
  ) strict;
  create index events_by_order on events (order_id, id);

  create table saved_cards (
    id integer primary key,
    customer_id integer not null references customers (id),
    token_ciphertext blob not null,
    token_fingerprint text not null,
    masked text,
    brand text,
    issuer text,
    source text not null check (source in ('hosted_page', 'charge', 'manual')),
    active integer not null default 1 check (active in (0, 1)),
    added_at text not null,
    last_used_at text,
    deactivated_at text,
    unique (customer_id, token_fingerprint)
  ) strict;

  create table refunds (
    id integer primary key,
    order_id integer not null references orders (id),
    request_id text not null unique,
    amount_sen integer not null check (amount_sen >= 0),
    type text check (type is null or type in ('VOID', 'FULL_REFUND', 'PARTIAL_REFUND')),
    status text not null check (status in ('PENDING', 'SUCCESS', 'FAILED', 'OUTCOME_UNKNOWN')),
    raw_status text,
    external integer not null check (external in (0, 1)),
    created_by text not null,
    created_at text not null,
    updated_at text not null
  ) strict;
  create index refunds_by_order on refunds (order_id);

  create table notifications (
    id integer primary key,
    request_id text unique,
    raw_body text not null,
    headers text not null check (json_valid(headers)),
    verified integer not null check (verified in (0, 1)),
    order_id integer references orders (id),
    received_at text not null
  ) strict;
  create index notifications_by_order on notifications (order_id) where order_id is not null;

  create table audit_log (
    id integer primary key,
    actor text not null,
    action text not null,
    order_id integer,
    details text check (details is null or json_valid(details)),
    at text not null
  ) strict;
  create index audit_log_by_order on audit_log (order_id) where order_id is not null;
  -- Append-only: what staff did must not be rewritten afterwards, not even by a bug in the app.
  create trigger audit_log_no_update before update on audit_log begin
    select raise(abort, 'audit_log is append-only: rows cannot be changed');
  end;
  create trigger audit_log_no_delete before delete on audit_log begin
    select raise(abort, 'audit_log is append-only: rows cannot be deleted');
  end;
`
