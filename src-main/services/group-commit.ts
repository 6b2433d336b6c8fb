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
 * A write may also wait a little for others (`waitMs`): the status tracker's own checks at a low
 * concurrency come one per turn, and each committed alone (docs/performance.md, item 14).
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

interface Group {
  queue: Queued[]
  /** Set when the group commits at the end of this turn; else it waits for its timer. */
  now: boolean
  timer: NodeJS.Timeout | null
}

const groups = new WeakMap<History, Group>()

export interface CommitSoonOptions {
  /**
   * How long this write may wait for others to share its commit (0, the default: the end of this
   * turn). A write that may not wait, joining, commits the whole group at the end of its turn.
   */
  waitMs?: number
}

/** Runs `work` in the group transaction of `history` (this turn's, or within `waitMs`); resolves with its result once committed. */
export function commitSoon<T>(history: History, work: () => T, options: CommitSoonOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let group = groups.get(history)
    if (!group) {
      group = { queue: [], now: false, timer: null }
      groups.set(history, group)
    }
    group.queue.push({ work, resolve: resolve as (value: unknown) => void, reject })
    const waitMs = options.waitMs ?? 0
    const joined = group
    if (waitMs <= 0 && !group.now) {
      group.now = true
      setImmediate(() => {
        commitQueued(history, joined)
      })
    } else if (waitMs > 0 && !group.now && !group.timer) {
      group.timer = setTimeout(() => {
        commitQueued(history, joined)
      }, waitMs)
    }
  })
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

function commitQueued(history: History, group: Group): void {
  // Committed already (its timer and the end of a turn both asked).
  if (groups.get(history) !== group) return
  groups.delete(history)
  if (group.timer) clearTimeout(group.timer)
  const queue = group.queue
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
