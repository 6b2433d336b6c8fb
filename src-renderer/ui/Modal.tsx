import './dialog.css'
import { useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { focusBack } from './focus'

interface Props {
  open: boolean
  title: string
  /**
   * Escape, or the caller's own Cancel button. A caller that is busy (or on a confirmation, where
   * Escape steps back to its form) simply does not close: the dialog stays open whatever the browser
   * would do.
   */
  onClose: () => void
  children: ReactNode
  /** Wider than a question (a form, a receipt). */
  size?: 'normal' | 'wide'
  className?: string
  testId?: string
  /** The title takes the focus when it opens (a confirmation: a key still held from the form must not press its button). */
  focusTitle?: boolean
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** What Tab reaches inside `dialog`, in order: not what a nested dialog holds, not the hidden, and one radio per group (the checked one, else the first). */
function tabbables(dialog: HTMLDialogElement): HTMLElement[] {
  const seenGroups = new Set<string>()
  const all = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.closest('dialog') === dialog && element.getClientRects().length > 0)
  return all.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || element.name === '') return true
    const group = all.filter((other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name)
    const stop = group.find((radio) => radio.checked) ?? group[0]
    if (stop !== element || seenGroups.has(element.name)) return false
    seenGroups.add(element.name)
    return true
  })
}

/**
 * A modal on the native <dialog> for more than a yes/no question (a small form, a receipt, a
 * confirmation). Tab and Shift+Tab stay inside; Escape asks `onClose`; focus goes back to what was
 * focused before it opened (when that is still on the page; when it is disabled now, to the heading of
 * its part of the page, `focusBack`). The caller draws its own buttons.
 *
 * Escape is handled on its keydown, so the browser's own cancel never runs: Chromium closes a modal
 * dialog on a second Escape whatever its cancel handler says (the close watcher's guard against
 * trapping). Should the browser close it anyway while it is meant to be open, it is asked to close,
 * and put back if the caller keeps it open. React still passes its events up the tree of what opened
 * it: a dialog around it answers only the keys and closes whose target is its own.
 */
export function Modal({ open, title, onClose, children, size = 'normal', className, testId, focusTitle = false }: Props) {
  const id = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const wantOpen = useRef(open)
  const close = useRef(onClose)
  useLayoutEffect(() => {
    wantOpen.current = open
    close.current = onClose
  })

  // Before the children's effects: a child that focuses its own heading finds the dialog open.
  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.showModal()
      if (focusTitle) heading.current?.focus()
    }
    if (!open && element.open) {
      const focusInside = element.contains(document.activeElement)
      element.close()
      const back = opener.current
      opener.current = null
      // Back to what opened it (or, when it is disabled now, near it), unless it is gone (the screen
      // moved on) or focus already went elsewhere.
      if (back?.isConnected && (focusInside || document.activeElement === document.body)) focusBack(back)
    }
    // focusTitle is read when it opens, not followed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  // Closed on unmount while open: the opener gets the focus back too.
  useEffect(
    () => () => {
      const back = opener.current
      if (back?.isConnected && document.activeElement === document.body) focusBack(back)
    },
    [],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>): void => {
    const element = dialog.current
    // Keys in a dialog opened from this one are that dialog's.
    if (!element || !(event.target instanceof Element) || event.target.closest('dialog') !== element) return
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close.current()
      return
    }
    if (event.key !== 'Tab') return
    const stops = tabbables(element)
    const first = stops[0]
    const last = stops.at(-1)
    if (!first || !last) {
      event.preventDefault()
      return
    }
    const at = document.activeElement
    const inside = at instanceof HTMLElement && stops.includes(at)
    if (event.shiftKey && (at === first || !inside)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && (at === last || !inside)) {
      event.preventDefault()
      first.focus()
    }
  }

  // In the page's body, not inside whatever opened it (an order drawer is a dialog too, with its own Tab and
  // Escape handling that looks at where in the document a key comes from).
  return createPortal(
    <dialog
      ref={dialog}
      className={`dialog${size === 'wide' ? ' dialog--wide' : ''}${className ? ` ${className}` : ''}`}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // Escape is handled on keydown; a cancel that comes anyway (another close request) is asked the same way.
        event.preventDefault()
        // React passes a dialog's cancel to the dialogs around it in the tree: only the topmost answers.
        event.stopPropagation()
        close.current()
      }}
      onClose={(event) => {
        event.stopPropagation()
        const element = dialog.current
        if (!element || element.open || !wantOpen.current) return
        // The browser closed it on its own: ask, and put it back if the caller keeps it open.
        close.current()
        requestAnimationFrame(() => {
          if (wantOpen.current && !element.open && element.isConnected) element.showModal()
        })
      }}
    >
      <h2 id={`${id}-title`} ref={heading} tabIndex={focusTitle ? -1 : undefined}>
        {title}
      </h2>
      {open ? children : null}
    </dialog>,
    document.body,
  )
}
