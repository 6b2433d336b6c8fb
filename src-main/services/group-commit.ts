/**
 * Group commit for writes that may wait until the end of this turn of the event loop: every write
 * queued for one history in a turn runs in one transaction, so they share one commit (one fsync
 * under SQLite's synchronous = FULL, one round trip's commit on PostgreSQL) instead of one each.
 * The fsync was nearly all of a status check's and a notification's cost (docs/performance.md).
 *
 *   const updated = await commitSoon(history, () => applyAnswer(ctx, order, answer, attempt.id, 'check'))
 *
 * Each write runs in a savepoint of its own: one that throws is rolled back alone and its promise
 * rejects; the others are committed. Each promise settles only after the commit, so nothing is
 * announced (an event, an answer to the gateway) before it is durable. If the commit itself fails,
 * every write of the group is rejected (none of them was kept).
 *
 * Not for money movements: their write-ahead must be committed before the request leaves, and they
 * keep their own transactions (moneyTransaction).
 */
import type { History } from '../store/history'

interface Queued {
  work: () => unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const queues = new WeakMap<History, Queued[]>()

/** Runs `work` in this turn's group transaction of `history`; resolves with its result once committed. */
export function commitSoon<T>(history: History, work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let queue = queues.get(history)
    if (!queue) {
      queue = []
      queues.set(history, queue)
      setImmediate(() => {
        commitQueued(history)
      })
    }
    queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
  })
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

function commitQueued(history: History): void {
  const queue = queues.get(history) ?? []
  queues.delete(history)
  let outcomes: Outcome[]
  try {
    outcomes = history.transaction(() =>
      queue.map(({ work }): Outcome => {
        if (queue.length === 1) return { ok: true, value: work() }
        try {
          return { ok: true, value: history.transaction(work) }
        } catch (error) {
          return { ok: false, error }
        }
      }),
    )
  } catch (error) {
    for (const queued of queue) queued.reject(error)
    return
  }
  queue.forEach((queued, i) => {
    const outcome = outcomes[i]
    if (outcome?.ok) queued.resolve(outcome.value)
    else queued.reject(outcome?.error)
  })
}
