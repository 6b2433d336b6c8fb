/**
 * The Orders search box takes an amount as staff say it ("RM 89.90", "3,102.30") and searches the
 * orders of exactly that amount (found by QA: it found nothing); a phone number, a card's last 4 or
 * an invoice number keeps searching the text.
 */
import { expect, it } from 'vitest'
import { amountSearched } from '../../../src-renderer/features/orders/amount-search'

it('reads ringgit and sen, or RM before a number, as an amount', () => {
  expect(amountSearched('89.90')).toBe(89_90)
  expect(amountSearched(' RM 89.90 ')).toBe(89_90)
  expect(amountSearched('rm89')).toBe(89_00)
  expect(amountSearched('3,102.30')).toBe(3_102_30)
  expect(amountSearched('RM 1,250')).toBe(1_250_00)
})

it('leaves phone numbers, card digits and invoice numbers to the text search', () => {
  for (const text of ['0123456789', '012-345 6789', '+60 12-345 6789', '5332', 'INV-000042', '2026-002836', '89.9', '12.345.678', 'Siti 89.90']) {
    expect(amountSearched(text), text).toBeNull()
  }
})
