import { describe, expect, it } from 'vitest'
import type { OrderReview, OrderView } from '../../../src-preload/contract'
import { belongsAtTop } from '../../../src-renderer/features/orders/order-match'
import { REVIEW_REASON_MAX, reviewFacts, reviewReasonProblem, reviewTitle } from '../../../src-renderer/features/orders/review'
import { orderView } from './order-view'
import { formatMoney, gatewayMoneyText, isOrderCurrency, paidNote } from '../../../src-renderer/format/money'
import { switchLanguage } from '../../../src-renderer/i18n/i18n'

const order = (change: Partial<OrderView> = {}): OrderView => orderView({ amountSen: 4_50, rawStatus: 'SUCCESS', ...change })

const review = (change: Partial<OrderReview> = {}): OrderReview => ({
  reason: 'currency',
  gatewayStatus: 'SUCCESS',
  gatewayAmountSen: 999_99,
  gatewayCurrency: 'USD',
  source: 'notification',
  at: '2030-01-02T03:05:00.000Z',
  ...change,
})

// Amounts from format/money.ts are the desk's formats (i18n/formats.ts): a no-break space keeps the
// currency with its amount.
describe('money in the gateway’s currency', () => {
  it('is written in that currency, exactly, with the order’s own currency as RM', () => {
    expect(formatMoney(999_99, 'USD')).toBe('USD\u00a0999.99')
    expect(formatMoney(1_234_567_05, ' usd ')).toBe('USD\u00a01,234,567.05')
    expect(formatMoney(1, 'SGD')).toBe('SGD\u00a00.01')
    // 0.1 + 0.2 style float trouble cannot happen: integer sen all the way.
    expect(formatMoney(30, 'EUR')).toBe('EUR\u00a00.30')
    expect(formatMoney(4_50, 'MYR')).toBe('RM\u00a04.50')
    expect(formatMoney(4_50, 'MY')).toBe('RM\u00a04.50')
    expect(formatMoney(4_50, null)).toBe('RM\u00a04.50')
    expect(formatMoney(4_50, '')).toBe('RM\u00a04.50')
  })

  it('knows MY for MYR, and no currency at all for the order’s', () => {
    expect(isOrderCurrency('MYR')).toBe(true)
    expect(isOrderCurrency('my')).toBe(true)
    expect(isOrderCurrency(null)).toBe(true)
    expect(isOrderCurrency('USD')).toBe(false)
    expect(isOrderCurrency('IDR', 'IDR')).toBe(true)
  })

  it('says what the gateway said when it gave no amount', () => {
    expect(gatewayMoneyText(null, 'USD')).toBe('an amount in USD')
    expect(gatewayMoneyText(null, null)).toBe('no amount')
    expect(gatewayMoneyText(null, 'MYR')).toBe('no amount')
    expect(gatewayMoneyText(900, 'MYR')).toBe('RM\u00a09.00')
  })
})

describe('what was paid beside the order’s amount', () => {
  it('shows a lower amount as a discount, compact for the list and in full for the order', () => {
    expect(paidNote(order({ amountSen: 4_50, gatewayAmountSen: 4_00 }))).toEqual({
      paid: 'RM\u00a04.00 paid',
      short: 'RM\u00a04.00 paid (of RM\u00a04.50)',
      long: 'RM\u00a04.00 paid, RM\u00a00.50 less (a discount or promotion)',
      lower: true,
    })
  })

  it('shows a higher amount (taken after a review) as more than the order', () => {
    expect(paidNote(order({ amountSen: 4_50, gatewayAmountSen: 9_00 }))).toMatchObject({
      short: 'RM\u00a09.00 paid (of RM\u00a04.50)',
      long: 'RM\u00a09.00 paid, RM\u00a04.50 more than the order',
      lower: false,
    })
  })

  it('says it in Bahasa Melayu on a Malay desk', async () => {
    await switchLanguage('ms')
    try {
      expect(paidNote(order({ amountSen: 4_50, gatewayAmountSen: 4_00 }))?.long).toBe('RM\u00a04.00 dibayar, kurang RM\u00a00.50 (diskaun atau promosi)')
      expect(gatewayMoneyText(null, 'USD')).toBe('sejumlah wang dalam USD')
    } finally {
      await switchLanguage('en')
    }
  })

  it('shows nothing when the gateway said nothing else', () => {
    expect(paidNote(order({ gatewayAmountSen: null }))).toBeNull()
    expect(paidNote(order({ amountSen: 4_50, gatewayAmountSen: 4_50 }))).toBeNull()
  })
})

describe('an order that needs review', () => {
  it('says what the gateway said against the order, and why a person must decide', () => {
    expect(reviewFacts(order(), review())).toEqual({
      gatewaySays: 'USD\u00a0999.99',
      orderAmount: 'RM\u00a04.50',
      why: "The gateway says SUCCESS for USD\u00a0999.99, in another currency than this order's RM\u00a04.50.",
      source: 'a notification',
    })
    expect(reviewFacts(order(), review({ reason: 'amount', gatewayCurrency: 'MYR', gatewayAmountSen: 9_00, source: 'check', gatewayStatus: 'SUCCES' }))).toMatchObject({
      gatewaySays: 'RM\u00a09.00',
      why: "The gateway says SUCCES for RM\u00a09.00, more than this order's RM\u00a04.50.",
      source: 'a status check',
    })
    expect(reviewFacts(order({ kind: 'phone_order' }), review({ gatewayAmountSen: null, source: 'charge' }))).toMatchObject({
      gatewaySays: 'an amount in USD',
      source: "the charge's answer",
    })
    expect(reviewTitle(order(), review())).toBe("The gateway says SUCCESS for USD\u00a0999.99, in another currency than this order's RM\u00a04.50. Not marked paid: open the order to decide.")
  })

  it('needs a reason of at least ten characters, not counting the spaces around it', () => {
    expect(reviewReasonProblem('')).toBe('Write at least 10 characters: what you checked, and where')
    expect(reviewReasonProblem('    short      ')).toBe('Write at least 10 characters: what you checked, and where')
    expect(reviewReasonProblem('  123456789  ')).toBe('Write at least 10 characters: what you checked, and where')
    expect(reviewReasonProblem('  1234567890  ')).toBeNull()
    expect(reviewReasonProblem('Checked in the back office')).toBeNull()
    expect(reviewReasonProblem('x'.repeat(REVIEW_REASON_MAX + 1))).toBe('Use at most 500 characters')
  })

  it('belongs on top of the "Needs review" list only while it needs review', () => {
    const rows = [order({ id: 5, review: review() })]
    expect(belongsAtTop(order({ id: 9, review: review() }), rows, { needsReview: true })).toBe(true)
    expect(belongsAtTop(order({ id: 9 }), rows, { needsReview: true })).toBe(false)
    expect(belongsAtTop(order({ id: 9 }), rows, {})).toBe(true)
  })
})
