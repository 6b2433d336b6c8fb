/**
 * A link on show whose order changed while the desk was locked could not be read then ("the desk is
 * locked"), and the message stayed after unlocking (found by QA): opening the desk again reads it.
 */
import { expect, it } from 'vitest'
import type { OrderDetail, SessionView } from '../../../src-preload/contract'

let locked = true
const asked: number[] = []
const detail = (status: string): OrderDetail => ({ order: { id: 7, status } }) as unknown as OrderDetail
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      on: () => () => undefined,
      orders: {
        get: ({ id }: { id: number }) => {
          asked.push(id)
          return Promise.resolve(locked ? { ok: false, error: { code: 'DESK_LOCKED', message: 'The desk is locked' } } : { ok: true, value: detail('PAID') })
        },
      },
    },
  },
  configurable: true,
})
const { useLinkStore, subscribeLinkEvents } = await import('../../../src-renderer/features/payment-link/link-store')
const { useSessionStore } = await import('../../../src-renderer/features/session/session-store')

const operator = { id: 1, login: 'mei', name: 'Mei Ling', role: 'clerk' }
const session = (isLocked: boolean): SessionView => ({ setupNeeded: false, operator, locked: isLocked, idleLockMinutes: 5, welcome: false }) as unknown as SessionView

it('reads the link on show again once the desk is unlocked, and the lock’s message goes', async () => {
  const stop = subscribeLinkEvents()
  useSessionStore.setState({ view: session(true), screensFor: operator as never, loadError: null })
  useLinkStore.setState({ result: detail('PENDING'), refreshError: null })
  await useLinkStore.getState().refreshResult()
  expect(useLinkStore.getState().refreshError).toMatchObject({ code: 'DESK_LOCKED' })

  locked = false
  useSessionStore.setState({ view: session(false) })
  await expect.poll(() => useLinkStore.getState().result?.order.status).toBe('PAID')
  expect(useLinkStore.getState().refreshError).toBeNull()
  expect(asked).toEqual([7, 7])
  stop()
})
