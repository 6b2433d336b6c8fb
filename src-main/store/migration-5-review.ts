/**
 * The SQL of migration 5 ("review"). Frozen once shipped.
 *
 * - `review`: set when the gateway's answer or notification could not be taken as it stands (its
 *   currency is not the order's, or its amount is above the order's): the order is not turned paid,
 *   and waits for a staff decision. JSON: what the gateway said and why it needs a person.
 * - `gateway_amount_sen`: the amount the gateway says was paid, when it differs from the order's
 *   (lower: a discount or promotion, shown beside the order's amount).
 * - A partial index finds the few orders needing review without touching the others.
 * - Orders are found by the payment id a non-card notification names.
 * - notifications gain the invoice number they name: one that names no order here yet is kept, and
 *   linked to its order when that appears (made at another desk, or created after the notification);
 *   and the scheme their signature verified under (null before: the card scheme was the only one).
 */
export const REVIEW_SCHEMA = `
  alter table orders add column review text check (review is null or json_valid(review));
  alter table orders add column gateway_amount_sen integer check (gateway_amount_sen is null or gateway_amount_sen >= 0);
  create index orders_needing_review on orders (id) where review is not null;
  create index orders_by_payment_id on orders (payment_id) where payment_id is not null;

  alter table notifications add column invoice_number text;
  alter table notifications add column scheme text check (scheme is null or scheme in ('card', 'generic'));
  create index notifications_waiting on notifications (invoice_number) where order_id is null and invoice_number is not null;
  create index notifications_unmatched on notifications (id) where order_id is null;
`
