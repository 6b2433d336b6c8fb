import { describe, expect, it } from 'vitest'
import type { OrderView } from '../../../src-preload/contract'
import { belongsAtTop } from '../../../src-renderer/features/orders/order-match'
import { countdownText } from '../../../src-renderer/ui/countdown'
import { QUIET_ZONE, qrShape } from '../../../src-renderer/ui/qr-path'
import { orderView } from './order-view'

describe('the QR code', () => {
  it('is a square of modules with a quiet zone, drawn as one path', () => {
    const shape = qrShape('https://pay.example.my/p/abc123')
    expect(shape).not.toBeNull()
    if (!shape) return
    // Version 3 at level M holds this address: 29 modules a side.
    expect(shape.size).toBe(29 + QUIET_ZONE * 2)
    expect(shape.path).toMatch(/^(M\d+ \d+h1v1h-1z)+$/)
    // The top-left finder pattern starts at the quiet zone's corner.
    expect(shape.path.startsWith(`M${String(QUIET_ZONE)} ${String(QUIET_ZONE)}h1v1h-1z`)).toBe(true)
  })

  it('is refused for text too long for any QR code', () => {
    expect(qrShape('x'.repeat(5000))).toBeNull()
  })
})

describe('the status check countdown', () => {
  it('rounds up to whole seconds', () => {
    expect(countdownText(42_000)).toBe('0:42')
    expect(countdownText(41_001)).toBe('0:42')
    expect(countdownText(60_000)).toBe('1:00')
    expect(countdownText(0)).toBe('0:00')
    expect(countdownText(-5)).toBe('0:00')
  })
})

const row = (id: number, change: Partial<OrderView> = {}): OrderView => orderView({ id, invoiceNumber: `INV-${String(id)}`, customerEmail: 'siti@example.my', ...change })

describe('a new order on the orders screen', () => {
  const rows = [row(5), row(4)]

  it('goes on top of the plain list when it is newer than every row', () => {
    expect(belongsAtTop(row(6), rows, {})).toBe(true)
    expect(belongsAtTop(row(6), [], {})).toBe(true)
    expect(belongsAtTop(row(3), rows, {})).toBe(false)
  })

  it('stays out of a text search, and of filters it does not match', () => {
    expect(belongsAtTop(row(6), rows, { text: 'siti' })).toBe(false)
    expect(belongsAtTop(row(6), rows, { statuses: ['PAID'] })).toBe(false)
    expect(belongsAtTop(row(6), rows, { statuses: ['PENDING'], kinds: ['card_link'] })).toBe(true)
    expect(belongsAtTop(row(6), rows, { amountMinSen: 2000 })).toBe(false)
    expect(belongsAtTop(row(6), rows, { createdTo: '2030-01-01T00:00:00.000Z' })).toBe(false)
  })
})
