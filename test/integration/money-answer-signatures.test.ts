/**
 * With real money (Production) a wrongly signed answer to a charge never makes the order Paid, whatever
 * "block on bad signature" says: the outcome is unknown, the card locked, and a status check settles
 * it. Sandbox keeps the setting's choice (recorded, not blocked, when it is off).
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { PhoneOrderRequest } from '../../src-preload/contract'
import { startSandboxBackend, type SandboxTestBackend } from './sandbox-fixture'

let app: SandboxTestBackend | null = null
afterEach(async () => {
  await app?.close()
  app = null
})

async function chargeWithForgedAnswer(environment: 'sandbox' | 'production'): Promise<{ app: SandboxTestBackend; request: PhoneOrderRequest }> {
  const started = await startSandboxBackend({}, environment)
  app = started
  const { settings } = await started.call('settings.get')
  expect(settings.gateway.blockOnBadSignature).toBe(false)
  const customer = await started.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '' })
  const { token } = (await started.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await started.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  await started.control('POST', '/faults', { operation: 'charge', kind: 'bad_signature', phase: 'after', count: 1 })
  const request = { customerId: customer.id, cardId: card.id, invoiceNumber: 'INV-SIG-1', amountSen: 45_00, descriptor: '', note: '', confirmDuplicate: false }
  return { app: started, request }
}

describe('a wrongly signed answer to a charge', () => {
  it('in Production is Outcome unknown, never Paid, until a status check settles it', async () => {
    const { app: production, request } = await chargeWithForgedAnswer('production')
    const result = await production.call('phoneOrders.charge', request)
    expect(result.outcome).toBe('unknown')
    expect(result.receipt).toBeNull()
    expect(result.detail.order.status).toBe('OUTCOME_UNKNOWN')
    expect((await production.call('customers.get', { id: request.customerId })).cards[0]?.lockedBy).toMatchObject({ invoiceNumber: 'INV-SIG-1' })
    production.advance(60_000)
    expect((await production.call('orders.checkStatus', { id: result.detail.order.id })).order.status).toBe('PAID')
  })

  it('in Sandbox with blocking off is recorded as invalid and taken, as the setting says', async () => {
    const { app: sandbox, request } = await chargeWithForgedAnswer('sandbox')
    const result = await sandbox.call('phoneOrders.charge', request)
    expect(result.outcome).toBe('approved')
    const attemptId = result.detail.timeline.find((entry) => entry.attemptId !== null)?.attemptId ?? 0
    expect((await sandbox.call('orders.attempt', { id: attemptId })).signature).toBe('invalid')
  })
})
