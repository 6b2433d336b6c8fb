import './CustomerPicker.css'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import type { CustomerView } from '../../../src-preload/contract'
import { useT } from '../../i18n/i18n'
import { phoneText } from '../../../src-common/link-rules'
import { readErrorMessage } from '../team/team-text'
import { newCustomerFrom } from './customer-rules'
import { CustomerForm } from './CustomerForm'
import type { CustomerSearch } from './customer-search'

const SEARCH_PAUSE_MS = 150

interface Props {
  /** The screen's own search (customer-search.ts): what it found stays its own. */
  store: CustomerSearch
  onPicked: (customer: CustomerView) => void
  /**
   * "New customer" and "Add … as a new customer", saved at once (the phone order's, which needs a
   * customer to add a card to). Without them, a customer not found is typed into the form around.
   */
  offerNew?: boolean
  /** The box takes the keyboard when it shows (the phone order starts there). */
  autoFocus?: boolean
}

/**
 * "Find customer": searches as staff type (after a short pause), results picked by click or with the
 * arrow keys and Enter; "New customer" when they are not there yet.
 */
export function CustomerPicker({ store, onPicked, offerNew = true, autoFocus = true }: Props) {
  const id = useId()
  const t = useT()
  const query = store((state) => state.query)
  const results = store((state) => state.results)
  const resultsFor = store((state) => state.resultsFor)
  const searching = store((state) => state.searching)
  const searchError = store((state) => state.searchError)
  const setQuery = store((state) => state.setQuery)
  const search = store((state) => state.search)
  const [active, setActive] = useState(0)
  const [creating, setCreating] = useState(false)
  const box = useRef<HTMLInputElement>(null)

  useEffect(() => {
    // Already answered (coming back to the screen): no need to ask again.
    if (store.getState().resultsFor === (query.trim() || null)) return
    const timer = setTimeout(() => void search(query), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [query, search, store])

  const typed = query.trim()
  // The last answer stays in view while the next search runs, so the list does not flicker.
  const shown = typed && resultsFor !== null ? results : []
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1))
  const listId = `${id}-results`
  const optionId = (index: number): string => `${id}-option-${String(index)}`

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault()
      setActive((activeIndex + 1) % shown.length)
    } else if (event.key === 'ArrowUp' && shown.length > 0) {
      event.preventDefault()
      setActive((activeIndex - 1 + shown.length) % shown.length)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const customer = shown[activeIndex]
      if (customer) onPicked(customer)
    } else if (event.key === 'Escape' && query) {
      event.preventDefault()
      setQuery('')
    }
  }

  const status = !typed
    ? t('customers.picker.typeToFind')
    : searching && resultsFor !== typed
      ? t('customers.picker.searching')
      : resultsFor === typed && shown.length === 0 && !searchError
        ? t(offerNew ? 'customers.picker.noneStartsWith' : 'customers.picker.noneTypeBelow', { typed })
        : shown.length > 0
          ? t('customers.picker.found', { count: shown.length })
          : ''

  return (
    <div className="customer-picker">
      <div className="customer-picker__bar">
        <div className="customer-picker__search">
          <label htmlFor={`${id}-box`} className="customer-picker__label">
            {t('customers.picker.find')}
          </label>
          <input
            ref={box}
            id={`${id}-box`}
            type="search"
            className="search-box"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown.length > 0}
            aria-controls={listId}
            aria-activedescendant={shown.length > 0 ? optionId(activeIndex) : undefined}
            aria-describedby={`${id}-status`}
            placeholder={t('customers.picker.placeholder')}
            value={query}
            onChange={(e) => {
              setActive(0)
              setQuery(e.target.value)
            }}
            onKeyDown={onKeyDown}
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
          />
        </div>
        {offerNew ? (
          <button type="button" className="button button--secondary customer-picker__new" onClick={() => setCreating(true)}>
            {t('customers.picker.new')}
          </button>
        ) : null}
      </div>
      <p className="muted small customer-picker__status" id={`${id}-status`} role="status">
        {status}
      </p>
      {searchError ? (
        <div className="alert alert--error" role="alert">
          {t('customers.picker.searchFailed', { message: readErrorMessage(searchError) })}
        </div>
      ) : null}
      <ul className="customer-results" id={listId} role="listbox" aria-label={t('customers.picker.resultsLabel')} hidden={shown.length === 0}>
        {shown.map((customer, index) => (
          <li
            key={customer.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            className={`customer-results__item${index === activeIndex ? ' customer-results__item--active' : ''}`}
            onMouseEnter={() => setActive(index)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onPicked(customer)}
          >
            <span className="customer-results__name">{customer.name || t('customers.picker.noName')}</span>
            <span className="customer-results__contact">
              {customer.email ? <span>{customer.email}</span> : null}
              {customer.phone ? <span>{phoneText(customer.phone)}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {offerNew && typed && resultsFor === typed && shown.length === 0 && !searchError ? (
        <button type="button" className="link-button" onClick={() => setCreating(true)}>
          {t('customers.picker.addTyped', { typed })}
        </button>
      ) : null}
      <CustomerForm
        open={creating}
        initial={creating ? newCustomerFrom(query) : null}
        onClose={() => {
          setCreating(false)
          box.current?.focus()
        }}
        onSaved={(customer) => {
          setCreating(false)
          onPicked(customer)
        }}
      />
    </div>
  )
}
