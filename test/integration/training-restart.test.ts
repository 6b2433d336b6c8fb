/**
 * The training gateway keeps its books across a restart of the app (in the Training data folder): a
 * phone-order charge applied just before the restart, whose answer was lost, is found by the status
 * check 60 s later and settled PAID, not "not charged".
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { environmentDir } from '../../src-main/store/history-file'
import { startTrainingBackend, type TrainingTestBackend } from './training-fixture'

let app: TrainingTestBackend
beforeEach(async () => {
  app = await startTrainingBackend()
})
afterEach(async () => {
  await app.close()
})

it('a charge whose answer was lost before a restart is settled PAID by the status check after it', async () => {
  const customer = await app.call('customers.save', { name: 'Siti Aminah', email: 'siti@example.my', phone: '012-345 6789' })
  const { token } = (await app.control('POST', '/tokens', { customer_id: customer.externalId, card_number: '5120910000000038' })) as { token: { id: string } }
  const card = await app.call('cards.add', { customerId: customer.id, token: token.id, masked: '512091******0038', brand: 'mastercard' })
  // The gateway applies the charge and answers 500: the app cannot know it went through.
  await app.control('POST', '/faults', { operation: 'charge', kind: 'error500', phase: 'after', count: 1 })
  const unknown = await app.call('phoneOrders.charge', {
    customerId: customer.id,
    cardId: card.id,
    invoiceNumber: 'INV-000001',
    amountSen: 128_50,
    descriptor: '',
    note: '',
    confirmDuplicate: false,
  })
  expect(unknown.outcome).toBe('unknown')
  const orderId = unknown.detail.order.id
  const booksFile = join(environmentDir(app.dataDir, 'training'), 'training-gateway.json')
  if (process.platform !== 'win32') expect(statSync(booksFile).mode & 0o777).toBe(0o600)

  await app.restart()
  const gateway = app.backend.training()
  expect(gateway).not.toBeNull()
  expect((await app.call('customers.get', { id: customer.id })).cards[0]?.lockedBy).toEqual({ orderId, invoiceNumber: 'INV-000001' })

  app.advance(60_000)
  const settled = await app.call('orders.checkStatus', { id: orderId })
  expect(settled.order.status).toBe('PAID')
  expect((await app.call('customers.get', { id: customer.id })).cards[0]?.lockedBy).toBeNull()
  expect((await app.call('phoneOrders.receipt', { orderId })).approvalCode).toMatch(/^\w{6}$/)
  // One charge at the gateway, and no status check earlier than 60 s after it.
  const state = (await app.control('GET', '/state')) as { orders: { invoiceNumber: string }[]; early_status_checks: unknown[] }
  expect(state.orders.filter((order) => order.invoiceNumber === 'INV-000001')).toHaveLength(1)
  expect(state.early_status_checks).toEqual([])
}, 30_000)
