/**
 * The SQL of migration 12 ("refunds count with their payment"). Frozen once shipped. The same meaning
 * on PostgreSQL: team migration 10 (postgres/team-schema.ts).
 *
 * Migration 8's `takings` counted every refund the gateway approved, even one of an order whose
 * payment it does not count: an order waiting for a staff decision (*Needs review*: the gateway said
 * paid in another currency or for more than the order), or one decided not paid. A refund made
 * elsewhere and told by the gateway on such an order was subtracted from a payment never added, and
 * its day's net went negative (found by review). Now a refund (or void) counts only while its order's
 * payment counts (`countsAsPaid`: paid, refunded or voided, and not waiting for review), on the hour
 * it was approved, in its order's channel:
 * - the refund triggers add or subtract a refund only when its order counts;
 * - a new trigger on orders moves the order's approved refunds when whether it counts, or its channel,
 *   changes (a review decided paid adds them, on their own hours; a payment back in review or decided
 *   not paid takes them out);
 * - the refunds of orders that do not count are taken out of the summary the history has.
 *
 * docs/home-and-report.md says what each figure means.
 */
import { ADD_TAKINGS, countsAsPaid, TAKINGS_COLUMNS } from './migration-8-takings'

const isVoid = (row: string): string => `coalesce(${row}.type = 'VOID', 0)`
const approved = (row: string): string => `${row}.status = 'SUCCESS' and ${row}.approved_at is not null`
const hourOf = (row: string): string => `substr(${row}.approved_at, 1, 13)`

/** A refund's four figures: refunded sen and count, voided sen and count (a VOID apart from the other refunds). */
function parts(row: string, voided: (row: string) => string): string[] {
  const isVoided = voided(row)
  return [
    `case when ${isVoided} then 0 else ${row}.amount_sen end`,
    `case when ${isVoided} then 0 else 1 end`,
    `case when ${isVoided} then ${row}.amount_sen else 0 end`,
    `case when ${isVoided} then 1 else 0 end`,
  ]
}

/** A refund's figures, added (`+`) or taken out (`-`). */
function figures(row: string, sign: '+' | '-', voided: (row: string) => string = isVoid): string {
  return parts(row, voided)
    .map((value) => (sign === '-' ? `-(${value})` : value))
    .join(', ')
}

/** The figures of a group of refunds, summed, added (`+`) or taken out (`-`). */
function summed(row: string, sign: '+' | '-', voided: (row: string) => string = isVoid): string {
  return parts(row, voided)
    .map((value) => (sign === '-' ? `-sum(${value})` : `sum(${value})`))
    .join(', ')
}

/** Whether the order of a refund's row counts as paid (its refunds count then). */
const orderCounts = (row: string, orders = 'orders'): string => `exists (select 1 from ${orders} o where o.id = ${row}.order_id and ${countsAsPaid('o')})`
const channelOf = (row: string, orders = 'orders'): string => `(select channel from ${orders} where id = ${row}.order_id)`

/** Whether an order change moves its refunds: whether it counts, or its channel, changed. */
const ORDER_MOVES_REFUNDS = `(${countsAsPaid('old')}) is not (${countsAsPaid('new')}) or old.channel is not new.channel`

export const REFUNDS_OF_COUNTED_PAYMENTS_SCHEMA = `
  drop trigger takings_refund_insert;
  drop trigger takings_refund_update;
  drop trigger takings_refund_delete;

  insert into takings (${TAKINGS_COLUMNS})
    select ${hourOf('r')}, o.channel, 0, 0, ${summed('r', '-')}
    from refunds r join orders o on o.id = r.order_id where ${approved('r')} and not (${countsAsPaid('o')}) group by 1, 2
    ${ADD_TAKINGS};

  create trigger takings_refund_insert after insert on refunds when ${approved('new')} and ${orderCounts('new')} begin
    insert into takings (${TAKINGS_COLUMNS}) values (${hourOf('new')}, ${channelOf('new')}, 0, 0, ${figures('new', '+')}) ${ADD_TAKINGS};
  end;
  create trigger takings_refund_update after update on refunds when old.status is not new.status or old.approved_at is not new.approved_at
      or old.amount_sen is not new.amount_sen or old.type is not new.type or old.order_id is not new.order_id begin
    insert into takings (${TAKINGS_COLUMNS}) select ${hourOf('old')}, ${channelOf('old')}, 0, 0, ${figures('old', '-')}
      where ${approved('old')} and ${orderCounts('old')} ${ADD_TAKINGS};
    insert into takings (${TAKINGS_COLUMNS}) select ${hourOf('new')}, ${channelOf('new')}, 0, 0, ${figures('new', '+')}
      where ${approved('new')} and ${orderCounts('new')} ${ADD_TAKINGS};
  end;
  create trigger takings_refund_delete after delete on refunds when ${approved('old')} and ${orderCounts('old')} begin
    insert into takings (${TAKINGS_COLUMNS}) values (${hourOf('old')}, ${channelOf('old')}, 0, 0, ${figures('old', '-')}) ${ADD_TAKINGS};
  end;

  create trigger takings_order_refunds after update on orders when ${ORDER_MOVES_REFUNDS} begin
    insert into takings (${TAKINGS_COLUMNS}) select ${hourOf('r')}, old.channel, 0, 0, ${summed('r', '-')}
      from refunds r where r.order_id = old.id and ${approved('r')} and ${countsAsPaid('old')} group by 1 ${ADD_TAKINGS};
    insert into takings (${TAKINGS_COLUMNS}) select ${hourOf('r')}, new.channel, 0, 0, ${summed('r', '+')}
      from refunds r where r.order_id = new.id and ${approved('r')} and ${countsAsPaid('new')} group by 1 ${ADD_TAKINGS};
  end;
`

/** The same for one PostgreSQL history schema (team migration 10): migration 4's refund function replaced, and a function for the order's refunds. */
export function refundsOfCountedPaymentsTeamSql(schema: string): string {
  const voided = (row: string): string => `coalesce(${row}.type = 'VOID', false)`
  const orders = `${schema}.orders`
  const paid = (row: string): string => `(${countsAsPaid(row)})`
  return `
  insert into ${schema}.takings (${TAKINGS_COLUMNS})
    select ${hourOf('r')}, o.channel, 0, 0, ${summed('r', '-', voided)}
    from ${schema}.refunds r join ${orders} o on o.id = r.order_id where ${approved('r')} and not ${paid('o')} group by 1, 2
    ${ADD_TAKINGS};

  create or replace function ${schema}.takings_refund() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if (old.status, old.approved_at, old.amount_sen, old.type, old.order_id) is not distinct from (new.status, new.approved_at, new.amount_sen, new.type, new.order_id) then
          return null;
        end if;
      end if;
      if tg_op <> 'INSERT' then
        if ${approved('old')} and ${orderCounts('old', orders)} then
          insert into ${schema}.takings (${TAKINGS_COLUMNS}) values (${hourOf('old')}, ${channelOf('old', orders)}, 0, 0, ${figures('old', '-', voided)})
            ${ADD_TAKINGS};
        end if;
      end if;
      if tg_op <> 'DELETE' then
        if ${approved('new')} and ${orderCounts('new', orders)} then
          insert into ${schema}.takings (${TAKINGS_COLUMNS}) values (${hourOf('new')}, ${channelOf('new', orders)}, 0, 0, ${figures('new', '+', voided)})
            ${ADD_TAKINGS};
        end if;
      end if;
      return null;
    end
  $$;

  create function ${schema}.takings_order_refunds() returns trigger language plpgsql as $$
    begin
      if ${paid('old')} then
        insert into ${schema}.takings (${TAKINGS_COLUMNS}) select ${hourOf('r')}, old.channel, 0, 0, ${summed('r', '-', voided)}
          from ${schema}.refunds r where r.order_id = old.id and ${approved('r')} group by 1
          ${ADD_TAKINGS};
      end if;
      if ${paid('new')} then
        insert into ${schema}.takings (${TAKINGS_COLUMNS}) select ${hourOf('r')}, new.channel, 0, 0, ${summed('r', '+', voided)}
          from ${schema}.refunds r where r.order_id = new.id and ${approved('r')} group by 1
          ${ADD_TAKINGS};
      end if;
      return null;
    end
  $$;
  create trigger takings_order_refunds after update on ${orders} for each row
    when (${paid('old')} is distinct from ${paid('new')} or old.channel is distinct from new.channel)
    execute function ${schema}.takings_order_refunds();
  `
}
