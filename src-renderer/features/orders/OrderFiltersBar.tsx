import './OrderFiltersBar.css'
import { useEffect, useRef, useState } from 'react'
import type { OrderFilters, OrderKind, OrderStatus } from '../../../src-preload/contract'
import { CHANNELS, channelLabel, KIND_LABELS, STATUS_LABELS } from '../../format/labels'
import { parseRmText } from '../../../src-common/money-text'
import { startOfLocalDay, startOfNextLocalDay } from '../../format/time'

interface Draft {
  text: string
  status: OrderStatus | ''
  kind: OrderKind | ''
  channel: string
  from: string
  to: string
  min: string
  max: string
  needsReview: boolean
}

const EMPTY: Draft = { text: '', status: '', kind: '', channel: '', from: '', to: '', min: '', max: '', needsReview: false }

/** The filters the draft stands for, or the first problem with what was typed. */
function toFilters(draft: Draft): { filters: OrderFilters } | { problem: string } {
  const filters: OrderFilters = {}
  if (draft.text.trim()) filters.text = draft.text.trim()
  if (draft.status) filters.statuses = [draft.status]
  if (draft.kind) filters.kinds = [draft.kind]
  if (draft.channel) filters.channels = [draft.channel]
  if (draft.needsReview) filters.needsReview = true
  if (draft.from) filters.createdFrom = startOfLocalDay(draft.from) ?? undefined
  if (draft.to) filters.createdTo = startOfNextLocalDay(draft.to) ?? undefined
  if (draft.min.trim()) {
    const sen = parseRmText(draft.min)
    if (sen === null) return { problem: 'The lowest amount must be in RM with at most two decimals, e.g. 10 or 10.50.' }
    filters.amountMinSen = sen
  }
  if (draft.max.trim()) {
    const sen = parseRmText(draft.max)
    if (sen === null) return { problem: 'The highest amount must be in RM with at most two decimals, e.g. 250 or 249.90.' }
    filters.amountMaxSen = sen
  }
  if (filters.amountMinSen !== undefined && filters.amountMaxSen !== undefined && filters.amountMinSen > filters.amountMaxSen) {
    return { problem: 'The lowest amount is above the highest.' }
  }
  if (draft.from && draft.to && draft.from > draft.to) return { problem: 'The "from" date is after the "to" date.' }
  return { filters }
}

/** The search box first, then the filters. Typing searches after a short pause; filters at once. */
export function OrderFiltersBar({ onSearch }: { onSearch: (filters: OrderFilters) => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [problem, setProblem] = useState<string | null>(null)
  const searchedText = useRef<string | null>(null)

  useEffect(() => {
    // Typing waits for a pause so that each key does not query; the first search and every change
    // of a filter run at once, so what is shown (and exported) always matches the filters in view.
    const typing = searchedText.current !== null && searchedText.current !== draft.text
    searchedText.current = draft.text
    const timer = setTimeout(() => {
      const result = toFilters(draft)
      if ('problem' in result) {
        setProblem(result.problem)
        return
      }
      setProblem(null)
      onSearch(result.filters)
    }, typing ? 180 : 0)
    return () => clearTimeout(timer)
  }, [draft, onSearch])

  const set = (patch: Partial<Draft>): void => setDraft((current) => ({ ...current, ...patch }))
  const active = JSON.stringify(draft) !== JSON.stringify(EMPTY)

  return (
    <div className="filters">
      <input
        type="search"
        className="search-box filters__search"
        aria-label="Search orders"
        placeholder="Invoice, name, e-mail, phone, card’s last 4, reference…"
        value={draft.text}
        onChange={(e) => set({ text: e.target.value })}
        autoFocus
      />
      {/* Groups that wrap whole, never inside: a date range or an amount range stays on one line. */}
      <label className={`filter-toggle${draft.needsReview ? ' filter-toggle--on' : ''}`}>
        <input type="checkbox" checked={draft.needsReview} onChange={(e) => set({ needsReview: e.target.checked })} />
        Needs review
      </label>
      <span className="filter-group">
        <select aria-label="Status" value={draft.status} onChange={(e) => set({ status: e.target.value as Draft['status'] })}>
          <option value="">Any status</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select aria-label="Kind" value={draft.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}>
          <option value="">Any kind</option>
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select aria-label="Channel" value={draft.channel} onChange={(e) => set({ channel: e.target.value })}>
          <option value="">Any channel</option>
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabel(channel)}
            </option>
          ))}
        </select>
      </span>
      <span className="filter-group">
        <span className="filter-group__label" aria-hidden="true">
          Created
        </span>
        <input type="date" aria-label="Created from" value={draft.from} onChange={(e) => set({ from: e.target.value })} />
        <span className="filter-group__label" aria-hidden="true">
          to
        </span>
        <input type="date" aria-label="Created to" value={draft.to} onChange={(e) => set({ to: e.target.value })} />
      </span>
      <span className="filter-group">
        <span className="filter-group__label" aria-hidden="true">
          RM
        </span>
        <input className="amount-input" inputMode="decimal" aria-label="Lowest amount (RM)" placeholder="min" value={draft.min} onChange={(e) => set({ min: e.target.value })} />
        <span className="filter-group__label" aria-hidden="true">
          to
        </span>
        <input className="amount-input" inputMode="decimal" aria-label="Highest amount (RM)" placeholder="max" value={draft.max} onChange={(e) => set({ max: e.target.value })} />
        {active ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setDraft(EMPTY)}>
            Clear
          </button>
        ) : null}
      </span>
      {problem ? (
        <div className="field__error filters__problem" role="alert">
          {problem}
        </div>
      ) : null}
    </div>
  )
}
