/**
 * The SQL of migration 3 ("tracking"). Frozen once shipped, like migration 2.
 *
 * - `tracking`: one row per order or refund the status tracker follows: how many checks it made and
 *   when the next is due (null once it stopped, e.g. a link past its expiry, so that a restart does
 *   not start it again). Small by construction: rows go when the subject is final.
 * - notifications gain `handled_at`: written durably before the gateway is answered, acted on after;
 *   one received but not yet acted on when the app stopped is acted on at the next start.
 * - refunds gain the gateway's `message` (e.g. why it refused).
 */
export const TRACKING_SCHEMA = `
  create table tracking (
    subject text not null check (subject in ('order', 'refund')),
    subject_id integer not null,
    checks integer not null default 0 check (checks >= 0),
    next_at text,
    primary key (subject, subject_id)
  ) strict;
  create index tracking_by_next on tracking (next_at) where next_at is not null;

  alter table notifications add column handled_at text;
  alter table notifications add column result text;
  create index notifications_unhandled on notifications (id) where handled_at is null;

  alter table refunds add column message text;
`
