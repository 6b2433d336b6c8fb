/**
 * What the listener did with a notification is kept as its message's id and values, and read back
 * so (worded in the desk's language when shown); a row written before, as English text, still reads
 * as it was written, its statuses in words.
 */
import { describe, expect, it } from 'vitest'
import { englishOf } from '../../src-common/said/english'
import { say } from '../../src-common/said/say'
import { readResult, storedResult } from '../../src-main/services/notification-result'

describe("a notification's result", () => {
  it('is read back as the id and values it was kept with', () => {
    const moved = say('said.notifications.moved', { invoice: 'INV-7', from: 'PENDING', to: 'PAID' })
    expect(readResult(storedResult(moved))).toEqual(moved)
    expect(englishOf(moved)).toBe('INV-7: Pending → Paid')
    const refund = say('said.notifications.refund', { requestId: 'R-1', invoice: 'INV-7', status: say('said.timeline.refundStatus.SUCCESS') })
    expect(englishOf(readResult(storedResult(refund)) as typeof refund)).toBe('Refund R-1 on INV-7: approved')
  })

  it('written as text before, reads as that text with its statuses in words', () => {
    expect(readResult('INV-7: PENDING → PAID')).toBe('INV-7: Pending → Paid')
    expect(readResult('INV-7: stays PAID')).toBe('INV-7: stays paid')
    // Text that only starts like JSON stays text.
    expect(readResult('{not json')).toBe('{not json')
    expect(readResult('{"note":"not a message"}')).toBe('{"note":"not a message"}')
  })
})
