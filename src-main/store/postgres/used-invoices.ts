/**
 * The invoice numbers desks used before they worked in the team. Status checks ask the gateway by
 * invoice number, so a number given again would be answered with the old payment's status: a new
 * order read as paid with no money. A desk's numbers are written here when it creates or joins the
 * team (before it writes there), and no new order of the team may take one, in any case. The
 * creating desk's rows carry its order ids: its import copies those orders with their ids, and only
 * that very order may take its number (ids past the desk's are reserved for the team: reserveIds).
 */

/** Team migration 9 for one history schema. */
export function usedInvoicesSql(schema: string): string {
  return `
  create table ${schema}.used_invoices (
    invoice_key text not null,
    order_id bigint
  );
  create index used_invoices_by_key on ${schema}.used_invoices (invoice_key);
  create function ${schema}.refuse_used_invoice() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from ${schema}.used_invoices u where u.invoice_key = lower(new.invoice_number))
         and not exists (select 1 from ${schema}.used_invoices u where u.invoice_key = lower(new.invoice_number) and u.order_id = new.id) then
        raise exception 'invoice number % was used at a desk before it joined the team', new.invoice_number
          using errcode = 'unique_violation', constraint = 'orders_invoice_number_key';
      end if;
      return new;
    end
  $$;
  create trigger orders_refuse_used_invoice before insert on ${schema}.orders for each row execute function ${schema}.refuse_used_invoice();
  `
}
