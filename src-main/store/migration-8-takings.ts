/**
 * The SQL of migration 8 ("takings"), the home screen's and the end-of-day report's summary (issue 20).
 * Frozen once shipped. The same meaning on PostgreSQL: team migration 4 (postgres/team-schema.ts).
 *
 * - `refunds.approved_at`: when the gateway approved the refund (or void), the day it counts on. Set
 *   by the refunds repository in the statement that turns a refund SUCCESS (never moved afterwards);
 *   backfilled here from `updated_at`, the last change of a refund already approved.
 * - `takings`: money per hour and channel, kept by triggers in the transaction that changes an order
 *   or a refund, so that no writer (nor a fix made by hand) can leave it stale. The hour is the UTC
 *   hour of the ISO time (`YYYY-MM-DDTHH`): Malaysia time is UTC+8 all year, so a Malaysia hour, day,
 *   week or month is a whole range of UTC hours.
 *   - paid: an order PAID (or since REFUNDED or VOIDED: it was paid) and not waiting for review, on
 *     the hour it completed, for the amount the gateway says was paid when that differs (a discount),
 *     else the order's amount;
 *   - refunded / voided: a refund the gateway approved (SUCCESS), on the hour it was approved, in the
 *     channel of its order; a VOID apart from the other refunds. (Migration 12 counts it only while
 *     its order's payment counts: migration-12-refunds-of-counted-payments.ts.)
 * - Indexes for the report's breakdowns (orders by completion, refunds by approval) and for the home
 *   screen's "Needs attention" (links about to expire, refunds waiting, notifications that failed).
 *
 * docs/home-and-report.md says what each figure means.
 */

/** The statuses of an order that was paid (a refund or void later does not undo that it was). */
export const PAID_STATUSES = ['PAID', 'REFUNDED', 'VOIDED'] as const

const paidList = PAID_STATUSES.map((status) => `'${status}'`).join(', ')

/** Whether an order's row counts as paid (for `old` or `new`). */
export function countsAsPaid(row: string): string {
  return `${row}.status in (${paidList}) and ${row}.review is null`
}

/** The hour an order's payment counts in. */
export function paidHour(row: string): string {
  return `substr(coalesce(${row}.completed_at, ${row}.created_at), 1, 13)`
}

/** The amount an order's payment counts for. */
export function paidAmount(row: string): string {
  return `coalesce(${row}.gateway_amount_sen, ${row}.amount_sen)`
}

/** What of an order the summary depends on: a change of anything else leaves it alone. */
const ORDER_INPUTS = ['status', 'review', 'completed_at', 'created_at', 'amount_sen', 'gateway_amount_sen', 'channel']
const REFUND_INPUTS = ['status', 'approved_at', 'amount_sen', 'type', 'order_id']

function changed(columns: readonly string[]): string {
  return columns.map((column) => `old.${column} is not new.${column}`).join(' or ')
}

export const TAKINGS_COLUMNS = 'hour, channel, paid_sen, paid_count, refunded_sen, refund_count, voided_sen, void_count'
/** Adds a row's figures to its hour's (the same text on both engines). */
export const ADD_TAKINGS = `on conflict (hour, channel) do update set
      paid_sen = takings.paid_sen + excluded.paid_sen, paid_count = takings.paid_count + excluded.paid_count,
      refunded_sen = takings.refunded_sen + excluded.refunded_sen, refund_count = takings.refund_count + excluded.refund_count,
      voided_sen = takings.voided_sen + excluded.voided_sen, void_count = takings.void_count + excluded.void_count`
const ADD = ADD_TAKINGS

function addOrder(row: string): string {
  return `insert into takings (${TAKINGS_COLUMNS}) values (${paidHour(row)}, ${row}.channel, ${paidAmount(row)}, 1, 0, 0, 0, 0) ${ADD};`
}

function subtractOrder(row: string): string {
  return `update takings set paid_sen = paid_sen - ${paidAmount(row)}, paid_count = paid_count - 1
      where hour = ${paidHour(row)} and channel = ${row}.channel;`
}

const isVoid = (row: string): string => `coalesce(${row}.type = 'VOID', 0)`
const refundChannel = (row: string): string => `(select channel from orders where id = ${row}.order_id)`

function addRefund(row: string): string {
  return `insert into takings (${TAKINGS_COLUMNS}) values (substr(${row}.approved_at, 1, 13), ${refundChannel(row)}, 0, 0,
      case when ${isVoid(row)} then 0 else ${row}.amount_sen end, case when ${isVoid(row)} then 0 else 1 end,
      case when ${isVoid(row)} then ${row}.amount_sen else 0 end, case when ${isVoid(row)} then 1 else 0 end) ${ADD};`
}

function subtractRefund(row: string): string {
  return `update takings set
      refunded_sen = refunded_sen - case when ${isVoid(row)} then 0 else ${row}.amount_sen end,
      refund_count = refund_count - case when ${isVoid(row)} then 0 else 1 end,
      voided_sen = voided_sen - case when ${isVoid(row)} then ${row}.amount_sen else 0 end,
      void_count = void_count - case when ${isVoid(row)} then 1 else 0 end
      where hour = substr(${row}.approved_at, 1, 13) and channel = ${refundChannel(row)};`
}

const refundCounts = (row: string): string => `${row}.status = 'SUCCESS' and ${row}.approved_at is not null`

export const TAKINGS_SCHEMA = `
  alter table refunds add column approved_at text;
  update refunds set approved_at = updated_at where status = 'SUCCESS';
  create index refunds_by_approved_at on refunds (approved_at) where approved_at is not null;
  create index refunds_open on refunds (id) where status in ('PENDING', 'OUTCOME_UNKNOWN');
  create index orders_by_completed_at on orders (completed_at) where completed_at is not null;
  create index orders_link_expiry on orders (link_expires_at) where status = 'PENDING' and link_expires_at is not null;
  create index notifications_failed on notifications (id) where failed = 1;

  create table takings (
    hour text not null,
    channel text not null,
    paid_sen integer not null default 0,
    paid_count integer not null default 0,
    refunded_sen integer not null default 0,
    refund_count integer not null default 0,
    voided_sen integer not null default 0,
    void_count integer not null default 0,
    primary key (hour, channel)
  ) strict, without rowid;

  insert into takings (${TAKINGS_COLUMNS})
    select ${paidHour('o')}, o.channel, sum(${paidAmount('o')}), count(*), 0, 0, 0, 0
    from orders o where ${countsAsPaid('o')} group by 1, 2;
  insert into takings (${TAKINGS_COLUMNS})
    select substr(r.approved_at, 1, 13), o.channel, 0, 0,
      sum(case when ${isVoid('r')} then 0 else r.amount_sen end), sum(case when ${isVoid('r')} then 0 else 1 end),
      sum(case when ${isVoid('r')} then r.amount_sen else 0 end), sum(case when ${isVoid('r')} then 1 else 0 end)
    from refunds r join orders o on o.id = r.order_id where ${refundCounts('r')} group by 1, 2
    ${ADD};

  create trigger takings_order_insert after insert on orders when ${countsAsPaid('new')} begin
    ${addOrder('new')}
  end;
  create trigger takings_order_update after update on orders when ${changed(ORDER_INPUTS)} begin
    ${subtractOrder('old').replace('where', `where ${countsAsPaid('old')} and`)}
    insert into takings (${TAKINGS_COLUMNS}) select ${paidHour('new')}, new.channel, ${paidAmount('new')}, 1, 0, 0, 0, 0 where ${countsAsPaid('new')} ${ADD};
  end;
  create trigger takings_order_delete after delete on orders when ${countsAsPaid('old')} begin
    ${subtractOrder('old')}
  end;

  create trigger takings_refund_insert after insert on refunds when ${refundCounts('new')} begin
    ${addRefund('new')}
  end;
  create trigger takings_refund_update after update on refunds when ${changed(REFUND_INPUTS)} begin
    ${subtractRefund('old').replace('where hour', `where ${refundCounts('old')} and hour`)}
    insert into takings (${TAKINGS_COLUMNS}) select substr(new.approved_at, 1, 13), ${refundChannel('new')}, 0, 0,
      case when ${isVoid('new')} then 0 else new.amount_sen end, case when ${isVoid('new')} then 0 else 1 end,
      case when ${isVoid('new')} then new.amount_sen else 0 end, case when ${isVoid('new')} then 1 else 0 end
      where ${refundCounts('new')} ${ADD};
  end;
  create trigger takings_refund_delete after delete on refunds when ${refundCounts('old')} begin
    ${subtractRefund('old')}
  end;
`

/** The same for one PostgreSQL history schema (team migration 4): the triggers are PL/pgSQL functions of that schema. */
export function takingsTeamSql(schema: string): string {
  const paid = (row: string): string => `${row}.status in (${paidList}) and ${row}.review is null`
  const voided = (row: string): string => `coalesce(${row}.type = 'VOID', false)`
  const channelOf = (row: string): string => `(select channel from ${schema}.orders where id = ${row}.order_id)`
  const addRefundValues = (row: string): string => `substr(${row}.approved_at, 1, 13), ${channelOf(row)}, 0, 0,
        case when ${voided(row)} then 0 else ${row}.amount_sen end, case when ${voided(row)} then 0 else 1 end,
        case when ${voided(row)} then ${row}.amount_sen else 0 end, case when ${voided(row)} then 1 else 0 end`
  const row = (columns: readonly string[], name: string): string => `(${columns.map((column) => `${name}.${column}`).join(', ')})`
  return `
  alter table ${schema}.refunds add column approved_at text;
  update ${schema}.refunds set approved_at = updated_at where status = 'SUCCESS';
  create index refunds_by_approved_at on ${schema}.refunds (approved_at) where approved_at is not null;
  create index refunds_open on ${schema}.refunds (id) where status in ('PENDING', 'OUTCOME_UNKNOWN');
  create index orders_by_completed_at on ${schema}.orders (completed_at) where completed_at is not null;
  create index orders_link_expiry on ${schema}.orders (link_expires_at) where status = 'PENDING' and link_expires_at is not null;
  create index notifications_failed on ${schema}.notifications (id) where failed = 1;

  create table ${schema}.takings (
    hour text not null,
    channel text not null,
    paid_sen bigint not null default 0,
    paid_count bigint not null default 0,
    refunded_sen bigint not null default 0,
    refund_count bigint not null default 0,
    voided_sen bigint not null default 0,
    void_count bigint not null default 0,
    primary key (hour, channel)
  );

  insert into ${schema}.takings (${TAKINGS_COLUMNS})
    select ${paidHour('o')}, o.channel, sum(${paidAmount('o')}), count(*), 0, 0, 0, 0
    from ${schema}.orders o where ${paid('o')} group by 1, 2;
  insert into ${schema}.takings (${TAKINGS_COLUMNS})
    select substr(r.approved_at, 1, 13), o.channel, 0, 0,
      sum(case when ${voided('r')} then 0 else r.amount_sen end), sum(case when ${voided('r')} then 0 else 1 end),
      sum(case when ${voided('r')} then r.amount_sen else 0 end), sum(case when ${voided('r')} then 1 else 0 end)
    from ${schema}.refunds r join ${schema}.orders o on o.id = r.order_id where r.status = 'SUCCESS' and r.approved_at is not null group by 1, 2
    ${ADD_TAKINGS};

  create function ${schema}.takings_order() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if ${row(ORDER_INPUTS, 'old')} is not distinct from ${row(ORDER_INPUTS, 'new')} then
          return null;
        end if;
      end if;
      if tg_op <> 'INSERT' then
        if ${paid('old')} then
          update ${schema}.takings set paid_sen = paid_sen - ${paidAmount('old')}, paid_count = paid_count - 1
            where hour = ${paidHour('old')} and channel = old.channel;
        end if;
      end if;
      if tg_op <> 'DELETE' then
        if ${paid('new')} then
          insert into ${schema}.takings (${TAKINGS_COLUMNS}) values (${paidHour('new')}, new.channel, ${paidAmount('new')}, 1, 0, 0, 0, 0)
            ${ADD_TAKINGS};
        end if;
      end if;
      return null;
    end
  $$;
  create trigger takings_order after insert or update or delete on ${schema}.orders for each row execute function ${schema}.takings_order();

  create function ${schema}.takings_refund() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if ${row(REFUND_INPUTS, 'old')} is not distinct from ${row(REFUND_INPUTS, 'new')} then
          return null;
        end if;
      end if;
      if tg_op <> 'INSERT' then
        if old.status = 'SUCCESS' and old.approved_at is not null then
          update ${schema}.takings set
            refunded_sen = refunded_sen - case when ${voided('old')} then 0 else old.amount_sen end,
            refund_count = refund_count - case when ${voided('old')} then 0 else 1 end,
            voided_sen = voided_sen - case when ${voided('old')} then old.amount_sen else 0 end,
            void_count = void_count - case when ${voided('old')} then 1 else 0 end
            where hour = substr(old.approved_at, 1, 13) and channel = ${channelOf('old')};
        end if;
      end if;
      if tg_op <> 'DELETE' then
        if new.status = 'SUCCESS' and new.approved_at is not null then
          insert into ${schema}.takings (${TAKINGS_COLUMNS}) values (${addRefundValues('new')})
            ${ADD_TAKINGS};
        end if;
      end if;
      return null;
    end
  $$;
  create trigger takings_refund after insert or update or delete on ${schema}.refunds for each row execute function ${schema}.takings_refund();
  `
}
