import './OrderFiltersBar.css'
import { useEffect, useRef, useState } from 'react'
import type { OrderFilters, OrderKind, OrderStatus } from '../../../src-preload/contract'
import { CHANNELS, channelLabel, KIND_LABELS, STATUS_LABELS } from '../../format/labels'
import { parseRmText } from '../../../src-common/money-text'
import { formatRm } from '../../format/money'
import { amountSearched } from './amount-search'
import { startOfMalaysiaDay, startOfNextMalaysiaDay } from '../../format/time'
import { dayRangeProblem, type DayRangeProblem } from '../../format/day-text'
import { useT } from '../../i18n/i18n'
import { DateField } from '../../ui/DateField'

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

/** What can be wrong with the typed filters (worded when shown, so that a switch of language rewords it). */
type Problem = DayRangeProblem | 'orders.filters.minProblem' | 'orders.filters.maxProblem' | 'orders.filters.minAboveMax'

/** The filters the draft stands for, or the first problem with what was typed. */
function toFilters(draft: Draft): { filters: OrderFilters } | { problem: Problem } {
  const filters: OrderFilters = {}
  const amount = amountSearched(draft.text)
  if (amount !== null) {
    filters.amountMinSen = amount
    filters.amountMaxSen = amount
  } else if (draft.text.trim()) filters.text = draft.text.trim()
  if (draft.status) filters.statuses = [draft.status]
  if (draft.kind) filters.kinds = [draft.kind]
  if (draft.channel) filters.channels = [draft.channel]
  if (draft.needsReview) filters.needsReview = true
  const dayProblem = dayRangeProblem(draft.from, draft.to)
  if (dayProblem) return { problem: dayProblem }
  if (draft.from) filters.createdFrom = startOfMalaysiaDay(draft.from) ?? undefined
  if (draft.to) filters.createdTo = startOfNextMalaysiaDay(draft.to) ?? undefined
  // An amount typed in the box is the order's exact amount; the range's own fields narrow it further.
  if (draft.min.trim()) {
    const sen = parseRmText(draft.min)
    if (sen === null) return { problem: 'orders.filters.minProblem' }
    filters.amountMinSen = Math.max(sen, filters.amountMinSen ?? sen)
  }
  if (draft.max.trim()) {
    const sen = parseRmText(draft.max)
    if (sen === null) return { problem: 'orders.filters.maxProblem' }
    filters.amountMaxSen = Math.min(sen, filters.amountMaxSen ?? sen)
  }
  if (filters.amountMinSen !== undefined && filters.amountMaxSen !== undefined && filters.amountMinSen > filters.amountMaxSen) {
    return { problem: 'orders.filters.minAboveMax' }
  }
  return { filters }
}

/** The search box first, then the filters. Typing searches after a short pause; filters at once. */
export function OrderFiltersBar({ onSearch }: { onSearch: (filters: OrderFilters) => void }) {
  const t = useT()
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [problem, setProblem] = useState<Problem | null>(null)
  const searchedText = useRef<string | null>(null)
  const searchBox = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // Typing waits for a pause so that each key does not query; the first search and every change
    // of a filter run at once (not even a timer's turn later: the first page of orders is what the
    // screen opens for), so what is shown (and exported) always matches the filters in view.
    const typing = searchedText.current !== null && searchedText.current !== draft.text
    searchedText.current = draft.text
    const run = (): void => {
      const result = toFilters(draft)
      if ('problem' in result) {
        setProblem(result.problem)
        return
      }
      setProblem(null)
      onSearch(result.filters)
    }
    if (!typing) {
      run()
      return
    }
    const timer = setTimeout(run, 180)
    return () => clearTimeout(timer)
  }, [draft, onSearch])
  // The search box takes the focus once the first search has left (the effect above runs first), not
  // through `autoFocus`, which React applies in its commit, before any effect: focusing lays out the
  // whole new screen (8 ms of the page's main thread in a cold-load profile, over 90 on a busy
  // machine), and the first page's round trip to main now runs meanwhile, not after it (issue 23).
  useEffect(() => searchBox.current?.focus(), [])

  const set = (patch: Partial<Draft>): void => setDraft((current) => ({ ...current, ...patch }))
  const searchedAmount = amountSearched(draft.text)
  const active = JSON.stringify(draft) !== JSON.stringify(EMPTY)

  return (
    <div className="filters">
      <input
        ref={searchBox}
        type="search"
        className="search-box filters__search"
        aria-label={t('orders.filters.search')}
        placeholder={t('orders.filters.searchPlaceholder')}
        value={draft.text}
        onChange={(e) => set({ text: e.target.value })}
      />
      {searchedAmount !== null ? (
        <span className="muted small filters__amount-note" role="status">
          {t('orders.filters.amountSearched', { amount: formatRm(searchedAmount) })}
        </span>
      ) : null}
      {/* Groups that wrap whole, never inside: a date range or an amount range stays on one line. */}
      <label className={`filter-toggle${draft.needsReview ? ' filter-toggle--on' : ''}`}>
        <input type="checkbox" checked={draft.needsReview} onChange={(e) => set({ needsReview: e.target.checked })} />
        {t('orders.filters.needsReview')}
      </label>
      <span className="filter-group">
        <select aria-label={t('orders.filters.status')} value={draft.status} onChange={(e) => set({ status: e.target.value as Draft['status'] })}>
          <option value="">{t('orders.filters.anyStatus')}</option>
          {Object.entries(STATUS_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select aria-label={t('orders.filters.kind')} value={draft.kind} onChange={(e) => set({ kind: e.target.value as Draft['kind'] })}>
          <option value="">{t('orders.filters.anyKind')}</option>
          {Object.entries(KIND_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <select aria-label={t('orders.filters.channel')} value={draft.channel} onChange={(e) => set({ channel: e.target.value })}>
          <option value="">{t('orders.filters.anyChannel')}</option>
          {CHANNELS.map((channel) => (
            <option key={channel} value={channel}>
              {channelLabel(channel)}
            </option>
          ))}
        </select>
      </span>
      <span className="filter-group">
        <span className="filter-group__label" aria-hidden="true">
          {t('orders.filters.created')}
        </span>
        <DateField label={t('orders.filters.createdFrom')} value={draft.from} invalid={problem === 'ui.dateField.fromProblem'} onChange={(from) => set({ from })} />
        <span className="filter-group__label" aria-hidden="true">
          {t('orders.filters.to')}
        </span>
        <DateField label={t('orders.filters.createdTo')} value={draft.to} invalid={problem === 'ui.dateField.toProblem'} onChange={(to) => set({ to })} />
      </span>
      <span className="filter-group">
        <span className="filter-group__label" aria-hidden="true">
          {t('orders.filters.rm')}
        </span>
        <input
          className="amount-input"
          inputMode="decimal"
          aria-label={t('orders.filters.lowest')}
          placeholder={t('orders.filters.min')}
          value={draft.min}
          onChange={(e) => set({ min: e.target.value })}
        />
        <span className="filter-group__label" aria-hidden="true">
          {t('orders.filters.to')}
        </span>
        <input
          className="amount-input"
          inputMode="decimal"
          aria-label={t('orders.filters.highest')}
          placeholder={t('orders.filters.max')}
          value={draft.max}
          onChange={(e) => set({ max: e.target.value })}
        />
        {active ? (
          <button type="button" className="button button--secondary button--small" onClick={() => setDraft(EMPTY)}>
            {t('orders.filters.clear')}
          </button>
        ) : null}
      </span>
      {problem ? (
        <div className="field__error filters__problem" role="alert">
          {t(problem)}
        </div>
      ) : null}
    </div>
  )
}
