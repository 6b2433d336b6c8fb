/**
 * A radio group of custom options (buttons with role="radio") that behaves as WAI-ARIA's radio group
 * pattern says: one tab stop (the checked option, or the first when none is), and the arrow keys move
 * to the next or previous option, wrapping, and check it. Space checks the focused option (a button
 * does that by itself). Native <input type="radio"> groups need none of this.
 */
import { useRef, type KeyboardEvent } from 'react'
import { radioKeyTarget } from './radio-keys'

export interface RadioProps {
  role: 'radio'
  'aria-checked': boolean
  tabIndex: 0 | -1
  ref: (element: HTMLElement | null) => void
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void
}

/** The props of each option of a group of `options` with `value` checked; `onChange` checks another. */
export function useRadioGroup<T extends string>(options: readonly T[], value: T | null, onChange: (value: T) => void): (option: T) => RadioProps {
  const elements = useRef(new Map<T, HTMLElement>())
  const tabStop = value !== null && options.includes(value) ? value : options[0]
  return (option) => ({
    role: 'radio',
    'aria-checked': option === value,
    tabIndex: option === tabStop ? 0 : -1,
    ref: (element) => {
      if (element) elements.current.set(option, element)
      else elements.current.delete(option)
    },
    onKeyDown: (event) => {
      const next = radioKeyTarget(event.key, options.indexOf(option), options.length)
      if (next === null || event.altKey || event.ctrlKey || event.metaKey) return
      event.preventDefault()
      const target = options[next]
      if (target === undefined) return
      onChange(target)
      elements.current.get(target)?.focus()
    },
  })
}
