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

describe('group commit', () => {
  it('commits the writes of one turn together, each answered only once another connection can read it; one that throws is rolled back alone', async () => {
    fixture = await openHistory()
    const { history, file } = fixture
    const order = history.orders.insert(newOrder())
    const reader = new Database(file, { readonly: true })
    const notes = (): string[] => (reader.prepare('select summary from events where order_id = ? order by id').pluck().all(order.id) as string[]).filter((s) => s.startsWith('group '))
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
})
