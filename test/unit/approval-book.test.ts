import { describe, expect, it } from 'vitest'
import { ApprovalBook } from '../../src-main/operators/approval-book'

const MEI = 3
const approval = { approver: 'Ravi', forOperatorId: MEI, expiresAtMs: 120_000 }
const charge = (amountSen: number) => ({ customerId: 1, cardId: 7, invoiceNumber: 'INV-1', amountSen, descriptor: '', note: '', confirmDuplicate: false })

describe('the approval book', () => {
  it('approves the input refused before the PIN was checked, not one refused meanwhile', () => {
    const book = new ApprovalBook()
    book.noteRefused('phoneOrders.charge', 7, MEI, charge(600_00))
    const seen = book.refusedFor('phoneOrders.charge', 7, MEI)
    if (!seen) throw new Error('nothing refused')
    expect(seen.facts).toEqual({ amountSen: 600_00 })
    // While the Supervisor's PIN is checked, another amount is refused on the same card.
    book.noteRefused('phoneOrders.charge', 7, MEI, charge(4_999_00))
    book.grant('phoneOrders.charge', 7, seen, approval)
    expect(book.take('phoneOrders.charge', 7, charge(4_999_00), MEI, 0)).toBeNull()
    // Used up by the look; the other amount still waits for an approval of its own.
    expect(book.take('phoneOrders.charge', 7, charge(600_00), MEI, 0)).toBeNull()
    expect(book.refusedFor('phoneOrders.charge', 7, MEI)?.facts).toEqual({ amountSen: 4_999_00 })
  })

  it('matches the same input whatever its keys order, for its operator, before it expires', () => {
    const book = new ApprovalBook()
    const grant = (): void => {
      book.noteRefused('refunds.request', 5, MEI, { orderId: 5, kind: 'PARTIAL', amountSen: 1_00 })
      const seen = book.refusedFor('refunds.request', 5, MEI)
      if (seen) book.grant('refunds.request', 5, seen, approval)
    }
    grant()
    expect(book.take('refunds.request', 5, { amountSen: 1_00, kind: 'PARTIAL', orderId: 5 }, MEI, 0)).toMatchObject({ approver: 'Ravi' })
    grant()
    expect(book.take('refunds.request', 5, { orderId: 5, kind: 'PARTIAL', amountSen: 1_00 }, MEI + 1, 0)).toBeNull()
    grant()
    expect(book.take('refunds.request', 5, { orderId: 5, kind: 'PARTIAL', amountSen: 1_00 }, MEI, 120_000)).toBeNull()
    expect(book.refusedFor('refunds.request', 5, MEI + 1)).toBeNull()
  })

  it('keeps the last 50 refusals, so that a Clerk refused over and over cannot grow it', () => {
    const book = new ApprovalBook()
    for (let card = 1; card <= 60; card += 1) book.noteRefused('cards.remove', card, MEI, { cardId: card })
    expect(book.refusedFor('cards.remove', 10, MEI)).toBeNull()
    expect(book.refusedFor('cards.remove', 11, MEI)).not.toBeNull()
    expect(book.refusedFor('cards.remove', 60, MEI)).not.toBeNull()
  })
})
