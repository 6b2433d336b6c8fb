/** The audit log screen's store: the filters, the loaded pages (keyset, newest first), the CSV export. */
import { create } from 'zustand'
import type { AuditEntryView, CallError } from '../../../src-preload/contract'
import { getApi, NO_BRIDGE } from '../../api'
import { dayRangeProblem, type DayRangeProblem } from '../../format/day-text'
import { EMPTY_AUDIT_DRAFT, toAuditFilters, type AuditDraft } from './audit-text'

export const AUDIT_PAGE = 100

interface AuditState {
  draft: AuditDraft
  /** The filters the rows answer. */
  applied: AuditDraft
  rows: AuditEntryView[]
  nextBeforeId: number | null
  loading: boolean
  error: CallError | null
  /** The filters as typed cannot be searched (the catalogue's id of why); the rows shown stay those of the last search. */
  problem: DayRangeProblem | null
  loaded: boolean
  exporting: boolean
  exported: { file: string | null; rows: number } | null
  exportError: CallError | null
  /** Numbers each search, so only the latest answer is shown. */
  seq: number
  edit: (change: Partial<AuditDraft>) => void
  search: (draft?: AuditDraft) => Promise<void>
  loadMore: () => Promise<void>
  exportCsv: () => Promise<void>
}

export const useAuditStore = create<AuditState>()((set, get) => ({
  draft: EMPTY_AUDIT_DRAFT,
  applied: EMPTY_AUDIT_DRAFT,
  rows: [],
  nextBeforeId: null,
  loading: false,
  error: null,
  problem: null,
  loaded: false,
  exporting: false,
  exported: null,
  exportError: null,
  seq: 0,

  edit: (change) => set((state) => ({ draft: { ...state.draft, ...change } })),

  search: async (draft = get().draft) => {
    const problem = dayRangeProblem(draft.from, draft.to)
    set({ problem })
    if (problem) return
    const api = getApi()
    if (!api) return set({ error: NO_BRIDGE })
    const seq = get().seq + 1
    set({ seq, loading: true, error: null, applied: draft, exported: null, exportError: null })
    const result = await api.audit.list({ ...toAuditFilters(draft), limit: AUDIT_PAGE })
    if (get().seq !== seq) return
    if (!result.ok) return set({ loading: false, error: result.error, rows: [], nextBeforeId: null, loaded: true })
    set({ loading: false, rows: result.value.rows, nextBeforeId: result.value.nextBeforeId, loaded: true })
  },

  loadMore: async () => {
    const { nextBeforeId, loading, applied, seq } = get()
    const api = getApi()
    if (!api || nextBeforeId === null || loading) return
    set({ loading: true })
    const result = await api.audit.list({ ...toAuditFilters(applied), limit: AUDIT_PAGE, beforeId: nextBeforeId })
    if (get().seq !== seq) return
    if (!result.ok) return set({ loading: false, error: result.error })
    set((state) => ({ loading: false, rows: [...state.rows, ...result.value.rows], nextBeforeId: result.value.nextBeforeId }))
  },

  exportCsv: async () => {
    const api = getApi()
    if (!api || get().exporting) return
    set({ exporting: true, exported: null, exportError: null })
    const result = await api.audit.exportCsv(toAuditFilters(get().applied))
    set(result.ok ? { exporting: false, exported: result.value } : { exporting: false, exportError: result.error })
  },
}))
