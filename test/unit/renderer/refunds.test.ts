import { describe, expect, it } from 'vitest'
import type { RefundSummary, RefundView } from '../../../src-preload/contract'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'
import { refundKindWords, sentenceCase, settlementAfter } from '../../../src-common/refund-words'
import {
  checkRefund,
  malaysiaClockText,
  malaysiaTimeText,
  partialAmountProblem,
  refundAmountText,
  refundBlocked,
  refundErrorField,
  refundExplanation,
  refundKindLabel,
  refundKinds,
  refundLabel,
  refundMessage,
  refundResultView,
  refundTitle,
  refundTypeLabel,
  toRefundRequest,
} from '../../../src-renderer/features/refunds/refund-rules'

/** A paid order not settled yet (only a void on offer) unless told otherwise. */
function summary(change: Partial<RefundSummary> = {}): RefundSummary {
  return {
    paidSen: 10_000,
    refundedSen: 0,
    pendingSen: 0,
    remainingSen: 10_000,
    blockedReason: null,
    blockedSay: null,
    canVoid: true,
    settled: false,
    settlesAt: '2026-11-23T16:00:00.000Z',
    refunds: [],
    ...change,
  }
}

/** The same order after settlement: refunds, no void. */
const settled = (change: Partial<RefundSummary> = {}): RefundSummary => summary({ canVoid: false, settled: true, settlesAt: null, ...change })

function refund(change: Partial<RefundView> = {}): RefundView {
  return {
    id: 4,
    requestId: 'rf-1',
    amountSen: 2_500,
    type: 'PARTIAL_REFUND',
    asked: 'PARTIAL',
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
  it('offers only what the gateway will do: before settlement the void of the whole payment, after it refunds', () => {
    expect(refundKinds(summary())).toEqual(['VOID'])
    expect(refundKinds(settled())).toEqual(['FULL', 'PARTIAL'])
    expect(refundKinds(settled({ refundedSen: 2_500, remainingSen: 7_500 }))).toEqual(['FULL', 'PARTIAL'])
  })

  it('says why nothing is on offer before settlement while another refund waits', () => {
    const waiting = summary({ canVoid: false, pendingSen: 2_500, remainingSen: 7_500 })
    expect(refundKinds(waiting)).toEqual([])
    expect(refundBlocked(waiting)).toMatch(/^Not settled yet: before settlement the gateway can only void the whole payment/)
  })

  it('names a full refund after earlier refunds "Refund the rest"', () => {
    expect(refundKindLabel('FULL', settled())).toBe('Full refund')
    expect(refundKindLabel('FULL', settled({ refundedSen: 2_500 }))).toBe('Refund the rest')
    expect(refundKindLabel('PARTIAL', settled({ refundedSen: 2_500 }))).toBe('Partial refund')
  })

  it('offers nothing, and says why, while main blocks refunds or nothing is left', () => {
    const locked = summary({ blockedReason: 'An earlier refund’s outcome is unknown until its status check', canVoid: false })
    expect(refundKinds(locked)).toEqual([])
    expect(refundBlocked(locked)).toBe('An earlier refund’s outcome is unknown until its status check')
    expect(refundBlocked(summary({ refundedSen: 10_000, remainingSen: 0, canVoid: false }))).toBe('Nothing is left to refund: the whole payment has been refunded.')
    expect(refundBlocked(summary({ pendingSen: 10_000, remainingSen: 0, canVoid: false }))).toContain('RM\u00a0100.00 waits for the gateway')
    const voided = summary({ refundedSen: 10_000, remainingSen: 0, canVoid: false, refunds: [refund({ type: 'VOID', amountSen: 10_000 })] })
    expect(refundBlocked(voided)).toBe('Nothing is left to refund: the payment was voided.')
    expect(refundBlocked(summary())).toBeNull()
  })

  it("words main's reason in the desk's language from its id", async () => {
    const unknown = { id: 'said.refunds.unknownOutcome', values: { requestId: 'rf-7' } }
    const locked = summary({
      blockedReason: 'The outcome of refund rf-7 is unknown: nothing more can be refunded on this order until its status check settles it.',
      blockedSay: unknown,
      canVoid: false,
    })
    expect(refundBlocked(locked)).toBe(locked.blockedReason)
    await switchLanguage('ms')
    try {
      expect(refundBlocked(locked)).toBe('Keputusan bayaran balik rf-7 tidak diketahui: tiada lagi bayaran balik boleh dibuat pada pesanan ini sehingga semakan status menyelesaikannya.')
    } finally {
      await switchLanguage('en')
    }
  })
})

describe('the partial amount', () => {
  it('takes RM as staff type it, up to what is left to refund', () => {
    expect(partialAmountProblem('12.50', 7_500)).toBeNull()
    expect(partialAmountProblem('RM 75', 7_500)).toBeNull()
    expect(partialAmountProblem('75.01', 7_500)).toBe('At most RM\u00a075.00 is left to refund')
  })

  it('refuses nothing, zero and text that is not an amount', () => {
    expect(partialAmountProblem('  ', 7_500)).toBe('Enter the amount to refund in RM, e.g. 12.50')
    expect(partialAmountProblem('0.00', 7_500)).toBe('Enter an amount above RM 0.00')
    expect(partialAmountProblem('12.505', 7_500)).toBe('Enter an amount in RM with at most two decimals, e.g. 12.50')
    expect(partialAmountProblem('twelve', 7_500)).toBe('Enter an amount in RM with at most two decimals, e.g. 12.50')
  })
})

describe('the refund form', () => {
  it('asks for a choice after settlement; before it the void is the one thing on offer', () => {
    expect(checkRefund({ kind: null, amount: '' }, settled()).kind).toBe('Choose what to refund')
    expect(checkRefund({ kind: null, amount: '' }, summary())).toEqual({})
    expect(toRefundRequest(9, { kind: null, amount: '' }, summary())).toEqual({ orderId: 9, kind: 'VOID', amountSen: 10_000 })
    expect(checkRefund({ kind: 'PARTIAL', amount: '10' }, summary()).kind).toBe('Not settled yet: only a void of the whole payment is possible for now')
  })

  it('sends a full refund and a void for all that is left, a partial one for the amount typed', () => {
    const partlyRefunded = settled({ refundedSen: 2_500, remainingSen: 7_500 })
    expect(toRefundRequest(9, { kind: 'FULL', amount: '1.00' }, partlyRefunded)).toEqual({ orderId: 9, kind: 'FULL', amountSen: 7_500 })
    expect(toRefundRequest(9, { kind: 'VOID', amount: '' }, summary())).toEqual({ orderId: 9, kind: 'VOID', amountSen: 10_000 })
    expect(toRefundRequest(9, { kind: 'PARTIAL', amount: '1,2.5' }, partlyRefunded)).toBeNull()
    expect(toRefundRequest(9, { kind: 'PARTIAL', amount: '12.5' }, partlyRefunded)).toEqual({ orderId: 9, kind: 'PARTIAL', amountSen: 1_250 })
  })

  it('refuses a void chosen before the order stopped allowing one, and any refund once blocked', () => {
    const refunded = settled({ refundedSen: 2_500, remainingSen: 7_500 })
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
    expect(refundAmountText(refund({ amountSen: 2_500, external: true }))).toBe('RM\u00a025.00')
    expect(refundAmountText(refund({ amountSen: 0, external: true, status: 'FAILED' }))).toBe('amount not known')
  })

  it("shows the gateway's reason for a refusal, not a bare Success nor the error a check has since settled", () => {
    expect(refundMessage(refund())).toBeNull()
    expect(refundMessage(refund({ status: 'SUCCESS', message: 'Internal Server Error' }))).toBeNull()
    expect(refundMessage(refund({ status: 'OUTCOME_UNKNOWN', message: 'Internal Server Error' }))).toBe('Internal server error.')
    expect(refundMessage(refund({ status: 'FAILED', message: 'Refund Amount Exceeds The Amount Left To Refund' }))).toBe('Refund amount exceeds the amount left to refund.')
  })

  it('calls a refund by what staff asked while refused or waiting, by what the gateway did once done', () => {
    // A part asked before settlement: the gateway answers a refused VOID; it is still the partial refund staff asked for.
    const early = refund({ asked: 'PARTIAL', type: 'VOID', status: 'FAILED', amountSen: 1_000, message: 'Before Settlement Only A Void Of The Full Amount Is Possible' })
    expect(refundLabel(early, 10_000)).toBe('Partial refund')
    expect(refundMessage(early)).toBe('Before settlement only a void of the full amount is possible.')
    expect(refundExplanation(early)).toBe('Not settled yet: until the day’s settlement the gateway can only void the whole payment. Nothing was refunded.')
    expect(refundLabel(refund({ asked: 'FULL', type: 'PARTIAL_REFUND', amountSen: 7_550 }), 10_000)).toBe('Refund of the rest')
    expect(refundLabel(refund({ asked: 'FULL', type: 'FULL_REFUND', amountSen: 10_000 }), 10_000)).toBe('Full refund')
    expect(refundLabel(refund({ asked: 'FULL', type: 'VOID', amountSen: 10_000 }), 10_000)).toBe('Void')
    expect(refundLabel(refund({ asked: null, type: null, status: 'PENDING', amountSen: 0, external: true }), 10_000)).toBe('Refund')
    expect(refundLabel(refund({ asked: null, type: 'PARTIAL_REFUND', amountSen: 1_234, external: true }), 10_000)).toBe('Partial refund')
    expect(refundExplanation(refund({ status: 'FAILED', asked: 'VOID', type: 'VOID' }))).toBe('The gateway refused it: nothing was refunded.')
    expect(refundExplanation(refund())).toBeNull()
  })
})

describe('the title of what a refund came to', () => {
  it('follows what staff asked and what the gateway did', () => {
    expect(refundTitle('approved', 'VOID', { type: 'VOID', amountSen: 10_000 }, 10_000)).toBe('Payment voided')
    expect(refundTitle('approved', 'FULL', { type: 'VOID', amountSen: 10_000 }, 10_000)).toBe('Payment voided')
    expect(refundTitle('approved', 'FULL', { type: 'PARTIAL_REFUND', amountSen: 2_450 }, 10_000)).toBe('Refund of the rest approved')
    expect(refundTitle('approved', 'FULL', { type: 'FULL_REFUND', amountSen: 10_000 }, 10_000)).toBe('Full refund approved')
    expect(refundTitle('approved', 'PARTIAL', { type: 'PARTIAL_REFUND', amountSen: 1_250 }, 10_000)).toBe('Partial refund approved')
    expect(refundTitle('declined', 'PARTIAL', { type: 'VOID', amountSen: 1_000 }, 10_000)).toBe('The gateway declined the partial refund')
    expect(refundTitle('unknown', 'FULL', { type: null, amountSen: 2_450 }, 10_000)).toBe("We don't know whether the refund of the rest went through")
    expect(refundTitle('pending', 'VOID', { type: null, amountSen: 10_000 }, 10_000)).toBe('The void is pending at the gateway')
  })
})

describe('settlement and the gateway’s words', () => {
  it('puts the settlement at the first cut-off (Malaysia time) after the payment completed', () => {
    expect(settlementAfter(new Date('2026-11-23T15:59:59Z'), '00:00').toISOString()).toBe('2026-11-23T16:00:00.000Z')
    expect(settlementAfter(new Date('2026-11-23T16:00:00Z'), '00:00').toISOString()).toBe('2026-11-24T16:00:00.000Z')
    expect(settlementAfter(new Date('2026-11-23T04:00:00Z'), '22:30').toISOString()).toBe('2026-11-23T14:30:00.000Z')
    expect(malaysiaTimeText('2026-11-23T16:00:00.000Z')).toBe('Tue 24 Nov, 00:00')
    expect(malaysiaClockText('2026-11-23T14:30:00.000Z')).toBe('22:30')
  })

  it('writes Title Case messages in sentence case, keeping acronyms, codes and field names', () => {
    expect(sentenceCase('Before Settlement Only A Void Of The Full Amount Is Possible')).toBe('Before settlement only a void of the full amount is possible.')
    expect(sentenceCase('Invalid MID For Merchant')).toBe('Invalid MID for merchant.')
    expect(sentenceCase('order.invoice_number Must Not Be Blank')).toBe('order.invoice_number must not be blank.')
    expect(sentenceCase('The gateway has no such refund: nothing was refunded.')).toBe('The gateway has no such refund: nothing was refunded.')
    expect(sentenceCase('  ')).toBe('')
    expect(refundKindWords({ asked: 'PARTIAL', type: null, status: 'OUTCOME_UNKNOWN', amountSen: 1_250, paidSen: 10_000 })).toBe('Partial refund')
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
