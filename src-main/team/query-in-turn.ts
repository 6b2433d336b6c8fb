/**
 * One query at a time on a pg session: pg queues overlapping queries itself but deprecates it (pg 9
 * drops it), and the leader's checks, the relay's notifies and its heartbeat can overlap. Each
 * session gets its own turn order; a failed query does not stop the ones after it.
 */
import type pg from 'pg'

const turns = new WeakMap<pg.Client, Promise<unknown>>()

export function queryInTurn<R extends pg.QueryResultRow = pg.QueryResultRow>(client: pg.Client, text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
  const previous = turns.get(client) ?? Promise.resolve()
  const next = previous.then(
    () => client.query<R>(text, values),
    () => client.query<R>(text, values),
  )
  turns.set(
    client,
    next.catch(() => undefined),
  )
  return next
}
