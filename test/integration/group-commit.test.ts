/**
 * Group commit (services/group-commit.ts) on a real SQLite file: the writes of one turn share one
 * commit; each promise settles only once its write is durable (another connection reads it); one
 * write that throws is rolled back alone and the others are kept.
 */
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { commitSoon } from '../../src-main/services/group-commit'
import { newOrder, openHistory, type HistoryFixture } from './history-fixture'

let fixture: HistoryFixture | null = null
afterEach(() => {
  fixture?.close()
  fixture = null
})

const note = (orderId: number, summary: string) => ({ orderId, type: 'note' as const, summary, details: null, attemptId: null, actor: null, at: '2026-11-23T00:00:00.000Z' })

/** A history with one order, and a second connection reading that order's notes starting with `prefix` (what is durable). */
async function historyWithReader(prefix: string) {
  fixture = await openHistory()
  const { history, file } = fixture
  const order = history.orders.insert(newOrder())
  const reader = new Database(file, { readonly: true })
  const notes = (): string[] => (reader.prepare('select summary from events where order_id = ? order by id').pluck().all(order.id) as string[]).filter((s) => s.startsWith(prefix))
  return { history, order, reader, notes }
}

describe('group commit', () => {
  it('commits the writes of one turn together, each answered only once another connection can read it; one that throws is rolled back alone', async () => {
    const { history, order, reader, notes } = await historyWithReader('group ')
    try {
      const seenAtAnswer: string[][] = []
      const writes = ['group 1', 'group 2', 'group 3'].map((summary) =>
        commitSoon(history, () => {
          if (summary === 'group 2') {
            history.events.append(note(order.id, summary))
            throw new Error('refused')
          }
          return history.events.append(note(order.id, summary)).id
        }).then(
          (id) => {
            seenAtAnswer.push(notes())
            return id
          },
          (error: unknown) => {
            seenAtAnswer.push(notes())
            throw error
          },
        ),
      )
      // Nothing is written before the turn ends.
      expect(notes()).toEqual([])
      const [first, second, third] = await Promise.allSettled(writes)
      expect(first?.status).toBe('fulfilled')
      expect(second).toMatchObject({ status: 'rejected', reason: new Error('refused') })
      expect(third?.status).toBe('fulfilled')
      // Every answer, the refusal included, came after the commit: the other connection already read both kept writes.
      expect(seenAtAnswer).toEqual([
        ['group 1', 'group 3'],
        ['group 1', 'group 3'],
        ['group 1', 'group 3'],
      ])
      // A later turn is a group of its own.
      await commitSoon(history, () => history.events.append(note(order.id, 'group 4')))
      expect(notes()).toEqual(['group 1', 'group 3', 'group 4'])
    } finally {
      reader.close()
    }
  })

  it('lets a write wait for others to share its commit, until one that may not wait joins it', async () => {
    const { history, order, reader, notes } = await historyWithReader('wait ')
    const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))
    try {
      // Waiting writes of several turns share one commit, made when the first one's wait is over.
      const first = commitSoon(history, () => history.events.append(note(order.id, 'wait 1')), { waitMs: 200 })
      await turn()
      const second = commitSoon(history, () => history.events.append(note(order.id, 'wait 2')), { waitMs: 200 })
      await turn()
      expect(notes()).toEqual([])
      await Promise.all([first, second])
      expect(notes()).toEqual(['wait 1', 'wait 2'])

      // One that may not wait commits the group at the end of its turn.
      const third = commitSoon(history, () => history.events.append(note(order.id, 'wait 3')), { waitMs: 10_000 })
      const fourth = commitSoon(history, () => history.events.append(note(order.id, 'wait 4')))
      const started = Date.now()
      await Promise.all([third, fourth])
      expect(Date.now() - started).toBeLessThan(5_000)
      expect(notes()).toEqual(['wait 1', 'wait 2', 'wait 3', 'wait 4'])
    } finally {
      reader.close()
    }
  })
})
