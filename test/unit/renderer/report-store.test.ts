import { beforeEach, describe, expect, it } from 'vitest'

const asked: Array<{ from: string; to: string }> = []
// The store talks to main through window.api: a fake one that notes what it was asked.
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      report: {
        get: (days: { from: string; to: string }) => {
          asked.push(days)
          return Promise.resolve({ ok: false, error: { code: 'INTERNAL', message: 'not in this test' } })
        },
      },
    },
  },
  configurable: true,
})
const { useReportStore } = await import('../../../src-renderer/features/report/report-store')

describe('the end-of-day report store', () => {
  beforeEach(() => {
    asked.length = 0
    useReportStore.setState({ from: '2026-03-10', to: '2026-03-10', problem: null })
  })

  it('asks for a report only of days it can read, and says which end is wrong', async () => {
    const { setDays, load } = useReportStore.getState()
    setDays({ from: '' })
    await load()
    expect(useReportStore.getState().problem).toBe('ui.dateField.fromProblem')
    setDays({ from: '2026-03-01', to: '31/02/2026' })
    await load()
    expect(useReportStore.getState().problem).toBe('ui.dateField.toProblem')
    expect(asked).toEqual([])
    setDays({ to: '2026-03-31' })
    await load()
    expect(useReportStore.getState().problem).toBeNull()
    expect(asked).toEqual([{ from: '2026-03-01', to: '2026-03-31' }])
  })

  it('takes the last report away when the days are wrong, so that no report of other days is printed', async () => {
    useReportStore.setState({ report: { from: '2026-03-10', to: '2026-03-10' } as never })
    useReportStore.getState().setDays({ to: '2026-03-01' })
    await useReportStore.getState().load()
    expect(useReportStore.getState()).toMatchObject({ problem: 'orders.filters.datesReversed', report: null })
    expect(asked).toEqual([])
  })

  it('moves the last day along with a first day after it, and keeps a last day typed by hand', () => {
    const { setDays } = useReportStore.getState()
    setDays({ from: '2026-03-20' })
    expect(useReportStore.getState()).toMatchObject({ from: '2026-03-20', to: '2026-03-20' })
    setDays({ to: '2026-03-01' })
    expect(useReportStore.getState()).toMatchObject({ from: '2026-03-20', to: '2026-03-01' })
    setDays({ from: '2026-03-' })
    expect(useReportStore.getState()).toMatchObject({ from: '2026-03-', to: '2026-03-01' })
  })
})
