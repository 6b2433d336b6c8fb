/** The end-of-day report's store: the chosen Malaysia days, the report, its CSV and PDF. */
import { create } from 'zustand'
import type { CallError, EndOfDayReport } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'

/** Today in Malaysia (UTC+8, no daylight saving), `YYYY-MM-DD`. */
export function malaysiaToday(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
}

interface ReportState {
  from: string
  to: string
  report: EndOfDayReport | null
  loading: boolean
  error: CallError | null
  saving: 'csv' | 'pdf' | null
  saved: { kind: 'csv' | 'pdf'; file: string | null } | null
  saveError: CallError | null
  setDays: (days: { from?: string; to?: string }) => void
  load: () => Promise<void>
  exportCsv: () => Promise<void>
  savePdf: () => Promise<void>
}

export const useReportStore = create<ReportState>()((set, get) => ({
  from: malaysiaToday(),
  to: malaysiaToday(),
  report: null,
  loading: false,
  error: null,
  saving: null,
  saved: null,
  saveError: null,
  setDays: (days) => set(days),
  load: async () => {
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    const { from, to } = get()
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
