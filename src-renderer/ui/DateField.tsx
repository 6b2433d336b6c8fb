import './DateField.css'
import { useRef, useState, type KeyboardEvent } from 'react'
import { useT } from '../i18n/i18n'
import { addDays, dayFieldValue, dayText, isDay, malaysiaToday } from '../format/day-text'

interface Props {
  /** '' (no day), the day as `YYYY-MM-DD`, or text as typed that names no day (see dayFieldValue). */
  value: string
  onChange: (value: string) => void
  /** The field's name, also its accessible name (a wrapping `<label>` may show the same words). */
  label: string
  invalid?: boolean
}

const CalendarIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3.5" y="5" width="17" height="15" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </svg>
)

/**
 * A Malaysia day, written day first ("31/12/2026") on every computer, with the browser's calendar
 * one click away. Typing reports a day as soon as the text names one (so a list can search at once)
 * and anything else when the field is left or Enter is pressed, so the screen can say what is wrong
 * with it instead of searching without it. Up and Down move a day by one.
 */
export function DateField({ value, onChange, label, invalid = false }: Props) {
  const t = useT()
  const picker = useRef<HTMLInputElement>(null)
  const [text, setText] = useState(() => dayText(value))
  // The value `text` stands for: when the screen changes the value itself (Clear, the other end of a
  // range), the field shows the new value instead of what was being typed.
  const [held, setHeld] = useState(value)
  if (value !== held) {
    setHeld(value)
    setText(dayText(value))
  }

  const report = (next: string): void => {
    setHeld(next)
    if (next !== value) onChange(next)
  }
  const settle = (): void => {
    const next = dayFieldValue(text)
    report(next)
    if (isDay(next)) setText(dayText(next))
  }
  const type = (typed: string): void => {
    setText(typed)
    const next = dayFieldValue(typed)
    if (next === '' || isDay(next)) report(next)
  }
  const choose = (day: string): void => {
    setText(dayText(day))
    report(day)
  }
  const keyDown = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === 'Enter') settle()
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return
    event.preventDefault()
    const current = dayFieldValue(text)
    choose(isDay(current) ? addDays(current, event.key === 'ArrowUp' ? 1 : -1) : malaysiaToday())
  }
  const openCalendar = (): void => {
    const input = picker.current
    if (!input) return
    try {
      input.showPicker()
    } catch {
      // No picker here (an old engine): typing is the way.
    }
  }

  return (
    <span className={`date-field${invalid ? ' date-field--invalid' : ''}`}>
      <input
        type="text"
        className="date-field__text"
        aria-label={label}
        aria-invalid={invalid || undefined}
        placeholder={t('ui.dateField.placeholder')}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => type(event.target.value)}
        onBlur={settle}
        onKeyDown={keyDown}
      />
      <button type="button" className="date-field__open" aria-label={t('ui.dateField.calendar', { label })} title={t('ui.dateField.calendar', { label })} onClick={openCalendar}>
        <CalendarIcon />
      </button>
      {/*
        The browser's own calendar, shown by the button: hidden, out of the tab order and unnamed to
        assistive technology, which has the text box. No min or max: a hidden input out of range would
        stop its form with the browser's own bubble (English, month first); the screen says it instead.
      */}
      <input ref={picker} type="date" className="date-field__picker" tabIndex={-1} aria-hidden="true" value={isDay(value) ? value : ''} onChange={(event) => choose(event.target.value)} />
    </span>
  )
}
