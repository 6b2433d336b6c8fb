import { describe, expect, it } from 'vitest'
import { countText, ordersText } from '../../../src-common/count-text'
import { countLine } from '../../../src-renderer/features/orders/count-line'

const shown = { filters: {}, loading: false, loaded: 100, more: true, total: 1_628 }

describe('the orders count line', () => {
  it('says the exact total, with digits grouped and the singular for one', () => {
    expect(countLine(shown)).toBe('1,628 orders, newest first')
    expect(countLine({ ...shown, loaded: 1, more: false, total: 1 })).toBe('1 order, newest first')
    expect(countLine({ ...shown, loaded: 2, more: false, total: 2 })).toBe('2 orders, newest first')
  })

  it('never guesses "100+": while main counts, it says so; with every row loaded, that is the count', () => {
    expect(countLine({ ...shown, total: null })).toBe('Counting… 100 orders shown so far')
    expect(countLine({ ...shown, loaded: 37, more: false, total: null })).toBe('37 orders, newest first')
    expect(countLine({ ...shown, total: null })).not.toContain('+')
  })

  it('says when nothing matches, and when nothing waits for review', () => {
    expect(countLine({ ...shown, loaded: 0, more: false, total: 0 })).toBe('No orders match.')
    expect(countLine({ ...shown, filters: { needsReview: true }, loaded: 0, more: false, total: 0 })).toBe('No orders need review.')
    expect(countLine({ ...shown, filters: { needsReview: true, text: 'x' }, loaded: 0, more: false, total: 0 })).toBe('No orders match.')
    expect(countLine({ ...shown, loading: true, loaded: 0, total: null })).toBe('Searching…')
  })
})

describe('counts in words', () => {
  it('groups digits as in Malaysia and uses the singular only for exactly one', () => {
    expect(ordersText(0)).toBe('0 orders')
    expect(ordersText(1)).toBe('1 order')
    expect(ordersText(1_000_000)).toBe('1,000,000 orders')
    expect(countText(1, 'row', 'rows')).toBe('1 row')
  })
})
