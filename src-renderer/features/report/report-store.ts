/** The end-of-day report's store: the chosen Malaysia days, the report, its CSV and PDF. */
import { create } from 'zustand'
import type { CallError, EndOfDayReport } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { dayRangeProblem, isDay, malaysiaToday, type DayRangeProblem } from '../../format/day-text'

interface ReportState {
  /** The first and last day (`YYYY-MM-DD`), or what was typed that names no day (DateField). */
  from: string
  to: string
  /** What is wrong with the days as typed, shown instead of a report being asked for. */
  problem: DayRangeProblem | null
  report: EndOfDayReport | null
  loading: boolean
  error: CallError | null
  saving: 'csv' | 'pdf' | null
  saved: { kind: 'csv' | 'pdf'; file: string | null } | null
  saveError: CallError | null
  /** A new first day moves a last day before it along. */
  setDays: (days: { from?: string; to?: string }) => void
  load: () => Promise<void>
  exportCsv: () => Promise<void>
  savePdf: () => Promise<void>
}

export const useReportStore = create<ReportState>()((set, get) => ({
  from: malaysiaToday(),
  to: malaysiaToday(),
  problem: null,
  report: null,
  loading: false,
  error: null,
  saving: null,
  saved: null,
  saveError: null,
  setDays: (days) => {
    const { to } = get()
    const from = days.from
    set(from !== undefined && days.to === undefined && isDay(from) && isDay(to) && from > to ? { from, to: from } : days)
  },
  load: async () => {
    const { from, to } = get()
    const problem = dayRangeProblem(from, to, { required: true })
    // A report of other days than the fields say is not left to be printed or exported.
    if (problem) return set({ problem, report: null })
    set({ problem })
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    set({ loading: true, error: null, saved: null, saveError: null })
    const result = await api.report.get({ from, to })
    set(result.ok ? { loading: false, report: result.value } : { loading: false, error: result.error })
  },
  exportCsv: async () => {
    const api = getApi()
    const report = get().report
    if (!api || !report || get().saving) return
    set({ saving: 'csv', saved: null, saveError: null })
    const result = await api.report.exportCsv({ from: report.from, to: report.to })
    set(result.ok ? { saving: null, saved: { kind: 'csv', file: result.value.file } } : { saving: null, saveError: result.error })
  },
  savePdf: async () => {
    const api = getApi()
    const report = get().report
    if (!api || !report || get().saving) return
    set({ saving: 'pdf', saved: null, saveError: null })
    const result = await api.report.savePdf({ from: report.from, to: report.to })
    set(result.ok ? { saving: null, saved: { kind: 'pdf', file: result.value.file } } : { saving: null, saveError: result.error })
  },
}))
