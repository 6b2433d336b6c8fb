import { beforeEach, describe, expect, it } from 'vitest'
import type { AuditFilters } from '../../../src-preload/contract'

const asked: AuditFilters[] = []
// The store talks to main through window.api: a fake one that notes what it was asked.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      audit: {
        list: (filters: AuditFilters) => {
          asked.push(filters)
          return Promise.resolve({ ok: true, value: { rows: [], nextBeforeId: null } })
        },
      },
    },
  },
  configurable: true,
})
const { useAuditStore } = await import('../../../src-renderer/features/audit/audit-store')
const { EMPTY_AUDIT_DRAFT } = await import('../../../src-renderer/features/audit/audit-text')

describe('the audit log store', () => {
  beforeEach(() => {
    asked.length = 0
    useAuditStore.setState({ draft: EMPTY_AUDIT_DRAFT, problem: null })
  })

  it('says a "from" day after the "to" day is wrong instead of searching, and searches once it is right', async () => {
    const { edit, search } = useAuditStore.getState()
    edit({ from: '2026-03-31', to: '2026-03-01' })
    await search()
    expect(useAuditStore.getState().problem).toBe('orders.filters.datesReversed')
    expect(asked).toEqual([])
    edit({ from: '2026-03-01', to: '2026-03-31' })
    await search()
    expect(useAuditStore.getState().problem).toBeNull()
    expect(asked).toEqual([{ from: '2026-02-28T16:00:00.000Z', to: '2026-03-31T16:00:00.000Z', limit: 100 }])
    // The same day in both is a day, not a problem.
    edit({ to: '2026-03-01' })
    await search()
    expect(useAuditStore.getState().problem).toBeNull()
    expect(asked).toHaveLength(2)
  })

  it('says a day it cannot read is wrong instead of searching without it', async () => {
    const { edit, search } = useAuditStore.getState()
    edit({ from: '31/02/2026' })
    await search()
    expect(useAuditStore.getState().problem).toBe('ui.dateField.fromProblem')
    edit({ from: '', to: '3/2026' })
    await search()
    expect(useAuditStore.getState().problem).toBe('ui.dateField.toProblem')
    expect(asked).toEqual([])
  })
})
