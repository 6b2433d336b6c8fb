import { describe, expect, it } from 'vitest'
import type { RefundSummary, RefundView } from '../../../src-preload/contract'
import {
  checkRefund,
  partialAmountProblem,
  refundAmountText,
  refundBlocked,
  refundErrorField,
  refundKinds,
  refundMessage,
  refundResultView,
  refundTypeLabel,
  toRefundRequest,
} from '../../../src-renderer/features/refunds/refund-rules'

function summary(change: Partial<RefundSummary> = {}): RefundSummary {
  return { paidSen: 10_000, refundedSen: 0, pendingSen: 0, remainingSen: 10_000, blockedReason: null, canVoid: true, refunds: [], ...change }
}

function refund(change: Partial<RefundView> = {}): RefundView {
  return {
    id: 4,
    requestId: 'rf-1',
    amountSen: 2_500,
    type: 'PARTIAL_REFUND',
    status: 'SUCCESS',
    rawStatus: 'SUCCESS',
    message: 'Success',
    external: false,
    createdBy: 'Aminah',
    createdAt: '2026-11-21T06:00:00.000Z',
    updatedAt: '2026-11-21T06:00:00.000Z',
    statusCheck: null,
    ...change,
  }
}

describe('what kinds of refund an order allows', () => {
  it('offers a void only while the gateway can still void the payment', () => {
    expect(refundKinds(summary())).toEqual(['FULL', 'PARTIAL', 'VOID'])
    expect(refundKinds(summary({ canVoid: false, refundedSen: 2_500, remainingSen: 7_500 }))).toEqual(['FULL', 'PARTIAL'])
  })

  it("offers nothing, and says why, while main blocks refunds or nothing is left", () => {
    const locked = summary({ blockedReason: 'An earlier refund’s outcome is unknown until its status check', canVoid: false })
    expect(refundKinds(locked)).toEqual([])
    expect(refundBlocked(locked)).toBe('An earlier refund’s outcome is unknown until its status check')
    expect(refundBlocked(summary({ refundedSen: 10_000, remainingSen: 0, canVoid: false }))).toBe('Nothing is left to refund: the whole payment has been refunded.')
    expect(refundBlocked(summary({ pendingSen: 10_000, remainingSen: 0, canVoid: false }))).toContain('RM 100.00 waits for the gateway')
    const voided = summary({ refundedSen: 10_000, remainingSen: 0, canVoid: false, refunds: [refund({ type: 'VOID', amountSen: 10_000 })] })
    expect(refundBlocked(voided)).toBe('Nothing is left to refund: the payment was voided.')
    expect(refundBlocked(summary())).toBeNull()
  })
})

describe('the partial amount', () => {
  it('takes RM as staff type it, up to what is left to refund', () => {
    expect(partialAmountProblem('12.50', 7_500)).toBeNull()
    expect(partialAmountProblem('RM 75', 7_500)).toBeNull()
    expect(partialAmountProblem('75.01', 7_500)).toBe('At most RM 75.00 is left to refund')
  })

  it('refuses nothing, zero and text that is not an amount', () => {
    expect(partialAmountProblem('  ', 7_500)).toBe('Enter the amount to refund in RM, e.g. 12.50')
    expect(partialAmountProblem('0.00', 7_500)).toBe('Enter an amount above RM 0.00')
    expect(partialAmountProblem('12.505', 7_500)).toBe('Enter an amount in RM with at most two decimals, e.g. 12.50')
    expect(partialAmountProblem('twelve', 7_500)).toBe('Enter an amount in RM with at most two decimals, e.g. 12.50')
  })
})

describe('the refund form', () => {
  it('asks for a choice first, naming only the kinds on offer', () => {
    expect(checkRefund({ kind: null, amount: '' }, summary()).kind).toBe('Choose a full refund, a partial refund or a void')
    expect(checkRefund({ kind: null, amount: '' }, summary({ canVoid: false })).kind).toBe('Choose a full refund or a partial refund')
  })

  it('sends a full refund and a void for all that is left, a partial one for the amount typed', () => {
    const partlyRefunded = summary({ refundedSen: 2_500, remainingSen: 7_500, canVoid: false })
    expect(toRefundRequest(9, { kind: 'FULL', amount: '1.00' }, partlyRefunded)).toEqual({ orderId: 9, kind: 'FULL', amountSen: 7_500 })
    expect(toRefundRequest(9, { kind: 'VOID', amount: '' }, summary())).toEqual({ orderId: 9, kind: 'VOID', amountSen: 10_000 })
    expect(toRefundRequest(9, { kind: 'PARTIAL', amount: '1,2.5' }, partlyRefunded)).toBeNull()
    expect(toRefundRequest(9, { kind: 'PARTIAL', amount: '12.5' }, partlyRefunded)).toEqual({ orderId: 9, kind: 'PARTIAL', amountSen: 1_250 })
  })

  it('refuses a void chosen before the order stopped allowing one, and any refund once blocked', () => {
    const refunded = summary({ refundedSen: 2_500, remainingSen: 7_500, canVoid: false })
    expect(checkRefund({ kind: 'VOID', amount: '' }, refunded).kind).toBe('A void is no longer possible on this order: choose a refund')
    expect(toRefundRequest(9, { kind: 'VOID', amount: '' }, refunded)).toBeNull()
    expect(toRefundRequest(9, { kind: 'FULL', amount: '' }, summary({ blockedReason: 'Waiting for a status check' }))).toBeNull()
  })

  it("puts main's amount error under the amount of a partial refund, other errors above the buttons", () => {
    const error = { code: 'INVALID_INPUT', message: 'Must be more than RM 0.00', field: 'amountSen' }
    expect(refundErrorField(error, 'PARTIAL')).toBe('amount')
    expect(refundErrorField(error, 'FULL')).toBeNull()
    expect(refundErrorField({ code: 'REFUND_BLOCKED', message: 'Unknown outcome' }, 'PARTIAL')).toBeNull()
  })
})

describe('a refund as the list shows it', () => {
  it('names the gateway’s types and keeps one it does not know', () => {
    expect(refundTypeLabel('VOID')).toBe('Void')
    expect(refundTypeLabel('FULL_REFUND')).toBe('Full refund')
    expect(refundTypeLabel('PARTIAL_REFUND')).toBe('Partial refund')
    expect(refundTypeLabel(null)).toBe('Refund')
    expect(refundTypeLabel('CHARGEBACK')).toBe('CHARGEBACK')
  })

  it('says the amount is not known yet for a refund registered from elsewhere before its first check', () => {
    expect(refundAmountText(refund({ amountSen: 0, external: true }))).toBe('amount not known yet')
    expect(refundAmountText(refund({ amountSen: 2_500, external: true }))).toBe('RM 25.00')
    expect(refundAmountText(refund({ amountSen: 0, external: true, status: 'FAILED' }))).toBe('amount not known')
  })

  it("shows the gateway's reason for a refusal, not a bare Success nor the error a check has since settled", () => {
    expect(refundMessage(refund())).toBeNull()
    expect(refundMessage(refund({ status: 'SUCCESS', message: 'Internal Server Error' }))).toBeNull()
    expect(refundMessage(refund({ status: 'OUTCOME_UNKNOWN', message: 'Internal Server Error' }))).toBe('Internal Server Error')
    expect(refundMessage(refund({ status: 'FAILED', message: 'Refund Amount Exceeds The Amount Left To Refund' }))).toBe('Refund Amount Exceeds The Amount Left To Refund')
  })
})

describe('what a refund came to', () => {
  it('starts from the answer and follows the refund once a status check settles it', () => {
    expect(refundResultView('unknown', refund({ status: 'OUTCOME_UNKNOWN' }))).toBe('unknown')
    expect(refundResultView('unknown', refund({ status: 'SUCCESS' }))).toBe('approved')
    expect(refundResultView('unknown', refund({ status: 'FAILED' }))).toBe('declined')
    expect(refundResultView('pending', refund({ status: 'PENDING' }))).toBe('pending')
    expect(refundResultView('declined', null)).toBe('declined')
  })
})
